/**
 * A worker process for kill.test.ts: one kit worker on the bullmq driver over
 * the embedded store file the test gives, running "test.kill" jobs. Each
 * attempt appends `start <pid> <job> <ms>` to the effects file, works
 * <work ms> (heartbeating), then appends `done <pid> <job> <ms>`: the side
 * effects the test counts. SIGTERM: stop after the current job.
 *   node --import tsx kill-child.ts <sqlite file> <redis url> <prefix> <effects file> <work ms>
 */
import fs from "node:fs";
import { Db } from "@/lib/platform/db/db";
import { EmbeddedDriver } from "@/lib/platform/db/embedded/embedded-driver";
import { coreCollections } from "@/lib/platform/db/collections";
import { createBullmqDriver } from "../bullmq";
import { createJobWorker, defineJob } from "../../kit";

const [file, redisUrl, prefix, effects, work] = process.argv.slice(2) as [string, string, string, string, string];
const steps = Math.max(1, Math.round(Number(work) / 100));
const db = new Db(new EmbeddedDriver({ file, collections: coreCollections }), coreCollections);
const queue = createBullmqDriver({ redisUrl, prefix, lockMs: 1000, stalledMs: 500, blockMs: 500, reconcileMs: 0 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const worker = createJobWorker(
  defineJob({
    kind: "kill",
    types: ["test.kill"],
    deadlineMs: 60_000,
    run: async (_job, ctx) => {
      fs.appendFileSync(effects, `start ${process.pid} ${ctx.jobId} ${Date.now()}\n`);
      process.stdout.write("started\n");
      for (let i = 0; i < steps; i++) {
        await sleep(100);
        if (!(await ctx.heartbeat(i / steps))) throw ctx.lost();
      }
      fs.appendFileSync(effects, `done ${process.pid} ${ctx.jobId} ${Date.now()}\n`);
      return "done";
    },
  }),
  { db, queue, leaseMs: 1500, workerId: `child-${process.pid}`, log: (m, e) => console.error(`[child] ${m}`, e ?? "") },
);

const stop = new AbortController();
process.once("SIGTERM", () => stop.abort());
process.stdout.write("ready\n");
void worker
  .runWorkerLoop({ signal: stop.signal, pollMs: 200 })
  .then(() => queue.close())
  .then(() => db.close());
