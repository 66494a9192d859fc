/**
 * A local stand-in for Stripe for the Playwright suite: the API calls the app
 * makes (customers, Checkout sessions, portal sessions) in Stripe's wire
 * format (tests/support/stripe-fake.ts), plus bare hosted pages. "Pay" on the
 * checkout page does what Stripe does after a payment: it delivers signed
 * webhook events to the app (checkout.session.completed, and for a
 * subscription customer.subscription.created and invoice.paid), then sends
 * the browser to the session's success_url.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  completedSession,
  eventOf,
  FakeStripe,
  fakeId,
  invoiceObject,
  signEvent,
  subscriptionObject,
  type FakePrice,
} from "./stripe-fake";

export interface StripeStandIn {
  /** http://127.0.0.1:<port>, for STRIPE_API_BASE. */
  base: string;
  fake: FakeStripe;
  /** Each webhook delivery's event type and the app's answer status. */
  deliveries: { type: string; status: number }[];
  close(): Promise<void>;
}

type Obj = Record<string, unknown>;

export async function startStripeStandIn(opts: {
  secretKey: string;
  webhookSecret: string;
  prices: FakePrice[];
  /** The app whose /api/v1/billing/webhook receives the events; may be set after start. */
  appUrl?: string;
  port?: number;
}): Promise<StripeStandIn & { setAppUrl(url: string): void }> {
  let appUrl = opts.appUrl ?? "";
  const deliveries: StripeStandIn["deliveries"] = [];
  let fake: FakeStripe | null = null;

  const server = http.createServer(async (req, res) => {
    try {
      const body = await readBody(req);
      const url = new URL(req.url ?? "/", "http://stand-in");
      if (url.pathname.startsWith("/v1/")) {
        const r = fake!.handle({
          method: req.method ?? "GET",
          path: url.pathname + url.search,
          headers: req.headers as Record<string, string>,
          body,
        });
        res.writeHead(r.status, { "content-type": "application/json", ...r.headers });
        return res.end(JSON.stringify(r.json));
      }
      const pay = /^\/c\/pay\/([A-Za-z0-9_]+)(\/pay)?$/.exec(url.pathname);
      const session = pay ? fake!.sessions.get(pay[1]!) : undefined;
      if (pay && session && req.method === "GET" && !pay[2]) return html(res, checkoutPage(session, fake!));
      if (pay && session && req.method === "POST" && pay[2]) {
        await completeCheckout(session);
        const next = String(session.success_url).replace("{CHECKOUT_SESSION_ID}", String(session.id));
        res.writeHead(303, { location: next });
        return res.end();
      }
      const portal = /^\/p\/session\/([A-Za-z0-9_]+)$/.exec(url.pathname);
      const ps = portal ? fake!.portalSessions.get(portal[1]!) : undefined;
      if (ps)
        return html(
          res,
          `<h1>Billing portal (test stand-in)</h1><p>Customer ${esc(ps.customer)}</p><a href="${esc(ps.return_url)}">Return to Promptframe</a>`,
        );
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
    } catch (error) {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error));
    }
  });

  async function deliver(event: Obj) {
    const { payload, signature } = signEvent(event, opts.webhookSecret);
    const r = await fetch(`${appUrl}/api/v1/billing/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
    deliveries.push({ type: String(event.type), status: r.status });
  }

  async function completeCheckout(session: Obj) {
    const customer = String(session.customer);
    const items = (session._line_items as Obj[]) ?? [];
    const price = fake!.price(String(items[0]?.price));
    if (session.mode === "subscription" && price) {
      const sub = fakeId("sub");
      const start = new Date();
      const end = new Date(start.getTime() + 30 * 86400_000);
      const subscriptionMeta = (session._subscription_metadata as Obj) ?? {};
      await deliver(eventOf("checkout.session.completed", completedSession(session, { subscription: sub })));
      await deliver(
        eventOf(
          "customer.subscription.created",
          subscriptionObject({ id: sub, customer, price, start, end, metadata: subscriptionMeta }),
        ),
      );
      await deliver(
        eventOf(
          "invoice.paid",
          invoiceObject({
            customer,
            subscription: sub,
            billingReason: "subscription_create",
            lines: [{ price, start, end }],
            metadata: subscriptionMeta,
          }),
        ),
      );
    } else {
      await deliver(eventOf("checkout.session.completed", completedSession(session)));
    }
    session.status = "complete";
  }

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake = new FakeStripe({ secretKey: opts.secretKey, prices: opts.prices, pagesBase: base });
  return {
    base,
    fake,
    deliveries,
    setAppUrl: (url: string) => {
      appUrl = url;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function checkoutPage(session: Obj, fake: FakeStripe): string {
  const items = (session._line_items as Obj[]) ?? [];
  const rows = items
    .map((i) => {
      const p = fake.price(String(i.price));
      return `<li>${esc(p?.product ?? i.price)}: $${((p?.unitAmount ?? 0) / 100).toFixed(2)}${p?.recurring ? " / month" : ""}</li>`;
    })
    .join("");
  return `<h1>Stripe Checkout (test stand-in)</h1>
<p>Mode: ${esc(session.mode)}</p><ul>${rows}</ul>
<form method="post" action="/c/pay/${esc(session.id)}/pay"><button type="submit">Pay</button></form>
<a href="${esc(session.cancel_url)}">Back</a>`;
}

function html(res: http.ServerResponse, body: string) {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(`<!doctype html><html lang="en"><head><title>Stripe stand-in</title></head><body>${body}</body></html>`);
}

function esc(v: unknown): string {
  return String(v ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
