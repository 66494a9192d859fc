import { readFileSync } from "node:fs";
import path from "node:path";
import { SignJWT, UnsecuredJWT, importPKCS8 } from "jose";
import { createX509KeySource, parseMaxAgeMs, type KeySource } from "./google-keys";
import { sessionIssuer, verifySessionToken } from "./verify-session";

const fixtures = path.join(__dirname, "../../../../tests/fixtures");
const PEM = readFileSync(path.join(fixtures, "test-signing-key.pem"), "utf8");
const CERT = readFileSync(path.join(fixtures, "test-signing-cert.pem"), "utf8");
const OTHER_PEM = readFileSync(path.join(fixtures, "other-signing-key.pem"), "utf8");
const PROJECT = "promptframe-prod";
const KID = "key-1";
const NOW = new Date("2026-11-21T12:00:00Z");
const nowS = Math.floor(NOW.getTime() / 1000);

function keysServing(certs: Record<string, string>): KeySource & { fetches: number } {
  const source = createX509KeySource({
    url: "https://keys.test/publicKeys",
    fetchImpl: async () => {
      counter.fetches++;
      return new Response(JSON.stringify(certs), { headers: { "cache-control": "public, max-age=3600" } });
    },
  });
  const counter = Object.assign(source, { fetches: 0 });
  return counter;
}

async function signed(
  claims: Record<string, unknown> = {},
  { pem = PEM, kid = KID, alg = "RS256" }: { pem?: string; kid?: string; alg?: string } = {},
): Promise<string> {
  const key = await importPKCS8(pem, alg);
  return new SignJWT(
    sessionClaims(PROJECT, "uid-ana", { email: "ana@promptframe.ai", email_verified: true, ...claims }),
  )
    .setProtectedHeader({ alg, kid })
    .sign(key);
}

/** A session cookie's claims; `overrides` win over every default. */
function sessionClaims(project: string, sub: string, overrides: Record<string, unknown> = {}) {
  return {
    iss: sessionIssuer(project),
    aud: project,
    sub,
    iat: nowS - 60,
    exp: nowS + 3600,
    auth_time: nowS - 60,
    firebase: { sign_in_provider: "password" },
    ...overrides,
  };
}

const base = (keys: KeySource, extra: Partial<Parameters<typeof verifySessionToken>[1]> = {}) => ({
  projectId: PROJECT,
  emulator: false,
  keys,
  currentDate: NOW,
  ...extra,
});

describe("verifySessionToken (production mode)", () => {
  const keys = keysServing({ [KID]: CERT });

  it("accepts a well-signed session cookie and returns its claims", async () => {
    const result = await verifySessionToken(await signed(), base(keys, { expectedUid: "uid-ana" }));
    expect(result).toEqual({
      ok: true,
      claims: expect.objectContaining({
        uid: "uid-ana",
        email: "ana@promptframe.ai",
        emailVerified: true,
        signInProvider: "password",
      }),
    });
  });

  it("rejects an expired token", async () => {
    const token = await signed({ exp: nowS - 10 });
    expect((await verifySessionToken(token, base(keys))).ok).toBe(false);
  });

  it("rejects the wrong audience", async () => {
    const token = await signed({ aud: "someone-elses-project" });
    expect((await verifySessionToken(token, base(keys))).ok).toBe(false);
  });

  it("rejects the wrong issuer, including an ID token's issuer", async () => {
    for (const iss of ["https://evil.example", `https://securetoken.google.com/${PROJECT}`]) {
      expect((await verifySessionToken(await signed({ iss }), base(keys))).ok).toBe(false);
    }
  });

  it("rejects a token signed by another key under a known key id", async () => {
    const token = await signed({}, { pem: OTHER_PEM });
    expect(await verifySessionToken(token, base(keys))).toMatchObject({ ok: false });
  });

  it("rejects a tampered payload", async () => {
    const [h, , s] = (await signed()).split(".");
    const forged = Buffer.from(
      JSON.stringify({ sub: "uid-admin", aud: PROJECT, iss: sessionIssuer(PROJECT), exp: nowS + 999, iat: nowS }),
    ).toString("base64url");
    expect((await verifySessionToken(`${h}.${forged}.${s}`, base(keys))).ok).toBe(false);
  });

  it("rejects alg none outside emulator mode", async () => {
    const token = new UnsecuredJWT({ email: "x@promptframe.ai", email_verified: true })
      .setIssuer(sessionIssuer(PROJECT))
      .setAudience(PROJECT)
      .setSubject("uid-x")
      .setIssuedAt(nowS)
      .setExpirationTime(nowS + 3600)
      .encode();
    expect(await verifySessionToken(token, base(keys))).toEqual({
      ok: false,
      reason: "unsigned token outside emulator mode",
    });
  });

  it("rejects a correctly signed token issued in the future (iat), beyond the clock tolerance", async () => {
    const token = await signed({ iat: nowS + 3600, auth_time: nowS - 60 });
    expect(await verifySessionToken(token, base(keys))).toEqual({ ok: false, reason: "iat in the future" });
    // A few seconds of clock skew between Google and us is tolerated, as for exp.
    expect((await verifySessionToken(await signed({ iat: nowS + 3 }), base(keys))).ok).toBe(true);
  });

  it("rejects an auth_time in the future or missing", async () => {
    expect((await verifySessionToken(await signed({ auth_time: nowS + 3600 }), base(keys))).ok).toBe(false);
    expect((await verifySessionToken(await signed({ auth_time: undefined }), base(keys))).ok).toBe(false);
  });

  it("rejects a userId cookie that does not match the subject", async () => {
    expect(await verifySessionToken(await signed(), base(keys, { expectedUid: "uid-bob" }))).toEqual({
      ok: false,
      reason: "userId cookie mismatch",
    });
  });

  it("rejects an unknown key id", async () => {
    expect((await verifySessionToken(await signed({}, { kid: "nope" }), base(keys))).ok).toBe(false);
  });

  it.each([["garbage"], ["a.b.c"], [""], ["x".repeat(5000)], ["eyJhbGciOiJIUzI1NiJ9.e30.abc"]])(
    "treats %p as signed out, never throws",
    async (token) => {
      expect((await verifySessionToken(token, base(keys))).ok).toBe(false);
    },
  );

  it("rejects HS256 tokens (algorithm confusion)", async () => {
    const hs = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256", kid: KID })
      .setIssuer(sessionIssuer(PROJECT))
      .setAudience(PROJECT)
      .setSubject("u")
      .setIssuedAt(nowS)
      .setExpirationTime(nowS + 60)
      .sign(new TextEncoder().encode(CERT));
    expect((await verifySessionToken(hs, base(keys))).ok).toBe(false);
  });
});

describe("verifySessionToken (emulator mode)", () => {
  const keys = keysServing({});
  const unsigned = (claims: Record<string, unknown> = {}) =>
    new UnsecuredJWT(
      sessionClaims("demo-promptframe", "uid-sam", { email: "sam@example.com", email_verified: false, ...claims }),
    ).encode();

  it("accepts unsigned emulator session cookies with the right claims", async () => {
    const result = await verifySessionToken(unsigned(), {
      projectId: "demo-promptframe",
      emulator: true,
      keys,
      currentDate: NOW,
      expectedUid: "uid-sam",
    });
    expect(result).toMatchObject({ ok: true, claims: { uid: "uid-sam", emailVerified: false } });
  });

  it("applies the same issued-at rule to unsigned emulator tokens", async () => {
    const result = await verifySessionToken(unsigned({ iat: nowS + 3600 }), {
      projectId: "demo-promptframe",
      emulator: true,
      keys,
      currentDate: NOW,
    });
    expect(result).toEqual({ ok: false, reason: "iat in the future" });
  });

  it("still checks audience and expiry", async () => {
    expect(
      (
        await verifySessionToken(unsigned({ aud: "other" }), {
          projectId: "demo-promptframe",
          emulator: true,
          keys,
          currentDate: NOW,
        })
      ).ok,
    ).toBe(false);
    expect(
      (
        await verifySessionToken(unsigned({ exp: nowS - 100 }), {
          projectId: "demo-promptframe",
          emulator: true,
          keys,
          currentDate: NOW,
        })
      ).ok,
    ).toBe(false);
  });
});

describe("Google key cache", () => {
  it("parses max-age", () => {
    expect(parseMaxAgeMs("public, max-age=19302, must-revalidate")).toBe(19_302_000);
    expect(parseMaxAgeMs(null)).toBeNull();
  });

  it("fetches once, then serves from cache", async () => {
    const keys = keysServing({ [KID]: CERT });
    const token = await signed();
    for (let i = 0; i < 5; i++) expect((await verifySessionToken(token, base(keys))).ok).toBe(true);
    expect(keys.fetches).toBe(1);
  });

  it("serves stale keys while refreshing in the background after max-age", async () => {
    let t = 0;
    let fetches = 0;
    let release: () => void = () => {};
    const source = createX509KeySource({
      url: "https://keys.test",
      now: () => t,
      fetchImpl: async () => {
        fetches++;
        if (fetches > 1) await new Promise<void>((r) => (release = r));
        return new Response(JSON.stringify({ [KID]: CERT }), { headers: { "cache-control": "max-age=10" } });
      },
    });
    expect(await source.getKey(KID)).not.toBeNull();
    t = 20_000; // expired
    expect(await source.getKey(KID)).not.toBeNull(); // answered from the stale set, refresh still pending
    expect(fetches).toBe(2);
    release();
  });

  it("refetches for an unknown kid at most once a minute", async () => {
    let t = 0;
    let fetches = 0;
    const source = createX509KeySource({
      url: "https://keys.test",
      now: () => t,
      fetchImpl: async () => {
        fetches++;
        return new Response(JSON.stringify({ [KID]: CERT }), { headers: { "cache-control": "max-age=3600" } });
      },
    });
    await source.getKey(KID);
    expect(await source.getKey("rotated")).toBeNull();
    expect(await source.getKey("rotated")).toBeNull();
    expect(fetches).toBe(1);
    t = 61_000;
    expect(await source.getKey("rotated")).toBeNull();
    expect(fetches).toBe(2);
  });

  it("survives a failing key endpoint (signed out, no throw)", async () => {
    const source = createX509KeySource({
      url: "https://keys.test",
      fetchImpl: async () => new Response("nope", { status: 503 }),
    });
    const err = jest.spyOn(console, "error").mockImplementation(() => {});
    expect((await verifySessionToken(await signed(), base(source))).ok).toBe(false);
    err.mockRestore();
  });
});
