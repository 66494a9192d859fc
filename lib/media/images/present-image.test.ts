/** presentImage: a content doc becomes the contract's ImageItem, with signed URLs that verify and counts. */
import { content } from "@/lib/platform/db/collections";
import { likeImage } from "@/lib/media/likes/likes";
import { openLibraryEnv, seedImage, type LibraryEnv } from "@/tests/support/library-env";
import { presentImage, presentImages, signedUrlTtl } from "./present-image";

let env: LibraryEnv;
const at = new Date("2026-02-01T10:00:00Z");
beforeEach(() => {
  env = openLibraryEnv();
});
afterEach(() => env.close());

test("maps every contract field, signing the original and thumbnail", async () => {
  await seedImage(env, {
    id: "img1",
    owner: "alice",
    visibility: "public",
    createdAt: at,
    vibeId: "cinematic",
    withBlobs: true,
  });
  const snap = (await env.db.collection(content).doc("img1").get())!;
  const item = await presentImage(snap, {
    viewerUid: "bob",
    store: env.store,
    counts: { likes: 3, remixes: 1, liked_by_me: true },
  });
  expect(item).toEqual({
    id: "img1",
    is_mine: false,
    status: "ready",
    error: null,
    title: "image img1",
    visibility: "public",
    settings: {
      prompt: "prompt of img1",
      negative_prompt: null,
      vibe_id: "cinematic",
      vibe_name: "Vibe cinematic",
      aspect_ratio: "1:1",
      seed: 7,
      model_id: "local-preview",
      model_label: "Local preview",
      source_image_id: null,
      width: 8,
      height: 8,
    },
    urls: {
      original: expect.stringContaining("/api/v1/blobs/images/alice/img1/original.png?expires="),
      thumbnail: expect.stringContaining("/thumb.webp?expires="),
    },
    job_id: "job-img1",
    likes: 3,
    remixes: 1,
    liked_by_me: true,
    created_at: at.toISOString(),
  });
});

test("an unfinished image has no URLs; odd settings fall back to safe values; only the owner reads a failure's reason", async () => {
  const ts = at.toISOString();
  await env.db
    .collection(content)
    .doc("odd")
    .set({
      owner_id: "alice",
      kind: "image",
      title: "t",
      status: "failed",
      visibility: "private",
      settings: { prompt: 42, aspect_ratio: "7:3", seed: 1.5, width: -1 },
      blobs: { original: null, thumbnail: null, poster: null },
      error: "The provider refused: rate limited.",
      created_at: ts,
      updated_at: ts,
    });
  const snap = (await env.db.collection(content).doc("odd").get())!;
  const owner = await presentImage(snap, { viewerUid: "alice", store: env.store });
  expect(owner).toMatchObject({
    urls: null,
    error: "The provider refused: rate limited.",
    likes: 0,
    remixes: 0,
    liked_by_me: false,
    job_id: null,
  });
  expect(owner.settings).toMatchObject({ prompt: "", aspect_ratio: "1:1", seed: 0, width: null });
  expect((await presentImage(snap, { viewerUid: "bob", store: env.store })).error).toBe(
    "This image could not be made.",
  );
});

test("only the owner is told it is theirs and what it was made from; others get no owner uid and no source id", async () => {
  await seedImage(env, { id: "edited", owner: "alice", visibility: "public", createdAt: at, withBlobs: true });
  const ref = env.db.collection(content).doc("edited");
  const doc = (await ref.get())!.data;
  await ref.update({ settings: { ...doc.settings, source_image_id: "alicePrivateOriginal" } });
  const snap = (await ref.get())!;
  const owner = await presentImage(snap, { viewerUid: "alice", store: env.store });
  expect([owner.is_mine, owner.settings.source_image_id]).toEqual([true, "alicePrivateOriginal"]);
  for (const viewer of ["bob", null]) {
    const seen = await presentImage(snap, { viewerUid: viewer, store: env.store });
    expect([seen.is_mine, seen.settings.source_image_id, "owner_id" in seen]).toEqual([false, null, false]);
    const { urls: _urls, ...fields } = seen;
    expect(JSON.stringify(fields)).not.toMatch(/alice/);
  }
});

test("a file key outside the owner's folders (planted in the store) is not signed", async () => {
  await seedImage(env, { id: "mine", owner: "bob", visibility: "public", createdAt: at });
  const ref = env.db.collection(content).doc("mine");
  await ref.update({ blobs: { original: "images/alice/secret/original.png", thumbnail: null, poster: null } });
  const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  try {
    const item = await presentImage((await ref.get())!, { viewerUid: "carol", store: env.store });
    expect(item.urls).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  } finally {
    warn.mockRestore();
  }
});

test("presentImages loads counts per image for the viewer, keeping the order", async () => {
  await seedImage(env, { id: "a", owner: "alice", visibility: "public", createdAt: at });
  await seedImage(env, { id: "b", owner: "alice", visibility: "public", createdAt: at });
  await seedImage(env, { id: "r", owner: "carol", createdAt: at, remixOf: "b" });
  await likeImage({ db: env.db, uid: "bob", contentId: "b" });
  await likeImage({ db: env.db, uid: "carol", contentId: "b" });
  const snaps = await Promise.all(["b", "a"].map(async (id) => (await env.db.collection(content).doc(id).get())!));
  const items = await presentImages(snaps, { viewerUid: "bob", store: env.store, db: env.db });
  expect(items.map((i) => [i.id, i.likes, i.remixes, i.liked_by_me])).toEqual([
    ["b", 2, 1, true],
    ["a", 0, 0, false],
  ]);
});

test("URLs signed within the same hour are identical and live 1 to 2 hours", () => {
  const t = new Date("2026-02-01T10:15:30Z");
  const ttl = signedUrlTtl(t);
  expect(ttl).toBeGreaterThan(3600);
  expect(ttl).toBeLessThanOrEqual(7200);
  const expiresA = Math.floor(t.getTime() / 1000) + ttl;
  const later = new Date("2026-02-01T10:59:59Z");
  expect(Math.floor(later.getTime() / 1000) + signedUrlTtl(later)).toBe(expiresA);
});
