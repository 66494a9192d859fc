/**
 * Billing from the browser: the summary (GET /api/v1/billing) and the calls
 * that send the user to Stripe (checkout, portal) or grant credits (staff).
 * Failures throw ApiClientError, so screens branch on `error.code`.
 */
import useSWR from "swr";
import {
  billingSummarySchema,
  staffGrantResultSchema,
  urlResultSchema,
  type BillingSummary,
  type CheckoutBody,
  type PortalBody,
  type StaffGrantBody,
  type StaffGrantResult,
} from "@/lib/money/billing/contract";
import { ApiClientError, apiFetch } from "@/lib/client/api";

export const BILLING_PATH = "/api/v1/billing";

export function useBilling(options: { refreshInterval?: number; checkoutSession?: string | null } = {}) {
  const key = options.checkoutSession
    ? `${BILLING_PATH}?checkout_session=${encodeURIComponent(options.checkoutSession)}`
    : BILLING_PATH;
  return useSWR<BillingSummary, ApiClientError>(
    key,
    (path: string) => apiFetch(path, { schema: billingSummarySchema }),
    {
      revalidateOnFocus: true,
      refreshInterval: options.refreshInterval,
    },
  );
}

/** The Stripe Checkout page for a plan or credit pack. */
export function startCheckout(body: CheckoutBody): Promise<{ url: string }> {
  return apiFetch(`${BILLING_PATH}/checkout`, { method: "POST", body, schema: urlResultSchema });
}

/** The Stripe Customer Portal (manage, switch plan, cancel). */
export function openPortal(body: PortalBody): Promise<{ url: string }> {
  return apiFetch(`${BILLING_PATH}/portal`, { method: "POST", body, schema: urlResultSchema });
}

/** Staff only. */
export function grantCredits(body: StaffGrantBody): Promise<StaffGrantResult> {
  return apiFetch(`${BILLING_PATH}/grants`, { method: "POST", body, schema: staffGrantResultSchema });
}

/** A fresh id per intent: sent twice (a double click), the server answers with the first result. */
export function newRequestId(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
