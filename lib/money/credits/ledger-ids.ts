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
