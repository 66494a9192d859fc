import "server-only";
/**
 * The official `stripe` client for the configured key, one per key and API
 * base. STRIPE_API_BASE points it at a local stand-in speaking Stripe's wire
 * format (the Playwright suite); errors from Stripe become typed API errors.
 */
import Stripe from "stripe";
import { ApiError } from "@/lib/platform/api/errors";
import type { BillingConfig } from "./config";

const clients = new Map<string, Stripe>();

export function stripeClient(config: BillingConfig): Stripe {
  if (!config.stripe || !config.secretKey) throw notConfigured();
  const base = config.apiBase;
  const key = `${config.secretKey}|${base ? `${base.protocol}://${base.host}:${base.port}` : ""}`;
  let client = clients.get(key);
  if (!client) {
    client = new Stripe(config.secretKey, {
      telemetry: false,
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: "Promptframe" },
      ...(base ? { host: base.host, port: base.port, protocol: base.protocol } : {}),
    });
    clients.set(key, client);
  }
  return client;
}

export function notConfigured(what = "Payments"): ApiError {
  return new ApiError(
    "service_unavailable",
    `${what} are not set up on this server (Stripe is not configured), so nothing can be bought or changed here. ` +
      "Your plan and credits are unchanged; staff can grant credits.",
  );
}

/** Stripe's failures as answers a person can act on; the raw message is only logged. */
export function fromStripeError(error: unknown, doing: string): never {
  if (error instanceof ApiError) throw error;
  if (error instanceof Stripe.errors.StripeError) {
    console.error(`[billing] Stripe refused ${doing}: ${error.type} ${error.code ?? ""} ${error.message}`);
    if (error instanceof Stripe.errors.StripeRateLimitError) {
      throw new ApiError("rate_limited", "Stripe is busy right now. Wait a few seconds and try again.", {
        headers: { "Retry-After": "5" },
      });
    }
    if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError) {
      throw new ApiError(
        "service_unavailable",
        "We could not reach Stripe. Nothing was charged; try again in a minute.",
      );
    }
    throw new ApiError(
      "service_unavailable",
      "Payments are misconfigured on this server (Stripe refused the request). Nothing was charged; please tell support.",
    );
  }
  throw error;
}
