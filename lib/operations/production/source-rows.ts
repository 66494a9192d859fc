/**
 * A pipeline source's bytes → keyed rows, pure and synchronous: a CSV upload
 * (the bulk area's reader, lib/creation/batches/csv, but UTF-8 only: a production
 * source is re-read on every run, so a Windows-1252 guess is refused rather
 * than shown for checking) and a fetched feed (CSV, JSON or RSS/Atom). Every
 * row gets a stable key (an id/sku column, else its link, else its text),
 * which is what lets a rerun recognise it. ./source.ts runs these in a
 * worker thread (./source.worker.ts).
 */
import { DOMParser } from "linkedom";
import { ApiError } from "@/lib/platform/api/errors";
import { batchRowSchema, type BatchRowInput } from "@/lib/creation/batches/contract";
import { decodeCsv, guessMapping, previewCsv } from "@/lib/creation/batches/csv";
import { MAX_PIPELINE_ROWS, TOO_MANY_PIPELINE_ROWS, type CsvSource, type FeedFormat, type KeyedRow } from "./contract";

const KEY_COLUMN = /^(id|sku|key|product ?id|item ?id|gtin|mpn|guid|external ?id)$/;
const norm = (c: string) =>
  c
    .trim()
    .toLowerCase()
    .replace(/[_\-.]+/g, " ")
    .replace(/\s+/g, " ");

function tooMany(count: number): ApiError {
  return new ApiError(
    "unprocessable_entity",
    `This source has ${count.toLocaleString("en-US")} rows. ${TOO_MANY_PIPELINE_ROWS}`,
    { issues: [{ path: "source", message: "too many rows" }] },
  );
}

/** Validates rows and gives each a unique stable key; one 422 naming every bad row. */
export function keyRows(raw: { key: string | null; row: BatchRowInput }[]): KeyedRow[] {
  if (raw.length === 0)
    throw new ApiError("unprocessable_entity", "The source has no rows.", {
      issues: [{ path: "source", message: "no rows" }],
    });
  if (raw.length > MAX_PIPELINE_ROWS) throw tooMany(raw.length);
  const issues: { path: string; message: string }[] = [];
  const seen = new Map<string, number>();
  const out: KeyedRow[] = [];
  raw.forEach((r, i) => {
    const parsed = batchRowSchema.safeParse(r.row);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        issues.push({ path: `rows.${i}.${issue.path.join(".")}`, message: `Row ${i + 1}: ${issue.message}` });
      return;
    }
    const row = parsed.data;
    const base = (
      r.key?.trim() ? `id:${r.key.trim()}` : (row.link ?? `text:${(row.prompt ?? row.name ?? "").trim().toLowerCase()}`)
    ).slice(0, 280);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    out.push({ key: n === 1 ? base : `${base}#${n}`, row });
  });
  if (issues.length) {
    throw new ApiError(
      "unprocessable_entity",
      `${issues.length === 1 ? issues[0]!.message : `${issues.length} problems in the rows, first: ${issues[0]!.message}`} Nothing was saved.`,
      { issues: issues.slice(0, 50) },
    );
  }
  return out;
}

/** A CSV's bytes → keyed rows (422 for anything not UTF-8, over the row cap, or with bad rows). */
export function readCsvSource(bytes: Uint8Array, fileName = "upload.csv"): CsvSource {
  const decoded = decodeCsv(bytes);
  if (decoded.encoding === "windows-1252") {
    throw new ApiError(
      "unprocessable_entity",
      `${decoded.notice ? decoded.notice.split("; it was read as Windows-1252")[0] : "This file is not UTF-8"}. A production source must be UTF-8: save it as "CSV UTF-8" and upload it again. Nothing was saved.`,
      {
        issues: [{ path: "file", message: "not UTF-8" }],
      },
    );
  }
  const preview = previewCsv(bytes);
  const guesses = preview.guesses;
  if (guesses.link === null && guesses.prompt === null) {
    throw new ApiError(
      "unprocessable_entity",
      "No column is named like a link (link, url) or a prompt (prompt, brief): name one of them so every row has a link or a prompt.",
      { issues: [{ path: "file", message: "no link or prompt column" }] },
    );
  }
  const keyIndex = preview.columns.findIndex((c) => KEY_COLUMN.test(norm(c)));
  const cell = (r: string[], i: number | null) => (i === null ? null : (r[i] ?? null));
  const rows = keyRows(
    preview.rows.map((r) => ({
      key: keyIndex >= 0 ? (r[keyIndex] ?? null) : null,
      row: {
        link: cell(r, guesses.link),
        prompt: cell(r, guesses.prompt),
        name: cell(r, guesses.name),
        price: cell(r, guesses.price),
        image_url: cell(r, guesses.image_url),
      },
    })),
  );
  return {
    file_name: fileName.slice(0, 200),
    columns: preview.columns,
    row_count: rows.length,
    rows,
    key_column: keyIndex >= 0 ? preview.columns[keyIndex]! : null,
  };
}

const str = (v: unknown): string | null => (typeof v === "string" ? v : typeof v === "number" ? String(v) : null);

function jsonRows(text: string): { key: string | null; row: BatchRowInput }[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ApiError("unprocessable_entity", "The feed is not valid JSON.", {
      issues: [{ path: "source.url", message: "malformed JSON" }],
    });
  }
  const list = Array.isArray(data)
    ? data
    : ["items", "products", "data", "entries"].map((k) => (data as Record<string, unknown>)?.[k]).find(Array.isArray);
  if (!Array.isArray(list))
    throw new ApiError(
      "unprocessable_entity",
      "The JSON feed should be a list of products (or an object with an items/products list).",
      { issues: [{ path: "source.url", message: "no list" }] },
    );
  if (list.length > MAX_PIPELINE_ROWS) throw tooMany(list.length);
  return list.map((o) => {
    const rec = (o && typeof o === "object" ? o : {}) as Record<string, unknown>;
    const keys = Object.keys(rec);
    const g = guessMapping(keys);
    const at = (i: number | null) => (i === null ? null : str(rec[keys[i]!]));
    const keyName = keys.find((k) => KEY_COLUMN.test(norm(k)));
    return {
      key: keyName ? str(rec[keyName]) : null,
      row: { link: at(g.link), prompt: at(g.prompt), name: at(g.name), price: at(g.price), image_url: at(g.image_url) },
    };
  });
}

function rssRows(text: string): { key: string | null; row: BatchRowInput }[] {
  const doc = new DOMParser().parseFromString(text, "text/xml");
  const items = [...doc.querySelectorAll("item, entry")];
  if (items.length === 0)
    throw new ApiError(
      "unprocessable_entity",
      "The feed has no <item> or <entry> elements: is it an RSS or Atom feed?",
      { issues: [{ path: "source.url", message: "no items" }] },
    );
  if (items.length > MAX_PIPELINE_ROWS) throw tooMany(items.length);
  const text1 = (el: Element, sel: string) => el.querySelector(sel)?.textContent?.trim() || null;
  return items.map((el) => {
    const linkEl = el.querySelector("link");
    const link = linkEl?.getAttribute("href") || linkEl?.textContent?.trim() || null;
    const image =
      el.querySelector("enclosure[type^='image'], media\\:content, image")?.getAttribute("url") ??
      text1(el, "image_link") ??
      null;
    return {
      key: text1(el, "guid") ?? text1(el, "id"),
      row: {
        link,
        name: text1(el, "title"),
        prompt: link ? null : (text1(el, "description") ?? text1(el, "summary")),
        price: text1(el, "price"),
        image_url: image,
      },
    };
  });
}

/** A fetched feed's bytes → keyed rows (422 for anything not UTF-8, malformed, over the row cap, or with bad rows). */
export function feedRows(bytes: Uint8Array, format: FeedFormat): KeyedRow[] {
  if (format === "csv") return readCsvSource(bytes, "feed.csv").rows;
  const decoded = decodeCsv(bytes);
  if (decoded.encoding === "windows-1252")
    throw new ApiError("unprocessable_entity", "The feed is not UTF-8. Ask for a UTF-8 feed.", {
      issues: [{ path: "source.url", message: "not UTF-8" }],
    });
  return keyRows(format === "json" ? jsonRows(decoded.text) : rssRows(decoded.text));
}
