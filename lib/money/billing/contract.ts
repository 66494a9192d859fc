/**
 * The billing API's contract, shared by the route handlers and the browser
 * (request bodies are validated with the same schemas the forms use).
 *
 *   GET  /api/v1/billing[?checkout_session=]  -> BillingSummary (also makes a due free top-up)
 *   POST /api/v1/billing/checkout             CheckoutBody -> { url } (422 unknown item, 409 already subscribed, 503 not set up)
 *   POST /api/v1/billing/portal               PortalBody -> { url } (409 no account / downgrade while jobs run, 503 not set up)
 *   POST /api/v1/billing/webhook              Stripe event, signed -> { received, outcome } (400 bad signature)
 *   GET  /api/v1/billing/history              HistoryQuery -> CreditHistoryPage (cursor-paged, newest first)
 *   GET  /api/v1/billing/history/export       HistoryQuery -> text/csv
 *   POST /api/v1/billing/grants               StaffGrantBody -> StaffGrantResult (staff only; 429 over the staff member's daily cap)
 */
import { z } from "zod";
import { PLAN_IDS } from "./plans";
import { DOC_ID } from "@/lib/platform/db/ids";

export const LEDGER_REASONS = ["debit", "refund", "grant", "purchase", "adjustment"] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

const requestId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "request_id must be 8-64 URL-safe characters");

export const checkoutBodySchema = z.strictObject({
  item: z.string().trim().min(1).max(40),
  request_id: requestId,
});
export type CheckoutBody = z.input<typeof checkoutBodySchema>;

export const portalBodySchema = z.strictObject({
  action: z.enum(["manage", "switch", "cancel"]).default("manage"),
  plan: z.string().trim().max(40).optional(),
});
export type PortalBody = z.input<typeof portalBodySchema>;

/** What one staff member may grant in any 24 hours, all users together (the ledger's `granted_by` entries). */
export const STAFF_GRANT_DAILY_CAP = 10_000;
/** One grant can use the whole daily cap, no more. */
export const STAFF_GRANT_MAX = STAFF_GRANT_DAILY_CAP;

export const staffGrantBodySchema = z.strictObject({
  user: z.string().trim().min(1, "Enter the user's email or uid.").max(320),
  credits: z
    .number({ error: "Enter a whole number of credits." })
    .int("Enter a whole number of credits.")
    .min(1, "Grant at least 1 credit.")
    .max(STAFF_GRANT_MAX, `Grant at most ${STAFF_GRANT_MAX.toLocaleString("en-US")} credits at a time.`),
  note: z.string().trim().min(3, "Say why (at least 3 characters); it is kept in the ledger.").max(300),
  request_id: requestId,
});
export type StaffGrantBody = z.input<typeof staffGrantBodySchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "use YYYY-MM-DD");

export const HISTORY_PAGE_SIZE = 25;

export const summaryQuerySchema = z.object({
  checkout_session: z
    .string()
    .regex(/^cs_[A-Za-z0-9_]{1,250}$/)
    .optional(),
});

export const historyQuerySchema = z.object({
  cursor: z.string().regex(DOC_ID).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(HISTORY_PAGE_SIZE),
  kind: z.enum(LEDGER_REASONS).optional(),
  from: day.optional(),
  to: day.optional(),
});
export type HistoryQuery = z.output<typeof historyQuerySchema>;

const planId = z.enum(PLAN_IDS);

export const billingSummarySchema = z.object({
  plan: planId,
  balance: z.number(),
  purchasable: z.object({
    /** Stripe is configured on this server. */
    available: z.boolean(),
    /** Why buying is unavailable, for the screen; null when available. */
    reason: z.string().nullable(),
    items: z.object({ pro: z.boolean(), team: z.boolean(), credits_500: z.boolean() }),
  }),
  subscription: z
    .object({
      status: z.string(),
      plan: planId,
      cancel_at_period_end: z.boolean(),
      current_period_end: z.string().nullable(),
    })
    .nullable(),
  period: z.object({
    kind: z.enum(["paid", "free"]),
    start: z.string(),
    end: z.string(),
    monthly_credits: z.number(),
    /** Credits granted for this period so far (null: none recorded yet). */
    granted: z.number().nullable(),
    next: z.object({ kind: z.enum(["renews", "ends", "refreshes"]), at: z.string() }),
  }),
  has_billing_account: z.boolean(),
  /** The Checkout session named by `?checkout_session=`: done once Stripe confirmed it and its plan or credits are in place. */
  checkout: z.object({ session_id: z.string(), completed: z.boolean() }).nullable(),
  /** Credits the free monthly top-up added during this very request. */
  just_granted: z.number(),
  /** Why the balance is below zero (a refunded or disputed pack) and that spending is paused; null otherwise. */
  balance_note: z.string().nullable(),
  /** Why a new account has no free credits: its email is not verified yet, or it already had them on another account. */
  signup_credits: z.enum(["pending", "refused"]).nullable().optional(),
});
export type BillingSummary = z.output<typeof billingSummarySchema>;

export const historyItemSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  reason: z.enum(LEDGER_REASONS),
  delta: z.number(),
  balance_after: z.number(),
  note: z.string().nullable(),
  job_id: z.string().nullable(),
  /** What the entry was for; `href` null when the item was deleted. */
  item: z
    .object({
      id: z.string(),
      kind: z.string().nullable(),
      title: z.string().nullable(),
      href: z.string().nullable(),
    })
    .nullable(),
});
export type CreditHistoryItem = z.output<typeof historyItemSchema>;

export const historyPageSchema = z.object({ items: z.array(historyItemSchema), next_cursor: z.string().nullable() });
export type CreditHistoryPage = z.output<typeof historyPageSchema>;

export const staffGrantResultSchema = z.object({
  user_id: z.string(),
  email: z.string().nullable(),
  credits_granted: z.number(),
  balance: z.number(),
  /** True when this request id had already granted: nothing was added this time. */
  duplicate: z.boolean(),
});
export type StaffGrantResult = z.output<typeof staffGrantResultSchema>;

export const urlResultSchema = z.object({ url: z.string().url() });

/** Where an item of each kind is shown. */
export function contentHref(kind: string, id: string): string | null {
  if (kind === "image") return `/image-gen/${id}`;
  if (kind === "video") return `/videos/${id}`;
  if (kind === "design") return `/content/${id}`;
  return null;
}
