/**
 * The billing routes called directly with real emulator tokens: the summary,
 * Checkout and the Customer Portal against Stripe's HTTP API (msw, Stripe's
 * wire format), the not-configured default, usage history and its CSV, and
 * staff grants. Webhooks: billing-webhook.test.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { json, noParams, req } from "./image-library.support";
import {
  addProfile,
  configureStripe,
  newPlainUser,
  newStaffUser,
  PRICES,
  stripeServer,
  unconfigureStripe,
  WEBHOOK_SECRET,
} from "./billing.support";
import { completedSession, eventOf, signEvent, subscriptionObject } from "../support/stripe-fake";

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-billing-api-"));
process.env.DATA_DIR = dataDir;

const stripe = stripeServer();
type Handler = (request: ReturnType<typeof req>, context: typeof noParams) => Promise<Response> | Response;
type Route = { GET?: Handler; POST?: Handler };
let summaryRoute: Route,
  checkoutRoute: Route,
  portalRoute: Route,
  historyRoute: Route,
  exportRoute: Route,
  grantsRoute: Route,
  webhookRoute: Route;
let db: import("@/lib/platform/db/db").Db;
let C: typeof import("@/lib/platform/db/collections");
let B: typeof import("@/lib/money/billing/collections");

beforeAll(async () => {
  stripe.listen();
  summaryRoute = await import("@/app/api/v1/billing/route");
  checkoutRoute = await import("@/app/api/v1/billing/checkout/route");
  portalRoute = await import("@/app/api/v1/billing/portal/route");
  historyRoute = await import("@/app/api/v1/billing/history/route");
  exportRoute = await import("@/app/api/v1/billing/history/export/route");
  grantsRoute = await import("@/app/api/v1/billing/grants/route");
  webhookRoute = await import("@/app/api/v1/billing/webhook/route");
  db = (await import("@/lib/platform/db")).getDb();
  C = await import("@/lib/platform/db/collections");
  B = await import("@/lib/money/billing/collections");
});
beforeEach(() => {
  stripe.reset();
  unconfigureStripe();
});
afterAll(async () => {
  stripe.server.close();
  unconfigureStripe();
  await (await import("@/lib/platform/db")).closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

async function signedUp(label: string, over: Parameters<typeof addProfile>[2] = {}) {
  const u = await newPlainUser(label);
  await addProfile(db, u, over);
  return u;
}
const call = (route: Route, method: "GET" | "POST", url: string, init: { token?: string; json?: unknown } = {}) =>
  Promise.resolve(route[method]!(req(url, { method, ...init }), noParams)).then(json);
const checkout = (token: string, body: unknown) =>
  call(checkoutRoute, "POST", "/api/v1/billing/checkout", { token, json: body });
const portal = (token: string, body: unknown) =>
  call(portalRoute, "POST", "/api/v1/billing/portal", { token, json: body });
const stripeCalls = () => stripe.fake.log.map((r) => `${r.method} ${r.path}`);

async function liveSubscription(uid: string, plan: "pro" | "team") {
  const at = new Date().toISOString();
  const end = new Date(Date.now() + 20 * 86400_000).toISOString();
  await db.collection(C.users).doc(uid).update({ plan });
  const customer = `cus_seed${uid.slice(0, 12)}`;
  await db.collection(B.billingCustomers).doc(customer).set({ owner_id: uid, created_at: at });
  // The fake Stripe must know the customer for portal sessions.
  stripe.fake.customers.set(customer, { id: customer, object: "customer" });
  await db
    .collection(B.billingAccounts)
    .doc(uid)
    .set({
      owner_id: uid,
      stripe_customer_id: customer,
      subscription_id: "sub_seed123",
      subscription_item_id: "si_seed123",
      subscription_status: "active",
      price_id: plan === "pro" ? PRICES.pro.id : PRICES.team.id,
      plan,
      current_period_start: at,
      current_period_end: end,
      cancel_at_period_end: false,
      state_event_at: at,
      created_at: at,
      updated_at: at,
    });
}

describe("without Stripe configured (the embedded default)", () => {
  it("the summary shows the plan, balance and the free refresh date, and says buying is not set up here", async () => {
    const u = await signedUp("plain");
    const { status, body } = await call(summaryRoute, "GET", "/api/v1/billing", { token: u.token });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      plan: "free",
      balance: 100,
      purchasable: {
        available: false,
        reason: expect.stringMatching(/not set up on this server/),
        items: { pro: false, team: false, credits_500: false },
      },
      subscription: null,
      period: { kind: "free", monthly_credits: 100, granted: 100, next: { kind: "refreshes" } },
      has_billing_account: false,
      just_granted: 0,
      balance_note: null,
    });
    // The refresh is the first of next month (UTC).
    const next = new Date(body.data.period.next.at);
    expect([next.getUTCDate(), next.getUTCHours()]).toEqual([1, 0]);
  });

  it("checkout and portal are a 503 that says billing is not set up, and nobody calls Stripe", async () => {
    const u = await signedUp("plain");
    const co = await checkout(u.token, { item: "pro", request_id: "req-000001" });
    expect(co.status).toBe(503);
    expect(co.body.error).toEqual({
      code: "service_unavailable",
      message: expect.stringMatching(/not set up on this server/),
    });
    expect((await portal(u.token, { action: "manage" })).status).toBe(503);
    expect(stripeCalls()).toEqual([]);
  });

  it("a free user from an earlier month is topped up to 100 when the summary is read, once", async () => {
    const u = await signedUp("returning", { credits: 30, created_at: "2025-01-15T00:00:00.000Z" });
    const first = await call(summaryRoute, "GET", "/api/v1/billing", { token: u.token });
    expect(first.body.data).toMatchObject({ balance: 100, just_granted: 70, period: { granted: 70 } });
    const again = await call(summaryRoute, "GET", "/api/v1/billing", { token: u.token });
    expect(again.body.data).toMatchObject({ balance: 100, just_granted: 0 });
  });

  it("signed out is a 401 on every billing call", async () => {
    for (const [route, method, url] of [
      [summaryRoute, "GET", "/api/v1/billing"],
      [checkoutRoute, "POST", "/api/v1/billing/checkout"],
      [portalRoute, "POST", "/api/v1/billing/portal"],
      [historyRoute, "GET", "/api/v1/billing/history"],
      [grantsRoute, "POST", "/api/v1/billing/grants"],
    ] as const) {
      expect((await call(route, method, url)).status).toBe(401);
    }
  });
});

describe("Checkout against Stripe's API", () => {
  beforeEach(() => configureStripe());

  it("creates one customer per user and a subscription session, in Stripe's wire format, and answers its URL", async () => {
    const u = await signedUp("buyer");
    const { status, body } = await checkout(u.token, { item: "pro", request_id: "click-0001" });
    expect(status).toBe(200);
    expect(body.data).toEqual({
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/),
      session_id: expect.any(String),
      reused: false,
    });
    expect(stripeCalls()).toEqual(["POST /v1/customers", "POST /v1/checkout/sessions"]);
    const [customerCall, sessionCall] = stripe.fake.log;
    expect(customerCall).toMatchObject({
      authorization: "Bearer sk_test_billingtests123",
      idempotencyKey: `pf-customer-${u.uid}`,
      params: { email: u.email, metadata: { uid: u.uid } },
    });
    const customerId = [...stripe.fake.customers.keys()][0]!;
    expect(sessionCall!.stripeVersion).toBe("2026-10-28.endive");
    expect(sessionCall!.params).toEqual({
      mode: "subscription",
      customer: customerId,
      client_reference_id: u.uid,
      line_items: [{ price: PRICES.pro.id, quantity: "1" }],
      success_url: "http://localhost:3000/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:3000/subscription?checkout=cancelled",
      metadata: { uid: u.uid, item: "pro" },
      subscription_data: { metadata: { uid: u.uid, item: "pro" } },
    });
    // The customer id is on the user's billing account, and the reverse link serves the webhooks.
    expect((await db.collection(B.billingAccounts).doc(u.uid).get())!.data).toMatchObject({
      stripe_customer_id: customerId,
      plan: "free",
    });
    expect((await db.collection(B.billingCustomers).doc(customerId).get())!.data.owner_id).toBe(u.uid);

    // A second purchase (the credit pack) reuses the customer.
    const pack = await checkout(u.token, { item: "credits_500", request_id: "click-0002" });
    expect(pack.status).toBe(200);
    expect(stripeCalls()).toEqual(["POST /v1/customers", "POST /v1/checkout/sessions", "POST /v1/checkout/sessions"]);
    expect(stripe.fake.log[2]!.params).toMatchObject({
      mode: "payment",
      customer: customerId,
      line_items: [{ price: PRICES.pack.id, quantity: "1" }],
      payment_intent_data: { metadata: { uid: u.uid, item: "credits_500" } },
    });
  });

  it("back from Checkout, the summary says whether that session went through: after Stripe's events, not before", async () => {
    const u = await signedUp("returning-buyer");
    const deliver = async (event: Record<string, unknown>) => {
      const { payload, signature } = signEvent(event, WEBHOOK_SECRET);
      const headers = { "content-type": "application/json", "stripe-signature": signature };
      const res = await webhookRoute.POST!(
        req("/api/v1/billing/webhook", { method: "POST", body: payload, headers }),
        noParams,
      );
      expect(res.status).toBe(200);
    };
    const status = async (sessionId: string) =>
      (await call(summaryRoute, "GET", `/api/v1/billing?checkout_session=${sessionId}`, { token: u.token })).body
        .data as { plan: string; balance: number; checkout: unknown };

    const pack = (await checkout(u.token, { item: "credits_500", request_id: "ret-pack-1" })).body.data
      .session_id as string;
    expect(await status(pack)).toMatchObject({ balance: 100, checkout: { session_id: pack, completed: false } });
    await deliver(eventOf("checkout.session.completed", completedSession(stripe.fake.sessions.get(pack)!)));
    expect(await status(pack)).toMatchObject({ balance: 600, checkout: { session_id: pack, completed: true } });

    // A subscription is through once the plan is in place, whichever event comes first.
    const pro = (await checkout(u.token, { item: "pro", request_id: "ret-pro-1" })).body.data.session_id as string;
    const session = stripe.fake.sessions.get(pro)!;
    await deliver(eventOf("checkout.session.completed", completedSession(session, { subscription: "sub_ret123" })));
    expect(await status(pro)).toMatchObject({ plan: "free", checkout: { completed: false } });
    const start = new Date();
    const sub = subscriptionObject({
      id: "sub_ret123",
      customer: String(session.customer),
      price: PRICES.pro,
      start,
      end: new Date(start.getTime() + 30 * 86400_000),
      metadata: { uid: u.uid },
    });
    await deliver(eventOf("customer.subscription.created", sub));
    expect(await status(pro)).toMatchObject({ plan: "pro", checkout: { completed: true } });
    // Someone else's session id tells nothing.
    const other = await signedUp("nosy");
    const nosy = await call(summaryRoute, "GET", `/api/v1/billing?checkout_session=${pack}`, { token: other.token });
    expect(nosy.body.data.checkout).toEqual({ session_id: pack, completed: false });
    expect(
      (await call(summaryRoute, "GET", "/api/v1/billing?checkout_session=../../etc", { token: u.token })).status,
    ).toBe(422);
  });

  it("a double click on Buy (two requests at once, one request id) makes one customer and one session", async () => {
    const u = await signedUp("double");
    const [a, b] = await Promise.all([
      checkout(u.token, { item: "credits_500", request_id: "dbl-click-1" }),
      checkout(u.token, { item: "credits_500", request_id: "dbl-click-1" }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.url).toBe(b.body.data.url);
    expect(stripe.fake.customers.size).toBe(1);
    expect(stripe.fake.sessions.size).toBe(1);
    // A third click is answered from our own record, without asking Stripe again.
    const calls = stripe.fake.log.length;
    const c = await checkout(u.token, { item: "credits_500", request_id: "dbl-click-1" });
    expect(c.body.data).toMatchObject({ url: a.body.data.url, reused: true });
    expect(stripe.fake.log.length).toBe(calls);
  });

  it("a plan that does not exist, the free plan, or a malformed body: a clear 422 and no call to Stripe", async () => {
    const u = await signedUp("typo");
    const gold = await checkout(u.token, { item: "gold", request_id: "req-gold-1" });
    expect(gold.status).toBe(422);
    expect(gold.body.error.message).toBe(
      'There is no plan or credit pack called "gold". Choose Pro, Team or the 500-credit pack.',
    );
    const free = await checkout(u.token, { item: "free", request_id: "req-free-1" });
    expect([free.status, free.body.error.message]).toEqual([422, expect.stringMatching(/Free plan needs no checkout/)]);
    expect((await checkout(u.token, { item: "pro" })).status).toBe(422);
    expect((await checkout(u.token, { item: "pro", request_id: "x" })).status).toBe(422);
    expect((await checkout(u.token, { item: "pro", request_id: "req-extra-1", price: "price_cheap" })).status).toBe(
      422,
    );
    expect(stripeCalls()).toEqual([]);
  });

  it("a plan without a configured price is not for sale (503), the rest still is", async () => {
    configureStripe({ STRIPE_PRICE_TEAM: undefined });
    const u = await signedUp("noteam");
    const team = await checkout(u.token, { item: "team", request_id: "req-team-1" });
    expect([team.status, team.body.error.message]).toEqual([
      503,
      "The Team plan is not for sale on this server yet (its Stripe price is not configured).",
    ]);
    const summary = await call(summaryRoute, "GET", "/api/v1/billing", { token: u.token });
    expect(summary.body.data.purchasable).toEqual({
      available: true,
      reason: null,
      items: { pro: true, team: false, credits_500: true },
    });
  });

  it("Stripe refusing the request (a price it does not know) is a 503 that leaks nothing, and nothing is recorded", async () => {
    configureStripe({ STRIPE_PRICE_PRO: "price_deleted_at_stripe" });
    const logged = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const u = await signedUp("refused");
    const res = await checkout(u.token, { item: "pro", request_id: "req-refused" });
    expect(res.status).toBe(503);
    expect(res.body.error.message).toMatch(/misconfigured/);
    expect(res.body.error.message).not.toMatch(/price_deleted_at_stripe/);
    expect(await db.collection(B.billingCheckouts).where("owner_id", "==", u.uid).count()).toBe(0);
    // The cause is kept for the operators.
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/No such price: 'price_deleted_at_stripe'/));
    logged.mockRestore();
  });

  it("already subscribed: a second subscription is refused with what to do instead (409)", async () => {
    const u = await signedUp("subscribed");
    await liveSubscription(u.uid, "pro");
    const same = await checkout(u.token, { item: "pro", request_id: "req-again-1" });
    expect([same.status, same.body.error.message]).toEqual([409, "You are already on the Pro plan."]);
    const other = await checkout(u.token, { item: "team", request_id: "req-again-2" });
    expect([other.status, other.body.error.message]).toEqual([409, expect.stringMatching(/Switch to Team/)]);
    // Credit packs are still for sale.
    expect((await checkout(u.token, { item: "credits_500", request_id: "req-again-3" })).status).toBe(200);
  });
});

describe("the Customer Portal", () => {
  beforeEach(() => configureStripe());

  it("needs a billing account first (409), then opens for the user's own customer", async () => {
    const u = await signedUp("portal");
    const none = await portal(u.token, { action: "manage" });
    expect([none.status, none.body.error.message]).toEqual([409, expect.stringMatching(/no billing account yet/)]);
    await checkout(u.token, { item: "credits_500", request_id: "req-portal-1" });
    const res = await portal(u.token, {});
    expect(res.status).toBe(200);
    expect(res.body.data.url).toMatch(/^https:\/\/checkout\.stripe\.com\/p\/session\/bps_/);
    const call = stripe.fake.log.at(-1)!;
    expect(call).toMatchObject({
      path: "/v1/billing_portal/sessions",
      params: {
        customer: [...stripe.fake.customers.keys()][0],
        return_url: "http://localhost:3000/subscription?portal=return",
      },
    });
    // Without a subscription there is nothing to switch or cancel.
    expect((await portal(u.token, { action: "switch", plan: "team" })).status).toBe(409);
    expect((await portal(u.token, { action: "cancel" })).status).toBe(409);
  });

  it("switching plans deep-links to the confirmation with the new price; cancelling to the cancel flow", async () => {
    const u = await signedUp("switcher");
    await liveSubscription(u.uid, "pro");
    expect((await portal(u.token, { action: "switch", plan: "team" })).status).toBe(200);
    expect(stripe.fake.log.at(-1)!.params.flow_data).toEqual({
      type: "subscription_update_confirm",
      subscription_update_confirm: {
        subscription: "sub_seed123",
        items: [{ id: "si_seed123", price: PRICES.team.id, quantity: "1" }],
      },
      after_completion: {
        type: "redirect",
        redirect: { return_url: "http://localhost:3000/subscription?portal=return" },
      },
    });
    expect((await portal(u.token, { action: "cancel" })).status).toBe(200);
    expect(stripe.fake.log.at(-1)!.params.flow_data).toMatchObject({
      type: "subscription_cancel",
      subscription_cancel: { subscription: "sub_seed123" },
    });
    const same = await portal(u.token, { action: "switch", plan: "pro" });
    expect([same.status, same.body.error.message]).toEqual([409, "You are already on the Pro plan."]);
    expect((await portal(u.token, { action: "switch", plan: "gold" })).status).toBe(422);
    expect((await portal(u.token, { action: "switch", plan: "free" })).body.error.message).toMatch(
      /cancel your subscription/,
    );
  });

  it("a downgrade while jobs are running is refused with how many and why; nothing reaches Stripe", async () => {
    const u = await signedUp("busy");
    await liveSubscription(u.uid, "team");
    const { enqueueJob } = await import("@/lib/platform/jobs/queue");
    const jobId = await enqueueJob(db, { type: "image.generate", owner_id: u.uid, content_id: null });
    const calls = stripe.fake.log.length;
    const res = await portal(u.token, { action: "switch", plan: "pro" });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      "You have 1 job in progress. Wait for it to finish before downgrading to Pro: work keeps the limits of the plan it started on. Nothing was changed.",
    );
    expect(stripe.fake.log.length).toBe(calls);
    // Cancelling (at the period's end) does not touch running work, so it is allowed.
    expect((await portal(u.token, { action: "cancel" })).status).toBe(200);
    await db.collection(C.jobs).doc(jobId).update({ state: "succeeded" });
    expect((await portal(u.token, { action: "switch", plan: "pro" })).status).toBe(200);
  });
});

describe("usage history", () => {
  it("lists my ledger newest first with what each entry paid for, filters by kind and date, pages by cursor", async () => {
    const u = await signedUp("history");
    const other = await signedUp("other");
    const { debit, refund } = await import("@/lib/money/credits/credits");
    const at = (d: string) => new Date(`${d}T10:00:00Z`);
    await db
      .collection(C.content)
      .doc("img_hist_1")
      .create({
        owner_id: u.uid,
        kind: "image",
        title: "a red kite over dunes",
        status: "ready",
        visibility: "private",
        settings: {},
        blobs: { original: null, thumbnail: null, poster: null },
        error: null,
        created_at: at("2026-02-01").toISOString(),
        updated_at: at("2026-02-01").toISOString(),
      });
    await debit({
      db,
      uid: u.uid,
      amount: 4,
      reason: "image.generate: 4 × Local preview",
      ref: { jobId: "job_h1", contentId: "img_hist_1" },
      now: at("2026-02-01"),
    });
    await debit({
      db,
      uid: u.uid,
      amount: 2,
      reason: "image.generate: 2 × Local preview",
      ref: { jobId: "job_h2", contentId: "img_gone" },
      now: at("2026-02-03"),
    });
    await refund({
      db,
      uid: u.uid,
      jobId: "job_h2",
      reason: "generation failed",
      contentId: "img_gone",
      now: at("2026-02-04"),
    });
    await debit({ db, uid: other.uid, amount: 1, reason: "not mine", ref: { jobId: "job_o1" }, now: at("2026-02-02") });

    const all = await call(historyRoute, "GET", "/api/v1/billing/history", { token: u.token });
    expect(all.status).toBe(200);
    const rows = all.body.data.items.map((i: { reason: string; delta: number }) => [i.reason, i.delta]);
    // Newest first, the opening balance below the first movement it was recorded with (issue 21: "96, then +100, gives
    // 100"), so the balance column adds up row by row.
    expect(rows).toEqual([
      ["refund", 2],
      ["debit", -2],
      ["debit", -4],
      ["grant", 100],
    ]);
    const items = all.body.data.items as { delta: number; balance_after: number }[];
    for (let i = 0; i + 1 < items.length; i++) {
      expect(items[i]!.balance_after - items[i]!.delta).toBe(items[i + 1]!.balance_after);
    }
    expect(items.at(-1)!.balance_after).toBe(items.at(-1)!.delta);
    // Human words, not job-type codes.
    expect(JSON.stringify(all.body.data.items)).not.toMatch(/image\.generate|video\.render|design\.render/);
    expect(all.body.data.items.find((i: { job_id: string | null }) => i.job_id === "job_h1")).toMatchObject({
      balance_after: 96,
      note: "Image generation · 4 × Local preview",
      job_id: "job_h1",
      item: { id: "img_hist_1", kind: "image", title: "a red kite over dunes", href: "/image-gen/img_hist_1" },
    });
    // A deleted item keeps its entry, without a link.
    expect(all.body.data.items[1].item).toEqual({ id: "img_gone", kind: null, title: null, href: null });

    const refunds = await call(historyRoute, "GET", "/api/v1/billing/history?kind=refund", { token: u.token });
    expect(refunds.body.data.items.map((i: { reason: string }) => i.reason)).toEqual(["refund"]);
    const feb2to3 = await call(historyRoute, "GET", "/api/v1/billing/history?from=2026-02-02&to=2026-02-03", {
      token: u.token,
    });
    expect(feb2to3.body.data.items.map((i: { delta: number }) => i.delta)).toEqual([-2]);

    const page1 = await call(historyRoute, "GET", "/api/v1/billing/history?limit=3", { token: u.token });
    expect(page1.body.data.items).toHaveLength(3);
    const page2 = await call(
      historyRoute,
      "GET",
      `/api/v1/billing/history?limit=3&cursor=${page1.body.data.next_cursor}`,
      { token: u.token },
    );
    expect(page2.body.data).toMatchObject({ items: [{ id: all.body.data.items[3].id }], next_cursor: null });
    // Another user's entry as a cursor leaks nothing.
    const theirs = (await db.collection(C.creditLedger).where("owner_id", "==", other.uid).get())[0]!.id;
    expect(
      (await call(historyRoute, "GET", `/api/v1/billing/history?cursor=${theirs}`, { token: u.token })).body.data,
    ).toEqual({ items: [], next_cursor: null });
    expect((await call(historyRoute, "GET", "/api/v1/billing/history?kind=bonus", { token: u.token })).status).toBe(
      422,
    );
    expect((await call(historyRoute, "GET", "/api/v1/billing/history?from=yesterday", { token: u.token })).status).toBe(
      422,
    );

    const csv = await exportRoute.GET!(req("/api/v1/billing/history/export?kind=debit", { token: u.token }), noParams);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="promptframe-credits-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe("date,type,credits,balance_after,description,item_type,item_title,item_link,job_id,entry_id");
    expect(lines[2]).toBe(
      "2026-02-01T10:00:00.000Z,spent,-4,96,Image generation · 4 × Local preview,image,a red kite over dunes,http://localhost:3000/image-gen/img_hist_1,job_h1,debit-job_h1",
    );
  });
});

describe("usage history written in one instant", () => {
  it("an opening balance recorded with its first movement is listed below it, so the balance column adds up", async () => {
    // Ledgers written before openings were stamped 1 ms earlier hold both entries at the same instant.
    const u = await signedUp("history-tie");
    const { ledgerIds } = await import("@/lib/money/credits/ledger-ids");
    const at = "2026-03-01T10:00:00.000Z";
    const entry = (delta: number, balance_after: number, reason: "grant" | "debit", note: string) => ({
      owner_id: u.uid,
      delta,
      reason,
      balance_after,
      content_id: null,
      job_id: null,
      note,
      created_at: at,
    });
    // The debit written first and the opening second, as the store may hand them back in either order.
    await db
      .collection(C.creditLedger)
      .doc("debit-tie-1")
      .create(entry(-4, 96, "debit", "video.render: 30 s, Local preview"));
    await db
      .collection(C.creditLedger)
      .doc(ledgerIds.opening(u.uid))
      .create(entry(100, 100, "grant", "opening balance: credits held before the first recorded movement"));
    const res = await call(historyRoute, "GET", "/api/v1/billing/history", { token: u.token });
    const items = res.body.data.items as { delta: number; balance_after: number; note: string }[];
    expect(items.map((i) => [i.delta, i.balance_after])).toEqual([
      [-4, 96],
      [100, 100],
    ]);
    expect(items.map((i) => i.note)).toEqual([
      "Video render · 30 s, Local preview",
      "Opening balance: the credits you had before your first use",
    ]);
  });
});

describe("staff grants", () => {
  it("is for staff only (403), finds the user by email or uid, records who granted and why, once per request id", async () => {
    const staff = await newStaffUser("grantor");
    await addProfile(db, staff);
    const u = await signedUp("lucky", { credits: 3 });
    const grant = (token: string, body: unknown) =>
      call(grantsRoute, "POST", "/api/v1/billing/grants", { token, json: body });
    const body = {
      user: u.email.toUpperCase(),
      credits: 250,
      note: "goodwill after an outage",
      request_id: "grant-req-0001",
    };

    expect((await grant(u.token, body)).status).toBe(403);
    const ok = await grant(staff.token, body);
    expect(ok.status).toBe(201);
    expect(ok.body.data).toEqual({
      user_id: u.uid,
      email: u.email,
      credits_granted: 250,
      balance: 253,
      duplicate: false,
    });
    const again = await grant(staff.token, body);
    expect([again.status, again.body.data.duplicate, again.body.data.balance]).toEqual([200, true, 253]);

    const entries = (await db.collection(C.creditLedger).where("owner_id", "==", u.uid).get()).map((e) => e.data);
    const grants = entries.filter((e) => e.reason === "grant" && e.delta === 250);
    expect(grants).toHaveLength(1);
    expect(grants[0]!.note).toBe(`staff grant by ${staff.email} (uid ${staff.uid}): goodwill after an outage`);

    const byUid = await grant(staff.token, { ...body, user: u.uid, credits: 5, request_id: "grant-req-0002" });
    expect(byUid.body.data.balance).toBe(258);
    const { rebuildBalance } = await import("@/lib/money/credits/credits");
    expect((await rebuildBalance({ db, uid: u.uid })).matches).toBe(true);

    const nobody = await grant(staff.token, { ...body, user: "nobody@example.com", request_id: "grant-req-0003" });
    expect([nobody.status, nobody.body.error.message]).toEqual([
      404,
      expect.stringMatching(/No account uses the email nobody@example.com/),
    ]);
    for (const bad of [
      { credits: 0 },
      { credits: 1.5 },
      { credits: 100_001 },
      { note: "x" },
      { user: "" },
      { user: "not/a uid" },
    ]) {
      const res = await grant(staff.token, { ...body, request_id: "grant-req-bad1", ...bad });
      expect(res.status).toBe(422);
    }
    expect((await db.collection(C.users).doc(u.uid).get())!.data.credits).toBe(258);
  });

  it("each grant is on the update log as the staff member's change to the profile's credits", async () => {
    const staff = await newStaffUser("logged");
    await addProfile(db, staff);
    const u = await signedUp("logged-target", { credits: 7 });
    const res = await call(grantsRoute, "POST", "/api/v1/billing/grants", {
      token: staff.token,
      json: { user: u.uid, credits: 30, note: "make good a failed render", request_id: "grant-log-0001" },
    });
    expect(res.status).toBe(201);
    const { updateLog } = await import("@/lib/platform/update-log/collections");
    const entries = await db.collection(updateLog).where("entity_id", "==", `users/${u.uid}`).get();
    expect(entries.map((e) => e.data)).toEqual([
      expect.objectContaining({
        entity_type: "document",
        action: "grant",
        actor_id: staff.uid,
        actor_email: staff.email,
        changes: [{ path: "credits", before: "7", after: "37" }],
      }),
    ]);
  });

  it("caps what one staff member grants in 24 hours: over the cap is a 429 naming what is left, and nothing is written", async () => {
    const { STAFF_GRANT_DAILY_CAP } = await import("@/lib/money/billing/contract");
    const staff = await newStaffUser("capped");
    const other = await newStaffUser("colleague");
    await Promise.all([addProfile(db, staff), addProfile(db, other)]);
    const u = await signedUp("capped-target", { credits: 0 });
    const grant = (token: string, credits: number, id: string) =>
      call(grantsRoute, "POST", "/api/v1/billing/grants", {
        token,
        json: { user: u.uid, credits, note: "support case 42", request_id: id },
      });

    expect((await grant(staff.token, STAFF_GRANT_DAILY_CAP - 1000, "cap-req-0001")).status).toBe(201);
    const over = await grant(staff.token, 1001, "cap-req-0002");
    expect([over.status, over.body.error.code]).toEqual([429, "rate_limited"]);
    expect(over.body.error.message).toMatch(/1,000 credits? left/);
    expect(over.body.error.issues).toEqual([{ path: "credits", message: expect.stringMatching(/at most 1,000/) }]);
    const ledgerNow = () => db.collection(C.creditLedger).where("owner_id", "==", u.uid).count();
    const entries = await ledgerNow();
    expect((await db.collection(C.users).doc(u.uid).get())!.data.credits).toBe(STAFF_GRANT_DAILY_CAP - 1000);
    // Exactly up to the cap is fine; a colleague has a cap of their own.
    expect((await grant(staff.token, 1000, "cap-req-0003")).status).toBe(201);
    expect((await grant(staff.token, 1, "cap-req-0004")).status).toBe(429);
    expect((await grant(other.token, 500, "cap-req-0005")).status).toBe(201);
    expect(await ledgerNow()).toBe(entries + 2);
    expect((await db.collection(C.users).doc(u.uid).get())!.data.credits).toBe(STAFF_GRANT_DAILY_CAP + 500);
  });

  it("the cap is a rolling 24 hours, and grants made at once cannot slip past it together", async () => {
    const { STAFF_GRANT_DAILY_CAP } = await import("@/lib/money/billing/contract");
    const { grantCreditsAsStaff } = await import("@/lib/money/billing/staff-grant");
    const u = await signedUp("rolling-target", { credits: 0 });
    const staff = { uid: "staff-rolling", email: "rolling@promptframe.ai" };
    const t0 = new Date("2026-05-01T09:00:00.000Z");
    const grant = (credits: number, requestId: string, now: Date) =>
      grantCreditsAsStaff({ db, staff, user: u.uid, credits, note: "rolling window", requestId, now });
    await grant(STAFF_GRANT_DAILY_CAP, "roll-0001", t0);
    // An hour before the first grant is 24 hours old: try again in an hour.
    await expect(grant(1, "roll-0002", new Date(t0.getTime() + 23 * 3600_000))).rejects.toMatchObject({
      status: 429,
      headers: { "Retry-After": "3600" },
    });
    await expect(grant(1, "roll-0003", new Date(t0.getTime() + 24 * 3600_000 + 1000))).resolves.toMatchObject({
      credits_granted: 1,
    });

    // Five grants of a third of the cap at the same moment: three fit.
    const later = new Date(t0.getTime() + 3 * 86400_000);
    const third = Math.floor(STAFF_GRANT_DAILY_CAP / 3);
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => grant(third, `roll-par-${i}`, later)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(
      results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.status),
    ).toEqual([429, 429]);
    expect((await db.collection(C.users).doc(u.uid).get())!.data.credits).toBe(STAFF_GRANT_DAILY_CAP + 1 + 3 * third);
  });
});
