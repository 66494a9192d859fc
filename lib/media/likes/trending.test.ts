/** Trending: the window ranked by likes + remixes, then older public images newest first; only public, finished images. */
import { likeImage } from "./likes";
import { listTrending } from "./trending";
import { openLibraryEnv, seedImage, type LibraryEnv } from "@/tests/support/library-env";

let env: LibraryEnv;
const now = new Date("2026-03-10T12:00:00Z");
const daysAgo = (d: number, minutes = 0) => new Date(now.getTime() - d * 86_400_000 + minutes * 60_000);

beforeEach(async () => {
  env = openLibraryEnv();
  // In the window (7 days): w1..w5. Older: o1..o3. Hidden: private, failed, and an old private one.
  await seedImage(env, { id: "w1", owner: "alice", visibility: "public", createdAt: daysAgo(1) });
  await seedImage(env, { id: "w2", owner: "bob", visibility: "public", createdAt: daysAgo(2) });
  await seedImage(env, { id: "w3", owner: "bob", visibility: "public", createdAt: daysAgo(3) });
  await seedImage(env, { id: "w4", owner: "carol", visibility: "public", createdAt: daysAgo(4) });
  await seedImage(env, { id: "w5", owner: "carol", visibility: "public", createdAt: daysAgo(0, -30) });
  await seedImage(env, { id: "o1", owner: "alice", visibility: "public", createdAt: daysAgo(8) });
  await seedImage(env, { id: "o2", owner: "bob", visibility: "public", createdAt: daysAgo(9) });
  await seedImage(env, { id: "o3", owner: "bob", visibility: "public", createdAt: daysAgo(30) });
  await seedImage(env, { id: "hidden", owner: "alice", visibility: "private", createdAt: daysAgo(1) });
  await seedImage(env, { id: "failed", owner: "alice", visibility: "public", status: "failed", createdAt: daysAgo(1) });
  await seedImage(env, { id: "oldpriv", owner: "alice", visibility: "private", createdAt: daysAgo(10) });
  // Engagement: w3 has 3 likes, w2 has 1 like + 2 remixes, w4 has 1 like; the old o1 has many likes but is outside the window.
  for (const uid of ["x", "y", "z"]) await likeImage({ db: env.db, uid, contentId: "w3", now });
  await likeImage({ db: env.db, uid: "x", contentId: "w2", now });
  await likeImage({ db: env.db, uid: "x", contentId: "w4", now });
  for (const uid of ["p", "q", "r", "s"]) await likeImage({ db: env.db, uid, contentId: "o1", now });
  await seedImage(env, { id: "rmxA", owner: "x", createdAt: daysAgo(0, -10), remixOf: "w2" });
  await seedImage(env, { id: "rmxB", owner: "y", createdAt: daysAgo(0, -5), remixOf: "w2" });
});
afterEach(() => env.close());

const EXPECTED = ["w2", "w3", "w4", "w5", "w1", "o1", "o2", "o3"];

test("ranks the window by likes + remixes (ties newest first), then older images newest first", async () => {
  const page = await listTrending({ db: env.db, now, cacheMs: 0 });
  expect(page.items.map((d) => d.id)).toEqual(EXPECTED);
  expect(page.nextCursor).toBeNull();
});

test.each([1, 2, 3, 5, 7])("pages of %i cover the feed exactly once, in order", async (limit) => {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 20; i++) {
    const page = await listTrending({ db: env.db, now, cacheMs: 0, cursor, limit });
    seen.push(...page.items.map((d) => d.id));
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  expect(seen).toEqual(EXPECTED);
});

test("a new like moves an image up at once (the cached ranking is dropped)", async () => {
  await listTrending({ db: env.db, now });
  for (const uid of ["a", "b", "c", "d"]) await likeImage({ db: env.db, uid, contentId: "w1", now });
  const page = await listTrending({ db: env.db, now, limit: 1 });
  expect(page.items.map((d) => d.id)).toEqual(["w1"]);
});

test("an image made private leaves the feed even while the ranking is cached", async () => {
  await listTrending({ db: env.db, now });
  const { content } = await import("@/lib/platform/db/collections");
  await env.db.collection(content).doc("w2").update({ visibility: "private" });
  const page = await listTrending({ db: env.db, now });
  expect(page.items.map((d) => d.id)).not.toContain("w2");
});

test("a cursor that is not ours is a typed 422", async () => {
  await expect(listTrending({ db: env.db, now, cursor: "garbage" })).rejects.toMatchObject({
    code: "unprocessable_entity",
  });
  const forged = Buffer.from(JSON.stringify({ w: [1, "x", "../a"] })).toString("base64url");
  await expect(listTrending({ db: env.db, now, cursor: forged })).rejects.toMatchObject({
    code: "unprocessable_entity",
  });
});
