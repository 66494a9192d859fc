import "server-only";
/**
 * A CSV upload → what the mapping step shows: the header's columns, a guess
 * per row field, the first rows and every data row (at most 100). Decoding
 * is strict about what it cannot read and says what it did:
 *   - UTF-8 with or without a BOM; UTF-16 (LE/BE) when a BOM says so;
 *   - bytes that are not UTF-8 are read as Windows-1252 (what Excel writes on
 *     Western-European Windows), and the preview says so, naming the first line
 *     that was not UTF-8, so the user can check its accents;
 *   - NUL bytes without a UTF-16 BOM (a spreadsheet, an image) are refused.
 * Nothing is stored: the preview is free and the batch is created from rows.
 */
import { parse } from "csv-parse/sync";
import { ApiError } from "@/lib/platform/api/errors";
import { MAX_BATCH_ROWS, ROW_FIELDS, TOO_MANY_ROWS, type CsvPreview, type RowField } from "./contract";

const PREVIEW_ROWS = 5;
/**
 * Lines a CSV may have (a batch is at most 100 rows; quoted cells may span
 * lines, and Excel leaves blank rows at the end). It bounds the parse: the
 * parser spends 0.1-0.7 ms on each row whose cell count differs from the
 * header's (it builds and deep-copies an error object even when told to
 * relax), and a 2 MB body holds a million short rows.
 */
export const MAX_CSV_LINES = 2_000;

export function decodeCsv(bytes: Uint8Array): {
  text: string;
  encoding: CsvPreview["encoding"];
  notice: string | null;
} {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "utf-16le", notice: null };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), encoding: "utf-16be", notice: null };
  const body =
    bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  if (body.includes(0)) {
    throw new ApiError(
      "unprocessable_entity",
      "This file is not a CSV text file (it holds binary data). Save it as CSV (UTF-8) and upload that.",
      {
        issues: [{ path: "file", message: "binary data" }],
      },
    );
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(body), encoding: "utf-8", notice: null };
  } catch {
    const line = firstInvalidUtf8Line(body);
    return {
      text: new TextDecoder("windows-1252").decode(body),
      encoding: "windows-1252",
      notice: `This file is not UTF-8 (first at line ${line}); it was read as Windows-1252. Check accented letters in the preview, or save the file as CSV UTF-8.`,
    };
  }
}

/** 1-based line of the first byte sequence that is not UTF-8 (one decoder, one pass). */
function firstInvalidUtf8Line(bytes: Uint8Array): number {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let start = 0;
  let line = 1;
  for (;;) {
    const nl = bytes.indexOf(0x0a, start);
    const end = nl < 0 ? bytes.length : nl;
    try {
      decoder.decode(bytes.subarray(start, end));
    } catch {
      return line;
    }
    if (nl < 0) return line;
    start = nl + 1;
    line++;
  }
}

/** Lines, ended by CRLF, LF or a lone CR (old Mac files); the last may have no line break. */
function lineCount(text: string): number {
  let breaks = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) breaks++;
  }
  const last = text.charCodeAt(text.length - 1);
  return last === 0x0a || last === 0x0d ? breaks : breaks + 1;
}

const GUESSES: Record<RowField, RegExp> = {
  link: /^(link|url|product ?url|page|page ?url|href|website|product ?link)$/,
  prompt: /^(prompt|brief|idea|text|script|description|topic)$/,
  name: /^(name|title|product|product ?name)$/,
  price: /^(price|cost|amount)$/,
  image_url: /^(image|image ?url|img|picture|photo|image ?link|thumbnail)$/,
};

/** The column each field most likely lives in, by header name. */
export function guessMapping(columns: readonly string[]): Record<RowField, number | null> {
  const norm = columns.map((c) =>
    c
      .trim()
      .toLowerCase()
      .replace(/[_\-.]+/g, " ")
      .replace(/\s+/g, " "),
  );
  const out = {} as Record<RowField, number | null>;
  const taken = new Set<number>();
  for (const f of ROW_FIELDS) {
    const i = norm.findIndex((c, idx) => !taken.has(idx) && GUESSES[f].test(c));
    out[f] = i >= 0 ? i : null;
    if (i >= 0) taken.add(i);
  }
  return out;
}

const tooManyRows = (what: string) =>
  new ApiError("unprocessable_entity", `This file has ${what}. ${TOO_MANY_ROWS}`, {
    issues: [{ path: "file", message: "too many rows" }],
  });

/** Stops the parse at the first row past the cap: a million rows cost what 101 do. */
class RowCapReached extends Error {}

export function previewCsv(bytes: Uint8Array): CsvPreview {
  const { text, encoding, notice } = decodeCsv(bytes);
  const lines = lineCount(text);
  if (lines > MAX_CSV_LINES) throw tooManyRows(`${lines.toLocaleString("en-US")} lines`);
  let records: string[][];
  let filled = 0;
  try {
    records = parse(text, {
      relax_column_count: true,
      skip_empty_lines: true,
      trim: false,
      bom: true,
      // The header and MAX_BATCH_ROWS rows with something in them; the next one ends the parse.
      on_record: (record: string[]) => {
        if (record.some((c) => c.trim() !== "") && ++filled > MAX_BATCH_ROWS + 1) throw new RowCapReached();
        return record;
      },
    }) as string[][];
  } catch (e) {
    if (e instanceof RowCapReached) throw tooManyRows(`more than ${MAX_BATCH_ROWS} rows`);
    const line = (e as { lines?: number }).lines;
    throw new ApiError(
      "unprocessable_entity",
      `This CSV cannot be read${line ? ` (line ${line})` : ""}: ${(e as Error).message.replace(/^Invalid [^:]*: /, "")}. Check its quotes and save it again as CSV.`,
      {
        issues: [{ path: "file", message: "malformed CSV" }],
      },
    );
  }
  records = records.filter((r) => r.some((c) => c.trim() !== ""));
  if (records.length === 0)
    throw new ApiError(
      "unprocessable_entity",
      "This CSV is empty. Its first line should name the columns (link, prompt, name…), then one row per video.",
      { issues: [{ path: "file", message: "empty" }] },
    );
  const [header, ...rows] = records as [string[], ...string[][]];
  if (rows.length === 0)
    throw new ApiError(
      "unprocessable_entity",
      "This CSV has a header line and no rows. Add one row per video under the header.",
      { issues: [{ path: "file", message: "no rows" }] },
    );
  const columns = header.map((c, i) => c.trim() || `Column ${i + 1}`);
  const width = Math.max(columns.length, ...rows.map((r) => r.length));
  for (let i = columns.length; i < width; i++) columns.push(`Column ${i + 1}`);
  const guesses = guessMapping(columns);
  const problems: string[] = [];
  if (notice) problems.push(notice);
  if (guesses.link === null && guesses.prompt === null) {
    problems.push(
      "No column is named like a link (link, url) or a prompt (prompt, brief). Pick the column that holds them below: every row needs one or the other.",
    );
  }
  const padded = rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ""));
  return {
    columns,
    guesses,
    rows_preview: padded.slice(0, PREVIEW_ROWS),
    rows: padded,
    row_count: rows.length,
    encoding,
    problems,
  };
}
