/**
 * Content types from the bytes themselves (magic numbers), never from the
 * file name or the client's header: an upload is what its bytes say it is.
 */
export const SNIFF_BYTES = 32;

export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export const VIDEO_TYPES = ["video/mp4", "video/webm"] as const;
/** Narration and music (WAV), and caption tracks (WebVTT): stored by the video domain, never accepted as uploads by default. */
export const AUDIO_TYPES = ["audio/wav"] as const;
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
  if (head.length >= vtt + 6 && ascii(head, vtt, "WEBVTT") && (head.length === vtt + 6 || [0x20, 0x09, 0x0a, 0x0d].includes(head[vtt + 6]!))) return "text/vtt";
  // ISO base media: a box size, then "ftyp"; QuickTime brands are left out on purpose.
  if (head.length >= 12 && ascii(head, 4, "ftyp") && !ascii(head, 8, "qt  ")) return "video/mp4";
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return "video/webm";
  if (head.length >= 5 && ascii(head, 0, "%PDF-")) return "application/pdf";
  return null;
}
