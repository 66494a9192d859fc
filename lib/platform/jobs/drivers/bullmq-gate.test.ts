/**
 * Owner limits on the bullmq driver (bullmq-gate.ts), on a real redis-server
 * this file starts. Without one it FAILS and says how to install it; it never
 * skips.
 */
import { redisServerBinary, startRedis, type TestRedis } from "@/tests/support/redis-server";
import { openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { jobs } from "@/lib/platform/db/collections";
import { createJobWorker, defineJob, type JobWorker } from "../kit";
import { enqueueJob } from "../queue";
import { createBullmqDriver, type BullmqQueueDriver } from "./bullmq";
import * as gate from "./bullmq-gate";

jest.setTimeout(30_000);

const TYPE = "test.gate";
const redisBin = redisServerBinary();
let redis: TestRedis | null = null;
let env: TestEnv;
let driver: BullmqQueueDriver;
let prefixes = 0;

beforeAll(async () => {
  if (redisBin) redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});
beforeEach(() => {
  env = openTestEnv();
  if (!redis) return;
  driver = createBullmqDriver({
    redisUrl: redis.url,
    prefix: `g${process.pid}-${++prefixes}`,
    ownerMaxRunning: 2,
    lockMs: 600,
    stalledMs: 300,
    blockMs: 200,
    reconcileMs: 0,
    log: () => undefined,
  });
});
afterEach(async () => {
  await driver?.close();
  await env.close();
});

function needsRedis() {
  if (!redis)
    throw new Error(
      "redis-server is not installed, so the bullmq driver's owner limits cannot be tested. Install it: " +
        "`sudo apt-get install redis-server` (scripts/test.sh does it: ensure_redis).",
    );
}

function worker(order: string[]): JobWorker<string> {
  const def = defineJob<string>({
    kind: "t",
    types: [TYPE],
    deadlineMs: 10_000,
    run: async (j) => {
      order.push(j.owner_id);
      return "done";
    },
  });
  return createJobWorker(def, { db: env.db, queue: driver, workerId: "w1", leaseMs: 2000, log: () => undefined });
}

const enqueue = (owner: string) => enqueueJob(env.db, { type: TYPE, owner_id: owner, content_id: null });

/** Deliveries in BullMQ, whatever their state. */
async function inEngine(): Promise<number> {
  const c = await driver.queue(TYPE).getJobCounts("waiting", "prioritized", "delayed", "active");
  return Object.values(c).reduce((a, b) => a + b, 0);
}

describe("owner limits on the bullmq driver", () => {
  it("keeps at most the limit of an owner's deliveries in BullMQ, parks the rest, and moves them in as jobs finish", async () => {
    needsRedis();
    const r = await driver.redis();
    const heavy: string[] = [];
    for (let i = 0; i < 8; i++) heavy.push(await enqueue("heavy"));
    // Two in the engine, six waiting their turn, oldest first.
    expect(await inEngine()).toBe(2);
    expect(await gate.parked(r, driver.prefix, "heavy")).toEqual(heavy.slice(2).map((id) => `${TYPE}|${id}.0`));
    // A light owner's job is not held back: it goes straight in, and is taken before the heavy owner's second.
    await enqueue("light");
    expect(await inEngine()).toBe(3);

    const order: string[] = [];
    const w = worker(order);
    for (let i = 0; i < 9; i++) expect((await w.processNext({ waitMs: 1000 }))?.outcome).toBe("done");
    expect(await w.processNext({ waitMs: 200 })).toBeNull();
    expect(order.slice(0, 2)).toEqual(["heavy", "light"]);
    // Every heavy job ran, and nothing is left in the gate.
    const docs = await Promise.all(heavy.map((id) => env.db.collection(jobs).doc(id).get()));
    expect(docs.map((d) => d?.data.state)).toEqual(heavy.map(() => "succeeded"));
    expect(await gate.inflight(r, driver.prefix, "heavy")).toEqual([]);
    expect(await gate.parked(r, driver.prefix, "heavy")).toEqual([]);
    expect(await gate.gatedOwners(r, driver.prefix)).toEqual([]);
  });

  it("never has a worker take a job only to put it back because its owner is at the limit", async () => {
    needsRedis();
    for (let i = 0; i < 6; i++) await enqueue("heavy");
    const w = worker([]);
    // Two claims, neither finished yet would be the limit; the gate never offers a third, so nothing is delayed.
    for (let i = 0; i < 6; i++) {
      expect((await w.processNext({ waitMs: 1000 }))?.outcome).toBe("done");
      const c = await driver.queue(TYPE).getJobCounts("delayed");
      expect(c.delayed).toBe(0);
      expect(await inEngine()).toBeLessThanOrEqual(2);
    }
  });

  it("the reconciler forgets a slot a dead process left taken, and moves the next parked job in", async () => {
    needsRedis();
    const r = await driver.redis();
    // A process admitted two deliveries and died before adding them to BullMQ: the owner's slots look full.
    await gate.admit(r, driver.prefix, "u1", `${TYPE}|ghost-1.0`, 2, Date.now());
    await gate.admit(r, driver.prefix, "u1", `${TYPE}|ghost-2.0`, 2, Date.now());
    const id = await enqueue("u1");
    expect(await inEngine()).toBe(0);
    expect(await gate.parked(r, driver.prefix, "u1")).toEqual([`${TYPE}|${id}.0`]);

    expect(await driver.reconcile(env.db)).toBe(1);
    expect(await gate.inflight(r, driver.prefix, "u1")).toEqual([`${TYPE}|${id}.0`]);
    const order: string[] = [];
    expect((await worker(order).processNext({ waitMs: 1000 }))?.outcome).toBe("done");
    expect(order).toEqual(["u1"]);
    expect(await driver.reconcile(env.db)).toBe(0);
  });
});
