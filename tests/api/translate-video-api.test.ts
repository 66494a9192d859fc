/**
 * A language version of a video through POST /api/v1/videos/{id}/translate:
 * OpenAI's Responses API answers at its HTTP boundary (msw, its real wire
 * format: a `response` object whose message holds the structured output as
 * `output_text`); routes, Auth emulator tokens, the embedded store and the
 * blob store are real. Without a provider model the action says it needs one.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import sharp from "sharp";
import { json, newUser, noParams, req, withId, type TestUser } from "./image-library.support";

jest.setTimeout(60_000);

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-translate-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";
process.env.OPENAI_API_KEY = "sk-test";

const server = setupServer();
const asked: { model: string; format: unknown; input: string }[] = [];
let png: Buffer;

interface Words {
  title: string;
  scenes: { id: string; texts: { slot: string; text: string }[]; narration: string }[];
}

/** The model's answer: French (or, for the check, English) words for the ids it was given. */
function responses(language: "fr" | "en") {
  return http.post("https://api.openai.com/v1/responses", async ({ request }) => {
    const body = (await request.json()) as { model: string; input: unknown; text?: { format?: unknown } };
    const input = JSON.stringify(body.input);
    asked.push({ model: body.model, format: body.text?.format, input });
    // The user message's text: "Translate from … into …\nThe video: {…}".
    const text = JSON.stringify(body.input).match(/The video: (\{.*\})"/u)![1]!;
    const words = JSON.parse(JSON.parse(`"${text}"`)) as Words;
    const fr = [
      "Un café frais torréfié chaque matin, livré chez vous avant midi.",
      "Abonnez-vous aujourd'hui et recevez votre premier sachet gratuitement.",
    ];
    const answer: Words = {
      title: language === "fr" ? "Café du matin" : "Morning coffee",
      scenes: words.scenes.map((s, i) => ({
        id: s.id,
        texts: s.texts.map((t) => ({ slot: t.slot, text: language === "fr" ? "Café frais du jour" : "Fresh coffee" })),
        narration: language === "fr" ? fr[i % 2]! : "Fresh coffee roasted every morning and delivered before noon.",
      })),
    };
    return HttpResponse.json({
      id: "resp_67ccd2bed1ec8190b14f964abc0542670bb6a6b452d3795b",
      object: "response",
      created_at: 1_741_476_542,
      status: "completed",
      error: null,
      incomplete_details: null,
      model: "gpt-4.1-mini-2025-04-14",
      output: [
        {
          type: "message",
          id: "msg_67ccd2bf17f0819081ff3bb2cf6508e60bb6a6b452d3795b",
          status: "completed",
          role: "assistant",
          content: [{ type: "output_text", text: JSON.stringify(answer), annotations: [] }],
        },
      ],
      usage: {
        input_tokens: 420,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: 180,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: 600,
      },
    });
  });
}

const picture = () =>
  http.post("https://api.openai.com/v1/images/generations", () =>
    HttpResponse.json({ created: 1_713_833_628, data: [{ b64_json: png.toString("base64") }] }),
  );

let videos: typeof import("@/app/api/v1/videos/route");
let video: typeof import("@/app/api/v1/videos/[id]/route");
let options: typeof import("@/app/api/v1/videos/options/route");
let translate: typeof import("@/app/api/v1/videos/[id]/translate/route");
let sceneImage: typeof import("@/app/api/v1/videos/[id]/scenes/[sceneId]/image/route");
let alice: TestUser;

const post = (id: string, language: string) =>
  translate.POST(
    req(`/api/v1/videos/${id}/translate`, { method: "POST", token: alice.token, json: { language } }),
    withId(id),
  );

beforeAll(async () => {
  png = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#2a6f97" } })
    .png()
    .toBuffer();
  server.listen({
    onUnhandledRequest: (request, print) => void (new URL(request.url).hostname === "api.openai.com" && print.error()),
  });
  videos = await import("@/app/api/v1/videos/route");
  video = await import("@/app/api/v1/videos/[id]/route");
  options = await import("@/app/api/v1/videos/options/route");
  translate = await import("@/app/api/v1/videos/[id]/translate/route");
  sceneImage = await import("@/app/api/v1/videos/[id]/scenes/[sceneId]/image/route");
  const collections = await import("@/lib/platform/db/collections");
  const db = (await import("@/lib/platform/db")).getDb();
  alice = await newUser("translate");
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
      credits: 40,
      plan: "free",
      created_at: at,
      last_login_at: at,
    });
});

afterEach(() => {
  server.resetHandlers();
  asked.length = 0;
});

afterAll(async () => {
  server.close();
  const { resetRateLimits } = await import("@/lib/platform/rate-limit");
  await resetRateLimits();
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

/** An English storyboard (Local preview writer, offline voice) with one generated picture. */
async function englishVideo() {
  const made = await json(
    await videos.POST(
      req("/api/v1/videos", {
        method: "POST",
        token: alice.token,
        json: {
          brief: "Bean There roasts coffee every morning in Lisbon and delivers it before noon. Subscribe today.",
          aspect_ratio: "9:16",
          length_s: 15,
          template_id: null,
          voice_id: "espeak:en-us-f",
          captions: true,
          music: false,
          model_id: "local/preview",
        },
      }),
      noParams,
    ),
  );
  expect(made.status).toBe(201);
  expect(made.body.data.composition.language).toBe("en");
  const v = made.body.data;
  const opts = (await json(await options.GET(req("/api/v1/videos/options", { token: alice.token }), noParams))).body
    .data;
  const layouts = opts.templates.find((t: { id: string }) => t.id === v.composition.template.id).layouts;
  const scene = v.composition.scenes.find((s: { layout_id: string }) =>
    layouts
      .find((l: { id: string; slots: { kind: string }[] }) => l.id === s.layout_id)!
      .slots.some((x: { kind: string }) => x.kind === "image"),
  );
  server.use(picture());
  const pictured = await json(
    await sceneImage.POST(
      req(`/api/v1/videos/${v.id}/scenes/${scene.id}/image`, {
        method: "POST",
        token: alice.token,
        json: { source: "generate", prompt: "a cup of coffee", revision: v.revision },
      }),
      { params: Promise.resolve({ id: v.id, sceneId: scene.id }) },
    ),
  );
  expect(pictured.status).toBe(200);
  return pictured.body.data;
}

const mediaKeys = (v: { composition: { scenes: { values: Record<string, { type: string; key?: string }> }[] } }) =>
  v.composition.scenes.flatMap((s) => Object.values(s.values).flatMap((x) => (x.type === "media" ? [x.key!] : [])));

it("makes a French version: translated words, a French voice, its own copy of the pictures", async () => {
  const original = await englishVideo();
  server.use(responses("fr"));
  const res = await json(await post(original.id, "fr"));
  expect(res.status).toBe(201);
  // One structured-output call, asking for the translation's JSON schema, naming the language.
  expect(asked).toHaveLength(1);
  expect(asked[0]).toMatchObject({ model: "gpt-4.1-mini", format: { type: "json_schema", name: "video_translation" } });
  expect(asked[0]!.input).toContain("into French");
  const fr = res.body.data;
  expect(fr.id).not.toBe(original.id);
  expect(fr.status).toBe("draft");
  expect(fr.composition.language).toBe("fr");
  expect(fr.title).toBe("Café du matin");
  expect(fr.composition.audio.voice_id).toMatch(/^espeak:fr-/);
  expect(fr.composition.scenes.map((s: { id: string }) => s.id)).toEqual(
    original.composition.scenes.map((s: { id: string }) => s.id),
  );
  expect(fr.composition.scenes[0].narration).toMatch(/café/u);
  expect(fr.made_with.notice).toContain("Translated from English");
  // The content log has the new version's creation, by its owner through this route (update-log-enumeration points here).
  const { updateLog } = await import("@/lib/platform/update-log/collections");
  const db = (await import("@/lib/platform/db")).getDb();
  const entries = await db.collection(updateLog).where("entity_id", "==", fr.id).get();
  expect(entries.map((e) => [e.data.action, e.data.actor_id, e.data.source])).toEqual([
    ["create", alice.uid, `POST /api/v1/videos/${original.id}/translate`],
  ]);
  // The pictures are the storyboard's, copied under the new video: deleting the original keeps them.
  const [key] = mediaKeys(fr);
  expect(key).toMatch(new RegExp(`^videos/${alice.uid}/${fr.id}/`));
  const { getBlobStore } = await import("@/lib/platform/storage");
  const before = await getBlobStore().get(mediaKeys(original)[0]!);
  expect(before).not.toBeNull();
  before!.body.destroy();
  const gone = await video.DELETE(
    req(`/api/v1/videos/${original.id}`, { method: "DELETE", token: alice.token }),
    withId(original.id),
  );
  expect(gone.status).toBe(204);
  expect(await getBlobStore().head(mediaKeys(original)[0]!)).toBeNull();
  expect(await getBlobStore().head(key!)).not.toBeNull();
});

it("refuses an answer in the wrong language, the video's own language, and works only with a provider", async () => {
  const original = await englishVideo();
  server.use(responses("en"));
  const wrong = await json(await post(original.id, "fr"));
  expect(wrong.status).toBe(503);
  expect(wrong.body.error.message).toContain("not in French");

  const same = await json(await post(original.id, "en"));
  expect(same.status).toBe(422);
  expect(same.body.error.message).toContain("already in English");

  const unknown = await json(await post(original.id, "xx"));
  expect(unknown.status).toBe(422);

  delete process.env.OPENAI_API_KEY;
  try {
    asked.length = 0;
    const offline = await json(await post(original.id, "de"));
    expect(offline.status).toBe(422);
    expect(offline.body.error.message).toContain("needs an AI writer model");
    expect(asked).toHaveLength(0);
    const opts = (await json(await options.GET(req("/api/v1/videos/options", { token: alice.token }), noParams))).body
      .data;
    expect(opts.translate).toEqual({ available: false, model: null });
  } finally {
    process.env.OPENAI_API_KEY = "sk-test";
  }
});
