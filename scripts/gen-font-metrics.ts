/**
 * Writes lib/engine/composition/font-metrics.generated.ts: the advance width of
 * every character of the shipped subsets, per font and weight, read from the
 * @fontsource WOFF files (zlib tables: no font library needed). Text fitting
 * measures with these tables, so the store, the API, the Player and the
 * renderer all wrap a text the same way. Re-run after changing FONTS:
 * `npx tsx scripts/gen-font-metrics.ts [--check]`.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { FONT_IDS, FONTS, type FontId } from "@/lib/engine/composition/fonts";

const ROOT = path.join(__dirname, "..");
const OUT = path.join(ROOT, "lib/engine/composition/font-metrics.generated.ts");

/** The characters measured: printable ASCII, Latin-1, Latin Extended-A and common typographic punctuation. */
function charset(): string {
  const codes: number[] = [];
  for (let c = 0x20; c <= 0x7e; c++) codes.push(c);
  for (let c = 0xa0; c <= 0x17f; c++) codes.push(c);
  codes.push(0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2026, 0x20ac, 0x2122, 0x2032, 0x2033, 0x2212);
  return String.fromCodePoint(...codes);
}

interface SfntTables {
  [tag: string]: Buffer;
}

function readWoff(file: string): SfntTables {
  const b = fs.readFileSync(file);
  if (b.toString("latin1", 0, 4) !== "wOFF") throw new Error(`${file} is not a WOFF file`);
  const numTables = b.readUInt16BE(12);
  const tables: SfntTables = {};
  for (let i = 0; i < numTables; i++) {
    const e = 44 + i * 20;
    const tag = b.toString("latin1", e, e + 4);
    const offset = b.readUInt32BE(e + 4);
    const compLength = b.readUInt32BE(e + 8);
    const origLength = b.readUInt32BE(e + 12);
    const raw = b.subarray(offset, offset + compLength);
    tables[tag] = compLength < origLength ? zlib.inflateSync(raw) : Buffer.from(raw);
  }
  return tables;
}

/** code point -> glyph id, from the cmap's format 4 or 12 subtable. */
function readCmap(cmap: Buffer): Map<number, number> {
  const n = cmap.readUInt16BE(2);
  let best: { offset: number; format: number } | null = null;
  for (let i = 0; i < n; i++) {
    const platform = cmap.readUInt16BE(4 + i * 8);
    const encoding = cmap.readUInt16BE(6 + i * 8);
    const offset = cmap.readUInt32BE(8 + i * 8);
    const format = cmap.readUInt16BE(offset);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (unicode && (format === 12 || (format === 4 && best?.format !== 12))) best = { offset, format };
  }
  if (!best) throw new Error("no unicode cmap");
  const map = new Map<number, number>();
  const o = best.offset;
  if (best.format === 12) {
    const groups = cmap.readUInt32BE(o + 12);
    for (let g = 0; g < groups; g++) {
      const start = cmap.readUInt32BE(o + 16 + g * 12);
      const end = cmap.readUInt32BE(o + 20 + g * 12);
      const gid = cmap.readUInt32BE(o + 24 + g * 12);
      for (let c = start; c <= end && c < 0x10000; c++) map.set(c, gid + (c - start));
    }
    return map;
  }
  const segX2 = cmap.readUInt16BE(o + 6);
  const ends = o + 14;
  const starts = ends + segX2 + 2;
  const deltas = starts + segX2;
  const rangeOffsets = deltas + segX2;
  for (let s = 0; s < segX2 / 2; s++) {
    const end = cmap.readUInt16BE(ends + s * 2);
    const start = cmap.readUInt16BE(starts + s * 2);
    const delta = cmap.readInt16BE(deltas + s * 2);
    const ro = cmap.readUInt16BE(rangeOffsets + s * 2);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let gid: number;
      if (ro === 0) gid = (c + delta) & 0xffff;
      else {
        const at = rangeOffsets + s * 2 + ro + (c - start) * 2;
        gid = cmap.readUInt16BE(at);
        if (gid !== 0) gid = (gid + delta) & 0xffff;
      }
      if (gid !== 0) map.set(c, gid);
    }
  }
  return map;
}

interface FaceMetrics {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  widths: Map<number, number>;
}

function faceMetrics(file: string): FaceMetrics {
  const t = readWoff(file);
  const head = t.head!,
    hhea = t.hhea!,
    hmtx = t.hmtx!;
  const unitsPerEm = head.readUInt16BE(18);
  const numH = hhea.readUInt16BE(34);
  const advance = (gid: number) => hmtx.readUInt16BE(Math.min(gid, numH - 1) * 4);
  const widths = new Map<number, number>();
  for (const [code, gid] of readCmap(t.cmap!)) widths.set(code, advance(gid));
  return { unitsPerEm, ascent: hhea.readInt16BE(4), descent: hhea.readInt16BE(6), widths };
}

function fontFile(id: FontId, subset: string, weight: number): string {
  return path.join(ROOT, "node_modules/@fontsource", id, "files", `${id}-${subset}-${weight}-normal.woff`);
}

function generate(): string {
  const chars = charset();
  const codes = [...chars].map((c) => c.codePointAt(0)!);
  const entries: string[] = [];
  for (const id of FONT_IDS) {
    for (const weight of FONTS[id].weights) {
      const latin = faceMetrics(fontFile(id, "latin", weight));
      const ext = faceMetrics(fontFile(id, "latin-ext", weight));
      // Thousandths of an em, rounded up: a measured text is never narrower than the font draws it.
      const per = (m: FaceMetrics, c: number) =>
        m.widths.has(c) ? Math.ceil((m.widths.get(c)! * 1000) / m.unitsPerEm) : -1;
      const widths = codes.map((c) => {
        const w = per(latin, c);
        return w >= 0 ? w : per(ext, c);
      });
      const known = widths.filter((w) => w > 0);
      const avg = Math.ceil(known.reduce((a, b) => a + b, 0) / known.length);
      const ascent = Math.round((latin.ascent * 1000) / latin.unitsPerEm);
      const descent = Math.round((-latin.descent * 1000) / latin.unitsPerEm);
      entries.push(
        `  "${id}@${weight}": { ascent: ${ascent}, descent: ${descent}, avg: ${avg}, widths: "${widths.map((w) => (w < 0 ? "" : w.toString(36))).join(",")}" },`,
      );
    }
  }
  return [
    "// Generated by scripts/gen-font-metrics.ts from the @fontsource WOFF files. Do not edit.",
    "// Widths in thousandths of an em, base 36, one per character of METRIC_CHARS (empty = not in the font).",
    "/* eslint-disable */",
    `export const METRIC_CHARS = ${JSON.stringify(chars)};`,
    "export const FONT_METRICS: Record<string, { ascent: number; descent: number; avg: number; widths: string }> = {",
    ...entries,
    "};",
    "",
  ].join("\n");
}

const text = generate();
if (process.argv.includes("--check")) {
  if (!fs.existsSync(OUT) || fs.readFileSync(OUT, "utf8") !== text) {
    console.error("font-metrics.generated.ts is out of date: run `npx tsx scripts/gen-font-metrics.ts`");
    process.exit(1);
  }
  console.log("font metrics are up to date");
} else {
  fs.writeFileSync(OUT, text);
  console.log(`wrote ${path.relative(process.cwd(), OUT)} (${text.length} bytes)`);
}
