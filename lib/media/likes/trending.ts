/**
 * Trending: public images of all users. Images made in the recent window
 * (7 days by default) come first, ranked by likes + remixes, ties newest
 * first; after them every older public image follows, newest first, so the
 * feed never runs dry on a quiet week.
 *
 * The window's ranking is computed from at most TRENDING_MAX_CANDIDATES of
 * its newest images and kept per process for a few seconds (dropped at once
 * when this process records a like), so paging through it costs one ranking,
 * not one per page. The page's own documents are always read fresh, so an
 * image made private or deleted leaves the feed immediately.
 *
 * Cursors are keyset positions, not offsets: `w` = (score, created_at, id)
 * in the ranking, `o` = (created_at, id) among older images. A score that
 * changes between pages can move an image, but never repeats a whole page.
 */
import { z } from "zod";
import { ApiError } from "@/lib/platform/api/errors";
import { content, type ContentDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { DocSnapshot } from "@/lib/platform/db/refs";
import { countLikes, countRemixes } from "./counts";
import { DOC_ID } from "@/lib/platform/db/ids";

export const TRENDING_WINDOW_DAYS = 7;
export const TRENDING_PAGE_SIZE = 24;
export const TRENDING_MAX_CANDIDATES = 300;
const RANKING_TTL_MS = 30_000;
/** Older images are read in slices; a slice of mostly unfinished images cannot make a page scan forever. */
const MAX_OLDER_SLICES = 10;

export interface TrendingPage {
  items: DocSnapshot<ContentDoc>[];
  nextCursor: string | null;
}

interface Ranked {
  id: string;
  score: number;
  created_at: string;
}

const cursorSchema = z.union([
  z.strictObject({ w: z.tuple([z.number().int().min(0), z.iso.datetime(), z.string().regex(DOC_ID)]) }),
  z.strictObject({ o: z.tuple([z.iso.datetime(), z.string().regex(DOC_ID)]) }),
]);
type Cursor = z.infer<typeof cursorSchema>;

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString("base64url");
}

export function decodeCursor(raw: string): Cursor {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
  } catch {
    throw new ApiError("unprocessable_entity", "That page cursor is not valid; start again from the first page.", {
      issues: [{ path: "cursor", message: "not a trending cursor" }],
    });
  }
}

let rankings = new WeakMap<Db, { at: number; since: string; ranked: Ranked[] }>();

/** Drops the cached rankings (a like changed a score). */
export function invalidateTrending(): void {
  rankings = new WeakMap();
}

/** Higher score first, then newer, then the larger id: a total order, so keyset cursors are exact. */
function compareRanked(a: Ranked, b: Ranked): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

function isShown(doc: ContentDoc): boolean {
  return doc.kind === "image" && doc.visibility === "public" && doc.status === "ready";
}

async function rankWindow(db: Db, since: string): Promise<Ranked[]> {
  const rows = await db
    .collection(content)
    .where("visibility", "==", "public")
    .where("kind", "==", "image")
    .where("created_at", ">=", since)
    .orderBy("created_at", "desc")
    .limit(TRENDING_MAX_CANDIDATES)
    .get();
  const shown = rows.filter((r) => isShown(r.data));
  const [likeCounts, remixes] = await Promise.all([
    Promise.all(shown.map((r) => countLikes(db, r.id))),
    countRemixes(
      db,
      shown.map((r) => r.id),
    ),
  ]);
  return shown
    .map((r, i) => ({ id: r.id, created_at: r.data.created_at, score: likeCounts[i]! + (remixes.get(r.id) ?? 0) }))
    .sort(compareRanked);
}

async function rankingFor(db: Db, now: Date, windowDays: number, cacheMs: number): Promise<Ranked[]> {
  const since = new Date(now.getTime() - windowDays * 86_400_000).toISOString();
  const cached = rankings.get(db);
  // Same window start give or take the cache's life: reuse; a different window (tests, another days value): recompute.
  if (
    cached &&
    now.getTime() - cached.at < cacheMs &&
    Math.abs(Date.parse(cached.since) - Date.parse(since)) <= cacheMs
  ) {
    return cached.ranked;
  }
  const ranked = await rankWindow(db, since);
  if (cacheMs > 0) rankings.set(db, { at: now.getTime(), since, ranked });
  return ranked;
}

export async function listTrending(a: {
  db: Db;
  cursor?: string | null;
  limit?: number;
  now?: Date;
  windowDays?: number;
  /** How long a ranking is reused; 0 recomputes on every call. */
  cacheMs?: number;
}): Promise<TrendingPage> {
  const limit = Math.min(Math.max(a.limit ?? TRENDING_PAGE_SIZE, 1), 100);
  const now = a.now ?? new Date();
  const windowDays = a.windowDays ?? TRENDING_WINDOW_DAYS;
  const since = new Date(now.getTime() - windowDays * 86_400_000).toISOString();
  const cursor = a.cursor ? decodeCursor(a.cursor) : null;

  const items: DocSnapshot<ContentDoc>[] = [];
  if (!cursor || "w" in cursor) {
    const ranked = await rankingFor(a.db, now, windowDays, a.cacheMs ?? RANKING_TTL_MS);
    let start = 0;
    if (cursor) {
      const [score, created_at, id] = cursor.w;
      const after = { score, created_at, id };
      start = ranked.findIndex((r) => compareRanked(r, after) > 0);
      if (start < 0) start = ranked.length;
    }
    const slice = ranked.slice(start, start + limit);
    const docs = await Promise.all(slice.map((r) => a.db.collection(content).doc(r.id).get()));
    items.push(...docs.filter((d): d is DocSnapshot<ContentDoc> => d !== null && isShown(d.data)));
    if (slice.length === limit) {
      const last = slice[slice.length - 1]!;
      return { items, nextCursor: encodeCursor({ w: [last.score, last.created_at, last.id] }) };
    }
  }

  // The window is exhausted: older public images, newest first.
  const older = await listOlder({
    db: a.db,
    since,
    after: cursor && "o" in cursor ? cursor.o : null,
    want: limit - items.length,
  });
  items.push(...older.items);
  return { items, nextCursor: older.nextCursor };
}

async function listOlder(a: {
  db: Db;
  since: string;
  after: [string, string] | null;
  want: number;
}): Promise<TrendingPage> {
  const base = a.db
    .collection(content)
    .where("visibility", "==", "public")
    .where("kind", "==", "image")
    .where("created_at", "<", a.since)
    .orderBy("created_at", "desc");
  // startAfter reads only the ordered fields (created_at, then the id) from the snapshot it is given.
  let after: DocSnapshot<ContentDoc> | null = a.after
    ? ({ id: a.after[1], path: `content/${a.after[1]}`, data: { created_at: a.after[0] } } as DocSnapshot<ContentDoc>)
    : null;
  const found: DocSnapshot<ContentDoc>[] = [];
  const sliceSize = Math.max(a.want + 1, 25);
  for (let i = 0; i < MAX_OLDER_SLICES; i++) {
    const rows = await (after ? base.startAfter(after) : base).limit(sliceSize).get();
    for (const r of rows) {
      if (!isShown(r.data)) continue;
      if (found.length === a.want) {
        // One more shown image exists beyond this page.
        const last = found[found.length - 1];
        return { items: found, nextCursor: last ? encodeCursor({ o: [last.data.created_at, last.id] }) : null };
      }
      found.push(r);
    }
    if (rows.length < sliceSize) return { items: found, nextCursor: null };
    after = rows[rows.length - 1]!;
  }
  // Scanned enough for one request: continue from where the scan stopped.
  const last = found[found.length - 1] ?? after!;
  return { items: found, nextCursor: encodeCursor({ o: [last.data.created_at, last.id] }) };
}
