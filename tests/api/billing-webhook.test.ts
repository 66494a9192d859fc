/**
 * POST /api/v1/billing/webhook called with events in Stripe's wire format,
 * signed with the `stripe` library's own test-header helper: forged and
 * replayed deliveries, unknown customers, out-of-order events, credit packs,
 * and the ledger after subscribe → renew → upgrade → cancel → replay.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import Stripe from "stripe";
import { json, noParams, req } from "./image-library.support";
import { addProfile, configureStripe, PRICES, unconfigureStripe, WEBHOOK_SECRET } from "./billing.support";
import {
  chargeObject,
  completedSession,
  disputeObject,
  eventOf,
  fakeId,
  invoiceObject,
  signEvent,
  subscriptionObject,
} from "../support/stripe-fake";

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-billing-webhook-"));
process.env.DATA_DIR = dataDir;

let route: typeof import("@/app/api/v1/billing/webhook/route");
let db: import("@/lib/platform/db/db").Db;
let C: typeof import("@/lib/platform/db/collections");
let B: typeof import("@/lib/money/billing/collections");
let credits: typeof import("@/lib/money/credits/credits");

beforeAll(async () => {
  route = await import("@/app/api/v1/billing/webhook/route");
  db = (await import("@/lib/platform/db")).getDb();
  C = await import("@/lib/platform/db/collections");
  B = await import("@/lib/money/billing/collections");
  credits = await import("@/lib/money/credits/credits");
});
beforeEach(() => configureStripe());
afterAll(async () => {
  unconfigureStripe();
  await (await import("@/lib/platform/db")).closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

type Obj = Record<string, unknown>;
let n = 0;
const uniq = (p: string) => `${p}_${Date.now().toString(36)}${(n++).toString(36)}`;

function deliver(body: string, signature: string | null) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== null) headers["stripe-signature"] = signature;
  return route.POST(req("/api/v1/billing/webhook", { method: "POST", body, headers }), noParams).then(json);
}
/** Signs and delivers an event as Stripe would. */
function send(event: Obj, secret = WEBHOOK_SECRET) {
  const { payload, signature } = signEvent(event, secret);
  return deliver(payload, signature);
}

const user = async (credits = 100) => {
  const uid = uniq("u");
  await addProfile(db, { uid, email: `${uid}@example.com` }, { credits });
  return uid;
};
const balance = async (uid: string) => (await db.collection(C.users).doc(uid).get())!.data;
const ledger = async (uid: string) =>
  (await db.collection(C.creditLedger).where("owner_id", "==", uid).get()).map((e) => e.data);
const eventCount = () => db.collection(B.billingEvents).count();

const day = 86400_000;
const t0 = new Date("2026-03-01T00:00:00Z");
const at = (days: number) => new Date(t0.getTime() + days * day);

describe("refusals: nothing is written", () => {
  it("no signature, a forged one, a tampered body or an old delivery is a 400", async () => {
    const uid = await user();
    const event = eventOf(
      "invoice.paid",
      invoiceObject({
        customer: "cus_x",
        subscription: "sub_x",
        billingReason: "subscription_cycle",
        lines: [{ price: PRICES.pro, start: t0, end: at(31) }],
        metadata: { uid },
      }),
    );
    const before = await eventCount();
    const { payload, signature } = signEvent(event, WEBHOOK_SECRET);

    const missing = await deliver(payload, null);
    expect([missing.status, missing.body.error.message]).toEqual([
      400,
      expect.stringMatching(/Missing the Stripe-Signature header/),
    ]);
    const forged = signEvent(event, "whsec_someone_else");
    expect((await deliver(forged.payload, forged.signature)).status).toBe(400);
    const tampered = payload.replace(/"amount_paid": \d+/, '"amount_paid": 1');
    expect((await deliver(tampered, signature)).status).toBe(400);
    // A captured delivery replayed later than Stripe's 5-minute tolerance.
    const old = signEvent(event, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 6 * 60);
    const late = await deliver(old.payload, old.signature);
    expect([late.status, late.body.error.message]).toEqual([400, expect.stringMatching(/more than 5 minutes old/)]);
    expect((await deliver(payload, "t=123,v1=deadbeef")).status).toBe(400);
    // Signed, but not an event at all.
    const junk = Stripe.webhooks.generateTestHeaderString({ payload: "not json", secret: WEBHOOK_SECRET });
    expect((await deliver("not json", junk)).status).toBe(400);

    expect(await eventCount()).toBe(before);
    expect((await balance(uid)).credits).toBe(100);
    expect(await ledger(uid)).toEqual([]);
  });

  it("a body over 512 KB is a typed 413 while it streams (no Content-Length to trust), even signed, and changes nothing", async () => {
    const uid = await user(10);
    const padded = (pad: number) =>
      signEvent(
        eventOf(
          "checkout.session.completed",
          completedSession({
            id: uniq("cs_test"),
            object: "checkout.session",
            mode: "payment",
            customer: uniq("cus"),
            client_reference_id: uid,
            metadata: { uid, item: "credits_500" },
            success_url: "x",
            custom_text: "x".repeat(pad),
          }),
        ),
        WEBHOOK_SECRET,
      );
    /** The payload as a stream in 64 KB chunks: the request carries no Content-Length. */
    const streamed = ({ payload, signature }: { payload: string; signature: string }) => {
      const bytes = new TextEncoder().encode(payload);
      let at = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(c) {
          if (at >= bytes.length) return c.close();
          c.enqueue(bytes.subarray(at, at + 64 * 1024));
          at += 64 * 1024;
        },
      });
      const request = new NextRequest("http://localhost:3000/api/v1/billing/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body,
        duplex: "half",
      } as ConstructorParameters<typeof NextRequest>[1]);
      expect(request.headers.get("content-length")).toBeNull();
      return route.POST(request, noParams).then(json);
    };
    const before = await eventCount();

    const big = await streamed(padded(600 * 1024));
    expect([big.status, big.body.error.code, big.body.error.message]).toEqual([
      413,
      "payload_too_large",
      "A Stripe event is never this large.",
    ]);
    expect(await eventCount()).toBe(before);
    expect((await balance(uid)).credits).toBe(10);
    expect(await ledger(uid)).toEqual([]);

    // The same event, padded a little, is applied: only its size refused the large one.
    expect((await streamed(padded(1024))).body.data.outcome).toBe("applied");
    expect((await balance(uid)).credits).toBe(510);
  });

  it("without a webhook secret configured the endpoint is a 503: Stripe keeps retrying until it is set", async () => {
    configureStripe({ STRIPE_WEBHOOK_SECRET: undefined });
    const res = await send(eventOf("invoice.paid", {}));
    expect([res.status, res.body.error.code]).toEqual([503, "service_unavailable"]);
  });

  it("an event whose object this server cannot read is a 400 and is not recorded, so Stripe's retry can apply it later", async () => {
    const logged = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const before = await eventCount();
    const res = await send(
      eventOf("customer.subscription.updated", {
        id: "sub_broken",
        object: "subscription",
        customer: "cus_x",
        status: "active",
      }),
    );
    expect(res.status).toBe(400);
    expect(await eventCount()).toBe(before);
    logged.mockRestore();
  });
});

describe("subscribe, renew, upgrade, cancel, replay", () => {
  it("the plan follows the subscription and the ledger adds up, with no double grant", async () => {
    const uid = await user();
    const customer = uniq("cus");
    const sub = uniq("sub");
    const meta = { uid, item: "pro" };
    const subAt = (over: Partial<Parameters<typeof subscriptionObject>[0]>) =>
      subscriptionObject({ id: sub, customer, price: PRICES.pro, start: t0, end: at(31), metadata: meta, ...over });
    const period2 = { start: at(31), end: at(61) };
    const events: Obj[] = [];
    const step = async (type: string, object: Obj, created: Date) => {
      const event = eventOf(type, object, { created });
      events.push(event);
      const res = await send(event);
      expect(res.status).toBe(200);
      return res.body.data as { outcome: string; duplicate: boolean };
    };

    // Subscribe through Checkout: the session completes, the subscription starts, its first invoice is paid.
    const session = completedSession(
      {
        id: uniq("cs_test"),
        object: "checkout.session",
        mode: "subscription",
        customer,
        client_reference_id: uid,
        metadata: meta,
        success_url: "x",
      },
      { subscription: sub },
    );
    expect(await step("checkout.session.completed", session, at(0))).toMatchObject({
      outcome: "applied",
      duplicate: false,
    });
    await step("customer.subscription.created", subAt({}), at(0));
    await step(
      "invoice.paid",
      invoiceObject({
        customer,
        subscription: sub,
        billingReason: "subscription_create",
        lines: [{ price: PRICES.pro, start: t0, end: at(31) }],
        metadata: meta,
      }),
      at(0),
    );
    expect(await balance(uid)).toMatchObject({ plan: "pro", credits: 2100 });
    expect((await db.collection(B.billingAccounts).doc(uid).get())!.data).toMatchObject({
      stripe_customer_id: customer,
      subscription_id: sub,
      subscription_status: "active",
      plan: "pro",
      current_period_end: at(31).toISOString(),
    });

    await credits.debit({ db, uid, amount: 50, reason: "image.generate: 50 × Local preview" });

    // Renewal: the period moves on (no credits until it is paid), then its invoice is paid.
    await step("customer.subscription.updated", subAt(period2), at(31));
    expect((await balance(uid)).credits).toBe(2050);
    await step(
      "invoice.paid",
      invoiceObject({
        customer,
        subscription: sub,
        billingReason: "subscription_cycle",
        lines: [{ price: PRICES.pro, ...period2 }],
        metadata: meta,
      }),
      at(31),
    );
    expect((await balance(uid)).credits).toBe(4050);

    // Upgrade mid-period: Team's credits minus what Pro already granted for this period; the proration invoice adds nothing more.
    await step("customer.subscription.updated", subAt({ ...period2, price: PRICES.team }), at(40));
    expect(await balance(uid)).toMatchObject({ plan: "team", credits: 12050 });
    await step(
      "invoice.paid",
      invoiceObject({
        customer,
        subscription: sub,
        billingReason: "subscription_update",
        lines: [
          { price: PRICES.pro, amount: -1330, start: at(40), end: period2.end, proration: true },
          { price: PRICES.team, amount: 5530, start: at(40), end: period2.end, proration: true },
        ],
        metadata: meta,
      }),
      at(40),
    );
    expect((await balance(uid)).credits).toBe(12050);

    // Cancel at the period's end, then the end comes.
    await step(
      "customer.subscription.updated",
      subAt({ ...period2, price: PRICES.team, cancelAtPeriodEnd: true }),
      at(45),
    );
    expect((await db.collection(B.billingAccounts).doc(uid).get())!.data).toMatchObject({
      plan: "team",
      cancel_at_period_end: true,
    });
    await step(
      "customer.subscription.deleted",
      subAt({ ...period2, price: PRICES.team, status: "canceled", cancelAtPeriodEnd: true }),
      at(61),
    );
    expect(await balance(uid)).toMatchObject({ plan: "free", credits: 12050 });

    // Replay everything (Stripe retries, an attacker resends captured deliveries): nothing changes.
    for (const event of events) {
      const res = await send(event);
      expect(res.body.data).toMatchObject({ duplicate: true, outcome: "duplicate" });
    }
    expect(await balance(uid)).toMatchObject({ plan: "free", credits: 12050 });

    const entries = await ledger(uid);
    expect(
      entries
        .filter((e) => e.reason === "grant")
        .map((e) => e.delta)
        .sort((a, b) => a - b),
    ).toEqual([100, 2000, 2000, 8000]);
    expect(entries.reduce((s, e) => s + e.delta, 0)).toBe(12050);
    expect(await credits.rebuildBalance({ db, uid })).toMatchObject({ balance: 12050, matches: true });
    // Every delivery is on the audit trail once, with what it did.
    const trail = await db.collection(B.billingEvents).where("owner_id", "==", uid).get();
    expect(trail).toHaveLength(events.length);
    expect(trail.map((t) => t.data.summary)).toEqual(
      expect.arrayContaining(["plan pro → team, active, +8000 credits"]),
    );
  });

  it("the same event delivered five times at once (several workers) grants once", async () => {
    const uid = await user();
    const customer = uniq("cus");
    await db.collection(B.billingCustomers).doc(customer).set({ owner_id: uid, created_at: t0.toISOString() });
    const sub = uniq("sub");
    const event = eventOf(
      "invoice.paid",
      invoiceObject({
        customer,
        subscription: sub,
        billingReason: "subscription_create",
        lines: [{ price: PRICES.team, start: t0, end: at(31) }],
      }),
    );
    const results = await Promise.all(Array.from({ length: 5 }, () => send(event)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => !r.body.data.duplicate)).toHaveLength(1);
    // A different event for the same paid period (invoice.paid sent again under a new id) grants nothing either.
    const twin = { ...event, id: uniq("evt") };
    expect((await send(twin)).body.data).toMatchObject({ duplicate: false, outcome: "applied" });
    expect(await balance(uid)).toMatchObject({ plan: "team", credits: 10100 });
    expect((await ledger(uid)).filter((e) => e.reason === "grant" && e.delta === 10000)).toHaveLength(1);
  });

  it("an older event arriving after a newer one changes nothing (Stripe does not order deliveries)", async () => {
    const uid = await user();
    const customer = uniq("cus");
    await db.collection(B.billingCustomers).doc(customer).set({ owner_id: uid, created_at: t0.toISOString() });
    const sub = uniq("sub");
    const spec = { id: sub, customer, price: PRICES.pro, start: t0, end: at(31) };
    await send(eventOf("customer.subscription.created", subscriptionObject(spec), { created: at(0) }));
    await send(
      eventOf("customer.subscription.deleted", subscriptionObject({ ...spec, status: "canceled" }), { created: at(5) }),
    );
    const late = await send(eventOf("customer.subscription.updated", subscriptionObject(spec), { created: at(1) }));
    expect(late.body.data.outcome).toBe("ignored_stale");
    expect((await balance(uid)).plan).toBe("free");
  });

  it("a downgrade made in the portal while jobs run is applied: running jobs and their credits are untouched", async () => {
    const uid = await user();
    const customer = uniq("cus");
    await db.collection(B.billingCustomers).doc(customer).set({ owner_id: uid, created_at: t0.toISOString() });
    const sub = uniq("sub");
    const spec = { id: sub, customer, price: PRICES.team, start: t0, end: at(31) };
    await send(eventOf("customer.subscription.created", subscriptionObject(spec), { created: at(0) }));
    await send(
      eventOf(
        "invoice.paid",
        invoiceObject({
          customer,
          subscription: sub,
          billingReason: "subscription_create",
          lines: [{ price: PRICES.team, start: t0, end: at(31) }],
        }),
        { created: at(0) },
      ),
    );
    const { enqueueJob } = await import("@/lib/platform/jobs/queue");
    const jobIds = await Promise.all(
      Array.from({ length: 5 }, () => enqueueJob(db, { type: "image.generate", owner_id: uid, content_id: null })),
    );
    const before = await balance(uid);

    const res = await send(
      eventOf("customer.subscription.updated", subscriptionObject({ ...spec, price: PRICES.pro }), { created: at(3) }),
    );
    expect(res.body.data.outcome).toBe("applied");
    expect(await balance(uid)).toEqual({ ...before, plan: "pro" });
    const jobs = await Promise.all(jobIds.map((id) => db.collection(C.jobs).doc(id).get()));
    expect(jobs.map((j) => j!.data.state)).toEqual(Array(5).fill("queued"));
    // New work now meets Pro's cap of 6 at once.
    const { assertWithinPlan } = await import("@/lib/money/billing/enforce");
    await expect(db.runTransaction((tx) => assertWithinPlan(tx, { db, uid, kind: "image" }))).resolves.toMatchObject({
      plan: "pro",
    });
    await enqueueJob(db, { type: "image.generate", owner_id: uid, content_id: null });
    await expect(db.runTransaction((tx) => assertWithinPlan(tx, { db, uid, kind: "image" }))).rejects.toMatchObject({
      status: 429,
    });
  });
});

describe("customers and prices we do not know", () => {
  it("an event for an unknown customer is acknowledged (so Stripe stops retrying), recorded, and changes nothing", async () => {
    const warned = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    const event = eventOf(
      "invoice.paid",
      invoiceObject({
        customer: "cus_stranger",
        subscription: "sub_stranger",
        billingReason: "subscription_cycle",
        lines: [{ price: PRICES.team, start: t0, end: at(31) }],
      }),
    );
    const ledgerBefore = await db.collection(C.creditLedger).count();
    const res = await send(event);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ received: true, duplicate: false, outcome: "ignored_unknown_customer" });
    expect(await db.collection(C.creditLedger).count()).toBe(ledgerBefore);
    const { billingId } = await import("@/lib/money/billing/ledger");
    expect(
      (await db
        .collection(B.billingEvents)
        .doc(billingId("evt", event.id as string))
        .get())!.data,
    ).toMatchObject({ outcome: "ignored_unknown_customer", owner_id: null });
    // metadata naming an account that does not exist is no better.
    const ghost = eventOf(
      "customer.subscription.created",
      subscriptionObject({
        id: "sub_ghost",
        customer: "cus_ghost",
        price: PRICES.pro,
        start: t0,
        end: at(31),
        metadata: { uid: "no-such-user" },
      }),
    );
    expect((await send(ghost)).body.data.outcome).toBe("ignored_unknown_customer");
    expect(warned).toHaveBeenCalled();
    warned.mockRestore();
  });

  it("a live subscription on a price that is no plan here is recorded and ignored", async () => {
    const uid = await user();
    const customer = uniq("cus");
    await db.collection(B.billingCustomers).doc(customer).set({ owner_id: uid, created_at: t0.toISOString() });
    const other = { id: "price_enterprise", product: "prod_ent", unitAmount: 99900, recurring: true };
    const res = await send(
      eventOf(
        "customer.subscription.created",
        subscriptionObject({ id: uniq("sub"), customer, price: other, start: t0, end: at(31) }),
      ),
    );
    expect(res.body.data.outcome).toBe("ignored_unknown_price");
    expect((await balance(uid)).plan).toBe("free");
  });
});

describe("credit packs", () => {
  it("a paid Checkout session grants the pack once; an async payment grants when it succeeds, not before", async () => {
    const uid = await user(10);
    const customer = uniq("cus");
    const base = {
      object: "checkout.session",
      mode: "payment",
      customer,
      client_reference_id: uid,
      metadata: { uid, item: "credits_500" },
      success_url: "x",
    };

    const paid = eventOf("checkout.session.completed", completedSession({ ...base, id: uniq("cs_test") }));
    expect((await send(paid)).body.data.outcome).toBe("applied");
    expect((await balance(uid)).credits).toBe(510);
    expect((await send(paid)).body.data.duplicate).toBe(true);

    const sessionId = uniq("cs_test");
    const pending = eventOf(
      "checkout.session.completed",
      completedSession({ ...base, id: sessionId }, { paid: false }),
    );
    expect((await send(pending)).body.data.outcome).toBe("ignored_unpaid");
    expect((await balance(uid)).credits).toBe(510);
    const succeeded = eventOf("checkout.session.async_payment_succeeded", completedSession({ ...base, id: sessionId }));
    expect((await send(succeeded)).body.data.outcome).toBe("applied");
    // The same session reported paid again under another event id is still one purchase.
    await send(eventOf("checkout.session.completed", completedSession({ ...base, id: sessionId })));
    expect((await balance(uid)).credits).toBe(1010);

    const purchases = (await ledger(uid)).filter((e) => e.reason === "purchase");
    expect(purchases.map((e) => [e.delta, e.note])).toEqual(
      expect.arrayContaining([[500, expect.stringMatching(/^Bought 500 credits \(Stripe Checkout cs_test_/)]]),
    );
    expect(purchases).toHaveLength(2);
    // The customer was linked to the user by the session's client_reference_id.
    expect((await db.collection(B.billingCustomers).doc(customer).get())!.data.owner_id).toBe(uid);
    expect((await credits.rebuildBalance({ db, uid })).matches).toBe(true);
  });

  it("a pack that does not exist is recorded and grants nothing", async () => {
    const uid = await user();
    const res = await send(
      eventOf(
        "checkout.session.completed",
        completedSession({
          id: uniq("cs_test"),
          object: "checkout.session",
          mode: "payment",
          customer: uniq("cus"),
          client_reference_id: uid,
          metadata: { uid, item: "credits_9999" },
          success_url: "x",
        }),
      ),
    );
    expect(res.body.data.outcome).toBe("ignored_unknown_price");
    expect((await balance(uid)).credits).toBe(100);
  });
});

describe("refunds and disputes of a credit pack", () => {
  /** A user with `credits` who buys the 500-credit pack ($10.00) through Checkout. */
  async function boughtPack(credits: number) {
    const uid = await user(credits);
    const customer = uniq("cus");
    const paymentIntent = fakeId("pi");
    const session = completedSession(
      {
        id: uniq("cs_test"),
        object: "checkout.session",
        mode: "payment",
        amount_total: 1000,
        currency: "usd",
        customer,
        client_reference_id: uid,
        metadata: { uid, item: "credits_500" },
        success_url: "x",
      },
      { paymentIntent },
    );
    expect((await send(eventOf("checkout.session.completed", session))).body.data.outcome).toBe("applied");
    const charge = fakeId("ch");
    return { uid, customer, paymentIntent, charge };
  }
  const refunded = (
    p: { customer: string; paymentIntent: string; charge: string },
    amountRefunded: number,
    refunds?: { id: string; amount: number }[],
  ) =>
    eventOf(
      "charge.refunded",
      chargeObject({
        id: p.charge,
        paymentIntent: p.paymentIntent,
        customer: p.customer,
        amount: 1000,
        amountRefunded,
        refunds,
      }),
    );
  const disputed = (
    type: string,
    p: { paymentIntent: string; charge: string },
    d: { id: string; amount?: number; status?: string; reason?: string },
  ) =>
    eventOf(
      type,
      disputeObject({
        id: d.id,
        charge: p.charge,
        paymentIntent: p.paymentIntent,
        amount: d.amount ?? 1000,
        status: d.status,
        reason: d.reason,
      }),
    );
  const takeBacks = async (uid: string) => (await ledger(uid)).filter((e) => e.reason === "adjustment");

  it("a refund takes the pack's credits back once, naming the charge and refund; the balance may go below zero", async () => {
    const pack = await boughtPack(10);
    await credits.debit({ db, uid: pack.uid, amount: 400, reason: "video.render: 40 s" });
    expect((await balance(pack.uid)).credits).toBe(110);

    const event = refunded(pack, 1000, [{ id: "re_full123", amount: 1000 }]);
    const res = await send(event);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ outcome: "applied", duplicate: false });
    expect((await balance(pack.uid)).credits).toBe(-390);
    const [entry, ...more] = await takeBacks(pack.uid);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ delta: -500, balance_after: -390, note: expect.stringContaining(pack.charge) });
    expect(entry!.note).toContain("re_full123");

    // Stripe retrying the delivery, or the same refund reported again under a new event id: nothing more.
    expect((await send(event)).body.data.duplicate).toBe(true);
    expect((await send({ ...refunded(pack, 1000), id: fakeId("evt") })).body.data.outcome).toBe("applied");
    expect((await balance(pack.uid)).credits).toBe(-390);
    expect(await takeBacks(pack.uid)).toHaveLength(1);
    expect(await credits.rebuildBalance({ db, uid: pack.uid })).toMatchObject({ balance: -390, matches: true });
  });

  it("a partial refund takes back its share and a later one the rest, in whichever order Stripe delivers them", async () => {
    const pack = await boughtPack(0);
    await send(refunded(pack, 400));
    expect((await balance(pack.uid)).credits).toBe(300);
    await send(refunded(pack, 1000));
    expect((await balance(pack.uid)).credits).toBe(0);

    const late = await boughtPack(0);
    await send(refunded(late, 1000));
    // The earlier, partial state arriving last takes nothing more.
    await send(refunded(late, 400));
    expect((await balance(late.uid)).credits).toBe(0);
    expect((await takeBacks(late.uid)).map((e) => e.delta)).toEqual([-500]);
  });

  it("a dispute takes the credits back once per dispute id; a dispute we win gives them back, one we lose does not", async () => {
    const pack = await boughtPack(20);
    const created = disputed("charge.dispute.created", pack, { id: "dp_won12345", reason: "fraudulent" });
    expect((await send(created)).body.data.outcome).toBe("applied");
    expect((await balance(pack.uid)).credits).toBe(20);
    const [entry] = await takeBacks(pack.uid);
    expect(entry).toMatchObject({ delta: -500, note: expect.stringContaining("dp_won12345") });
    const { billingLedgerIds } = await import("@/lib/money/billing/ledger");
    expect(
      await db.collection(C.creditLedger).doc(billingLedgerIds.disputeTakeBack("dp_won12345")).get(),
    ).not.toBeNull();
    // The same dispute again under another event id takes nothing more.
    await send({ ...created, id: fakeId("evt") });
    expect((await balance(pack.uid)).credits).toBe(20);

    const won = disputed("charge.dispute.closed", pack, { id: "dp_won12345", status: "won" });
    expect((await send(won)).body.data.outcome).toBe("applied");
    expect((await balance(pack.uid)).credits).toBe(520);
    await send({ ...won, id: fakeId("evt") });
    expect((await balance(pack.uid)).credits).toBe(520);

    const lost = await boughtPack(0);
    await send(disputed("charge.dispute.created", lost, { id: "dp_lost1234" }));
    await send(disputed("charge.dispute.closed", lost, { id: "dp_lost1234", status: "lost" }));
    expect((await balance(lost.uid)).credits).toBe(0);
    expect(await credits.rebuildBalance({ db, uid: lost.uid })).toMatchObject({ matches: true });
  });

  it("refunds and disputes of one payment never take back more than the pack gave", async () => {
    const pack = await boughtPack(0);
    await send(refunded(pack, 600));
    expect((await balance(pack.uid)).credits).toBe(200);
    // The cardholder disputes the whole charge anyway: only what is left of the pack goes.
    await send(disputed("charge.dispute.created", pack, { id: "dp_after_refund", amount: 1000 }));
    expect((await balance(pack.uid)).credits).toBe(0);
    expect((await takeBacks(pack.uid)).reduce((s, e) => s + e.delta, 0)).toBe(-500);
  });

  it("a refund or dispute of a payment that bought no pack here is recorded and changes nothing", async () => {
    const uid = await user(100);
    const stranger = { customer: uniq("cus"), paymentIntent: fakeId("pi"), charge: fakeId("ch") };
    const before = await db.collection(C.creditLedger).count();
    expect((await send(refunded(stranger, 1000))).body.data).toMatchObject({
      outcome: "ignored_unknown_payment",
      duplicate: false,
    });
    expect((await send(disputed("charge.dispute.created", stranger, { id: "dp_stranger1" }))).body.data.outcome).toBe(
      "ignored_unknown_payment",
    );
    expect(await db.collection(C.creditLedger).count()).toBe(before);
    expect((await balance(uid)).credits).toBe(100);
  });
});

describe("below zero, spending stops until the balance is positive again", () => {
  it("every debit is refused with the reason while the balance is at or below zero; a grant that makes it positive lets spending resume", async () => {
    const uid = await user(0);
    const customer = uniq("cus");
    const paymentIntent = fakeId("pi");
    await send(
      eventOf(
        "checkout.session.completed",
        completedSession(
          {
            id: uniq("cs_test"),
            object: "checkout.session",
            mode: "payment",
            amount_total: 1000,
            currency: "usd",
            customer,
            client_reference_id: uid,
            metadata: { uid, item: "credits_500" },
            success_url: "x",
          },
          { paymentIntent },
        ),
      ),
    );
    await credits.debit({ db, uid, amount: 500, reason: "spent it all" });
    await send(
      eventOf("charge.refunded", chargeObject({ paymentIntent, customer, amount: 1000, amountRefunded: 1000 })),
    );
    expect((await balance(uid)).credits).toBe(-500);

    const refused = credits.debit({ db, uid, amount: 1, reason: "image.generate: 1 × Local preview" });
    await expect(refused).rejects.toMatchObject({
      status: 402,
      message: expect.stringMatching(/below zero.*refunded or disputed/i),
    });
    const entries = (await ledger(uid)).length;

    const { getBillingSummary } = await import("@/lib/money/billing/summary");
    const { billingConfig } = await import("@/lib/money/billing/config");
    const summary = await getBillingSummary({ db, config: billingConfig(), uid });
    expect(summary).toMatchObject({
      balance: -500,
      balance_note: expect.stringMatching(/refunded or disputed.*paused/i),
    });

    const { prepareCredit } = await import("@/lib/money/billing/ledger");
    const grantBy = (amount: number, id: string) =>
      db.runTransaction(async (tx) =>
        (
          await prepareCredit(tx, { db, uid, amount, reason: "grant", entryId: id, note: "test", now: new Date() })
        ).stage(),
      );
    await grantBy(500, "grant-back-to-zero");
    // Zero is not positive: still refused.
    await expect(credits.debit({ db, uid, amount: 1, reason: "x" })).rejects.toMatchObject({ status: 402 });
    await grantBy(3, "grant-positive");
    await expect(credits.debit({ db, uid, amount: 4, reason: "more than the balance" })).rejects.toMatchObject({
      status: 402,
    });
    await expect(credits.debit({ db, uid, amount: 3, reason: "within the balance" })).resolves.toEqual({ balance: 0 });
    expect((await ledger(uid)).length).toBe(entries + 3);
    expect((await getBillingSummary({ db, config: billingConfig(), uid })).balance_note).toBeNull();
  });

  it("the free monthly top-up adds its allowance at most: it does not wipe out the credits a refund took back", async () => {
    const uid = await user(0);
    const customer = uniq("cus");
    const paymentIntent = fakeId("pi");
    await send(
      eventOf(
        "checkout.session.completed",
        completedSession(
          {
            id: uniq("cs_test"),
            object: "checkout.session",
            mode: "payment",
            amount_total: 1000,
            currency: "usd",
            customer,
            client_reference_id: uid,
            metadata: { uid, item: "credits_500" },
            success_url: "x",
          },
          { paymentIntent },
        ),
      ),
    );
    await credits.debit({ db, uid, amount: 500, reason: "spent it all" });
    await send(
      eventOf("charge.refunded", chargeObject({ paymentIntent, customer, amount: 1000, amountRefunded: 1000 })),
    );
    const { ensureMonthlyGrant } = await import("@/lib/money/billing/grants");
    const nextMonths = new Date(Date.now() + 62 * day);
    expect(await ensureMonthlyGrant({ db, uid, now: nextMonths })).toEqual({ granted: 100 });
    expect((await balance(uid)).credits).toBe(-400);
    expect(await credits.rebuildBalance({ db, uid })).toMatchObject({ balance: -400, matches: true });
  });
});
