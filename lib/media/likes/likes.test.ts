/** Likes: one per user per image, only on images the user may see, exact counts under races. */
import { likes } from "@/lib/platform/db/collections";
import { likeImage, unlikeImage, deleteLikesOf } from "./likes";
import { loadImageCounts } from "./counts";
import { openLibraryEnv, seedImage, type LibraryEnv } from "@/tests/support/library-env";

let env: LibraryEnv;
const t0 = new Date("2026-03-01T12:00:00Z");

beforeEach(async () => {
  env = openLibraryEnv();
  await seedImage(env, { id: "pub1", owner: "alice", visibility: "public", createdAt: t0 });
  await seedImage(env, { id: "priv1", owner: "alice", visibility: "private", createdAt: t0 });
});
afterEach(() => env.close());

test("liking twice is one like; unliking twice is harmless", async () => {
  expect(await likeImage({ db: env.db, uid: "bob", contentId: "pub1" })).toEqual({ likes: 1, liked_by_me: true });
  expect(await likeImage({ db: env.db, uid: "bob", contentId: "pub1" })).toEqual({ likes: 1, liked_by_me: true });
  expect(await likeImage({ db: env.db, uid: "carol", contentId: "pub1" })).toEqual({ likes: 2, liked_by_me: true });
  expect(await unlikeImage({ db: env.db, uid: "bob", contentId: "pub1" })).toEqual({ likes: 1, liked_by_me: false });
  expect(await unlikeImage({ db: env.db, uid: "bob", contentId: "pub1" })).toEqual({ likes: 1, liked_by_me: false });
});

test("another user's private image is a 404 and nothing is written; my own private image can be liked", async () => {
  await expect(likeImage({ db: env.db, uid: "bob", contentId: "priv1" })).rejects.toMatchObject({ code: "not_found" });
  await expect(likeImage({ db: env.db, uid: "bob", contentId: "nope" })).rejects.toMatchObject({ code: "not_found" });
  await expect(likeImage({ db: env.db, uid: "bob", contentId: "../etc" })).rejects.toMatchObject({ code: "not_found" });
  await expect(unlikeImage({ db: env.db, uid: "bob", contentId: "priv1" })).rejects.toMatchObject({
    code: "not_found",
  });
  expect(await env.db.collection(likes).count()).toBe(0);
  expect(await likeImage({ db: env.db, uid: "alice", contentId: "priv1" })).toEqual({ likes: 1, liked_by_me: true });
});

test("parallel likes: one per user however many requests race", async () => {
  const users = Array.from({ length: 8 }, (_, i) => `u${i}`);
  await Promise.all(users.flatMap((uid) => [1, 2, 3].map(() => likeImage({ db: env.db, uid, contentId: "pub1" }))));
  const counts = await loadImageCounts({ db: env.db, ids: ["pub1"], viewerUid: "u3" });
  expect(counts.get("pub1")).toEqual({ likes: 8, remixes: 0, liked_by_me: true });
});

test("counts remixes from images whose settings name the original", async () => {
  await seedImage(env, { id: "rmx1", owner: "bob", createdAt: t0, remixOf: "pub1" });
  await seedImage(env, { id: "rmx2", owner: "carol", createdAt: t0, remixOf: "pub1" });
  await seedImage(env, { id: "rmx3", owner: "carol", createdAt: t0, remixOf: "priv1" });
  const counts = await loadImageCounts({ db: env.db, ids: ["pub1", "priv1", "rmx1"], viewerUid: null });
  expect(counts.get("pub1")!.remixes).toBe(2);
  expect(counts.get("priv1")!.remixes).toBe(1);
  expect(counts.get("rmx1")).toEqual({ likes: 0, remixes: 0, liked_by_me: false });
});

test("deleteLikesOf removes every like of an image", async () => {
  await Promise.all(["a", "b", "c"].map((uid) => likeImage({ db: env.db, uid, contentId: "pub1" })));
  expect(await deleteLikesOf({ db: env.db, contentId: "pub1" })).toBe(3);
  expect(await env.db.collection(likes).count()).toBe(0);
});
