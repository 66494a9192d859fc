/**
 * The usage history as CSV (RFC 4180: CRLF rows, quoted when needed). Text a
 * spreadsheet would run as a formula (=, +, -, @ at the start) is prefixed
 * with an apostrophe, since prompts are user text.
 */
import type { CreditHistoryItem } from "./contract";

export const CSV_HEADER = [
  "date",
  "type",
  "credits",
  "balance_after",
  "description",
  "item_type",
  "item_title",
  "item_link",
  "job_id",
  "entry_id",
];

const LABELS: Record<CreditHistoryItem["reason"], string> = {
  debit: "spent",
  refund: "refund",
  grant: "grant",
  purchase: "purchase",
  adjustment: "adjustment",
};

export function csvRow(cells: readonly (string | number | null)[]): string {
  return cells.map(cell).join(",") + "\r\n";
}

export function historyCsvRow(item: CreditHistoryItem, origin: string): string {
  return csvRow([
    item.created_at,
    LABELS[item.reason],
    item.delta,
    item.balance_after,
    text(item.note),
    item.item?.kind ?? null,
    text(item.item?.title ?? null),
    item.item?.href ? `${origin}${item.item.href}` : null,
    item.job_id,
    item.id,
  ]);
}

function text(value: string | null): string | null {
  if (value === null) return null;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function cell(value: string | number | null): string {
  if (value === null) return "";
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
