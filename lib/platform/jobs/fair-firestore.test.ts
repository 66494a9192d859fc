/**
 * Fair claims on the Firestore driver (the in-process stand-in,
 * @firestore-emulator/server, as the db contract suite uses): the same
 * skip-scan queries, sequential claims (the stand-in does not isolate
 * transactions, so no concurrency here: tests/support/firestore-fake.ts).
 */
import { coreCollections } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { startFirestoreFake, type FirestoreFake } from "@/tests/support/firestore-fake";
import { claimJob, enqueueJob } from "./queue";

let fake: FirestoreFake;
let db: Db;
beforeAll(async () => {
  fake = await startFirestoreFake(coreCollections);
  db = fake.db;
});
afterAll(() => fake.stop());

it("one heavy owner and five light owners: the first six claims are one job of each owner, then turns go on", async () => {
  const T0 = Date.UTC(2026, 0, 1);
  const at = (ms: number) => new Date(T0 + ms);
  const light = ["light-a", "light-b", "light-c", "light-d", "light-e"];
  for (let i = 0; i < 20; i++) await enqueueJob(db, { type: "t.x", owner_id: "heavy", content_id: null }, at(i));
  for (const [n, owner] of light.entries())
    for (let i = 0; i < 2; i++)
      await enqueueJob(db, { type: "t.x", owner_id: owner, content_id: null }, at(100 + n * 10 + i));
  const cursor = { last: null };
  const owners: string[] = [];
  const created: Record<string, string[]> = {};
  for (let n = 0; n < 30; n++) {
    const job = await claimJob(db, {
      workerId: `w${n}`,
      leaseMs: 60_000,
      types: ["t.x", "t.y"],
      now: at(10_000 + n),
      cursor,
      maxRunningPerOwner: n < 12 ? null : 3,
    });
    if (!job) break;
    owners.push(job.data.owner_id);
    (created[job.data.owner_id] ??= []).push(job.data.created_at);
  }
  expect(new Set(owners.slice(0, 6))).toEqual(new Set(["heavy", ...light]));
  expect(owners.slice(0, 12).filter((o) => o === "heavy")).toHaveLength(2);
  // From the 13th claim on, the heavy owner (already running 2) may run one more, then waits: 13 claims in all.
  expect(owners).toHaveLength(13);
  expect(owners.filter((o) => o === "heavy")).toHaveLength(3);
  for (const list of Object.values(created)) expect(list).toEqual([...list].sort());
});
