/**
 * Deterministic ledger ids make the ledger itself the idempotency record: a
 * job is debited at most once (`debit-<job>`) and refunded at most once
 * (`refund-<job>`), whoever retries, because a second write finds the first.
 */
import { createHash } from "node:crypto";

const MAX_ID = 128;

function fit(prefix: string, key: string): string {
  const id = `${prefix}-${key}`;
  // Firebase uids are <= 128 chars, so a prefix can overflow the id rule: hash those.
  return id.length <= MAX_ID ? id : `${prefix}-h${createHash("sha256").update(key).digest("hex").slice(0, 40)}`;
}

export const ledgerIds = {
  debit: (jobId: string) => fit("debit", jobId),
  refund: (jobId: string) => fit("refund", jobId),
  /** The balance an account held before its first recorded movement (profiles grant credits without a ledger entry). */
  opening: (uid: string) => fit("open", uid),
};

/**
 * When the opening entry is stamped: 1 ms before the first movement it is written with, so a newest-first history
 * lists it below that movement and the balance column adds up (same instant, the store's order was arbitrary and
 * "96, then +100, gives 100" could show).
 */
export function openingStamp(movementAt: string): string {
  return new Date(Date.parse(movementAt) - 1).toISOString();
}
