/**
 * kill -9 of a worker process mid-job on the bullmq driver (issue 25): a
 * second worker process completes the job, and the job's side effects show it
 * completed exactly once. Real processes (tsx), a real redis-server, the
 * embedded store on one file shared by the three processes. Without a
 * redis-server this FAILS and says how to install it.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { redisServerBinary, startRedis, type TestRedis } from "@/tests/support/redis-server";
import { Db } from "@/lib/platform/db/db";
import { EmbeddedDriver } from "@/lib/platform/db/embedded/embedded-driver";
import { coreCollections, jobs } from "@/lib/platform/db/collections";
import { enqueueJob } from "../queue";
import { createBullmqDriver } from "./bullmq";

jest.setTimeout(60_000);

const CHILD = path.join(__dirname, "testing", "kill-child.ts");
let redis: TestRedis | null = null;
let dir: string;
const children: ChildProcessWithoutNullStreams[] = [];

beforeAll(async () => {
  if (redisServerBinary()) redis = await startRedis();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pf-kill-"));
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  await redis?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

function child(file: string, prefix: string, effects: string, workMs: number) {
  const c = spawn(process.execPath, ["--import", "tsx", CHILD, file, redis!.url, prefix, effects, String(workMs)], {
    cwd: process.cwd(),
    stdio: ["pipe", "pipe", "pipe"],
  });
  children.push(c);
  let err = "";
  c.stderr.on("data", (b: Buffer) => (err += b.toString()));
  const saw = (line: string) =>
    new Promise<void>((resolve, reject) => {
      let out = "";
      const onData = (b: Buffer) => {
        out += b.toString();
        if (out.includes(`${line}\n`)) {
          c.stdout.off("data", onData);
          resolve();
        }
      };
      c.stdout.on("data", onData);
      c.once("exit", (code) => reject(new Error(`worker exited (${code}) before "${line}": ${err}`)));
    });
  return { c, saw };
}

test("a worker SIGKILLed mid-job: another worker process completes the job, exactly once", async () => {
  if (!redis)
    throw new Error(
      "redis-server is not installed, so the kill -9 test of the bullmq driver cannot run. Install it: " +
        "`sudo apt-get install redis-server` (scripts/test.sh does it: ensure_redis).",
    );
  const file = path.join(dir, "db.sqlite");
  const effects = path.join(dir, "effects.log");
  fs.writeFileSync(effects, "");
  const prefix = `kill${process.pid}`;
  const db = new Db(new EmbeddedDriver({ file, collections: coreCollections }), coreCollections);
  // This process announces the job it creates, as the app does.
  const queue = createBullmqDriver({ redisUrl: redis.url, prefix, reconcileMs: 0, log: () => undefined });
  try {
    const a = child(file, prefix, effects, 60_000); // killed long before it ends
    await a.saw("ready");
    const jobId = await enqueueJob(db, { type: "test.kill", owner_id: "u1", content_id: null });
    await a.saw("started");
    // The other worker is up and idle (waiting in Redis) before the kill, so the time measured is the queue's.
    const b = child(file, prefix, effects, 500);
    await b.saw("ready");
    a.c.kill("SIGKILL"); // mid-job
    const killedAt = Date.now();
    await new Promise((r) => a.c.once("exit", r));
    const end = Date.now() + 30_000;
    while ((await db.collection(jobs).doc(jobId).get())!.data.state !== "succeeded") {
      if (Date.now() > end) throw new Error(`the job was not completed: ${fs.readFileSync(effects, "utf8")}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    b.c.kill("SIGTERM");
    await new Promise((r) => b.c.once("exit", r));

    const lines = fs
      .readFileSync(effects, "utf8")
      .trim()
      .split("\n")
      .map((l) => l.split(" "));
    const starts = lines.filter((l) => l[0] === "start");
    const dones = lines.filter((l) => l[0] === "done");
    expect(starts.map((l) => l[1])).toEqual([String(a.c.pid), String(b.c.pid)]);
    expect(dones.map((l) => [l[1], l[2]])).toEqual([[String(b.c.pid), jobId]]);
    expect((await db.collection(jobs).doc(jobId).get())!.data).toMatchObject({
      state: "succeeded",
      attempts: 2,
      worker_id: null,
    });
    const recoveredMs = Number(starts[1]![3]) - killedAt;
    console.log(`kill -9 recovery: the second worker started the job ${recoveredMs} ms after the kill`);
    expect(recoveredMs).toBeLessThan(15_000);
  } finally {
    await queue.close();
    await db.close();
  }
});
