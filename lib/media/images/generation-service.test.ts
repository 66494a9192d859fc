/** Accepting generations: what gets written and charged, and that bad input writes and charges nothing. */
import { ApiError } from "@/lib/platform/api/errors";
import { content, jobs, vibes } from "@/lib/platform/db/collections";
import { addUser, balanceOf, MODELS, openTestEnv, pngOf, writes, type TestEnv } from "@/tests/support/data-env";
import { startGeneration, type GenerationDeps } from "./generation-service";
import { getJob, listMyActiveJobs } from "./job-status";
import { imageSettingsSchema } from "./settings";

let env: TestEnv;
let deps: GenerationDeps;
const at = "2026-01-01T00:00:00.000Z";

beforeEach(async () => {
  env = openTestEnv();
  deps = { db: env.db, store: env.store, models: () => MODELS };
  await addUser(env.db, "u1", 100);
  await addUser(env.db, "u2", 100);
  await env.db.collection(vibes).doc("noir").create({
    owner_id: null,
    name: "Noir",
    prompt_additions: "high contrast black and white",
    negative_prompt: "color",
    visibility: "public",
    created_at: at,
    updated_at: at,
  });
  await env.db.collection(vibes).doc("secret").create({
    owner_id: "u2",
    name: "Mine",
    prompt_additions: "x",
    visibility: "private",
    created_at: at,
    updated_at: at,
  });
});
afterEach(() => env.close());

const base = { prompt: "  a lighthouse at dusk  ", modelId: "local-preview" };

test("a run of 3 creates 3 queued images and one job, records the resolved seed and the vibe, and charges 3 × price", async () => {
  const started = await startGeneration({
    uid: "u1",
    input: { ...base, count: 3, vibeId: "noir", aspectRatio: "16:9", modelId: "gpt-image-1" },
    deps: { ...deps, randomSeed: () => 2 ** 31 - 2 },
  });
  expect(started.contentIds).toHaveLength(3);
  expect(started.cost).toBe(18);
  expect(await balanceOf(env.db, "u1")).toBe(82);
  const docs = await Promise.all(started.contentIds.map((id) => env.db.collection(content).doc(id).get()));
  const settings = docs.map((d) => imageSettingsSchema.parse(d!.data.settings));
  expect(docs.map((d) => [d!.data.status, d!.data.owner_id, d!.data.kind])).toEqual(
    Array(3).fill(["queued", "u1", "image"]),
  );
  // Seeds wrap inside 31 bits, so each image can be remade alone with its own seed.
  expect(settings.map((s) => s.seed)).toEqual([2 ** 31 - 2, 2 ** 31 - 1, 0]);
  expect(settings[0]).toMatchObject({
    prompt: "a lighthouse at dusk",
    effective_prompt: "a lighthouse at dusk, high contrast black and white",
    effective_negative_prompt: "color",
    vibe_id: "noir",
    seed_locked: false,
    aspect_ratio: "16:9",
    job_id: started.jobId,
    cost: 6,
  });
  const job = await env.db.collection(jobs).doc(started.jobId).get();
  expect(job!.data).toMatchObject({
    type: "image.generate",
    state: "queued",
    progress: 0,
    owner_id: "u1",
    max_attempts: 3,
  });
  const status = await getJob({ db: env.db, jobId: started.jobId, uid: "u1" });
  expect(status).toMatchObject({ state: "queued", progress: 0, contentIds: started.contentIds });
  expect(status.images.map((i) => i.status)).toEqual(["queued", "queued", "queued"]);
  // After a reload the page finds the job again; other users' jobs are not listed.
  expect((await listMyActiveJobs({ db: env.db, uid: "u1" })).map((j) => j.id)).toEqual([started.jobId]);
  expect(await listMyActiveJobs({ db: env.db, uid: "u2" })).toEqual([]);
});

test("a locked seed is kept and marked locked", async () => {
  const { contentIds } = await startGeneration({ uid: "u1", input: { ...base, seed: 42 }, deps });
  const s = imageSettingsSchema.parse((await env.db.collection(content).doc(contentIds[0]!).get())!.data.settings);
  expect([s.seed, s.base_seed, s.seed_locked]).toEqual([42, 42, true]);
});

test("someone else's job is a 404, like a missing one", async () => {
  const { jobId } = await startGeneration({ uid: "u1", input: base, deps });
  await expect(getJob({ db: env.db, jobId, uid: "u2" })).rejects.toMatchObject({ code: "not_found" });
  await expect(getJob({ db: env.db, jobId: "../nope", uid: "u1" })).rejects.toMatchObject({ code: "not_found" });
});

async function readyImageOf(uid: string, width: number, height: number): Promise<string> {
  const ref = env.db.collection(content).doc();
  const key = `images/${uid}/${ref.id}/original.png`;
  await env.store.put(key, await pngOf(width, height));
  await ref.create({
    owner_id: uid,
    kind: "image",
    title: "t",
    status: "ready",
    visibility: "private",
    settings: {},
    blobs: { original: key, thumbnail: null, poster: null },
    created_at: at,
    updated_at: at,
  });
  return ref.id;
}

test("an edit of my image with a mask of the same size is accepted as an image.edit job", async () => {
  const src = await readyImageOf("u1", 64, 48);
  const started = await startGeneration({
    uid: "u1",
    input: { ...base, sourceImageId: src, mask: await pngOf(64, 48) },
    deps,
  });
  const job = (await env.db.collection(jobs).doc(started.jobId).get())!.data;
  expect(job.type).toBe("image.edit");
  expect(job.input).toMatchObject({
    source_key: `images/u1/${src}/original.png`,
    mask_key: `images/u1/masks/${started.jobId}.png`,
  });
  expect(await env.store.head(`images/u1/masks/${started.jobId}.png`)).toMatchObject({ contentType: "image/png" });
});

test("a remix names my own image or someone's public one, and is recorded on each new image", async () => {
  const mine = await readyImageOf("u1", 64, 64);
  const shared = await readyImageOf("u2", 64, 64);
  await env.db.collection(content).doc(shared).update({ visibility: "public" });
  for (const original of [mine, shared]) {
    const { contentIds } = await startGeneration({ uid: "u1", input: { ...base, remixOfId: original }, deps });
    expect((await env.db.collection(content).doc(contentIds[0]!).get())!.data.settings).toMatchObject({
      remix_of: original,
    });
  }
});

describe("bad input: a typed 4xx, nothing charged, nothing written", () => {
  const cases: [string, () => Promise<Record<string, unknown>>, number, RegExp][] = [
    ["empty prompt", async () => ({ ...base, prompt: "   " }), 422, /not valid/],
    ["prompt over 2,000 characters", async () => ({ ...base, prompt: "x".repeat(2001) }), 422, /not valid/],
    ["negative prompt over 1,000", async () => ({ ...base, negativePrompt: "x".repeat(1001) }), 422, /not valid/],
    ["count 0", async () => ({ ...base, count: 0 }), 422, /not valid/],
    ["count 5", async () => ({ ...base, count: 5 }), 422, /not valid/],
    ["unknown aspect ratio", async () => ({ ...base, aspectRatio: "2:1" }), 422, /not valid/],
    ["seed out of range", async () => ({ ...base, seed: 2 ** 31 }), 422, /not valid/],
    ["unknown field", async () => ({ ...base, width: 4096 }), 422, /not valid/],
    ["unknown model", async () => ({ ...base, modelId: "dall-e-9" }), 422, /Unknown or unavailable model/],
    ["disabled model", async () => ({ ...base, modelId: "imagen-4" }), 422, /Unknown or unavailable model/],
    ["unknown vibe", async () => ({ ...base, vibeId: "nope" }), 422, /Unknown vibe/],
    ["another user's private vibe", async () => ({ ...base, vibeId: "secret" }), 422, /Unknown vibe/],
    [
      "another user's image as source",
      async () => ({ ...base, sourceImageId: await readyImageOf("u2", 64, 64) }),
      404,
      /not one of your images/,
    ],
    [
      "a source id that does not exist",
      async () => ({ ...base, sourceImageId: "missing" }),
      404,
      /not one of your images/,
    ],
    [
      "an edit with a model that cannot edit",
      async () => ({ ...base, modelId: "flux-schnell", sourceImageId: await readyImageOf("u1", 64, 64) }),
      422,
      /cannot edit/,
    ],
    ["a mask without a source", async () => ({ ...base, mask: await pngOf(64, 64) }), 422, /not valid/],
    [
      "a mask that is not a PNG",
      async () => ({ ...base, sourceImageId: await readyImageOf("u1", 64, 64), mask: new Uint8Array([1, 2, 3]) }),
      422,
      /not valid/,
    ],
    [
      "a remix of another user's private image",
      async () => ({ ...base, remixOfId: await readyImageOf("u2", 64, 64) }),
      404,
      /not one of yours or a shared one/,
    ],
    [
      "a remix of an image that does not exist",
      async () => ({ ...base, remixOfId: "missing" }),
      404,
      /not one of yours or a shared one/,
    ],
    [
      "a mask of the wrong size",
      async () => ({ ...base, sourceImageId: await readyImageOf("u1", 64, 64), mask: await pngOf(64, 63) }),
      422,
      /must be 64×64/,
    ],
  ];
  test.each(cases)("%s", async (_name, input, status, message) => {
    const body = await input();
    const before = await writes(env);
    const err = await startGeneration({ uid: "u1", input: body, deps }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect([(err as ApiError).status, (err as ApiError).message]).toEqual([status, expect.stringMatching(message)]);
    expect(await writes(env)).toEqual(before);
    expect(await balanceOf(env.db, "u1")).toBe(100);
  });
});

test("out of credits: 402, and the mask already stored for the run is removed again", async () => {
  await addUser(env.db, "poor", 5);
  const src = await readyImageOf("poor", 64, 64);
  const before = await writes(env);
  const err = await startGeneration({
    uid: "poor",
    input: { ...base, modelId: "gpt-image-1", sourceImageId: src, mask: await pngOf(64, 64) },
    deps,
  }).catch((e) => e);
  expect((err as ApiError).status).toBe(402);
  expect(await writes(env)).toEqual(before);
  expect(await balanceOf(env.db, "poor")).toBe(5);
});

test("a 4th concurrent job is a 429 with Retry-After; another user is not affected", async () => {
  for (let i = 0; i < 3; i++) await startGeneration({ uid: "u1", input: base, deps });
  const err = (await startGeneration({ uid: "u1", input: base, deps }).catch((e) => e)) as ApiError;
  expect([err.status, err.headers?.["Retry-After"]]).toEqual([429, "5"]);
  expect(await balanceOf(env.db, "u1")).toBe(97);
  await expect(startGeneration({ uid: "u2", input: base, deps })).resolves.toMatchObject({ cost: 1 });
});

test("50 parallel generations against a balance of 10: exactly 10 accepted, balance never below zero", async () => {
  await addUser(env.db, "u10", 10);
  const results = await Promise.allSettled(
    Array.from({ length: 50 }, () =>
      startGeneration({ uid: "u10", input: base, deps: { ...deps, maxActiveJobs: 100 } }),
    ),
  );
  expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
  const codes = results.flatMap((r) => (r.status === "rejected" ? [(r.reason as ApiError).code] : []));
  expect(new Set(codes)).toEqual(new Set(["insufficient_credits"]));
  expect(await balanceOf(env.db, "u10")).toBe(0);
  expect(await env.db.collection(jobs).where("owner_id", "==", "u10").count()).toBe(10);
  expect(await env.db.collection(content).where("owner_id", "==", "u10").count()).toBe(10);
});

test("the concurrent-job cap holds under parallel requests", async () => {
  const results = await Promise.allSettled(
    Array.from({ length: 10 }, () => startGeneration({ uid: "u1", input: base, deps })),
  );
  expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
  expect(await balanceOf(env.db, "u1")).toBe(97);
});
