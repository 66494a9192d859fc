/**
 * Content types from the bytes themselves (magic numbers), never from the
 * file name or the client's header: an upload is what its bytes say it is.
 */
export const SNIFF_BYTES = 32;

export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export const VIDEO_TYPES = ["video/mp4", "video/webm"] as const;
/** Narration and music (WAV), and caption tracks (WebVTT): stored by the video domain, never accepted as uploads by default. */
export const AUDIO_TYPES = ["audio/wav"] as const;
/** What the asset library takes besides images and MP4/WebM (lib/media/assets): never accepted by default. */
export const ASSET_EXTRA_TYPES = [
  "video/quicktime",
  "audio/mpeg",
  "audio/ogg",
  "audio/mp4",
  "font/ttf",
  "font/otf",
  "font/woff",
  "font/woff2",
] as const;
export const CAPTION_TYPES = ["text/vtt"] as const;
export const DEFAULT_ALLOWED_TYPES: readonly string[] = [...IMAGE_TYPES, ...VIDEO_TYPES];

const ascii = (b: Uint8Array, at: number, s: string) => s.split("").every((c, i) => b[at + i] === c.charCodeAt(0));

export function sniffContentType(head: Uint8Array): string | null {
  if (head.length >= 8 && head[0] === 0x89 && ascii(head, 1, "PNG\r\n\x1a\n")) return "image/png";
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  if (head.length >= 6 && (ascii(head, 0, "GIF87a") || ascii(head, 0, "GIF89a"))) return "image/gif";
  if (head.length >= 12 && ascii(head, 0, "RIFF") && ascii(head, 8, "WEBP")) return "image/webp";
  if (head.length >= 12 && ascii(head, 0, "RIFF") && ascii(head, 8, "WAVE")) return "audio/wav";
  // WebVTT: the signature, optionally after a UTF-8 byte order mark, then a space, tab or line break.
  const vtt = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  if (
    head.length >= vtt + 6 &&
    ascii(head, vtt, "WEBVTT") &&
    (head.length === vtt + 6 || [0x20, 0x09, 0x0a, 0x0d].includes(head[vtt + 6]!))
  )
    return "text/vtt";
  // ISO base media: a box size, then "ftyp" and the major brand (QuickTime and audio-only brands are their own types).
  if (head.length >= 12 && ascii(head, 4, "ftyp")) {
    if (ascii(head, 8, "qt  ")) return "video/quicktime";
    if (ascii(head, 8, "M4A ") || ascii(head, 8, "M4B ")) return "audio/mp4";
    return "video/mp4";
  }
  if (head.length >= 4 && ascii(head, 0, "OggS")) return "audio/ogg";
  // MP3: an ID3v2 tag, or an MPEG audio frame sync with a layer (ADTS AAC has layer 0 and is not MP3).
  if (head.length >= 3 && ascii(head, 0, "ID3")) return "audio/mpeg";
  if (
    head.length >= 3 &&
    head[0] === 0xff &&
    (head[1]! & 0xe0) === 0xe0 &&
    (head[1]! & 0x06) !== 0 &&
    (head[1]! & 0x18) !== 0x08 &&
    (head[2]! & 0xf0) !== 0xf0
  )
    return "audio/mpeg";
  // Fonts: only a signature here; lib/media/assets/font.ts parses the table directory before accepting one.
  if (head.length >= 4 && ascii(head, 0, "wOF2")) return "font/woff2";
  if (head.length >= 4 && ascii(head, 0, "wOFF")) return "font/woff";
  if (head.length >= 4 && ascii(head, 0, "OTTO")) return "font/otf";
  if (
    head.length >= 12 &&
    (ascii(head, 0, "true") || (head[0] === 0 && head[1] === 1 && head[2] === 0 && head[3] === 0)) &&
    head[4] === 0 &&
    head[5]! > 0
  )
    return "font/ttf";
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3)
    return "video/webm";
  if (head.length >= 5 && ascii(head, 0, "%PDF-")) return "application/pdf";
  return null;
}
