import "server-only";
/**
 * Run webhooks, signed the way Stripe signs its events: the header
 * `Promptframe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`
 * with the pipeline's secret (shown once when made). A receiver recomputes the
 * HMAC over the raw bytes it got and refuses a timestamp older than its
 * tolerance (replays). Failed attempts (non-2xx, timeouts, unreachable) are
 * retried with exponential backoff, each attempt a job on the queue.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { isLinkError } from "@/lib/platform/http/errors";
import { safePost, type Resolver } from "@/lib/platform/http/safe-fetch";

export const SIGNATURE_HEADER = "Promptframe-Signature";
export const WEBHOOK_MAX_ATTEMPTS = 6;
export const WEBHOOK_BASE_DELAY_MS = 10_000;
export const WEBHOOK_TIMEOUT_MS = 10_000;

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64url")}`;
}

export function signatureHeader(secret: string, rawBody: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac("sha256", secret).update(`${t}.${rawBody}`).digest("hex");
  return `t=${t},v1=${v1}`;
}

/** A receiver's check (also what our tests and docs use): the signature matches and is at most `toleranceS` old. */
export function verifySignature(o: {
  secret: string;
  rawBody: string;
  header: string;
  now: Date;
  toleranceS?: number;
}): boolean {
  const parts = Object.fromEntries(o.header.split(",").map((p) => p.split("=", 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || !/^[0-9a-f]{64}$/.test(parts.v1)) return false;
  if (Math.abs(o.now.getTime() / 1000 - t) > (o.toleranceS ?? 300)) return false;
  const expected = createHmac("sha256", o.secret).update(`${t}.${o.rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, "hex"));
}

/** When to try again after failed attempt `attempt` (1-based): 10 s, 20 s, 40 s, 80 s, 160 s; null once attempts are used up. */
export function nextAttemptDelayMs(attempt: number): number | null {
  if (attempt >= WEBHOOK_MAX_ATTEMPTS) return null;
  return WEBHOOK_BASE_DELAY_MS * 2 ** (attempt - 1);
}

export interface AttemptResult {
  ok: boolean;
  status: number | null;
  error: string | null;
  duration_ms: number;
}

export interface SendOptions {
  timeoutMs?: number;
  resolver?: Resolver;
  allowHosts?: readonly string[];
}

/** One POST of the signed body; never throws. */
export async function sendWebhook(
  o: {
    url: string;
    secret: string;
    rawBody: string;
    deliveryId: string;
    event: string;
    now: Date;
    signal?: AbortSignal;
  } & SendOptions,
): Promise<AttemptResult> {
  const started = Date.now();
  try {
    const { status } = await safePost(o.url, {
      body: o.rawBody,
      headers: {
        "content-type": "application/json",
        [SIGNATURE_HEADER.toLowerCase()]: signatureHeader(o.secret, o.rawBody, o.now),
        "promptframe-event": o.event,
        "promptframe-delivery": o.deliveryId,
      },
      timeoutMs: o.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      signal: o.signal,
      resolver: o.resolver,
      allowHosts: o.allowHosts,
    });
    const ok = status >= 200 && status < 300;
    return { ok, status, error: ok ? null : `answered ${status}`, duration_ms: Date.now() - started };
  } catch (e) {
    const error = isLinkError(e) ? e.message : "could not be sent";
    return { ok: false, status: null, error: error.slice(0, 500), duration_ms: Date.now() - started };
  }
}
