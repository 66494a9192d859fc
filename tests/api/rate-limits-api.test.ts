/**
 * Rate limits through the real routes, with real emulator tokens and tight
 * limits set for this file (RATE_LIMITS): past a limit a typed 429 with
 * Retry-After; per user (another user is unaffected), per IP for what answers
 * without sign-in, and the storyboards' daily cap shared by every route that
 * makes one.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { json, newUser, noParams, req, type TestUser } from "./image-library.support";

jest.setTimeout(60_000);

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-limits-api-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";
process.env.RATE_LIMIT_FACTOR = "1";
process.env.RATE_LIMITS = JSON.stringify({
  link_extract: { points: 2 },
  storyboard: { points: 2 },
  public_media: { points: 3, duration: 60 },
  signup: { points: 2 },
  voice_sample: { points: 1 },
  csv_preview: { points: 1 },
});

let extract: typeof import("@/app/api/v1/links/extract/route");
let linkVideo: typeof import("@/app/api/v1/links/video/route");
let videos: typeof import("@/app/api/v1/videos/route");
let publicVideo: typeof import("@/app/api/v1/public/videos/[id]/[variant]/route");
let publicContent: typeof import("@/app/api/v1/public/content/[id]/[variant]/route");
let login: typeof import("@/app/api/v1/users/login/route");
let voiceSample: typeof import("@/app/api/v1/voices/[voiceId]/sample/route");
let csvPreview: typeof import("@/app/api/v1/batches/preview/route");
let alice: TestUser;
let bob: TestUser;

const BRIEF = "Bean There roasts coffee in Lisbon. Every bag is roasted the morning it ships.";
const VIDEO = {
  aspect_ratio: "9:16",
  length_s: 15,
  template_id: null,
  voice_id: null,
  captions: false,
  music: false,
  model_id: "local/preview",
};
const createVideo = (token: string) =>
  videos.POST(req("/api/v1/videos", { method: "POST", token, json: { brief: BRIEF, ...VIDEO } }), noParams);
const extractLink = (token: string) =>
  extract.POST(
    req("/api/v1/links/extract", { method: "POST", token, json: { url: "http://169.254.169.254/latest/meta-data/" } }),
    noParams,
  );

beforeAll(async () => {
  extract = await import("@/app/api/v1/links/extract/route");
  linkVideo = await import("@/app/api/v1/links/video/route");
  videos = await import("@/app/api/v1/videos/route");
  publicVideo = await import("@/app/api/v1/public/videos/[id]/[variant]/route");
  publicContent = await import("@/app/api/v1/public/content/[id]/[variant]/route");
  login = await import("@/app/api/v1/users/login/route");
  voiceSample = await import("@/app/api/v1/voices/[voiceId]/sample/route");
  csvPreview = await import("@/app/api/v1/batches/preview/route");
  [alice, bob] = await Promise.all([newUser("alice"), newUser("bob")]);
  const { getDb } = await import("@/lib/platform/db");
  const { users } = await import("@/lib/platform/db/collections");
  const at = new Date().toISOString();
  for (const u of [alice, bob]) {
    await getDb()
      .collection(users)
      .doc(u.uid)
      .create({
        user_id: u.uid,
        email: `${u.uid}@example.com`,
        name: "T",
        photo_url: null,
        provider: "password",
        is_staff: false,
        credits: 50,
        plan: "free",
        created_at: at,
        last_login_at: at,
      });
  }
});

afterAll(async () => {
  const { resetRateLimits } = await import("@/lib/platform/rate-limit");
  await resetRateLimits();
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

function expect429(res: { status: number; body: { error: { code: string; message: string } } }, headers: Headers) {
  expect(res.status).toBe(429);
  expect(res.body.error.code).toBe("rate_limited");
  const retry = Number(headers.get("retry-after"));
  expect(Number.isInteger(retry) && retry > 0).toBe(true);
  return retry;
}

async function call(p: Promise<Response>) {
  const res = await p;
  return { status: res.status, headers: res.headers, body: await res.json() };
}

describe("per user", () => {
  it("link look-ups: 429 with Retry-After after the limit; another user is unaffected", async () => {
    for (let i = 0; i < 2; i++) expect((await call(extractLink(alice.token))).status).toBe(422);
    const refused = await call(extractLink(alice.token));
    const retry = expect429(refused, refused.headers);
    expect(retry).toBeLessThanOrEqual(3600);
    expect(refused.body.error.message).toMatch(
      /^Too many link look-ups: at most 2 an hour\. Try again in (\d+ minutes?|1 hour)\.$/,
    );
    expect((await call(extractLink(bob.token))).status).toBe(422);
  });

  it("the storyboard cap is shared by every route that makes one, names the cap and when it resets; others still make theirs", async () => {
    for (let i = 0; i < 2; i++) expect((await createVideo(alice.token)).status).toBe(201);
    const refused = await call(createVideo(alice.token));
    const retry = expect429(refused, refused.headers);
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(Math.abs(retry - (midnight.getTime() - Date.now()) / 1000)).toBeLessThan(5);
    expect(refused.body.error.message).toMatch(
      /^You have reached the cap of 2 storyboards a day\. Storyboards stay free; the count starts again at midnight UTC, in \d+ (hours?|minutes?|seconds?)/,
    );
    // A video from a link is a storyboard too.
    const fromLink = await call(
      linkVideo.POST(
        req("/api/v1/links/video", {
          method: "POST",
          token: alice.token,
          json: { facts: { name: "Mug" }, video: VIDEO },
        }),
        noParams,
      ),
    );
    expect429(fromLink, fromLink.headers);
    expect((await createVideo(bob.token)).status).toBe(201);
  });

  it("voice samples and CSV previews are limited too", async () => {
    const sample = (token: string) =>
      call(
        voiceSample.GET(req("/api/v1/voices/nope/sample", { token }), { params: Promise.resolve({ voiceId: "nope" }) }),
      );
    expect((await sample(alice.token)).status).toBe(404);
    const refused = await sample(alice.token);
    expect429(refused, refused.headers);
    const preview = (token: string) =>
      call(
        csvPreview.POST(
          req("/api/v1/batches/preview", {
            method: "POST",
            token,
            body: "name\nMug\n",
            headers: { "content-type": "text/csv" },
          }),
          noParams,
        ),
      );
    expect((await preview(alice.token)).status).toBe(200);
    const again = await preview(alice.token);
    expect429(again, again.headers);
    expect((await preview(bob.token)).status).toBe(200);
  });
});

describe("per IP, without sign-in", () => {
  const from = (ip: string) => ({ "x-forwarded-for": ip });

  it("shared files: 429 after the limit for one address, across the public media routes; another address is unaffected", async () => {
    const video = (ip: string) =>
      call(
        publicVideo.GET(req("/api/v1/public/videos/nope/video", { headers: from(ip) }), {
          params: Promise.resolve({ id: "nope", variant: "video" }),
        }),
      );
    const content = (ip: string) =>
      call(
        publicContent.GET(req("/api/v1/public/content/nope/original", { headers: from(ip) }), {
          params: Promise.resolve({ id: "nope", variant: "original" }),
        }),
      );
    expect((await video("203.0.113.5")).status).toBe(404);
    expect((await content("203.0.113.5")).status).toBe(404);
    expect((await video("203.0.113.5")).status).toBe(404);
    const refused = await content("203.0.113.5");
    const retry = expect429(refused, refused.headers);
    expect(retry).toBeLessThanOrEqual(60);
    expect(refused.body.error.message).toMatch(
      /^Too many shared-file requests: at most 3 a minute\. Try again in (\d+ seconds?|1 minute)\.$/,
    );
    expect((await video("203.0.113.6")).status).toBe(404);
  });

  it("sign-up: new profiles from one address are limited; signing in again is not; another address still signs up", async () => {
    const fresh = async () => (await newUser("signup")).token;
    const signIn = (token: string, ip: string) =>
      call(login.POST(req("/api/v1/users/login/", { method: "POST", token, headers: from(ip) }), noParams));
    const first = await fresh();
    expect((await signIn(first, "198.51.100.7")).status).toBe(200);
    expect((await signIn(await fresh(), "198.51.100.7")).status).toBe(200);
    const third = await fresh();
    const refused = await signIn(third, "198.51.100.7");
    expect429(refused, refused.headers);
    expect(refused.body.error.message).toMatch(/^Too many new accounts: at most 2 an hour\./);
    // Nothing was made for the refused account, and no cookie was set.
    expect(refused.headers.getSetCookie()).toEqual([]);
    const { getProfile } = await import("@/lib/access/users/profiles");
    const { sub } = JSON.parse(Buffer.from(third.split(".")[1]!, "base64url").toString()) as { sub: string };
    expect(await getProfile(sub)).toBeNull();
    // An account that already has a profile signs in from the same address.
    expect((await signIn(first, "198.51.100.7")).status).toBe(200);
    expect((await signIn(third, "198.51.100.8")).status).toBe(200);
  });
});
