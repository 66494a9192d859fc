/**
 * What an uploaded file is, judged by its bytes alone: the kind, the type,
 * the per-kind size limit, picture size / duration / font family, and the
 * thumbnail or poster. The file name only counts against the upload: a file
 * named like one kind whose bytes are another is refused, so nothing lies
 * its way in. SVG logos are rasterised to PNG here (user SVG is never stored
 * or served). Nothing is written; the caller stores what this returns.
 */
import { open, readFile } from "node:fs/promises";
import { Worker } from "worker_threads";
import sharp from "sharp";
import { ApiError } from "@/lib/platform/api/errors";
import { offThreadPool, offThreadWorkerOptions, OffThreadTaskError } from "@/lib/platform/off-thread/pool";
import { SNIFF_BYTES, sniffContentType } from "@/lib/platform/storage/sniff";
import {
  aKind,
  EXTENSION_KINDS,
  extensionOf,
  formatBytes,
  KIND_FORMATS,
  KIND_LABELS,
  KIND_MAX_BYTES,
  SVG_MAX_BYTES,
  type AssetKind,
} from "./contract";
import { posterFrame, probeMedia } from "./probe";
import type { InspectTasks } from "./inspect.worker";

/** Grid cells are at most ~192 CSS px wide; 384 covers 2x screens (as lib/media/images/render.ts). */
export const ASSET_THUMBNAIL_PX = 384;
/** Video posters: the detail page shows them up to ~960 px wide. */
export const POSTER_PX = 960;
/** An SVG logo becomes a PNG this wide (or tall) at most. */
export const SVG_RASTER_PX = 1024;

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]);
const VIDEO_TYPES = new Set(["video/mp4", "video/quicktime", "video/webm"]);
const AUDIO_TYPES = new Set(["audio/mpeg", "audio/wav", "audio/ogg", "audio/mp4"]);
const FONT_TYPES = new Set(["font/ttf", "font/otf", "font/woff", "font/woff2"]);

export const EXTENSION_OF_TYPE: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "video/mp4": "mp4",
  "video/quicktime": "mov",
  "video/webm": "webm",
  "audio/mpeg": "mp3",
  "audio/wav": "wav",
  "audio/ogg": "ogg",
  "audio/mp4": "m4a",
  "font/ttf": "ttf",
  "font/otf": "otf",
  "font/woff": "woff",
  "font/woff2": "woff2",
};

export interface Inspected {
  kind: AssetKind;
  contentType: string;
  ext: string;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  fontFamily: string | null;
  thumbnail: Buffer | null;
  /** Bytes to store instead of the upload (an SVG rasterised to PNG); null = store the file as it is. */
  replacement: Buffer | null;
}

const unsupported = (message: string) => new ApiError("unsupported_media_type", message);

/** Reading an upload's text or tables: a 1 MB SVG or a 10 MB font is well under a second. */
export const INSPECT_TIMEOUT_MS = 10_000;
// An SVG's text checks and a font's tables (WOFF2 is Brotli up to 64 MB) run in worker threads.
const inspectors = offThreadPool<InspectTasks>({
  spawn: () =>
    new Worker(new URL("./inspect.worker.ts", import.meta.url), offThreadWorkerOptions({ maxMemoryMb: 256 })),
});
const offThreadCall = (name: string) => ({
  timeoutMs: INSPECT_TIMEOUT_MS,
  onLimit: () =>
    new ApiError(
      "unprocessable_entity",
      `"${name}" takes too long to read; it may be damaged. Export it again, or use a PNG.`,
      { issues: [{ path: "file", message: "too slow to read" }] },
    ),
});
const sameFamily = (a: AssetKind, b: AssetKind) =>
  a === b || (a !== "video" && a !== "audio" && a !== "font" && b !== "video" && b !== "audio" && b !== "font");

function typeLabel(contentType: string): string {
  const ext = EXTENSION_OF_TYPE[contentType];
  if (!ext) return contentType;
  const kind = kindOfType(contentType);
  const what = `${ext.toUpperCase()} ${kind ? KIND_LABELS[kind].one.toLowerCase() : "file"}`;
  return kind === "audio" ? what : `${/^[AEFHILMNORSX]/.test(ext.toUpperCase()) ? "an" : "a"} ${what}`;
}

export function kindOfType(contentType: string): AssetKind | null {
  if (IMAGE_TYPES.has(contentType)) return "image";
  if (VIDEO_TYPES.has(contentType)) return "video";
  if (AUDIO_TYPES.has(contentType)) return "audio";
  if (FONT_TYPES.has(contentType)) return "font";
  return null;
}

/**
 * An SVG document (after an optional BOM, XML declaration, comments and
 * doctype). A scan with indexOf, one pass over the head: the regular
 * expression this replaces backtracked exponentially on `<!---->` × 30.
 */
export function looksLikeSvg(head: Buffer): boolean {
  const text = head.toString("utf8");
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (let i = at; i < text.length; i++) if (text.charCodeAt(i) <= 8) return false; // binary, not text
  const skipSpace = () => {
    while (at < text.length && /\s/.test(text[at]!)) at++;
  };
  /** Skips `open … close` at `at`; false when it is not there or never closes. */
  const skipPast = (open: string, close: string): boolean => {
    if (text.slice(at, at + open.length).toLowerCase() !== open.toLowerCase()) return false;
    const end = text.indexOf(close, at + open.length);
    if (end < 0) return false;
    at = end + close.length;
    skipSpace();
    return true;
  };
  skipSpace();
  skipPast("<?xml", ">");
  let doctype = false;
  for (;;) {
    if (skipPast("<!--", "-->")) continue;
    if (!doctype && skipPast("<!DOCTYPE", ">")) {
      doctype = true;
      continue;
    }
    break;
  }
  return text.slice(at, at + 4).toLowerCase() === "<svg" && /[\s>]/.test(text[at + 4] ?? "");
}

async function readHead(path: string): Promise<Buffer> {
  const fh = await open(path, "r");
  try {
    const buf = Buffer.alloc(4096);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

async function imageFacts(
  input: string | Buffer,
  name: string,
): Promise<Pick<Inspected, "width" | "height" | "thumbnail">> {
  try {
    const meta = await sharp(input, { animated: false }).metadata();
    if (!meta.width || !meta.height) throw new Error("no size");
    // EXIF orientations 5-8 are rotated a quarter turn: the picture people see is the other way round.
    const turned = (meta.orientation ?? 1) >= 5;
    const thumbnail = await sharp(input, { animated: false })
      .rotate()
      .resize({ width: ASSET_THUMBNAIL_PX, height: ASSET_THUMBNAIL_PX, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height, thumbnail };
  } catch {
    throw unsupported(
      `"${name}" looks like an image but could not be read; it may be cut short. Try exporting it again.`,
    );
  }
}

/** Refuses SVG that could reach outside itself (scripts, external files, entities); rasterises the rest. */
async function rasteriseSvg(path: string, name: string): Promise<Buffer> {
  const refusal = await inspectors.run("svgRefusal", { path, name }, offThreadCall(name));
  if (refusal) throw unsupported(refusal);
  const bytes = await readFile(path);
  try {
    const meta = await sharp(bytes).metadata();
    const longest = Math.max(meta.width ?? 0, meta.height ?? 0);
    if (!longest) throw new Error("no size");
    const density = Math.min(72 * 8, Math.max(1, (72 * SVG_RASTER_PX) / longest));
    return await sharp(bytes, { density })
      .resize({ width: SVG_RASTER_PX, height: SVG_RASTER_PX, fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw unsupported(`"${name}" is an SVG that could not be drawn. Check it opens in a browser, or export a PNG.`);
  }
}

export async function inspectUpload(
  file: { path: string; size: number; name: string },
  wanted?: { kind?: "image" | "logo" },
): Promise<Inspected> {
  if (file.size === 0)
    throw new ApiError("unprocessable_entity", `"${file.name}" is empty.`, {
      issues: [{ path: "file", message: "empty file" }],
    });
  const head = await readHead(file.path);
  const sniffed = sniffContentType(head.subarray(0, SNIFF_BYTES));
  const svg = !sniffed && looksLikeSvg(head);
  const ext = extensionOf(file.name);
  const claimed = EXTENSION_KINDS[ext];
  let kind: AssetKind | null = svg ? "logo" : sniffed ? kindOfType(sniffed) : null;

  if (!kind) {
    if (claimed === "font")
      throw unsupported(`"${file.name}" is not a font: its bytes are not a TTF, OTF, WOFF or WOFF2 file.`);
    if (claimed)
      throw unsupported(
        `"${file.name}" is named like ${aKind(claimed)} but its bytes are not ${KIND_FORMATS[claimed]}.`,
      );
    throw unsupported(
      `"${file.name}" is not a file we can use. Upload images (PNG, JPEG, WebP, GIF), SVG logos, video clips (MP4, MOV, WebM), audio (MP3, WAV, OGG, M4A) or fonts (TTF, OTF, WOFF, WOFF2).`,
    );
  }
  if (claimed && !sameFamily(claimed, kind)) {
    const is = svg ? "an SVG picture" : typeLabel(sniffed!);
    throw unsupported(
      `"${file.name}" is named like ${aKind(claimed)} (.${ext}) but its bytes are ${is}. Rename it or upload the right file.`,
    );
  }
  if (kind === "image" && wanted?.kind === "logo") kind = "logo";

  const max = svg ? SVG_MAX_BYTES : KIND_MAX_BYTES[kind];
  if (file.size > max) {
    throw new ApiError(
      "payload_too_large",
      `"${file.name}" is ${formatBytes(file.size)}; ${svg ? "SVG logos" : KIND_LABELS[kind].many.toLowerCase()} are at most ${formatBytes(max)}.`,
    );
  }
  const base: Inspected = {
    kind,
    contentType: sniffed ?? "image/png",
    ext: sniffed ? EXTENSION_OF_TYPE[sniffed]! : "png",
    width: null,
    height: null,
    durationMs: null,
    fontFamily: null,
    thumbnail: null,
    replacement: null,
  };

  if (svg) {
    const png = await rasteriseSvg(file.path, file.name);
    return { ...base, replacement: png, ...(await imageFacts(png, file.name)) };
  }
  if (kind === "image" || kind === "logo") return { ...base, ...(await imageFacts(file.path, file.name)) };
  if (kind === "font") {
    try {
      const font = await inspectors.run("font", { path: file.path }, offThreadCall(file.name));
      return { ...base, fontFamily: font.family };
    } catch (e) {
      if (e instanceof OffThreadTaskError && e.name === "FontError") throw unsupported(`"${file.name}": ${e.message}`);
      throw e;
    }
  }
  const probe = await probeMedia(file.path);
  if (kind === "video") {
    if (!probe?.hasVideo)
      throw unsupported(
        `"${file.name}" looks like ${typeLabel(sniffed!)} but holds no playable picture; it may be cut short or audio only.`,
      );
    const frame = await posterFrame(file.path, Math.min(1000, (probe.durationMs ?? 0) / 2));
    const thumbnail = frame
      ? await sharp(frame)
          .resize({ width: POSTER_PX, height: POSTER_PX, fit: "inside", withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer()
      : null;
    return { ...base, width: probe.width, height: probe.height, durationMs: probe.durationMs, thumbnail };
  }
  if (!probe?.hasAudio)
    throw unsupported(
      `"${file.name}" looks like ${typeLabel(sniffed!)} but holds no playable sound; it may be cut short.`,
    );
  return { ...base, durationMs: probe.durationMs };
}
