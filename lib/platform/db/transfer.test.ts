import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { Db } from "./db";
import { coreCollections, users } from "./collections";
import { defineCollection } from "./define";
import { EmbeddedDriver } from "./embedded/embedded-driver";
import { exportDb, importDb } from "./transfer";

const notes = defineCollection({ name: "notes", parent: "users", schema: z.object({ text: z.string() }) });
const defs = [...coreCollections, notes];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pf-transfer-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const open = (name: string) =>
  new Db(new EmbeddedDriver({ file: path.join(tmp, `${name}.sqlite`), collections: defs }), defs);

const profile = (uid: string) => ({
  user_id: uid,
  email: `${uid}@x.test`,
  name: null,
  photo_url: null,
  provider: "password",
  is_staff: false,
  credits: 3,
  plan: "pro" as const,
  created_at: "2026-01-01T00:00:00.000Z",
  last_login_at: "2026-01-02T00:00:00.000Z",
});

test("export then import copies every document, sub-collections included, and reports malformed ones", async () => {
  const src = open("src");
  for (let i = 0; i < 700; i++)
    await src
      .collection(users)
      .doc(`u${i}`)
      .set(profile(`u${i}`));
  await src.collection(users).doc("u1").collection(notes).doc("n1").set({ text: "hello" });
  (src as unknown as { driver: EmbeddedDriver }).driver.sqlite
    .prepare(`INSERT INTO c_users (parent, id, data, version) VALUES ('', 'broken', '{"credits":-5}', 1)`)
    .run();
  const report = await exportDb(src, path.join(tmp, "out"));
  expect(report.counts).toMatchObject({ users: 700, notes: 1, content: 0 });
  expect(report.malformed.map((m) => m.path)).toEqual(["users/broken"]);

  const dst = open("dst");
  expect(await importDb(dst, path.join(tmp, "out"))).toMatchObject({ users: 700, notes: 1 });
  expect((await dst.collection(users).doc("u699").get())?.data).toEqual(profile("u699"));
  expect((await dst.collection(users).doc("u1").collection(notes).doc("n1").get())?.data).toEqual({ text: "hello" });
  expect(await dst.collection(users).count()).toBe(700);
  await src.close();
  await dst.close();
});

test("import stops at a document that fails its schema, naming the file and line", async () => {
  const dir = path.join(tmp, "bad");
  fs.mkdirSync(dir);
  fs.writeFileSync(
    path.join(dir, "users.jsonl"),
    `${JSON.stringify({ path: "users/a", data: profile("a") })}\n${JSON.stringify({ path: "users/b", data: { ...profile("b"), plan: "gold" } })}\n`,
  );
  const db = open("bad");
  await expect(importDb(db, dir)).rejects.toMatchObject({
    code: "invalid-document",
    message: expect.stringContaining("users.jsonl line 2"),
  });
  expect(await db.collection(users).count()).toBe(0);
  await db.close();
});
