import "server-only";
/**
 * Reading the update log: newest first, cursor-paged over the declared
 * indexes (created_at; entity_type / entity_id / actor_id + created_at), a
 * date range on created_at with any of them. Nothing here writes.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { content, users } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { DocSnapshot, Query } from "@/lib/platform/db/refs";
import { updateLog, type UpdateLogDoc } from "./collections";
import { entityHref, updateLogQuerySchema, type UpdateLogItem, type UpdateLogPage } from "./list-contract";
import type { z } from "zod";
import { DOC_ID } from "@/lib/platform/db/ids";

type Parsed = z.output<typeof updateLogQuerySchema>;

export function parseUpdateLogQuery(params: Record<string, string>): Parsed {
  const parsed = updateLogQuerySchema.safeParse(params);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Those update-log filters are not valid.");
  if (parsed.data.from && parsed.data.to && bound(parsed.data.from, "from") > bound(parsed.data.to, "to")) {
    throw new ApiError("unprocessable_entity", "The date range ends before it starts.", {
      issues: [{ path: "to", message: "before from" }],
    });
  }
  return parsed.data;
}

function bound(v: string, side: "from" | "to"): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return side === "from" ? `${v}T00:00:00.000Z` : `${v}T23:59:59.999Z`;
  return new Date(v).toISOString();
}

const encodeCursor = (id: string) => Buffer.from(id, "utf8").toString("base64url");
function decodeCursor(c: string): string {
  const id = Buffer.from(c, "base64url").toString("utf8");
  if (!DOC_ID.test(id))
    throw new ApiError("unprocessable_entity", "That page cursor is not valid.", {
      issues: [{ path: "cursor", message: "invalid" }],
    });
  return id;
}

/** An email names a user: the log is keyed by uid. */
async function actorId(db: Db, actor: string): Promise<string> {
  if (!actor.includes("@")) return actor;
  const rows = await db.collection(users).where("email", "==", actor.toLowerCase()).limit(1).get();
  const exact = rows.length ? rows : await db.collection(users).where("email", "==", actor).limit(1).get();
  // No such user: a uid nobody has, so the answer is an honest empty page.
  return exact[0]?.id ?? `unknown:${actor}`;
}

/** The query for the filters, on a declared index. */
export async function logQuery(db: Db, q: Parsed): Promise<Query<UpdateLogDoc>> {
  let query: Query<UpdateLogDoc> = db.collection(updateLog);
  if (q.entity_type) query = query.where("entity_type", "==", q.entity_type);
  if (q.entity_id) query = query.where("entity_id", "==", q.entity_id);
  if (q.actor) query = query.where("actor_id", "==", await actorId(db, q.actor));
  if (q.from) query = query.where("created_at", ">=", bound(q.from, "from"));
  if (q.to) query = query.where("created_at", "<=", bound(q.to, "to"));
  return query.orderBy("created_at", "desc");
}

async function withCursor(
  db: Db,
  query: Query<UpdateLogDoc>,
  cursor: string | undefined,
): Promise<Query<UpdateLogDoc>> {
  if (!cursor) return query;
  const snap = await db.collection(updateLog).doc(decodeCursor(cursor)).get();
  if (!snap)
    throw new ApiError("unprocessable_entity", "That page cursor is not valid.", {
      issues: [{ path: "cursor", message: "unknown entry" }],
    });
  // The range on created_at lets the store seek to the cursor instead of scanning the pages before it.
  return query.where("created_at", "<=", snap.data.created_at).startAfter(snap);
}

async function present(db: Db, rows: DocSnapshot<UpdateLogDoc>[]): Promise<UpdateLogItem[]> {
  const contentIds = [
    ...new Set(rows.filter((r) => r.data.entity_type === "content").map((r) => r.data.entity_id)),
  ].filter((id) => DOC_ID.test(id));
  const kinds = new Map<string, string>();
  await Promise.all(
    contentIds.map(async (id) => {
      const doc = await db
        .collection(content)
        .doc(id)
        .get()
        .catch(() => null);
      if (doc) kinds.set(id, doc.data.kind);
    }),
  );
  return rows.map((r) => {
    let kind = kinds.get(r.data.entity_id) ?? null;
    // A deleted item: its kind is in the entry's diff.
    if (!kind && r.data.entity_type === "content")
      kind = r.data.changes.find((c) => c.path === "kind")?.before?.replace(/"/g, "") ?? null;
    return { id: r.id, ...r.data, href: entityHref(r.data.entity_type, r.data.entity_id, { contentKind: kind }) };
  });
}

export async function listUpdateLog(db: Db, q: Parsed): Promise<UpdateLogPage> {
  const query = await withCursor(db, await logQuery(db, q), q.cursor);
  const rows = await query.limit(q.limit + 1).get();
  const page = rows.slice(0, q.limit);
  return {
    data: await present(db, page),
    next_cursor: rows.length > q.limit ? encodeCursor(page[page.length - 1]!.id) : null,
  };
}

/** Every entry the filters match, page after page, for the CSV (bounded). */
export async function* allUpdateLog(db: Db, q: Parsed, max = 100_000): AsyncGenerator<UpdateLogItem[]> {
  const base = await logQuery(db, q);
  let last: DocSnapshot<UpdateLogDoc> | null = null;
  let sent = 0;
  while (sent < max) {
    const rows: DocSnapshot<UpdateLogDoc>[] = await (last ? base.startAfter(last) : base)
      .limit(Math.min(500, max - sent))
      .get();
    if (!rows.length) return;
    sent += rows.length;
    last = rows[rows.length - 1]!;
    yield rows.map((r) => ({ id: r.id, ...r.data, href: entityHref(r.data.entity_type, r.data.entity_id) }));
    if (rows.length < 500) return;
  }
}

export const UPDATE_LOG_CSV_HEADER = [
  "created_at",
  "actor",
  "actor_id",
  "entity_type",
  "entity_id",
  "entity_label",
  "action",
  "source",
  "screen",
  "changes",
  "entry_id",
];

const safe = (v: string | null) => (v !== null && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

export function updateLogCsvCells(e: UpdateLogItem): (string | null)[] {
  const changes =
    e.changes.map((c) => `${c.path || "(document)"}: ${c.before ?? "∅"} → ${c.after ?? "∅"}`).join("; ") +
    (e.truncated ? "; …" : "");
  return [
    e.created_at,
    e.actor_kind === "system" ? "system" : (e.actor_email ?? e.actor_id),
    e.actor_id,
    e.entity_type,
    e.entity_id,
    e.entity_label,
    e.action,
    e.source,
    e.screen,
    changes,
    e.id,
  ].map(safe);
}
