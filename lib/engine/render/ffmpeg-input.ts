/**
 * How ffmpeg and ffprobe open a file whose bytes came from someone else (an
 * upload, a fetched track): as the one demuxer its own leading bytes name,
 * over the file protocol only. Left to guess, ffmpeg probes every demuxer it
 * has, and the HLS and concat demuxers follow what the file lists: other
 * files beside it (another person's upload in the same temporary folder) or
 * URLs. A forced demuxer never reads a list; the whitelist keeps every
 * nested open (a demuxer's own references included) on local files. Node-only.
 */
import { open } from "node:fs/promises";
import { SNIFF_BYTES, sniffContentType } from "@/lib/platform/storage/sniff";

/** ffmpeg's demuxer for each media type we read (lib/platform/storage/sniff.ts names them from the bytes). */
export const DEMUXER_OF_TYPE: Readonly<Record<string, string>> = {
  "video/mp4": "mov",
  "video/quicktime": "mov",
  "audio/mp4": "mov",
  "video/webm": "matroska",
  "audio/mpeg": "mp3",
  "audio/wav": "wav",
  "audio/ogg": "ogg",
};

/** The media type the file's first bytes name, or null. */
export async function sniffFile(file: string): Promise<string | null> {
  const fh = await open(file, "r");
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await fh.read(head, 0, SNIFF_BYTES, 0);
    return sniffContentType(head.subarray(0, bytesRead));
  } finally {
    await fh.close();
  }
}

/**
 * The input arguments for `file` (options, then `-i`): file protocol only,
 * the demuxer its bytes name. Null when the bytes are no media type we read
 * (then ffmpeg is not run on it at all).
 */
export async function mediaInputArgs(file: string): Promise<string[] | null> {
  const type = await sniffFile(file).catch(() => null);
  const demuxer = type ? DEMUXER_OF_TYPE[type] : undefined;
  if (!demuxer) return null;
  // `file:` so a path can never be read as another protocol's URL.
  return ["-protocol_whitelist", "file", "-f", demuxer, "-i", `file:${file}`];
}
