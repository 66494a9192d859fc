/** Fixed locale and time zone, so the server and the browser print the same text. */
const numberFormat = new Intl.NumberFormat("en-US");
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
const dateTimeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export function formatNumber(n: number): string {
  return numberFormat.format(n);
}

/** A ledger delta with its sign: "+2,000", "−4" (a real minus sign). */
export function formatDelta(n: number): string {
  return n > 0 ? `+${numberFormat.format(n)}` : n < 0 ? `−${numberFormat.format(-n)}` : "0";
}

export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : dateFormat.format(d);
}

export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${dateTimeFormat.format(d)} UTC`;
}
