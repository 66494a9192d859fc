/** Vibes: built-ins seeded once, my own created / changed / deleted by me only, with bad input refused and nothing written. */
import path from "node:path";
import { vibes } from "@/lib/platform/db/collections";
import { Db } from "@/lib/platform/db/db";
import { EmbeddedDriver } from "@/lib/platform/db/embedded/embedded-driver";
import { libraryRegistry, openLibraryEnv, seedImage, type LibraryEnv } from "@/tests/support/library-env";
import { BUILT_IN_VIBES } from "./builtin";
import { createVibe, deleteVibe, ensureBuiltInVibes, listVibes, MAX_VIBES_PER_USER, updateVibe } from "./vibes";

let env: LibraryEnv;
beforeEach(() => {
  env = openLibraryEnv();
});
afterEach(() => env.close());

const good = {
  name: "Moody teal",
  prompt_additions: "teal shadows",
  negative_prompt: "pink",
  palette: ["#0F766E", "#134e4a"],
};

test("has at least 8 built-ins with valid palettes, seeded once however often and however concurrently asked", async () => {
  expect(BUILT_IN_VIBES.length).toBeGreaterThanOrEqual(8);
  expect(new Set(BUILT_IN_VIBES.map((v) => v.id)).size).toBe(BUILT_IN_VIBES.length);
  for (const v of BUILT_IN_VIBES) {
    expect(v.palette.length).toBeGreaterThanOrEqual(1);
    expect(v.palette.length).toBeLessThanOrEqual(6);
    expect(v.name.length).toBeLessThanOrEqual(60);
  }
  await Promise.all([
    ensureBuiltInVibes(env.db),
    ensureBuiltInVibes(env.db),
    listVibes({ db: env.db, store: env.store, uid: "u1" }),
  ]);
  await ensureBuiltInVibes(env.db);
  expect(await env.db.collection(vibes).count()).toBe(BUILT_IN_VIBES.length);
  const list = await listVibes({ db: env.db, store: env.store, uid: "u1" });
  expect(list.map((v) => v.id)).toEqual(BUILT_IN_VIBES.map((v) => v.id));
  expect(list.every((v) => v.owner_id === null)).toBe(true);
});

test("a built-in changed in the database is put back in line with the code", async () => {
  await ensureBuiltInVibes(env.db);
  await env.db.collection(vibes).doc("cinematic").update({ name: "Tampered" });
  // Seeding is remembered per Db handle; a second handle on the same file is what a fresh process sees.
  const db2 = new Db(
    new EmbeddedDriver({ file: path.join(env.dir, "test.sqlite"), collections: libraryRegistry }),
    libraryRegistry,
  );
  await ensureBuiltInVibes(db2);
  expect((await db2.collection(vibes).doc("cinematic").get())!.data.name).toBe("Cinematic");
  await db2.close();
});

test("creates, lists (built-ins first, then mine), edits and deletes my vibe", async () => {
  const v = await createVibe({ db: env.db, uid: "u1", input: good });
  expect(v).toMatchObject({
    owner_id: "u1",
    name: "Moody teal",
    palette: ["#0f766e", "#134e4a"],
    example_image_urls: [],
  });
  const list = await listVibes({ db: env.db, store: env.store, uid: "u1" });
  expect(list[list.length - 1]!.id).toBe(v.id);
  expect((await listVibes({ db: env.db, store: env.store, uid: "u2" })).map((x) => x.id)).not.toContain(v.id);

  const edited = await updateVibe({
    db: env.db,
    uid: "u1",
    id: v.id,
    patch: { name: "Moodier teal", palette: ["#000000"] },
  });
  expect(edited).toMatchObject({ name: "Moodier teal", palette: ["#000000"], prompt_additions: "teal shadows" });
  await deleteVibe({ db: env.db, uid: "u1", id: v.id });
  expect(await env.db.collection(vibes).doc(v.id).get()).toBeNull();
});

test.each([
  ["an empty name", { ...good, name: "  " }],
  ["a 61-character name", { ...good, name: "x".repeat(61) }],
  ["501 characters of additions", { ...good, prompt_additions: "x".repeat(501) }],
  ["501 characters of negative prompt", { ...good, negative_prompt: "x".repeat(501) }],
  ["no colours", { ...good, palette: [] }],
  ["seven colours", { ...good, palette: Array(7).fill("#ffffff") }],
  ["a colour name", { ...good, palette: ["red"] }],
  ["an unknown field", { ...good, owner_id: "someone-else" }],
  ["not an object", "cinematic"],
])("refuses %s with 422 and writes nothing", async (_label, input) => {
  await expect(createVibe({ db: env.db, uid: "u1", input })).rejects.toMatchObject({ code: "unprocessable_entity" });
  expect(await env.db.collection(vibes).where("owner_id", "==", "u1").count()).toBe(0);
});

test("another user's vibe is 404, a built-in 403, a duplicate name 409", async () => {
  await ensureBuiltInVibes(env.db);
  const v = await createVibe({ db: env.db, uid: "u1", input: good });
  await expect(updateVibe({ db: env.db, uid: "u2", id: v.id, patch: { name: "mine now" } })).rejects.toMatchObject({
    code: "not_found",
  });
  await expect(deleteVibe({ db: env.db, uid: "u2", id: v.id })).rejects.toMatchObject({ code: "not_found" });
  await expect(deleteVibe({ db: env.db, uid: "u2", id: "../x" })).rejects.toMatchObject({ code: "not_found" });
  await expect(updateVibe({ db: env.db, uid: "u1", id: "cinematic", patch: { name: "Mine" } })).rejects.toMatchObject({
    code: "forbidden",
  });
  await expect(deleteVibe({ db: env.db, uid: "u1", id: "cinematic" })).rejects.toMatchObject({ code: "forbidden" });
  await expect(createVibe({ db: env.db, uid: "u1", input: { ...good, name: "MOODY TEAL" } })).rejects.toMatchObject({
    code: "conflict",
  });
  await expect(updateVibe({ db: env.db, uid: "u1", id: v.id, patch: {} })).rejects.toMatchObject({
    code: "unprocessable_entity",
  });
  expect((await env.db.collection(vibes).doc(v.id).get())!.data.name).toBe("Moody teal");
  // Someone else may use the same name.
  await expect(createVibe({ db: env.db, uid: "u2", input: good })).resolves.toMatchObject({ owner_id: "u2" });
});

test("caps how many vibes one user keeps, even when creates race", async () => {
  await Promise.all(
    Array.from({ length: MAX_VIBES_PER_USER + 5 }, (_, i) =>
      createVibe({ db: env.db, uid: "u1", input: { ...good, name: `v${i}` } }).catch((e) => e),
    ),
  );
  expect(await env.db.collection(vibes).where("owner_id", "==", "u1").count()).toBe(MAX_VIBES_PER_USER);
});

test("shows up to three of my ready images made with a vibe as examples, never someone else's", async () => {
  const t = (m: number) => new Date(Date.UTC(2026, 0, 1, 0, m));
  for (let i = 0; i < 5; i++)
    await seedImage(env, { id: `mine${i}`, owner: "u1", vibeId: "watercolor", createdAt: t(i), withBlobs: true });
  await seedImage(env, { id: "notready", owner: "u1", vibeId: "watercolor", status: "running", createdAt: t(9) });
  await seedImage(env, {
    id: "theirs",
    owner: "u2",
    vibeId: "watercolor",
    createdAt: t(10),
    withBlobs: true,
    visibility: "public",
  });
  const list = await listVibes({ db: env.db, store: env.store, uid: "u1" });
  const watercolor = list.find((v) => v.id === "watercolor")!;
  expect(watercolor.example_image_urls).toHaveLength(3);
  expect(watercolor.example_image_urls.join(" ")).toMatch(/mine4\/thumb\.webp.*mine3\/thumb\.webp.*mine2\/thumb\.webp/);
  expect(watercolor.example_image_urls.join(" ")).not.toMatch(/theirs|notready/);
  expect(list.find((v) => v.id === "cinematic")!.example_image_urls).toEqual([]);
});
