/** Inspirations: at least 24 curated prompts, pictures made once by the local model, even when first requests race. */
import { png } from "@/tests/support/media";
import { inspirationImages, seedLocks } from "@/lib/platform/db/collections-library";
import type { GenerateImagesRequest, ImageGenerator } from "@/lib/media/images/types";
import { ASPECT_RATIOS } from "@/lib/media/images/schema";
import { openLibraryEnv, type LibraryEnv } from "@/tests/support/library-env";
import { builtInVibe } from "@/lib/media/vibes/builtin";
import { INSPIRATIONS } from "./data";
import { effectivePrompt, ensureInspirationImages, fingerprint, LOCK_ID, listInspirations } from "./inspirations";
import { localPreviewGenerator } from "./local-generator";

let env: LibraryEnv;
beforeEach(() => {
  env = openLibraryEnv();
});
afterEach(() => env.close());

/** A quick stand-in for the local model that counts its calls (the real model is exercised below). */
function countingGenerator(delayMs = 2): ImageGenerator & { calls: GenerateImagesRequest[] } {
  const calls: GenerateImagesRequest[] = [];
  const gen = async (req: GenerateImagesRequest) => {
    calls.push(req);
    await new Promise((r) => setTimeout(r, delayMs));
    const picture = await png(32, 24, "#884422");
    return { images: [new Uint8Array(picture)], mediaType: "image/png", warnings: [], modelId: req.modelId };
  };
  return Object.assign(gen, { calls });
}

test("the curated set has at least 24 distinct prompts with valid settings", () => {
  expect(INSPIRATIONS.length).toBeGreaterThanOrEqual(24);
  expect(new Set(INSPIRATIONS.map((s) => s.id)).size).toBe(INSPIRATIONS.length);
  for (const s of INSPIRATIONS) {
    expect(s.id).toMatch(/^[a-z0-9-]{1,60}$/);
    expect(ASPECT_RATIOS).toContain(s.aspect_ratio);
    if (s.vibe_id) expect(builtInVibe(s.vibe_id)).toBeDefined();
    expect(s.prompt.length).toBeLessThanOrEqual(2000);
  }
  // The picture is made from what "try this" would send: the prompt plus its vibe's additions.
  const lighthouse = INSPIRATIONS.find((s) => s.id === "lighthouse-dusk")!;
  expect(effectivePrompt(lighthouse)).toContain("anamorphic lens");
});

test("makes every picture once with the real local preview model, then serves them with signed URLs", async () => {
  const seeds = INSPIRATIONS.slice(0, 3);
  const list = await listInspirations({ db: env.db, store: env.store, generate: localPreviewGenerator, seeds });
  expect(list.map((i) => i.id)).toEqual(seeds.map((s) => s.id));
  for (const item of list)
    expect(item.image_url).toMatch(/^\/api\/v1\/blobs\/inspirations\/[a-z0-9-]+\/[0-9a-f]+\.webp\?expires=\d+&sig=/);
  const stored = await env.store.list("inspirations/");
  expect(stored).toHaveLength(3);
  expect(stored.every((b) => b.contentType === "image/webp")).toBe(true);
  const doc = (await env.db.collection(inspirationImages).doc("lighthouse-dusk").get())!.data;
  // 16:9 from a 1024-wide picture, scaled to 768.
  expect([doc.width, doc.height]).toEqual([768, 432]);
  expect(doc.model_label).toBe("Local preview");
});

test("two first requests racing (different processes) make each picture exactly once", async () => {
  const gen = countingGenerator();
  const [a, b] = await Promise.all([
    ensureInspirationImages({ db: env.db, store: env.store, generate: gen, holderId: "proc-a" }),
    ensureInspirationImages({ db: env.db, store: env.store, generate: gen, holderId: "proc-b" }),
  ]);
  expect(gen.calls).toHaveLength(INSPIRATIONS.length);
  expect(a.size).toBe(INSPIRATIONS.length);
  expect(b.size).toBe(INSPIRATIONS.length);
  expect(await env.db.collection(seedLocks).doc(LOCK_ID).get()).toBeNull();
  // Later calls make nothing.
  await listInspirations({ db: env.db, store: env.store, generate: gen });
  expect(gen.calls).toHaveLength(INSPIRATIONS.length);
});

test("waits for a live holder, and takes over from one whose lease ran out", async () => {
  const gen = countingGenerator();
  const seeds = INSPIRATIONS.slice(0, 2);
  const lock = env.db.collection(seedLocks).doc(LOCK_ID);
  const far = new Date(Date.now() + 60_000).toISOString();
  await lock.set({ holder: "someone-else", lease_expires_at: far, updated_at: new Date().toISOString() });
  const waited = await ensureInspirationImages({ db: env.db, store: env.store, generate: gen, seeds, waitMs: 300 });
  expect(waited.size).toBe(0);
  expect(gen.calls).toHaveLength(0);

  await lock.set({
    holder: "someone-else",
    lease_expires_at: new Date(Date.now() - 1000).toISOString(),
    updated_at: new Date().toISOString(),
  });
  const taken = await ensureInspirationImages({ db: env.db, store: env.store, generate: gen, seeds });
  expect(taken.size).toBe(2);
  expect(gen.calls).toHaveLength(2);
});

test("a prompt changed in code gets a new picture and the old file is removed", async () => {
  const gen = countingGenerator();
  const seed = INSPIRATIONS[0]!;
  await ensureInspirationImages({ db: env.db, store: env.store, generate: gen, seeds: [seed] });
  const changed = { ...seed, prompt: `${seed.prompt}, with seagulls` };
  expect(fingerprint(changed)).not.toBe(fingerprint(seed));
  await ensureInspirationImages({ db: env.db, store: env.store, generate: gen, seeds: [changed] });
  expect(gen.calls).toHaveLength(2);
  const files = await env.store.list(`inspirations/${seed.id}/`);
  expect(files.map((f) => f.key)).toEqual([`inspirations/${seed.id}/${fingerprint(changed)}.webp`]);
});

test("a failing generator does not fail the list: it serves the pictures that exist", async () => {
  const seeds = INSPIRATIONS.slice(0, 2);
  const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
  const broken: ImageGenerator = async () => {
    throw new Error("model exploded");
  };
  await expect(listInspirations({ db: env.db, store: env.store, generate: broken, seeds })).resolves.toEqual([]);
  expect(spy).toHaveBeenCalled();
  spy.mockRestore();
});
