/** Transactions and the job-claim helper, on every driver. */
import { isDbError } from "@/lib/platform/db";
import { jobs } from "@/lib/platform/db/collections";
import { claimJob, completeJob, enqueueJob, failJob, heartbeatJob } from "@/lib/platform/jobs/queue";
import { contractCase, type CaseContext } from "./harness";
import { tallies, item, items } from "./fixtures";

export function txCases(ctx: CaseContext): void {
  contractCase(ctx, "a transaction reads then writes, and returns the callback's value", async (db) => {
    const ref = db.collection(tallies).doc("c");
    await ref.set({ n: 41 });
    const seen = await db.runTransaction(async (tx) => {
      const snap = await tx.get(ref);
      tx.update(ref, { n: snap!.data.n + 1 });
      return snap!.data.n;
    });
    expect(seen).toBe(41);
    expect((await ref.get())?.data.n).toBe(42);
  });

  contractCase(ctx, "a transaction whose callback throws writes nothing", async (db) => {
    const ref = db.collection(tallies).doc("c");
    await ref.set({ n: 1 });
    const err = await db
      .runTransaction(async (tx) => {
        await tx.get(ref);
        tx.set(ref, { n: 2 });
        tx.set(db.collection(tallies).doc("d"), { n: 2 });
        throw new Error("changed my mind");
      })
      .catch((e: unknown) => e);
    expect((err as Error).message).toBe("changed my mind");
    expect((await ref.get())?.data.n).toBe(1);
    expect(await db.collection(tallies).doc("d").get()).toBeNull();
  });

  contractCase(ctx, "a transaction may query, and a bad write inside it aborts all of it", async (db) => {
    const col = db.collection(items);
    await col.doc("a").set(item({ owner: "u1", n: 1 }));
    await col.doc("b").set(item({ owner: "u1", n: 2 }));
    const err = await db
      .runTransaction(async (tx) => {
        const mine = await tx.get(col.where("owner", "==", "u1"));
        for (const s of mine) tx.update(col.doc(s.id), { n: s.data.n * 10 });
        tx.set(col.doc("c"), { ...item(), n: "bad" } as never);
      })
      .catch((e: unknown) => e);
    expect(isDbError(err, "invalid-document")).toBe(true);
    expect((await col.orderBy("n").get()).map((s) => s.data.n)).toEqual([1, 2]);
  });

  contractCase(ctx, "reads after writes in a transaction are refused", async (db) => {
    const ref = db.collection(tallies).doc("c");
    const err = await db
      .runTransaction(async (tx) => {
        tx.set(ref, { n: 1 });
        await tx.get(ref);
      })
      .catch((e: unknown) => e);
    expect(isDbError(err, "invalid-argument")).toBe(true);
    expect(await ref.get()).toBeNull();
  });

  contractCase(
    ctx,
    "100 parallel transactional increments on one document end at exactly 100",
    async (db) => {
      const ref = db.collection(tallies).doc("hot");
      await ref.set({ n: 0 });
      await Promise.all(
        Array.from({ length: 100 }, () =>
          db.runTransaction(
            async (tx) => {
              const snap = await tx.get(ref);
              tx.update(ref, { n: snap!.data.n + 1 });
            },
            { maxAttempts: 200 },
          ),
        ),
      );
      expect((await ref.get())?.data.n).toBe(100);
    },
    { gap: "isolation", timeout: 60_000 },
  );

  contractCase(
    ctx,
    "20 concurrent claimers never claim one job twice",
    async (db) => {
      const t0 = new Date("2026-01-01T00:00:00Z");
      const jobIds = [];
      for (let i = 0; i < 8; i++) {
        jobIds.push(
          await enqueueJob(
            db,
            { type: "image.generate", owner_id: "u1", content_id: null },
            new Date(t0.getTime() + i),
          ),
        );
      }
      const claims = await Promise.all(
        Array.from({ length: 20 }, (_, w) =>
          claimJob(db, { workerId: `w${w}`, leaseMs: 60_000, now: new Date("2026-01-01T00:01:00Z") }),
        ),
      );
      const won = claims.filter((c) => c !== null);
      expect(won).toHaveLength(8);
      expect(new Set(won.map((c) => c!.id)).size).toBe(8);
      expect(new Set(won.map((c) => c!.id))).toEqual(new Set(jobIds));
      // What each claimer was told matches what is stored.
      for (const c of won) expect((await db.collection(jobs).doc(c!.id).get())?.data.worker_id).toBe(c!.data.worker_id);
    },
    { gap: "isolation", timeout: 60_000 },
  );

  contractCase(ctx, "a job whose worker died is claimed again after its lease expires", async (db) => {
    const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    const id = await enqueueJob(db, { type: "video.render", owner_id: "u1", content_id: "c1", max_attempts: 2 }, t(0));
    const first = await claimJob(db, { workerId: "dead", leaseMs: 10_000, now: t(1) });
    expect(first?.id).toBe(id);
    expect(await claimJob(db, { workerId: "w2", leaseMs: 10_000, now: t(5) })).toBeNull();
    expect(await heartbeatJob(db, { jobId: id, workerId: "dead", leaseMs: 10_000, progress: 0.5, now: t(8) })).toBe(
      true,
    );
    // The heartbeat moved the lease to t(18).
    expect(await claimJob(db, { workerId: "w2", leaseMs: 10_000, now: t(15) })).toBeNull();
    const second = await claimJob(db, { workerId: "w2", leaseMs: 10_000, now: t(19) });
    expect(second?.data).toMatchObject({ worker_id: "w2", attempts: 2, state: "running", progress: 0.5 });
    // The old worker lost its lease: its late writes are refused.
    expect(await completeJob(db, { jobId: id, workerId: "dead", now: t(20) })).toBe(false);
    expect(await failJob(db, { jobId: id, workerId: "w2", error: "boom", now: t(21) })).toBe(true);
    // Out of attempts: failed, never handed out again.
    expect((await db.collection(jobs).doc(id).get())?.data).toMatchObject({
      state: "failed",
      error: "boom",
      worker_id: null,
    });
    expect(await claimJob(db, { workerId: "w3", leaseMs: 10_000, now: t(60) })).toBeNull();
  });
}
