/**
 * A fake of the slice of Stripe's HTTP API that lib/money/billing calls, in Stripe's
 * own wire format: form-encoded requests with bracketed keys
 * (`line_items[0][price]=…`), `Authorization: Bearer sk_…`, `Idempotency-Key`
 * replays, JSON objects with `object` fields, and `{ error: { type, code,
 * message, param } }` failures. Transport-agnostic: Jest serves it through msw
 * (tests/api/billing.support.ts), Playwright through a local HTTP stand-in
 * (tests/support/stripe-stand-in.ts). Also builds and signs webhook events
 * with the `stripe` library's own test-header helper.
 */
import { randomBytes } from "node:crypto";
import Stripe from "stripe";

export const API_VERSION = "2026-10-28.endive";

export interface FakePrice {
  id: string;
  product: string;
  unitAmount: number;
  recurring: boolean;
}

export interface FakeRequest {
  method: string;
  path: string;
  headers: Record<string, string | undefined>;
  body: string;
}

export interface FakeResponse {
  status: number;
  json: unknown;
  headers: Record<string, string>;
}

export interface LoggedRequest {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey: string | null;
  authorization: string | null;
  stripeVersion: string | null;
}

type Obj = Record<string, unknown>;

export const fakeId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const unix = (d = new Date()) => Math.floor(d.getTime() / 1000);

/** Decodes Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
export function decodeForm(body: string): Obj {
  const root: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: Obj | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      const key = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[key] = value;
      else container[key] ??= nextIsIndex ? [] : {};
      node = container[key] as Obj | unknown[];
    });
  }
  return root;
}

function stripeError(
  status: number,
  type: string,
  message: string,
  extra: { code?: string; param?: string } = {},
): FakeResponse {
  return {
    status,
    json: {
      error: {
        type,
        message,
        ...(extra.code ? { code: extra.code, doc_url: `https://stripe.com/docs/error-codes/${extra.code}` } : {}),
        ...(extra.param ? { param: extra.param } : {}),
      },
    },
    headers: { "request-id": fakeId("req") },
  };
}

export class FakeStripe {
  readonly customers = new Map<string, Obj>();
  readonly sessions = new Map<string, Obj>();
  readonly portalSessions = new Map<string, Obj>();
  readonly log: LoggedRequest[] = [];
  private readonly replays = new Map<string, { params: string; response: FakeResponse }>();

  constructor(
    readonly opts: {
      secretKey: string;
      prices: FakePrice[];
      /** Where the hosted pages live: checkout sessions get `${pagesBase}/c/pay/<id>`. */
      pagesBase: string;
    },
  ) {}

  price(id: string): FakePrice | undefined {
    return this.opts.prices.find((p) => p.id === id);
  }

  handle(req: FakeRequest): FakeResponse {
    const params = req.method === "GET" ? decodeForm(req.path.split("?")[1] ?? "") : decodeForm(req.body);
    const path = req.path.split("?")[0]!;
    const header = (name: string) => req.headers[name] ?? req.headers[name.toLowerCase()] ?? null;
    const idempotencyKey = header("Idempotency-Key");
    this.log.push({
      method: req.method,
      path,
      params,
      idempotencyKey,
      authorization: header("Authorization"),
      stripeVersion: header("Stripe-Version"),
    });

    if (header("Authorization") !== `Bearer ${this.opts.secretKey}`) {
      return stripeError(401, "invalid_request_error", "Invalid API Key provided: sk_test_****");
    }
    if (idempotencyKey && req.method === "POST") {
      const seen = this.replays.get(`${path} ${idempotencyKey}`);
      if (seen) {
        if (seen.params !== req.body) {
          return stripeError(
            400,
            "idempotency_error",
            "Keys for idempotent requests can only be used with the same parameters they were first used with.",
          );
        }
        return { ...seen.response, headers: { ...seen.response.headers, "idempotent-replayed": "true" } };
      }
    }
    const response = this.route(req.method, path, params);
    if (idempotencyKey && req.method === "POST" && response.status < 500)
      this.replays.set(`${path} ${idempotencyKey}`, { params: req.body, response });
    return response;
  }

  private route(method: string, path: string, p: Obj): FakeResponse {
    const ok = (json: Obj): FakeResponse => ({
      status: 200,
      json,
      headers: { "request-id": fakeId("req"), "stripe-version": API_VERSION },
    });
    if (method === "POST" && path === "/v1/customers") {
      const customer = {
        id: fakeId("cus"),
        object: "customer",
        address: null,
        balance: 0,
        created: unix(),
        currency: null,
        default_source: null,
        delinquent: false,
        description: null,
        email: (p.email as string) ?? null,
        invoice_prefix: randomBytes(4).toString("hex").toUpperCase(),
        invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
        livemode: false,
        metadata: (p.metadata as Obj) ?? {},
        name: null,
        phone: null,
        preferred_locales: [],
        shipping: null,
        tax_exempt: "none",
        test_clock: null,
      };
      this.customers.set(customer.id, customer);
      return ok(customer);
    }
    if (method === "POST" && path === "/v1/checkout/sessions") return this.createSession(p, ok);
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      if (!p.customer)
        return stripeError(400, "invalid_request_error", "Missing required param: customer.", {
          code: "parameter_missing",
          param: "customer",
        });
      if (!this.customers.has(p.customer as string)) {
        return stripeError(400, "invalid_request_error", `No such customer: '${p.customer}'`, {
          code: "resource_missing",
          param: "customer",
        });
      }
      const id = fakeId("bps");
      const session = {
        id,
        object: "billing_portal.session",
        configuration: "bpc_fake",
        created: unix(),
        customer: p.customer,
        flow: p.flow_data ?? null,
        livemode: false,
        locale: null,
        on_behalf_of: null,
        return_url: p.return_url ?? null,
        url: `${this.opts.pagesBase}/p/session/${id}`,
      };
      this.portalSessions.set(id, session);
      return ok(session);
    }
    const session = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)$/.exec(path);
    if (method === "GET" && session && this.sessions.has(session[1]!)) return ok(this.sessions.get(session[1]!)!);
    return stripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  private createSession(p: Obj, ok: (json: Obj) => FakeResponse): FakeResponse {
    const mode = p.mode as string | undefined;
    if (!mode || !["payment", "subscription", "setup"].includes(mode)) {
      return stripeError(400, "invalid_request_error", "Missing required param: mode.", {
        code: "parameter_missing",
        param: "mode",
      });
    }
    if (!p.success_url)
      return stripeError(400, "invalid_request_error", "Missing required param: success_url.", {
        code: "parameter_missing",
        param: "success_url",
      });
    if (p.customer && !this.customers.has(p.customer as string)) {
      return stripeError(400, "invalid_request_error", `No such customer: '${p.customer}'`, {
        code: "resource_missing",
        param: "customer",
      });
    }
    const items = (p.line_items as Obj[] | undefined) ?? [];
    if (!items.length)
      return stripeError(400, "invalid_request_error", "Missing required param: line_items.", {
        code: "parameter_missing",
        param: "line_items",
      });
    let total = 0;
    for (const [i, item] of items.entries()) {
      const price = this.price(item.price as string);
      if (!price) {
        return stripeError(400, "invalid_request_error", `No such price: '${item.price}'`, {
          code: "resource_missing",
          param: `line_items[${i}][price]`,
        });
      }
      if (price.recurring !== (mode === "subscription")) {
        return stripeError(
          400,
          "invalid_request_error",
          price.recurring
            ? "You specified `payment` mode but passed a recurring price."
            : "You must provide at least one recurring price in `subscription` mode.",
        );
      }
      total += price.unitAmount * Number(item.quantity ?? 1);
    }
    const id = `cs_test_${randomBytes(20).toString("hex")}`;
    const session = {
      id,
      object: "checkout.session",
      amount_subtotal: total,
      amount_total: total,
      cancel_url: p.cancel_url ?? null,
      client_reference_id: p.client_reference_id ?? null,
      created: unix(),
      currency: "usd",
      customer: p.customer ?? null,
      customer_email: null,
      expires_at: unix() + 24 * 3600,
      livemode: false,
      metadata: (p.metadata as Obj) ?? {},
      mode,
      payment_intent: null,
      payment_status: "unpaid",
      status: "open",
      subscription: null,
      success_url: p.success_url,
      ui_mode: "hosted",
      url: `${this.opts.pagesBase}/c/pay/${id}`,
      // Kept for the hosted page and the events it sends; Stripe returns line items only on request.
      _line_items: items,
      _subscription_metadata: ((p.subscription_data as Obj | undefined)?.metadata as Obj) ?? {},
    };
    this.sessions.set(id, session);
    const { _line_items, _subscription_metadata, ...wire } = session;
    void _line_items;
    void _subscription_metadata;
    return ok(wire);
  }
}

// ---------------------------------------------------------------- events

export interface SubscriptionSpec {
  id: string;
  customer: string;
  price: FakePrice;
  itemId?: string;
  status?: string;
  start: Date;
  end: Date;
  cancelAtPeriodEnd?: boolean;
  metadata?: Obj;
}

export function subscriptionObject(s: SubscriptionSpec): Obj {
  const itemId = s.itemId ?? `si_${s.id.slice(4, 18)}`;
  return {
    id: s.id,
    object: "subscription",
    application: null,
    billing_cycle_anchor: unix(s.start),
    cancel_at: null,
    cancel_at_period_end: s.cancelAtPeriodEnd ?? false,
    canceled_at: null,
    collection_method: "charge_automatically",
    created: unix(s.start),
    currency: "usd",
    customer: s.customer,
    default_payment_method: null,
    ended_at: null,
    items: {
      object: "list",
      data: [
        {
          id: itemId,
          object: "subscription_item",
          created: unix(s.start),
          current_period_end: unix(s.end),
          current_period_start: unix(s.start),
          metadata: {},
          price: priceObject(s.price),
          quantity: 1,
          subscription: s.id,
        },
      ],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${s.id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: s.metadata ?? {},
    start_date: unix(s.start),
    status: s.status ?? "active",
    test_clock: null,
    trial_end: null,
    trial_start: null,
  };
}

export interface InvoiceLineSpec {
  price: FakePrice;
  amount?: number;
  start: Date;
  end: Date;
  proration?: boolean;
}

export function invoiceObject(i: {
  id?: string;
  customer: string;
  subscription: string;
  billingReason: string;
  lines: InvoiceLineSpec[];
  metadata?: Obj;
}): Obj {
  const id = i.id ?? fakeId("in");
  const amount = i.lines.reduce((s, l) => s + (l.amount ?? l.price.unitAmount), 0);
  return {
    id,
    object: "invoice",
    amount_due: amount,
    amount_paid: amount,
    amount_remaining: 0,
    billing_reason: i.billingReason,
    collection_method: "charge_automatically",
    created: unix(),
    currency: "usd",
    customer: i.customer,
    livemode: false,
    lines: {
      object: "list",
      data: i.lines.map((l) => ({
        id: fakeId("il"),
        object: "line_item",
        amount: l.amount ?? l.price.unitAmount,
        currency: "usd",
        description: `1 × ${l.price.product} (at $${(l.price.unitAmount / 100).toFixed(2)} / month)`,
        invoice: id,
        livemode: false,
        metadata: {},
        parent: {
          type: "subscription_item_details",
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: null,
            proration: l.proration ?? false,
            proration_details: null,
            subscription: i.subscription,
            subscription_item: `si_${i.subscription.slice(4, 18)}`,
          },
        },
        period: { start: unix(l.start), end: unix(l.end) },
        pricing: {
          type: "price_details",
          price_details: { price: l.price.id, product: l.price.product },
          unit_amount_decimal: String(l.price.unitAmount),
        },
        quantity: 1,
      })),
      has_more: false,
      total_count: i.lines.length,
      url: `/v1/invoices/${id}/lines`,
    },
    metadata: {},
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { metadata: i.metadata ?? {}, subscription: i.subscription },
    },
    period_end: unix(),
    period_start: unix(),
    status: "paid",
    total: amount,
  };
}

export function priceObject(p: FakePrice): Obj {
  return {
    id: p.id,
    object: "price",
    active: true,
    billing_scheme: "per_unit",
    currency: "usd",
    livemode: false,
    product: p.product,
    recurring: p.recurring ? { interval: "month", interval_count: 1, usage_type: "licensed" } : null,
    type: p.recurring ? "recurring" : "one_time",
    unit_amount: p.unitAmount,
  };
}

/**
 * A completed Checkout session as Stripe sends it in `checkout.session.completed`.
 * A payment-mode session names the PaymentIntent that took the money (its charge's refunds and disputes name it too).
 */
export function completedSession(
  session: Obj,
  extra: { subscription?: string | null; paid?: boolean; paymentIntent?: string } = {},
): Obj {
  const { _line_items, _subscription_metadata, ...wire } = session;
  void _line_items;
  void _subscription_metadata;
  const paymentIntent =
    wire.mode === "payment"
      ? (extra.paymentIntent ?? (wire.payment_intent as string | null | undefined) ?? fakeId("pi"))
      : null;
  return {
    ...wire,
    status: "complete",
    payment_status: extra.paid === false ? "unpaid" : "paid",
    subscription: extra.subscription ?? null,
    payment_intent: paymentIntent,
    url: null,
  };
}

export interface ChargeSpec {
  id?: string;
  paymentIntent: string | null;
  customer: string | null;
  /** In the currency's smallest unit. */
  amount: number;
  amountRefunded?: number;
  disputed?: boolean;
  /** Refunds listed on the charge (only when expanded: Stripe leaves `refunds` out of charges by default). */
  refunds?: { id: string; amount: number }[];
}

/** A card charge as Stripe sends it in `charge.refunded` (and names in disputes). */
export function chargeObject(c: ChargeSpec): Obj {
  const id = c.id ?? fakeId("ch");
  const refunded = c.amountRefunded ?? 0;
  return {
    id,
    object: "charge",
    amount: c.amount,
    amount_captured: c.amount,
    amount_refunded: refunded,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: fakeId("txn"),
    billing_details: {
      address: { city: null, country: "US", line1: null, line2: null, postal_code: "94107", state: null },
      email: null,
      name: null,
      phone: null,
      tax_id: null,
    },
    calculated_statement_descriptor: "PROMPTFRAME",
    captured: true,
    created: unix(),
    currency: "usd",
    customer: c.customer,
    description: null,
    disputed: c.disputed ?? false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: {
      network_status: "approved_by_network",
      reason: null,
      risk_level: "normal",
      seller_message: "Payment complete.",
      type: "authorized",
    },
    paid: true,
    payment_intent: c.paymentIntent,
    payment_method: fakeId("pm"),
    payment_method_details: {
      card: {
        brand: "visa",
        country: "US",
        exp_month: 12,
        exp_year: 2030,
        funding: "credit",
        last4: "4242",
        network: "visa",
      },
      type: "card",
    },
    receipt_email: null,
    receipt_number: null,
    receipt_url: `https://pay.stripe.com/receipts/payment/${id}`,
    refunded: refunded >= c.amount,
    ...(c.refunds
      ? {
          refunds: {
            object: "list",
            data: c.refunds.map((r) => ({
              id: r.id,
              object: "refund",
              amount: r.amount,
              charge: id,
              currency: "usd",
              payment_intent: c.paymentIntent,
              reason: "requested_by_customer",
              status: "succeeded",
              created: unix(),
            })),
            has_more: false,
            total_count: c.refunds.length,
            url: `/v1/charges/${id}/refunds`,
          },
        }
      : {}),
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: "succeeded",
    transfer_data: null,
    transfer_group: null,
  };
}

export interface DisputeSpec {
  id?: string;
  charge: string;
  paymentIntent: string | null;
  amount: number;
  reason?: string;
  status?: string;
}

/** A dispute (chargeback) as Stripe sends it in `charge.dispute.created|updated|closed`. */
export function disputeObject(d: DisputeSpec): Obj {
  const status = d.status ?? "needs_response";
  return {
    id: d.id ?? fakeId("du"),
    object: "dispute",
    amount: d.amount,
    balance_transactions: [],
    charge: d.charge,
    created: unix(),
    currency: "usd",
    enhanced_eligibility_types: [],
    evidence: {
      customer_name: null,
      customer_email_address: null,
      product_description: null,
      uncategorized_text: null,
    },
    evidence_details: {
      due_by: unix() + 7 * 86400,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: null,
    },
    intended_submission_method: null,
    is_charge_refundable: status.startsWith("warning_"),
    livemode: false,
    metadata: {},
    network_reason_code: "10.4",
    payment_intent: d.paymentIntent,
    payment_method_details: {
      card: { brand: "visa", case_type: "chargeback", network_reason_code: "10.4" },
      type: "card",
    },
    reason: d.reason ?? "fraudulent",
    status,
  };
}

export function eventOf(
  type: string,
  object: Obj,
  opts: { id?: string; created?: Date; previousAttributes?: Obj } = {},
): Obj {
  return {
    id: opts.id ?? fakeId("evt"),
    object: "event",
    api_version: API_VERSION,
    created: unix(opts.created),
    data: { object, ...(opts.previousAttributes ? { previous_attributes: opts.previousAttributes } : {}) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** The body and Stripe-Signature header of a delivery, signed with the library's own helper. */
export function signEvent(event: Obj, secret: string, timestamp?: number): { payload: string; signature: string } {
  const payload = JSON.stringify(event, null, 2);
  return {
    payload,
    signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) }),
  };
}
