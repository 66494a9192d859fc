/** Monthly grants: once per period however many processes try, upgrades add the difference, the ledger adds up. */
import { growth, MAX_GROWTH_FOR_8X } from "@/tests/support/growth";
import { creditLedger, users } from "@/lib/platform/db/collections";
import { rebuildBalance, debit } from "@/lib/money/credits/credits";
import { addUser, balanceOf, openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { billingGrants } from "./collections";
import { ensureMonthlyGrant, freePeriod, paidPeriod, preparePeriodGrant, readGrantMarker } from "./grants";
import type { PlanId } from "./plans";

let env: TestEnv;
beforeEach(async () => {
  env = openTestEnv();
  await addUser(env.db, "u1", 100); // created 2026-01-01
});
afterEach(() => env.close());

const march = new Date("2026-03-10T12:00:00Z");
const ledger = async () =>
  (await env.db.collection(creditLedger).where("owner_id", "==", "u1").get()).map((e) => e.data);

test("free: the sign-up month is covered by the sign-up allowance, no top-up", async () => {
  expect(await ensureMonthlyGrant({ db: env.db, uid: "u1", now: new Date("2026-01-20T00:00:00Z") })).toEqual({
    granted: 0,
  });
  expect(await env.db.collection(billingGrants).count()).toBe(0);
});

test("free: a later month tops the balance up to 100 once, even with 10 processes at the same moment", async () => {
  await debit({ db: env.db, uid: "u1", amount: 60, reason: "spent" });
  const results = await Promise.all(
    Array.from({ length: 10 }, () => ensureMonthlyGrant({ db: env.db, uid: "u1", now: march })),
  );
  expect(results.map((r) => r.granted).sort((a, b) => b - a)).toEqual([60, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  expect(await balanceOf(env.db, "u1")).toBe(100);
  const grants = (await ledger()).filter((e) => e.reason === "grant" && e.note?.startsWith("Free plan"));
  expect(grants).toHaveLength(1);
  expect(grants[0]).toMatchObject({
    delta: 60,
    balance_after: 100,
    note: "Free plan: monthly top-up to 100 credits (2026-03)",
  });
  expect(await readGrantMarker(env.db, "u1", "free-2026-03")).toMatchObject({ plan: "free", credits: 60 });
  // Next month, again once.
  await debit({ db: env.db, uid: "u1", amount: 10, reason: "spent" });
  expect(await ensureMonthlyGrant({ db: env.db, uid: "u1", now: new Date("2026-04-01T00:00:00Z") })).toEqual({
    granted: 10,
  });
  expect(await ensureMonthlyGrant({ db: env.db, uid: "u1", now: new Date("2026-04-30T23:59:59Z") })).toEqual({
    granted: 0,
  });
  expect((await rebuildBalance({ db: env.db, uid: "u1" })).matches).toBe(true);
});

test("free: a balance already at or above 100 gets nothing, and is not looked at again this month", async () => {
  await env.db.collection(users).doc("u1").update({ credits: 150 });
  expect(await ensureMonthlyGrant({ db: env.db, uid: "u1", now: march })).toEqual({ granted: 0 });
  await env.db.collection(users).doc("u1").update({ credits: 0 });
  expect(await ensureMonthlyGrant({ db: env.db, uid: "u1", now: march })).toEqual({ granted: 0 });
  expect(await balanceOf(env.db, "u1")).toBe(0);
});

test("paid plans get no free top-up", async () => {
  await env.db.collection(users).doc("u1").update({ plan: "pro", credits: 0 });
  expect(await ensureMonthlyGrant({ db: env.db, uid: "u1", now: march })).toEqual({ granted: 0 });
});

describe("paid periods", () => {
  const p1 = paidPeriod("sub_1", new Date("2026-03-01T00:00:00Z"), new Date("2026-04-01T00:00:00Z"));
  const grant = (plan: PlanId, requirePaid = false, period = p1) =>
    env.db.runTransaction(async (tx) => {
      const g = await preparePeriodGrant(tx, { db: env.db, uid: "u1", plan, period, now: march, requirePaid });
      g.stage();
      return g.amount;
    });

  test("a period's grant happens once under 10 parallel attempts", async () => {
    const amounts = await Promise.all(Array.from({ length: 10 }, () => grant("pro")));
    expect(amounts.filter((a) => a > 0)).toEqual([2000]);
    expect(await balanceOf(env.db, "u1")).toBe(2100);
  });

  test("an upgrade within the period adds the difference; a downgrade takes nothing back", async () => {
    expect(await grant("pro")).toBe(2000);
    expect(await grant("team", true)).toBe(8000);
    expect(await grant("pro")).toBe(0);
    expect(await grant("team")).toBe(0);
    expect(await balanceOf(env.db, "u1")).toBe(100 + 10000);
    expect(await readGrantMarker(env.db, "u1", p1.key)).toMatchObject({ plan: "team", credits: 10000 });
    expect((await rebuildBalance({ db: env.db, uid: "u1" })).matches).toBe(true);
  });

  test("requirePaid: a subscription update never grants a period no invoice has paid", async () => {
    expect(await grant("team", true)).toBe(0);
    expect(await balanceOf(env.db, "u1")).toBe(100);
  });

  test("the next period is a new grant; the key is the period's end, so a proration line shares it", () => {
    const proration = paidPeriod("sub_1", new Date("2026-03-15T08:00:00Z"), new Date("2026-04-01T00:00:00Z"));
    expect(proration.key).toBe(p1.key);
    expect(paidPeriod("sub_1", p1.end, new Date("2026-05-01T00:00:00Z")).key).not.toBe(p1.key);
    expect(freePeriod(march)).toEqual({
      key: "free-2026-03",
      start: new Date("2026-03-01T00:00:00Z"),
      end: new Date("2026-04-01T00:00:00Z"),
    });
  });
});

describe("a new account's free credits: one mailbox, one spelling", () => {
  it("normalises case, +tags, IDN domains, and for Gmail dots and googlemail.com", async () => {
    const { normaliseEmail, signupGrantId } = await import("./grants");
    expect(normaliseEmail(" Jo.Smith+promo@GMail.com ")).toBe("josmith@gmail.com");
    expect(normaliseEmail("j.o.s.m.i.t.h@googlemail.com")).toBe("josmith@gmail.com");
    // Dots matter elsewhere; +tags are dropped everywhere (most providers deliver a+x@ to a@).
    expect(normaliseEmail("Jo.Smith+news@Example.com")).toBe("jo.smith@example.com");
    expect(normaliseEmail("jo@bücher.example.")).toBe("jo@xn--bcher-kva.example");
    // A "+" that starts the local part is not a tag.
    expect(normaliseEmail("+jo@example.com")).toBe("+jo@example.com");
    expect(signupGrantId("JoSmith@gmail.com")).toBe(signupGrantId("jo.smith+x@googlemail.com"));
    expect(signupGrantId("jo.smith@example.com")).not.toBe(signupGrantId("josmith@example.com"));
    expect(signupGrantId("a@example.com")).toMatch(/^e-[0-9a-f]{64}$/);
  });

  it("normalising is linear in the address's length (hostile input)", async () => {
    const { normaliseEmail } = await import("./grants");
    const input = (n: number) => `${"a.".repeat(n)}+${"x".repeat(n)}@gmail.com${".".repeat(n)}`;
    const { ratio } = await growth({ input, run: normaliseEmail, size: 2000 });
    expect(ratio).toBeLessThan(MAX_GROWTH_FOR_8X);
  });
});

test("free: no monthly top-up for an account whose email is unverified or already had its free credits", async () => {
  for (const state of ["pending", "refused"] as const) {
    await env.db.collection(users).doc("u1").update({ credits: 0, signup_credits: state });
    expect(await ensureMonthlyGrant({ db: env.db, uid: "u1", now: march })).toEqual({ granted: 0 });
  }
  await env.db.collection(users).doc("u1").update({ signup_credits: "granted" });
  expect(await ensureMonthlyGrant({ db: env.db, uid: "u1", now: march })).toEqual({ granted: 100 });
});
