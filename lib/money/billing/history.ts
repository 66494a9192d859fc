import "server-only";
/**
 * The usage history: a user's ledger entries, newest first, a page at a time
 * (cursor = the last entry's id), filtered by kind and date, each with the
 * image or video it paid for. The kind filter has its own declared index
 * (credit_ledger: owner_id, reason, created_at desc).
 */
import { content, creditLedger, type CreditLedgerDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { DocSnapshot } from "@/lib/platform/db/refs";
import { describeLedgerNote } from "@/lib/money/credits/ledger-labels";
import { ledgerIds } from "@/lib/money/credits/ledger-ids";
import { contentHref, type CreditHistoryItem, type CreditHistoryPage, type HistoryQuery } from "./contract";

export async function listCreditHistory(a: { db: Db; uid: string; query: HistoryQuery }): Promise<CreditHistoryPage> {
  const { rows, nextCursor } = await ledgerPage(a.db, a.uid, a.query, a.query.limit);
  return { items: await present(a.db, a.uid, rows), next_cursor: nextCursor };
}

/** Every matching entry (up to `max`), for the CSV export, read a page at a time. */
export async function* allCreditHistory(a: {
  db: Db;
  uid: string;
  query: Omit<HistoryQuery, "cursor" | "limit">;
  max?: number;
}) {
  let cursor: string | undefined;
  let left = a.max ?? 10_000;
  while (left > 0) {
    const { rows, nextCursor } = await ledgerPage(a.db, a.uid, { ...a.query, cursor }, Math.min(200, left));
    yield await present(a.db, a.uid, rows);
    left -= rows.length;
    if (!nextCursor) return;
    cursor = nextCursor;
  }
}

async function ledgerPage(db: Db, uid: string, q: Omit<HistoryQuery, "limit"> & { cursor?: string }, limit: number) {
  const col = db.collection(creditLedger);
  let query = col.where("owner_id", "==", uid);
  if (q.kind) query = query.where("reason", "==", q.kind);
  if (q.from) query = query.where("created_at", ">=", `${q.from}T00:00:00.000Z`);
  if (q.to) query = query.where("created_at", "<", nextDay(q.to));
  query = query.orderBy("created_at", "desc");
  if (q.cursor) {
    const after = await col
      .doc(q.cursor)
      .get()
      .catch(() => null);
    // Someone else's entry as a cursor is an empty page: it leaks nothing.
    if (!after || after.data.owner_id !== uid) return { rows: [], nextCursor: null };
    query = query.startAfter(after);
  }
  const rows = chainOrder(await query.limit(limit + 1).get(), ledgerIds.opening(uid));
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: rows.length > limit ? page[page.length - 1]!.id : null };
}

async function present(db: Db, uid: string, rows: DocSnapshot<CreditLedgerDoc>[]): Promise<CreditHistoryItem[]> {
  const ids = [...new Set(rows.map((r) => r.data.content_id).filter((id): id is string => Boolean(id)))];
  const docs = await Promise.all(
    ids.map((id) =>
      db
        .collection(content)
        .doc(id)
        .get()
        .catch(() => null),
    ),
  );
  const byId = new Map(docs.flatMap((d) => (d && d.data.owner_id === uid ? [[d.id, d.data] as const] : [])));
  return rows.map(({ id, data }) => {
    const item = data.content_id ? byId.get(data.content_id) : undefined;
    return {
      id,
      created_at: data.created_at,
      reason: data.reason,
      delta: data.delta,
      balance_after: data.balance_after,
      note: describeLedgerNote(data.note),
      job_id: data.job_id,
      item: data.content_id
        ? {
            id: data.content_id,
            kind: item?.kind ?? null,
            title: item ? item.title || `Untitled ${item.kind}` : null,
            href: item ? contentHref(item.kind, data.content_id) : null,
          }
        : null,
    };
  });
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

/**
 * Entries written in one instant (an opening balance recorded with its first movement, before openings were stamped
 * 1 ms earlier) come back in the store's order: the opening goes below its movement, so newest first the balance
 * column adds up (each row's balance minus its credits is the next row's balance).
 */
function chainOrder<T extends { id: string; data: { created_at: string } }>(rows: T[], openingId: string): T[] {
  const i = rows.findIndex((r) => r.id === openingId);
  if (i < 0) return rows;
  let j = i;
  while (j + 1 < rows.length && rows[j + 1]!.data.created_at === rows[i]!.data.created_at) j++;
  if (j === i) return rows;
  const out = [...rows];
  const [opening] = out.splice(i, 1);
  out.splice(j, 0, opening!);
  return out;
}
