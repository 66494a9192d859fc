/**
 * Is this a font? Parses the sfnt table directory (TTF/OTF), or the WOFF /
 * WOFF2 header and directory, checks the tables a usable font must have
 * (with the `head` table's magic number), and reads the family name from the
 * `name` table. Anything else is a FontError with a sentence a person can
 * act on. Node-only (zlib for WOFF's deflate and WOFF2's Brotli).
 */
import { brotliDecompressSync, inflateSync } from "node:zlib";

export type FontFormat = "ttf" | "otf" | "woff" | "woff2";

export interface FontInfo {
  format: FontFormat;
  family: string;
  subfamily: string | null;
  contentType: `font/${FontFormat}`;
}

export class FontError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FontError";
  }
}

const REQUIRED = ["cmap", "head", "name"] as const;
const HEAD_MAGIC = 0x5f0f3cf5;
const MAX_TABLES = 200;

// WOFF2's known-table index (the WOFF2 specification, section 5.1).
const WOFF2_TAGS = (
  "cmap head hhea hmtx maxp name OS/2 post cvt  fpgm glyf loca prep CFF  VORG EBDT EBLC gasp hdmx kern LTSH PCLT VDMX vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG  sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill".match(
    /.{4}\s?/g,
  ) ?? []
).map((t) => t.slice(0, 4));

const tag = (b: Buffer, at: number) => b.toString("latin1", at, at + 4);

/** Table tag -> its bytes (decompressed). */
type Tables = Map<string, Buffer>;

function notAFont(detail: string): FontError {
  return new FontError(`This file is not a usable font (${detail}). Upload a TTF, OTF, WOFF or WOFF2 file.`);
}

function slice(b: Buffer, offset: number, length: number, what: string): Buffer {
  if (offset < 0 || length < 0 || offset + length > b.length)
    throw notAFont(`its ${what} table lies outside the file; it may be cut short`);
  return b.subarray(offset, offset + length);
}

function sfntTables(b: Buffer): Tables {
  if (b.length < 12) throw notAFont("it is too short");
  const n = b.readUInt16BE(4);
  if (n < 1 || n > MAX_TABLES) throw notAFont("its table directory is empty or broken");
  if (12 + n * 16 > b.length) throw notAFont("its table directory is cut short");
  const out: Tables = new Map();
  for (let i = 0; i < n; i++) {
    const at = 12 + i * 16;
    const t = tag(b, at);
    out.set(t, slice(b, b.readUInt32BE(at + 8), b.readUInt32BE(at + 12), t.trim()));
  }
  return out;
}

function woffTables(b: Buffer): Tables {
  if (b.length < 44) throw notAFont("its WOFF header is cut short");
  if (b.readUInt32BE(8) !== b.length) throw notAFont("its WOFF header gives another length; the file may be cut short");
  const n = b.readUInt16BE(12);
  if (n < 1 || n > MAX_TABLES || 44 + n * 20 > b.length) throw notAFont("its WOFF table directory is broken");
  const out: Tables = new Map();
  for (let i = 0; i < n; i++) {
    const at = 44 + i * 20;
    const t = tag(b, at);
    const [offset, compLength, origLength] = [b.readUInt32BE(at + 4), b.readUInt32BE(at + 8), b.readUInt32BE(at + 12)];
    const data = slice(b, offset, compLength, t.trim());
    if (compLength < origLength) {
      try {
        out.set(t, inflateSync(data, { maxOutputLength: Math.max(origLength, 1) }));
      } catch {
        throw notAFont(`its ${t.trim()} table does not decompress`);
      }
    } else out.set(t, data);
  }
  return out;
}

function base128(b: Buffer, pos: { at: number }): number {
  let v = 0;
  for (let i = 0; i < 5; i++) {
    if (pos.at >= b.length) throw notAFont("its WOFF2 table directory is cut short");
    const byte = b[pos.at++]!;
    if (i === 0 && byte === 0x80) throw notAFont("its WOFF2 table directory is broken");
    v = v * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return v;
  }
  throw notAFont("its WOFF2 table directory is broken");
}

function woff2Tables(b: Buffer): Tables {
  if (b.length < 48) throw notAFont("its WOFF2 header is cut short");
  if (b.readUInt32BE(8) !== b.length)
    throw notAFont("its WOFF2 header gives another length; the file may be cut short");
  const n = b.readUInt16BE(12);
  const compressedSize = b.readUInt32BE(20);
  if (n < 1 || n > MAX_TABLES) throw notAFont("its WOFF2 table directory is broken");
  const pos = { at: 48 };
  const dir: { tag: string; length: number }[] = [];
  for (let i = 0; i < n; i++) {
    if (pos.at >= b.length) throw notAFont("its WOFF2 table directory is cut short");
    const flags = b[pos.at++]!;
    let t = WOFF2_TAGS[flags & 0x3f];
    if ((flags & 0x3f) === 63) {
      t = tag(b, pos.at);
      pos.at += 4;
    }
    if (!t) throw notAFont("its WOFF2 table directory names an unknown table");
    const orig = base128(b, pos);
    const version = (flags >> 6) & 3;
    const transformed = t === "glyf" || t === "loca" ? version === 0 : version !== 0;
    dir.push({ tag: t, length: transformed ? base128(b, pos) : orig });
  }
  // A collection (flavor "ttcf") has a collection directory next: only single fonts are taken.
  if (tag(b, 4) === "ttcf") throw notAFont("it is a font collection; upload one font of it");
  let stream: Buffer;
  try {
    stream = brotliDecompressSync(slice(b, pos.at, compressedSize, "compressed"), {
      maxOutputLength: 64 * 1024 * 1024,
    });
  } catch (e) {
    if (e instanceof FontError) throw e;
    throw notAFont("its compressed tables do not decompress");
  }
  const out: Tables = new Map();
  let at = 0;
  for (const d of dir) {
    out.set(d.tag, slice(stream, at, d.length, d.tag.trim()));
    at += d.length;
  }
  return out;
}

function decodeName(platform: number, bytes: Buffer): string {
  // Windows and Unicode platforms store UTF-16BE; Macintosh Roman is close enough to Latin-1 for family names.
  if (platform === 0 || platform === 3) {
    const swapped = Buffer.from(bytes);
    swapped.swap16();
    return swapped.toString("utf16le");
  }
  return bytes.toString("latin1");
}

function readNames(name: Buffer): { family: string | null; subfamily: string | null } {
  if (name.length < 6) throw notAFont("its name table is cut short");
  const count = name.readUInt16BE(2);
  const storage = name.readUInt16BE(4);
  const found = new Map<number, { platform: number; value: string }>();
  for (let i = 0; i < count; i++) {
    const at = 6 + i * 12;
    if (at + 12 > name.length) throw notAFont("its name table is cut short");
    const [platform, , language, id, length, offset] = [0, 2, 4, 6, 8, 10].map((o) => name.readUInt16BE(at + o)) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    if (![1, 2, 16, 17].includes(id) || storage + offset + length > name.length) continue;
    const value = decodeName(platform, name.subarray(storage + offset, storage + offset + length))
      .replace(/[\u0000-\u001f]/g, "")
      .trim();
    if (!value) continue;
    // Prefer Windows English (US), then any Windows, then anything.
    const score = platform === 3 ? (language === 0x409 ? 3 : 2) : 1;
    const prev = found.get(id);
    if (!prev || score > (prev.platform === 3 ? 2 : 1)) found.set(id, { platform, value });
  }
  const family = found.get(16)?.value ?? found.get(1)?.value ?? null;
  const subfamily = found.get(17)?.value ?? found.get(2)?.value ?? null;
  return { family: family?.slice(0, 120) ?? null, subfamily: subfamily?.slice(0, 120) ?? null };
}

export function parseFont(input: Uint8Array): FontInfo {
  const b = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (b.length < 4) throw notAFont("it is too short");
  const sig = tag(b, 0);
  let format: FontFormat;
  let tables: Tables;
  if (sig === "wOF2") {
    format = "woff2";
    tables = woff2Tables(b);
  } else if (sig === "wOFF") {
    format = "woff";
    tables = woffTables(b);
  } else if (sig === "OTTO" || sig === "true" || b.readUInt32BE(0) === 0x00010000) {
    format = sig === "OTTO" ? "otf" : "ttf";
    tables = sfntTables(b);
  } else {
    throw notAFont("it does not start like a font file");
  }
  for (const t of REQUIRED) if (!tables.has(t)) throw notAFont(`it has no ${t} table`);
  if (!tables.has("glyf") && !tables.has("CFF ") && !tables.has("CFF2")) throw notAFont("it has no glyphs");
  const head = tables.get("head")!;
  if (head.length < 54 || head.readUInt32BE(12) !== HEAD_MAGIC) throw notAFont("its head table is broken");
  const { family, subfamily } = readNames(tables.get("name")!);
  if (!family) throw notAFont("it has no family name");
  return { format, family, subfamily, contentType: `font/${format}` };
}
