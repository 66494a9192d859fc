/** Behaviour only the embedded driver has: the file, its indexes, crashes and several processes on one file. */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { Db } from "../db";
import { content, coreCollections, jobs } from "../collections";
import { enqueueJob } from "@/lib/platform/jobs/queue";
import { EmbeddedDriver } from "./embedded-driver";
import { compileQuery } from "./compile-query";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pf-embedded-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const CHILD = path.join(__dirname, "testing", "child.ts");
// Node itself with tsx's loader (not the tsx CLI, which would leave its node child running after a SIGKILL).
const runChild = (...args: string[]) =>
  spawn(process.execPath, ["--import", "tsx", CHILD, ...args], { stdio: ["ignore", "pipe", "inherit"] });

function open(name: string) {
  const driver = new EmbeddedDriver({ file: path.join(dir, name, "db.sqlite"), collections: coreCollections });
  return { driver, db: new Db(driver, coreCollections) };
}

test("an owner-scoped, newest-first page is served by the declared index, without sorting", async () => {
  const { driver, db } = open("plan");
  const q = db.collection(content).where("owner_id", "==", "u1").orderBy("created_at", "desc").limit(20);
  const { sql, params } = compileQuery(q.toRaw(), "rows");
  const plan = (driver.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
    .map((r) => r.detail)
    .join("\n");
  expect(plan).toMatch(/USING INDEX ix_c_content__g_owner_id_asc__g_created_at_desc/);
  expect(plan).not.toMatch(/TEMP B-TREE/);
  await db.close();
});

test("re-opening with a declaration that gained an index adds its column and index", async () => {
  const { db } = open("migrate");
  await db.close();
  const file = path.join(dir, "migrate", "db.sqlite");
  const raw = new Database(file);
  raw.exec(`DROP INDEX "ix_c_content__g_visibility_asc__g_created_at_desc"`);
  raw.close();
  const again = open("migrate");
  const names = (
    again.driver.sqlite.prepare(`SELECT name FROM sqlite_master WHERE type = 'index'`).all() as { name: string }[]
  ).map((r) => r.name);
  expect(names).toContain("ix_c_content__g_visibility_asc__g_created_at_desc");
  await again.db.close();
});

test("a process killed mid-write loses no committed document and leaves a sound file", async () => {
  const file = path.join(dir, "crash", "db.sqlite");
  const child = runChild("write", file);
  const acknowledged: string[] = [];
  let buf = "";
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`writer exited early (${code})`)));
    child.stdout.on("data", (chunk: Buffer) => {
      buf += chunk.toString();
      const lines = buf.split("\n");
      buf = lines.pop()!;
      acknowledged.push(...lines);
      if (acknowledged.length >= 300 && !child.killed) {
        child.removeAllListeners("exit");
        child.kill("SIGKILL");
        resolve();
      }
    });
  });
  await new Promise((r) => child.once("exit", r));
  const { driver, db } = open("crash");
  expect((driver.sqlite.pragma("integrity_check") as { integrity_check: string }[])[0]?.integrity_check).toBe("ok");
  const stored = new Set(await db.collection(content).listDocumentIds());
  expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  await db.close();
}, 60_000);

test("4 processes x 5 concurrent claimers on one file never claim one job twice", async () => {
  const { db } = open("claim");
  const jobIds: string[] = [];
  for (let i = 0; i < 12; i++)
    jobIds.push(
      await enqueueJob(
        db,
        { type: "image.generate", owner_id: "u1", content_id: null },
        new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      ),
    );
  await db.close();
  const file = path.join(dir, "claim", "db.sqlite");
  const outputs = await Promise.all(
    ["p1", "p2", "p3", "p4"].map(
      (w) =>
        new Promise<string[]>((resolve, reject) => {
          const child = runChild("claim", file, w);
          let out = "";
          child.stdout.on("data", (c: Buffer) => (out += c.toString()));
          child.once("exit", (code) =>
            code === 0 ? resolve(JSON.parse(out) as string[]) : reject(new Error(`child ${w} exited ${code}`)),
          );
        }),
    ),
  );
  const claimed = outputs.flat();
  expect(claimed).toHaveLength(12);
  expect(new Set(claimed)).toEqual(new Set(jobIds));
}, 60_000);

test("a collection is known by name and place, so a route's own copy of a registered declaration is served", async () => {
  const { db } = open("copies");
  // Next bundles instrumentation.ts (which registers the collections) apart from the routes: same declaration, another object.
  const copy = { ...content };
  expect(await db.collection(copy).where("owner_id", "==", "u1").limit(1).get()).toEqual([]);
  const stranger = { ...content, name: "not_registered" };
  expect(() => db.collection(stranger)).toThrow(/not in this database's registry/);
  await db.close();
});

test("a commit waits for another connection's write lock without blocking the process, and lands once it is freed", async () => {
  const a = open("lock");
  const b = new EmbeddedDriver({ file: path.join(dir, "lock", "db.sqlite"), collections: coreCollections });
  const db2 = new Db(b, coreCollections);
  // Another writer (here a second connection in this process; usually another process) holds the lock.
  a.driver.sqlite.exec("BEGIN IMMEDIATE");
  let landed = false;
  const write = enqueueJob(db2, { type: "t.lock", owner_id: "u1", content_id: null }).then((id) => {
    landed = true;
    return id;
  });
  // SQLite's own busy handler would sleep inside the call and hold this thread until its timeout (the holder here
  // could never commit). The driver waits between tries instead, so the event loop runs meanwhile.
  await new Promise((r) => setTimeout(r, 50));
  expect(landed).toBe(false);
  a.driver.sqlite.exec("COMMIT");
  const id = await write;
  expect(landed).toBe(true);
  expect((await a.db.collection(jobs).doc(id).get())?.data.owner_id).toBe("u1");
  await db2.close();
  await a.db.close();
});
