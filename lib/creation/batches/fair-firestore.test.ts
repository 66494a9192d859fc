/**
 * The bulk dispatcher's turns on the Firestore driver (the in-process
 * stand-in; sequential: it does not isolate transactions): the same
 * skip-scans over owners and lanes as on the embedded store.
 */
import { jobs, users } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { allCollections } from "@/lib/registry/collections";
import { startFirestoreFake, type FirestoreFake } from "@/tests/support/firestore-fake";
import { batchItems } from "./collections";
import { dispatchWaiting } from "./queue";

let fake: FirestoreFake;
let db: Db;
beforeAll(async () => {
  fake = await startFirestoreFake(allCollections);
  db = fake.db;
});
afterAll(() => fake.stop());

async function user(uid: string, plan: "free" | "team") {
  const at = "2026-01-01T00:00:00.000Z";
  await db
    .collection(users)
    .doc(uid)
    .create({
      user_id: uid,
      email: `${uid}@example.com`,
      name: uid,
      photo_url: null,
      provider: "password",
      is_staff: false,
      credits: 0,
      plan,
      created_at: at,
      last_login_at: at,
    });
}

async function waiting(owner: string, n: number, t: number, lane = ""): Promise<string[]> {
  const at = new Date(Date.UTC(2026, 0, 1) + t).toISOString();
  const ids: string[] = [];
  const batch = db.batch();
  for (let p = 0; p < n; p++) {
    const ref = db.collection(batchItems).doc();
    ids.push(ref.id);
    batch.create(ref, {
      owner_id: owner,
      batch_id: `b-${owner}-${lane}`,
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
      lane,
      started_at: null,
      finished_at: null,
      created_at: at,
      updated_at: at,
    });
  }
  await batch.commit();
  return ids;
}

it("a heavy owner's 150 rows and five light owners: every light row starts in the first pass; a staff member's clients take turns", async () => {
  await user("heavy", "free");
  await waiting("heavy", 150, 0);
  const light: string[][] = [];
  for (const [n, owner] of ["light-a", "light-b", "light-c", "light-d", "light-e"].entries()) {
    await user(owner, "free");
    light.push(await waiting(owner, 2, 1000 + n));
  }
  await user("staff", "team");
  const big = await waiting("staff", 40, 0, "client-big");
  const small = await waiting("staff", 3, 10, "client-small");
  const started = await dispatchWaiting(db, new Date(Date.UTC(2026, 0, 1, 1)), 100, {
    cursor: { owner: null, lanes: new Map() },
  });
  expect(started).toBe(3 + 5 * 2 + 12);
  const state = async (id: string) => (await db.collection(batchItems).doc(id).get())!.data.state;
  for (const ids of [...light, small]) for (const id of ids) expect(await state(id)).toBe("planning");
  expect((await Promise.all(big.map(state))).filter((s) => s === "planning")).toHaveLength(9);
  expect(await db.collection(jobs).where("owner_id", "==", "heavy").count()).toBe(3);
});
