import "server-only";
/**
 * A batch's finished MP4s as one ZIP, streamed with back-pressure
 * (lib/platform/storage/zip-stream.ts): each video's file is read only when
 * the archive reaches it, and the next chunk only when the response asks for
 * more, so memory holds one chunk at a time whatever the batch's size.
 *
 * Its first entry, `manifest.csv`, lists every item of the batch (row, title,
 * aspect ratio, file, status), so whoever unpacks it knows which file is which
 * row and which rows have no file (failed, cancelled, not finished yet). The
 * video documents are read before the archive starts, so the manifest says
 * the truth about each file, including one whose file has gone.
 */
import { content } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { zipStream as streamZip, type ZipSource } from "@/lib/platform/storage/zip-stream";
import type { BlobStore } from "@/lib/platform/storage/types";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import type { BatchItemState } from "./contract";

export const MANIFEST_NAME = "manifest.csv";
export const MANIFEST_HEADER = ["row", "title", "aspect_ratio", "file", "status"] as const;

/** One item of the batch as the ZIP sees it. */
export interface ZipItem {
  position: number;
  aspect_ratio: CompositionRatio;
  /** The row's own words (its name, prompt or link). */
  label: string;
  state: BatchItemState;
  /** Set once the item is done. */
  file_name: string | null;
  content_id: string | null;
}

const STATUS: Record<BatchItemState, string> = {
  waiting: "not finished",
  planning: "not finished",
  rendering: "not finished",
  done: "done",
  failed: "failed",
  cancelled: "cancelled",
};

/** RFC 4180 cell; text a spreadsheet would run as a formula gets an apostrophe (titles are user text). */
function cell(value: string | number): string {
  let s = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function manifestCsv(
  rows: readonly { row: number; title: string; aspect_ratio: string; file: string; status: string }[],
): string {
  const line = (cells: readonly (string | number)[]) => `${cells.map(cell).join(",")}\r\n`;
  // A BOM so spreadsheet apps read the titles as UTF-8.
  return `\uFEFF${line(MANIFEST_HEADER)}${rows.map((r) => line([r.row, r.title, r.aspect_ratio, r.file, r.status])).join("")}`;
}

interface Resolved {
  item: ZipItem;
  title: string;
  video_key: string | null;
}

async function resolve(db: Db, store: BlobStore, item: ZipItem): Promise<Resolved> {
  const c = item.content_id ? await db.collection(content).doc(item.content_id).get() : null;
  const title = c?.data.title || item.label;
  if (item.state !== "done" || !item.file_name || !c) return { item, title, video_key: null };
  const key = (c.data.settings as { files?: { video_key?: string } | null }).files?.video_key ?? null;
  return { item, title, video_key: key && (await store.head(key)) ? key : null };
}

/** The ZIP: the manifest, then every finished video that still has its file. */
export async function batchZip(db: Db, store: BlobStore, items: ZipItem[]): Promise<ReadableStream<Uint8Array>> {
  const resolved: Resolved[] = [];
  for (const item of items) resolved.push(await resolve(db, store, item));
  const manifest = manifestCsv(
    resolved.map((r) => ({
      row: r.item.position + 1,
      title: r.title,
      aspect_ratio: r.item.aspect_ratio,
      file: r.video_key ? r.item.file_name! : "",
      status: r.item.state === "done" && !r.video_key ? "file missing" : STATUS[r.item.state],
    })),
  );
  const sources: ZipSource[] = resolved
    .filter((r) => r.video_key)
    .map((r) => ({
      name: r.item.file_name!,
      open: async () => (await store.get(r.video_key!))?.body ?? null,
    }));
  return streamZip(sources, [{ name: MANIFEST_NAME, text: manifest }]);
}

/** Files named by the caller (a production run's videos), without a manifest. */
export interface ZipEntry {
  file_name: string;
  content_id: string;
}

export function zipStream(db: Db, store: BlobStore, entries: ZipEntry[]): ReadableStream<Uint8Array> {
  return streamZip(
    entries.map((e) => ({
      name: e.file_name,
      open: async () => {
        const c = await db.collection(content).doc(e.content_id).get();
        const key = (c?.data.settings as { files?: { video_key?: string } | null } | undefined)?.files?.video_key;
        return key ? ((await store.get(key))?.body ?? null) : null;
      },
    })),
  );
}
