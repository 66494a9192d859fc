/** After-commit observers: told once per committed write, after the commit, never of a write that failed. */
import { jobs } from "./collections";
import { observeCommits, type CommittedWrite } from "./commit-hooks";
import { addUser, openTestEnv, type TestEnv } from "@/tests/support/data-env";

let env: TestEnv;
let seen: CommittedWrite[][];
let stop: () => void;
beforeEach(() => {
  env = openTestEnv();
  seen = [];
  stop = observeCommits(jobs.name, (_db, writes) => void seen.push([...writes]));
});
afterEach(async () => {
  stop();
  await env.close();
});

const job = (owner: string) => {
  const at = new Date().toISOString();
  return {
    type: "test.a",
    owner_id: owner,
    content_id: null,
    state: "queued" as const,
    progress: 0,
    attempts: 0,
    error: null,
    worker_id: null,
    lease_expires_at: null,
    input: {},
    created_at: at,
    updated_at: at,
  };
};

it("sees single writes, batches and committed transactions once each, and no failed or other-collection write", async () => {
  const col = env.db.collection(jobs);
  const a = col.doc();
  await a.create(job("u1"));
  const b = col.doc();
  await env.db.batch().create(b, job("u2")).commit();
  let tries = 0;
  await env.db.runTransaction(async (tx) => {
    tries++;
    const snap = await tx.get(a);
    tx.update(a, { state: "cancelled", attempts: snap!.data.attempts });
  });
  await expect(
    env.db.runTransaction(async (tx) => {
      tx.update(col.doc(b.id), { state: "failed" });
      throw new Error("rolled back");
    }),
  ).rejects.toThrow("rolled back");
  await expect(a.create(job("u1"))).rejects.toThrow(); // already exists: nothing committed
  await addUser(env.db, "u9", 1); // another collection: not this observer's
  expect(tries).toBe(1);
  expect(seen.map((w) => w.map((x) => [x.kind, x.id, x.data?.state]))).toEqual([
    [["create", a.id, "queued"]],
    [["create", b.id, "queued"]],
    [["update", a.id, "cancelled"]],
  ]);
});
