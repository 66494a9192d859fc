/**
 * Fair claims (fair.ts, claimJob's body): owners take turns, each within its
 * running limit, without reading an owner's backlog; expired leases are still
 * taken over.
 */
import { jobs } from "@/lib/platform/db/collections";
import { compileQuery } from "@/lib/platform/db/embedded/compile-query";
import { openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { claimCursor, interleave, registerOwnerLimit, type FairCursor } from "./fair";
import { claimJob, completeJob, enqueueJob } from "./queue";
import { jobOwnerMaxRunning } from "./settings";
import { embeddedSqlite } from "@/tests/support/embedded-sqlite";

let env: TestEnv;
beforeEach(() => void (env = openTestEnv()));
afterEach(async () => {
  registerOwnerLimit(null);
  await env.close();
});

const T0 = Date.UTC(2026, 0, 1);
const at = (ms: number) => new Date(T0 + ms);
const LIGHT = ["light-a", "light-b", "light-c", "light-d", "light-e"];

/** One heavy owner's 60 jobs queued first, then each light owner's 3. */
async function heavyThenLight(type = "test.work"): Promise<void> {
  for (let i = 0; i < 60; i++) await enqueueJob(env.db, { type, owner_id: "heavy", content_id: null }, at(i));
  for (const [n, owner] of LIGHT.entries())
    for (let i = 0; i < 3; i++)
      await enqueueJob(env.db, { type, owner_id: owner, content_id: null }, at(1000 + n * 10 + i));
}

async function claimAll(o: { cursor: FairCursor; types?: string[]; max?: number | null; from?: number }) {
  const order: { id: string; owner: string; created: string }[] = [];
  for (let n = 0; ; n++) {
    const job = await claimJob(env.db, {
      workerId: `w${n}`,
      leaseMs: 60_000,
      types: o.types ?? ["test.work"],
      now: at(10_000 + (o.from ?? 0) + n),
      cursor: o.cursor,
      maxRunningPerOwner: o.max ?? null,
    });
    if (!job) return order;
    order.push({ id: job.id, owner: job.data.owner_id, created: job.data.created_at });
  }
}

it("one heavy owner and five light owners: every light owner's first job is among the first six claims, all of theirs among the first 18", async () => {
  await heavyThenLight();
  const order = await claimAll({ cursor: { last: null } });
  expect(order).toHaveLength(75);
  expect(new Set(order.slice(0, 6).map((o) => o.owner))).toEqual(new Set(["heavy", ...LIGHT]));
  const lastLight = Math.max(...order.map((o, i) => (o.owner === "heavy" ? -1 : i)));
  expect(lastLight).toBeLessThan(18); // three rounds of six owners; oldest-first would take 60 heavy jobs first
  // Each owner's own jobs still go oldest first.
  for (const owner of ["heavy", ...LIGHT]) {
    const mine = order.filter((o) => o.owner === owner).map((o) => o.created);
    expect(mine).toEqual([...mine].sort());
  }
  expect(new Set(order.map((o) => o.id)).size).toBe(75);
});

it("workers of one kind in a process share a cursor, so two of them still alternate between owners", async () => {
  await heavyThenLight();
  const cursor = claimCursor(["test.work", "test.other"]);
  expect(claimCursor(["test.other", "test.work"])).toBe(cursor);
  const owners: string[] = [];
  for (let n = 0; n < 12; n++) {
    const job = await claimJob(env.db, {
      workerId: `w${n % 2}-${n}`,
      leaseMs: 60_000,
      types: n % 2 ? ["test.work", "test.other"] : ["test.other", "test.work"],
      now: at(10_000 + n),
    });
    owners.push(job!.data.owner_id);
  }
  expect(owners.filter((o) => o === "heavy")).toHaveLength(2);
});

it("a worker of several types takes turns across all of them, each owner's oldest job first", async () => {
  await enqueueJob(env.db, { type: "t.b", owner_id: "o1", content_id: null }, at(1));
  await enqueueJob(env.db, { type: "t.a", owner_id: "o1", content_id: null }, at(2));
  await enqueueJob(env.db, { type: "t.a", owner_id: "o2", content_id: null }, at(3));
  await enqueueJob(env.db, { type: "t.b", owner_id: "o3", content_id: null }, at(4));
  await enqueueJob(env.db, { type: "t.c", owner_id: "o0", content_id: null }, at(0)); // not this worker's type
  const order = await claimAll({ cursor: { last: null }, types: ["t.a", "t.b"] });
  expect(order.map((o) => [o.owner, o.created])).toEqual([
    ["o1", at(1).toISOString()],
    ["o2", at(3).toISOString()],
    ["o3", at(4).toISOString()],
    ["o1", at(2).toISOString()],
  ]);
});

it("an owner at its running limit is passed over; it gets a turn again when one of its jobs ends", async () => {
  await heavyThenLight();
  const cursor = { last: null };
  const order = await claimAll({ cursor, max: 2 });
  // Two of each owner's jobs run; the rest wait.
  expect(order).toHaveLength(12);
  for (const owner of ["heavy", ...LIGHT]) expect(order.filter((o) => o.owner === owner)).toHaveLength(2);
  const heavyJob = order.find((o) => o.owner === "heavy")!;
  const job = (await env.db.collection(jobs).doc(heavyJob.id).get())!.data;
  expect(await completeJob(env.db, { jobId: heavyJob.id, workerId: job.worker_id!, now: at(20_000) })).toBe(true);
  const next = await claimJob(env.db, {
    workerId: "again",
    leaseMs: 60_000,
    types: ["test.work"],
    now: at(20_001),
    cursor,
    maxRunningPerOwner: 2,
  });
  expect(next?.data.owner_id).toBe("heavy");
});

it("the app's registered limit (e.g. the plan's jobs at once) applies with the smaller of it and the fixed one", async () => {
  await heavyThenLight();
  const asked: string[] = [];
  registerOwnerLimit(async (owner) => {
    asked.push(owner);
    return owner === "heavy" ? 1 : owner === "light-a" ? 5 : null;
  });
  const order = await claimAll({ cursor: { last: null }, max: 3 });
  expect(order.filter((o) => o.owner === "heavy")).toHaveLength(1);
  expect(order.filter((o) => o.owner === "light-a")).toHaveLength(3); // min(5, 3)
  expect(order.filter((o) => o.owner === "light-b")).toHaveLength(3);
  // Answers are cached per owner: asked once each, not once per claim.
  expect(asked.filter((o) => o === "heavy")).toHaveLength(1);
});

it("JOB_OWNER_MAX_RUNNING is read with bounds", () => {
  expect(jobOwnerMaxRunning({})).toBeUndefined();
  expect(jobOwnerMaxRunning({ JOB_OWNER_MAX_RUNNING: "4" })).toBe(4);
  expect(jobOwnerMaxRunning({ JOB_OWNER_MAX_RUNNING: "0" })).toBeUndefined();
  expect(jobOwnerMaxRunning({ JOB_OWNER_MAX_RUNNING: "2.5" })).toBeUndefined();
  expect(jobOwnerMaxRunning({ JOB_OWNER_MAX_RUNNING: "1001" })).toBeUndefined();
});

it("an expired lease is taken over before queued work, unless its owner is at its limit", async () => {
  await heavyThenLight();
  const cursor = { last: null };
  const first = await claimJob(env.db, {
    workerId: "dies",
    leaseMs: 1000,
    types: ["test.work"],
    now: at(5000),
    cursor,
  });
  expect(first?.data.owner_id).toBe("heavy");
  // Its worker died: after the lease, the next claim takes it over although 74 jobs are queued.
  const taken = await claimJob(env.db, {
    workerId: "next",
    leaseMs: 60_000,
    types: ["test.work"],
    now: at(7000),
    cursor,
  });
  expect(taken).toMatchObject({ id: first!.id, data: { worker_id: "next", attempts: 2 } });
  // Dies again; meanwhile heavy already runs one job: at a limit of 1 the expired one waits, a light owner goes.
  const lease = (await env.db.collection(jobs).doc(first!.id).get())!.data.lease_expires_at!;
  const later = new Date(Date.parse(lease) + 1);
  await claimJob(env.db, {
    workerId: "heavy-live",
    leaseMs: 600_000,
    types: ["test.work"],
    now: at(7001),
    cursor: { last: "" },
  });
  const other = await claimJob(env.db, {
    workerId: "third",
    leaseMs: 60_000,
    types: ["test.work"],
    now: later,
    cursor,
    maxRunningPerOwner: 1,
  });
  expect(other?.data.owner_id).not.toBe("heavy");
  expect((await env.db.collection(jobs).doc(first!.id).get())!.data.worker_id).toBe("next");
});

it("each step reads one document from the index, in index order (no sort, no scan of a backlog)", () => {
  const sqlite = embeddedSqlite(env.db);
  const plan = (q: { toRaw(): Parameters<typeof compileQuery>[0] }) => {
    const { sql, params } = compileQuery(q.toRaw(), "rows");
    return (sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
      .map((r) => r.detail)
      .join("\n");
  };
  const col = env.db.collection(jobs);
  const typed = plan(
    col
      .where("type", "==", "t")
      .where("state", "==", "queued")
      .where("owner_id", ">", "x")
      .orderBy("owner_id")
      .orderBy("created_at")
      .limit(1),
  );
  expect(typed).toMatch(/USING INDEX ix_c_jobs__g_type_asc__g_state_asc__g_owner_id_asc__g_created_at_asc/);
  expect(typed).not.toMatch(/TEMP B-TREE/);
  const any = plan(
    col.where("state", "==", "queued").where("owner_id", ">", "x").orderBy("owner_id").orderBy("created_at").limit(1),
  );
  expect(any).toMatch(/USING INDEX ix_c_jobs__g_state_asc__g_owner_id_asc__g_created_at_asc/);
  expect(any).not.toMatch(/TEMP B-TREE/);
});

it("interleave takes from each lane in turn", () => {
  expect(interleave([[1, 2, 3], [10], [20, 21]], 5)).toEqual([1, 10, 20, 2, 21]);
  expect(interleave([[1], []], 5)).toEqual([1]);
});
