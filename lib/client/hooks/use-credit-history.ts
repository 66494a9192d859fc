/** My usage history (GET /api/v1/billing/history): cursor pages with filters, and the CSV export's URL. */
import type { CreditHistoryItem, LedgerReason } from "@/lib/money/billing/contract";
import { HISTORY_PAGE_SIZE } from "@/lib/money/billing/contract";
import { pageUrl, useCursorPages } from "@/lib/client/hooks/use-images";

export const HISTORY_PATH = "/api/v1/billing/history";

export interface CreditHistoryFilters {
  kind?: LedgerReason | null;
  /** YYYY-MM-DD, inclusive. */
  from?: string | null;
  to?: string | null;
}

function params(filters: CreditHistoryFilters) {
  return { kind: filters.kind, from: filters.from, to: filters.to };
}

export function creditHistoryUrl(
  filters: CreditHistoryFilters,
  cursor: string | null,
  limit = HISTORY_PAGE_SIZE,
): string {
  return pageUrl({ path: HISTORY_PATH, cursor, limit, params: params(filters) });
}

/** The same filters as a CSV download. */
export function creditHistoryExportUrl(filters: CreditHistoryFilters): string {
  return pageUrl({ path: `${HISTORY_PATH}/export`, params: params(filters) });
}

export function useCreditHistory(filters: CreditHistoryFilters) {
  return useCursorPages<CreditHistoryItem>((cursor) => creditHistoryUrl(filters, cursor));
}
