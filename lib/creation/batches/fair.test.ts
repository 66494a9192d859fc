/**
 * The bulk dispatcher's fair share (queue.ts dispatchWaiting): one owner with
 * hundreds of waiting rows does not hold back the others, and a staff
 * member's pipelines share its slots between clients.
 */
import { jobs, users } from "@/lib/platform/db/collections";
import { compileQuery } from "@/lib/platform/db/embedded/compile-query";
import { addUser, openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { batchItems } from "./collections";
import { dispatchWaiting, type DispatchCursor } from "./queue";
import { embeddedSqlite } from "@/tests/support/embedded-sqlite";

let env: TestEnv;
beforeEach(() => void (env = openTestEnv()));
afterEach(() => env.close());

const T0 = Date.UTC(2026, 0, 1);
const LIGHT = ["light-a", "light-b", "light-c", "light-d", "light-e"];
const fresh = (): DispatchCursor => ({ owner: null, lanes: new Map() });

/** `n` waiting rows of `owner` queued at `t` (ms after T0), in one batch, in `lane`. */
async function waiting(owner: string, n: number, t: number, lane?: string): Promise<string[]> {
  const ids: string[] = [];
  const at = new Date(T0 + t).toISOString();
  for (let i = 0; i < n; i += 250) {
    const batch = env.db.batch();
    for (let p = i; p < Math.min(n, i + 250); p++) {
      const ref = env.db.collection(batchItems).doc();
      ids.push(ref.id);
      batch.create(ref, {
        owner_id: owner,
        batch_id: `b-${owner}-${lane ?? ""}-${t}`,
        position: p,
        row: { prompt: `row ${p}` },
        aspect_ratio: "16:9",
        state: "waiting",
        progress: 0,
        error: null,
        attempts: 1,
        cost: 0,
        charge_key: `batch-${owner}`,
        refunded: false,
        content_id: null,
        job_id: null,
        render_job_id: null,
        queue_key: `${at}-${String(p).padStart(4, "0")}-0`,
        ...(lane === undefined ? {} : { lane }),
        started_at: null,
        finished_at: null,
        created_at: at,
        updated_at: at,
      });
    }
    await batch.commit();
  }
  return ids;
}

async function stateOf(ids: string[]): Promise<string[]> {
  return Promise.all(ids.map(async (id) => (await env.db.collection(batchItems).doc(id).get())!.data.state));
}

async function plan(uid: string, p: "free" | "team") {
  await addUser(env.db, uid, 0);
  await env.db.collection(users).doc(uid).update({ plan: p });
}

it("one owner with 400 waiting rows and five light owners: every light row starts in the first pass", async () => {
  await plan("heavy", "team");
  const heavy = await waiting("heavy", 400, 0);
  const light: string[][] = [];
  for (const [n, owner] of LIGHT.entries()) {
    await plan(owner, "free");
    light.push(await waiting(owner, 2, 1000 + n));
  }
  const started = await dispatchWaiting(env.db, new Date(T0 + 5000), 100, { cursor: fresh() });
  // The heavy owner fills its plan's 12 slots; each light owner starts both its rows (a cap of 3).
  expect(started).toBe(12 + 5 * 2);
  for (const ids of light) expect(await stateOf(ids)).toEqual(["planning", "planning"]);
  const heavyStates = await stateOf(heavy);
  expect(heavyStates.slice(0, 12).every((s) => s === "planning")).toBe(true); // its own rows in queue order
  expect(heavyStates.filter((s) => s === "planning")).toHaveLength(12);
  // Queued jobs match: nobody over their cap.
  expect(await env.db.collection(jobs).where("owner_id", "==", "heavy").count()).toBe(12);
  expect(await env.db.collection(jobs).where("owner_id", "==", "light-a").count()).toBe(2);
});

it("with fewer owners visited per pass than waiting, passes go on where the last one stopped", async () => {
  for (const owner of ["heavy", ...LIGHT]) await plan(owner, "free");
  await waiting("heavy", 300, 0);
  const light = await Promise.all(LIGHT.map((o, n) => waiting(o, 1, 1000 + n)));
  const cursor = fresh();
  const seen: number[] = [];
  for (let pass = 0; pass < 3; pass++)
    seen.push(await dispatchWaiting(env.db, new Date(T0 + 5000), 100, { cursor, maxOwners: 2 }));
  // Six owners, two per pass: three passes give each owner a turn, the heavy one included only once.
  expect(seen).toEqual([3 + 1, 1 + 1, 1 + 1]);
  for (const ids of light) expect(await stateOf(ids)).toEqual(["planning"]);
});

it("a staff member's pipelines share its slots between clients in turn, its own batch too", async () => {
  await plan("staff", "team"); // 12 at once
  const big = await waiting("staff", 200, 0, "client-big");
  const small = await waiting("staff", 3, 10, "client-small");
  const own = await waiting("staff", 2, 20, "");
  const cursor = fresh();
  expect(await dispatchWaiting(env.db, new Date(T0 + 5000), 100, { cursor })).toBe(12);
  expect(await stateOf(small)).toEqual(["planning", "planning", "planning"]);
  expect(await stateOf(own)).toEqual(["planning", "planning"]);
  expect((await stateOf(big)).filter((s) => s === "planning")).toHaveLength(7);
  // Claim order follows the turns: the jobs' times interleave the lanes.
  const queued = await env.db.collection(jobs).where("owner_id", "==", "staff").orderBy("created_at").get();
  const laneOf = new Map<string, string>([
    ...big.map((id) => [id, "big"] as const),
    ...small.map((id) => [id, "small"] as const),
    ...own.map((id) => [id, "own"] as const),
  ]);
  const lanes = queued.map((j) => laneOf.get(String(j.data.input.item_id)));
  expect(lanes.slice(0, 6)).toEqual(["own", "big", "small", "own", "big", "small"]);
});

it("rows queued before lanes existed still start", async () => {
  await plan("old", "free");
  const ids = await waiting("old", 2, 0);
  // Stored without the field (as items written before it): the lane scan does not see them.
  embeddedSqlite(env.db).prepare(`UPDATE c_batch_items SET data = json_remove(data, '$.lane')`).run();
  expect(await dispatchWaiting(env.db, new Date(T0 + 5000), 100, { cursor: fresh() })).toBe(2);
  expect(await stateOf(ids)).toEqual(["planning", "planning"]);
});

it("the owner and lane steps read from their indexes in index order (no sort, no scan of a backlog)", () => {
  const sqlite = embeddedSqlite(env.db);
  const plan = (q: { toRaw(): Parameters<typeof compileQuery>[0] }) => {
    const { sql, params } = compileQuery(q.toRaw(), "rows");
    return (sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
      .map((r) => r.detail)
      .join("\n");
  };
  const items = env.db.collection(batchItems);
  const owners = plan(
    items.where("state", "==", "waiting").where("owner_id", ">", "x").orderBy("owner_id").orderBy("queue_key").limit(1),
  );
  expect(owners).toMatch(/USING INDEX ix_c_batch_items__g_state_asc__g_owner_id_asc__g_queue_key_asc/);
  const lanes = plan(
    items
      .where("owner_id", "==", "x")
      .where("state", "==", "waiting")
      .where("lane", ">", "")
      .orderBy("lane")
      .orderBy("queue_key")
      .limit(1),
  );
  expect(lanes).toMatch(/USING INDEX ix_c_batch_items__g_owner_id_asc__g_state_asc__g_lane_asc__g_queue_key_asc/);
  for (const p of [owners, lanes]) expect(p).not.toMatch(/TEMP B-TREE/);
});
