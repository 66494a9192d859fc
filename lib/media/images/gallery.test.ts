/** The gallery's pages: mine only, newest first, cursor-paged, filterable by model and vibe. */
import { content } from "@/lib/platform/db/collections";
import { openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { listMyImages } from "./gallery";

let env: TestEnv;
beforeEach(async () => {
  env = openTestEnv();
  const batch = env.db.batch();
  for (let i = 0; i < 60; i++) {
    const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
    batch.set(env.db.collection(content).doc(`img${String(i).padStart(3, "0")}`), {
      owner_id: i % 3 === 2 ? "other" : "u1",
      kind: i % 10 === 9 ? "video" : "image",
      title: `t${i}`,
      status: "ready",
      visibility: "private",
      settings: { model_id: i % 2 ? "gpt-image-1" : "local-preview", vibe_id: i % 4 === 0 ? "noir" : null },
      blobs: { original: null, thumbnail: null, poster: null },
      created_at: at,
      updated_at: at,
    });
  }
  await batch.commit();
});
afterEach(() => env.close());

const expected = (keep: (i: number) => boolean) =>
  Array.from({ length: 60 }, (_, i) => i)
    .filter((i) => i % 3 !== 2 && i % 10 !== 9 && keep(i))
    .reverse()
    .map((i) => `img${String(i).padStart(3, "0")}`);

test("pages through all my images newest first, and nothing else", async () => {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await listMyImages({ db: env.db, uid: "u1", cursor, limit: 7 });
    seen.push(...page.items.map((d) => d.id));
    cursor = page.nextCursor;
  } while (cursor);
  expect(seen).toEqual(expected(() => true));
});

test("filters by model and by vibe", async () => {
  expect(
    (await listMyImages({ db: env.db, uid: "u1", modelId: "gpt-image-1", limit: 100 })).items.map((d) => d.id),
  ).toEqual(expected((i) => i % 2 === 1));
  expect((await listMyImages({ db: env.db, uid: "u1", vibeId: "noir", limit: 100 })).items.map((d) => d.id)).toEqual(
    expected((i) => i % 4 === 0),
  );
});

test("someone else's image as a cursor gives an empty page", async () => {
  expect(await listMyImages({ db: env.db, uid: "u1", cursor: "img002" })).toEqual({ items: [], nextCursor: null });
});
