import { ApiError } from "@/lib/platform/api/errors";
import { assertUsable, createUserStatusCache, type UserStatus } from "./user-status";

const ok: UserStatus = { exists: true, disabled: false, validSinceS: null };

describe("user status cache", () => {
  it("asks once per uid within the TTL, again after it, and at once when fresh", async () => {
    let t = 0;
    const asked: string[] = [];
    const cache = createUserStatusCache({ ttlMs: 1000, now: () => t, lookup: async (uid) => (asked.push(uid), ok) });
    await Promise.all([cache.get("a"), cache.get("a"), cache.get("a")]);
    expect(asked).toEqual(["a"]);
    t = 999;
    await cache.get("a");
    expect(asked).toEqual(["a"]);
    t = 1000;
    await cache.get("a");
    await cache.get("a", { fresh: true });
    expect(asked).toEqual(["a", "a", "a"]);
  });

  it("does not remember a failed lookup", async () => {
    let fail = true;
    const cache = createUserStatusCache({
      lookup: async () => {
        if (fail) throw new Error("network down");
        return ok;
      },
    });
    await expect(cache.get("a")).rejects.toThrow("network down");
    fail = false;
    await expect(cache.get("a")).resolves.toEqual(ok);
  });
});

describe("assertUsable", () => {
  const code = (f: () => void) => {
    try {
      f();
      return null;
    } catch (e) {
      return (e as ApiError).code;
    }
  };

  it("refuses deleted, disabled and revoked accounts with typed errors", () => {
    expect(code(() => assertUsable({ ...ok, exists: false }, { authTime: 10 }))).toBe("unauthorized");
    expect(code(() => assertUsable({ ...ok, disabled: true }, { authTime: 10 }))).toBe("forbidden");
    expect(code(() => assertUsable({ ...ok, validSinceS: 11 }, { authTime: 10 }))).toBe("unauthorized");
  });

  it("accepts tokens signed in at or after the revocation", () => {
    expect(code(() => assertUsable({ ...ok, validSinceS: 10 }, { authTime: 10 }))).toBeNull();
    expect(code(() => assertUsable(ok, { authTime: 10 }))).toBeNull();
  });
});
