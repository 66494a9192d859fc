import { createVerifiedTokens } from "./verified-tokens";
import type { SessionClaims } from "./verify-session";

const claims = (uid: string, expiresAt: number): SessionClaims => ({
  uid,
  email: null,
  emailVerified: false,
  signInProvider: "password",
  expiresAt,
  issuedAt: expiresAt - 3600,
  authTime: expiresAt - 3600,
  name: null,
  picture: null,
});

describe("verified token memory", () => {
  it("answers a remembered token until it expires, then forgets it", () => {
    let t = 1_000_000;
    const cache = createVerifiedTokens({ now: () => t });
    cache.set("tok", claims("ana", 1_000 + 60));
    expect(cache.get("tok")?.uid).toBe("ana");
    t = (1_000 + 60) * 1000;
    expect(cache.get("tok")).toBeNull();
  });

  it("never answers for a token it was not given, even one differing by a byte", () => {
    const cache = createVerifiedTokens({ now: () => 0 });
    cache.set("header.payload.sig", claims("ana", 10));
    expect(cache.get("header.payload.sjg")).toBeNull();
  });

  it("stays within its bound, dropping the oldest entry", () => {
    const cache = createVerifiedTokens({ max: 2, now: () => 0 });
    cache.set("a", claims("a", 10));
    cache.set("b", claims("b", 10));
    cache.set("c", claims("c", 10));
    expect(cache.get("a")).toBeNull();
    expect(cache.get("b")?.uid).toBe("b");
    expect(cache.get("c")?.uid).toBe("c");
  });
});
