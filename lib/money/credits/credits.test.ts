/** Credit debits and refunds against the embedded store in a temp folder. */
import { ApiError } from "@/lib/platform/api/errors";
import { creditLedger, users } from "@/lib/platform/db/collections";
import { addUser, balanceOf, openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { debit, rebuildBalance, refund } from "./credits";
import { costPerImage } from "./pricing";

let env: TestEnv;
beforeEach(async () => {
  env = openTestEnv();
  await addUser(env.db, "u1", 10);
});
afterEach(() => env.close());

const ledger = () => env.db.collection(creditLedger).where("owner_id", "==", "u1").get();

test("a debit lowers the balance and records the opening balance and the debit in the ledger", async () => {
  const { balance } = await debit({ db: env.db, uid: "u1", amount: 3, reason: "test run", ref: { jobId: "job1" } });
  expect(balance).toBe(7);
  expect(await balanceOf(env.db, "u1")).toBe(7);
  const entries = (await ledger()).map((e) => e.data);
  expect(entries.map((e) => [e.reason, e.delta, e.balance_after]).sort()).toEqual(
    [
      ["debit", -3, 7],
      ["grant", 10, 10],
    ].sort(),
  );
  expect(await rebuildBalance({ db: env.db, uid: "u1" })).toEqual({ balance: 7, stored: 7, entries: 2, matches: true });
});

test("a short balance is a 402 with a clear message and writes nothing", async () => {
  const err = await debit({ db: env.db, uid: "u1", amount: 11, reason: "too much" }).catch((e) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).status).toBe(402);
  expect((err as ApiError).message).toMatch(/needs 11 and your balance is 10/);
  expect(await balanceOf(env.db, "u1")).toBe(10);
  expect(await env.db.collection(creditLedger).count()).toBe(0);
});

test("50 parallel debits against a balance of 10: exactly 10 succeed, never below zero, ledger adds up", async () => {
  const results = await Promise.allSettled(
    Array.from({ length: 50 }, (_, i) =>
      debit({ db: env.db, uid: "u1", amount: 1, reason: `run ${i}`, ref: { jobId: `job${i}` } }),
    ),
  );
  const ok = results.filter((r) => r.status === "fulfilled");
  const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
  expect(ok).toHaveLength(10);
  expect(refused).toHaveLength(40);
  for (const r of refused) expect((r.reason as ApiError).code).toBe("insufficient_credits");
  expect(await balanceOf(env.db, "u1")).toBe(0);
  const entries = (await ledger()).map((e) => e.data);
  expect(entries.filter((e) => e.reason === "debit")).toHaveLength(10);
  expect(entries.every((e) => e.balance_after >= 0)).toBe(true);
  // Each debit saw a distinct balance: no two transactions spent the same credit.
  expect(new Set(entries.filter((e) => e.reason === "debit").map((e) => e.balance_after)).size).toBe(10);
  expect(entries.reduce((s, e) => s + e.delta, 0)).toBe(0);
  expect((await rebuildBalance({ db: env.db, uid: "u1" })).matches).toBe(true);
});

test("a job is debited at most once", async () => {
  await debit({ db: env.db, uid: "u1", amount: 2, reason: "a", ref: { jobId: "job1" } });
  await expect(debit({ db: env.db, uid: "u1", amount: 2, reason: "a", ref: { jobId: "job1" } })).rejects.toThrow(
    /already debited/,
  );
  expect(await balanceOf(env.db, "u1")).toBe(8);
});

test("refund gives back what the job was charged, once, even when called twice in parallel", async () => {
  await debit({ db: env.db, uid: "u1", amount: 4, reason: "a", ref: { jobId: "job1" } });
  const [a, b] = await Promise.all([
    refund({ db: env.db, uid: "u1", jobId: "job1", reason: "failed" }),
    refund({ db: env.db, uid: "u1", jobId: "job1", reason: "failed" }),
  ]);
  expect([a.refunded, b.refunded].sort()).toEqual([0, 4]);
  expect([a.alreadyRefunded, b.alreadyRefunded].sort()).toEqual([false, true]);
  expect(await balanceOf(env.db, "u1")).toBe(10);
  const again = await refund({ db: env.db, uid: "u1", jobId: "job1", reason: "failed" });
  expect(again).toEqual({ refunded: 0, balance: 10, alreadyRefunded: true });
  expect((await rebuildBalance({ db: env.db, uid: "u1" })).matches).toBe(true);
});

test("a refund never exceeds the charge, and a job never charged refunds nothing", async () => {
  await debit({ db: env.db, uid: "u1", amount: 2, reason: "a", ref: { jobId: "job1" } });
  expect((await refund({ db: env.db, uid: "u1", jobId: "job1", amount: 50, reason: "x" })).refunded).toBe(2);
  expect((await refund({ db: env.db, uid: "u1", jobId: "nojob", reason: "x" })).refunded).toBe(0);
  expect(await balanceOf(env.db, "u1")).toBe(10);
});

test("another user's job is not refunded to me", async () => {
  await addUser(env.db, "u2", 5);
  await debit({ db: env.db, uid: "u2", amount: 5, reason: "a", ref: { jobId: "job2" } });
  expect((await refund({ db: env.db, uid: "u1", jobId: "job2", reason: "x" })).refunded).toBe(0);
  expect(await balanceOf(env.db, "u1")).toBe(10);
});

test("rebuildBalance finds a drifted balance and fixes it on request", async () => {
  await debit({ db: env.db, uid: "u1", amount: 3, reason: "a" });
  await env.db.collection(users).doc("u1").update({ credits: 99 }); // a write that bypassed the ledger
  expect(await rebuildBalance({ db: env.db, uid: "u1" })).toEqual({
    balance: 7,
    stored: 99,
    entries: 2,
    matches: false,
  });
  await rebuildBalance({ db: env.db, uid: "u1", fix: true });
  expect(await balanceOf(env.db, "u1")).toBe(7);
});

test("price per image is data: local preview 1, a model's own price beats its provider's, unknown providers are not cheap", () => {
  expect(costPerImage({ id: "local-preview", provider: "local" })).toBe(1);
  expect(costPerImage({ id: "gpt-image-1", provider: "openai" })).toBe(6);
  expect(costPerImage({ id: "dall-e-3", provider: "openai" })).toBe(4);
  expect(costPerImage({ id: "x", provider: "brand-new" })).toBe(5);
});
