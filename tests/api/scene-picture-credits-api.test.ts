/**
 * A picture generated in the editor by a paid provider costs credits: the
 * options endpoints give the price (the button shows it), the route debits it
 * before calling the provider and refunds it when the provider or the save
 * fails; a short balance is a 402 and the provider is never called; the Local
 * preview is free. OpenAI is answered by msw at its HTTP boundary, in its
 * real wire format (as lib/platform/ai/providers.test.ts); everything else is real
 * (routes, emulator tokens, the embedded store, the ledger).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import sharp from "sharp";
import { json, newUser, noParams, req, type TestUser } from "./image-library.support";

jest.setTimeout(60_000);

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-scene-picture-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";
process.env.OPENAI_API_KEY = "sk-test";

const OPENAI_URL = "https://api.openai.com/v1/images/generations";
const server = setupServer();
const openaiCalls: { model: string; prompt: string }[] = [];
let png: Buffer;

function openaiOk() {
  return http.post(OPENAI_URL, async ({ request }) => {
    const body = (await request.json()) as { model: string; prompt: string };
    openaiCalls.push({ model: body.model, prompt: body.prompt });
    return HttpResponse.json({
      created: 1_713_833_628,
      data: [{ b64_json: png.toString("base64") }],
      usage: {
        total_tokens: 100,
        input_tokens: 50,
        output_tokens: 50,
        input_tokens_details: { text_tokens: 10, image_tokens: 40 },
      },
    });
  });
}

/** OpenAI refusing the prompt (not retried by the SDK, unlike a 429 or a 5xx). */
function openaiRefused() {
  return http.post(OPENAI_URL, async ({ request }) => {
    const body = (await request.json()) as { model: string; prompt: string };
    openaiCalls.push({ model: body.model, prompt: body.prompt });
    return HttpResponse.json(
      {
        error: {
          message:
            "Your request was rejected as a result of our safety system. Your prompt may contain text that is not allowed by our safety system.",
          type: "image_generation_user_error",
          param: null,
          code: "content_policy_violation",
        },
      },
      { status: 400 },
    );
  });
}

let videos: typeof import("@/app/api/v1/videos/route");
let videoOptions: typeof import("@/app/api/v1/videos/options/route");
let videoImage: typeof import("@/app/api/v1/videos/[id]/scenes/[sceneId]/image/route");
let designs: typeof import("@/app/api/v1/designs/route");
let designOptions: typeof import("@/app/api/v1/designs/options/route");
let designImage: typeof import("@/app/api/v1/designs/[id]/scenes/[sceneId]/image/route");
let alice: TestUser;
let db: import("@/lib/platform/db/db").Db;
let collections: typeof import("@/lib/platform/db/collections");

const balance = async () => (await db.collection(collections.users).doc(alice.uid).get())!.data.credits;
const setBalance = (credits: number) => db.collection(collections.users).doc(alice.uid).update({ credits });
const ledger = async () =>
  (await db.collection(collections.creditLedger).where("owner_id", "==", alice.uid).get())
    .map((e) => e.data)
    .filter((e) => e.job_id?.startsWith("picture-"));

const sceneParams = (id: string, sceneId: string) => ({ params: Promise.resolve({ id, sceneId }) });
const generate = async (id: string, sceneId: string, revision: number, prompt = "a red mug on a shelf") =>
  json(
    await videoImage.POST(
      req(`/api/v1/videos/${id}/scenes/${sceneId}/image`, {
        method: "POST",
        token: alice.token,
        json: { source: "generate", prompt, revision },
      }),
      sceneParams(id, sceneId),
    ),
  );

/** A new video and one of its scenes whose layout has a picture. */
async function videoWithPictureScene(): Promise<{ id: string; sceneId: string; revision: number }> {
  const opts = (await json(await videoOptions.GET(req("/api/v1/videos/options", { token: alice.token }), noParams)))
    .body.data;
  const made = await json(
    await videos.POST(
      req("/api/v1/videos", {
        method: "POST",
        token: alice.token,
        json: {
          brief: "Bean There roasts coffee in Lisbon.",
          aspect_ratio: "1:1",
          length_s: 15,
          template_id: null,
          voice_id: null,
          captions: false,
          music: false,
          model_id: "local/preview",
        },
      }),
      noParams,
    ),
  );
  expect(made.status).toBe(201);
  const video = made.body.data;
  const template = opts.templates.find((t: { id: string }) => t.id === video.composition.template.id);
  const withPicture = new Set(
    template.layouts
      .filter((l: { slots: { kind: string }[] }) => l.slots.some((s) => s.kind === "image"))
      .map((l: { id: string }) => l.id),
  );
  const scene = video.composition.scenes.find((s: { layout_id: string }) => withPicture.has(s.layout_id));
  expect(scene).toBeDefined();
  return { id: video.id, sceneId: scene.id, revision: video.revision };
}

beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c0392b" } })
    .png()
    .toBuffer();
  // Only OpenAI is answered here; the Auth emulator and the rest pass through.
  server.listen({
    onUnhandledRequest: (request, print) => void (new URL(request.url).hostname === "api.openai.com" && print.error()),
  });
  videos = await import("@/app/api/v1/videos/route");
  videoOptions = await import("@/app/api/v1/videos/options/route");
  videoImage = await import("@/app/api/v1/videos/[id]/scenes/[sceneId]/image/route");
  designs = await import("@/app/api/v1/designs/route");
  designOptions = await import("@/app/api/v1/designs/options/route");
  designImage = await import("@/app/api/v1/designs/[id]/scenes/[sceneId]/image/route");
  collections = await import("@/lib/platform/db/collections");
  db = (await import("@/lib/platform/db")).getDb();
  alice = await newUser("picture");
  const at = new Date().toISOString();
  await db
    .collection(collections.users)
    .doc(alice.uid)
    .create({
      user_id: alice.uid,
      email: `${alice.uid}@example.com`,
      name: "A",
      photo_url: null,
      provider: "password",
      is_staff: false,
      credits: 20,
      plan: "free",
      created_at: at,
      last_login_at: at,
    });
});

afterEach(() => {
  server.resetHandlers();
  openaiCalls.length = 0;
});

afterAll(async () => {
  server.close();
  const { resetRateLimits } = await import("@/lib/platform/rate-limit");
  await resetRateLimits();
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

it("the options endpoints give a generated picture's price: what an image of the configured paid model costs", async () => {
  const v = await json(await videoOptions.GET(req("/api/v1/videos/options", { token: alice.token }), noParams));
  expect(v.body.data.scene_picture).toEqual({ model: "OpenAI GPT Image 1", credits: 4 });
  const d = await json(await designOptions.GET(req("/api/v1/designs/options", { token: alice.token }), noParams));
  expect(d.body.data.scene_picture).toEqual({ model: "OpenAI GPT Image 1", credits: 4 });
});

it("a generated scene picture from the paid provider debits its price, once, with the video named in the ledger", async () => {
  server.use(openaiOk());
  await setBalance(20);
  const v = await videoWithPictureScene();
  const res = await generate(v.id, v.sceneId, v.revision);
  expect(res.status).toBe(200);
  // The provider reads where the picture will be seen (the layout's text covers the rest) at the end of the prompt;
  // the scene keeps the prompt as written.
  expect(openaiCalls).toEqual([
    {
      model: "gpt-image-1",
      prompt:
        "a red mug on a shelf\n\nComposition: the main subject whole and inside the upper part of the frame (about 50% of it); the rest is plain background where text will sit.",
    },
  ]);
  const scene = res.body.data.composition.scenes.find((s: { id: string }) => s.id === v.sceneId);
  expect(Object.values(scene.values)).toContainEqual(
    expect.objectContaining({ type: "media", source: "generated", prompt: "a red mug on a shelf" }),
  );
  expect(await balance()).toBe(16);
  expect(await ledger()).toEqual([
    expect.objectContaining({
      delta: -4,
      reason: "debit",
      balance_after: 16,
      content_id: v.id,
      note: "scene picture: 1 × OpenAI GPT Image 1",
    }),
  ]);
});

it("the provider failing refunds the picture (a typed 4xx, balance as before)", async () => {
  server.use(openaiRefused());
  await setBalance(20);
  const v = await videoWithPictureScene();
  const res = await generate(v.id, v.sceneId, v.revision);
  expect(res.status).toBe(422);
  expect(res.body.error.message).toBe("OpenAI GPT Image 1 refused this prompt under its content policy.");
  expect(openaiCalls).toHaveLength(1);
  expect(await balance()).toBe(20);
  const entries = (await ledger()).filter((e) => e.content_id === v.id);
  expect(entries.map((e) => [e.reason, e.delta])).toEqual(
    expect.arrayContaining([
      ["debit", -4],
      ["refund", 4],
    ]),
  );
  expect(entries).toHaveLength(2);
  expect(new Set(entries.map((e) => e.job_id)).size).toBe(1);
});

it("a save that fails after the picture was made (a stale revision, 409) refunds it too", async () => {
  server.use(openaiOk());
  await setBalance(20);
  const v = await videoWithPictureScene();
  const res = await generate(v.id, v.sceneId, v.revision + 5);
  expect(res.status).toBe(409);
  expect(openaiCalls).toHaveLength(1);
  expect(await balance()).toBe(20);
});

it("a balance short of the price is a 402 that names it, and the provider is never called", async () => {
  server.use(openaiOk());
  await setBalance(3);
  const v = await videoWithPictureScene();
  const res = await generate(v.id, v.sceneId, v.revision);
  expect(res.status).toBe(402);
  expect(res.body.error.message).toBe(
    "Not enough credits: a picture from OpenAI GPT Image 1 costs 4 and your balance is 3. Pick one of your images or assets instead, or add credits to continue.",
  );
  expect(openaiCalls).toHaveLength(0);
  expect(await balance()).toBe(3);
});

it("a design page's generated picture is charged the same way", async () => {
  server.use(openaiOk());
  await setBalance(20);
  const made = await json(
    await designs.POST(
      req("/api/v1/designs", {
        method: "POST",
        token: alice.token,
        json: { template_id: "starter-bold", layout_id: "starter-full-bleed", aspect_ratio: "1:1" },
      }),
      noParams,
    ),
  );
  expect(made.status).toBe(201);
  const d = made.body.data;
  const pageId = d.composition.scenes[0].id;
  const res = await json(
    await designImage.POST(
      req(`/api/v1/designs/${d.id}/scenes/${pageId}/image`, {
        method: "POST",
        token: alice.token,
        json: { source: "generate", prompt: "a blue cup", revision: d.revision },
      }),
      sceneParams(d.id, pageId),
    ),
  );
  expect(res.status).toBe(200);
  expect(await balance()).toBe(16);
  expect((await ledger()).filter((e) => e.content_id === d.id)).toEqual([
    expect.objectContaining({ delta: -4, note: "page picture: 1 × OpenAI GPT Image 1" }),
  ]);
});

it("with only the Local preview configured, a generated picture is free and the price says so", async () => {
  const saved = process.env.OPENAI_API_KEY;
  delete process.env.OPENAI_API_KEY;
  try {
    await setBalance(0);
    const opts = await json(await videoOptions.GET(req("/api/v1/videos/options", { token: alice.token }), noParams));
    expect(opts.body.data.scene_picture).toEqual({ model: "Local preview", credits: 0 });
    const v = await videoWithPictureScene();
    const before = (await ledger()).length;
    const res = await generate(v.id, v.sceneId, v.revision);
    expect(res.status).toBe(200);
    expect(openaiCalls).toHaveLength(0);
    expect(await balance()).toBe(0);
    expect(await ledger()).toHaveLength(before);
  } finally {
    process.env.OPENAI_API_KEY = saved;
  }
});

it("picking an image instead of generating one is not charged (here: not one of mine, 404)", async () => {
  await setBalance(5);
  const v = await videoWithPictureScene();
  const res = await json(
    await videoImage.POST(
      req(`/api/v1/videos/${v.id}/scenes/${v.sceneId}/image`, {
        method: "POST",
        token: alice.token,
        json: { source: "content", id: "nope", revision: v.revision },
      }),
      sceneParams(v.id, v.sceneId),
    ),
  );
  expect(res.status).toBe(404);
  expect(await balance()).toBe(5);
  expect(openaiCalls).toHaveLength(0);
});
