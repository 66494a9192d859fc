import "server-only";
/**
 * A rendered video's captions as a download: the WebVTT track the render
 * stored (phrases, with word timing as inline timestamps where known), or the
 * same cues as SRT, converted from it so both always match the MP4.
 *
 *   GET /api/v1/videos/{id}/captions?format=vtt|srt -> text/vtt | application/x-subrip (attachment)
 */
import { webVttToSrt } from "@/lib/engine/audio/captions";
import { ApiError } from "@/lib/platform/api/errors";
import { captionFileQuerySchema, type CaptionFormat } from "./contract";
import { ownedVideo, settingsOf, type VideoDeps } from "./service/shared";

export { captionFileQuerySchema };

/** A caption track is a few kB a minute; anything far larger is not one we wrote. */
const MAX_CAPTION_BYTES = 2 * 1024 * 1024;

export interface CaptionFile {
  body: string;
  contentType: string;
  filename: string;
}

/** A safe download name from the title: letters, digits, spaces and dashes. */
function baseName(title: string): string {
  return (
    title
      .replace(/[^\p{L}\p{N} _-]+/gu, "")
      .trim()
      .slice(0, 80) || "captions"
  );
}

export async function captionFile(
  deps: VideoDeps,
  uid: string,
  id: string,
  format: CaptionFormat,
): Promise<CaptionFile> {
  const { doc } = await ownedVideo(deps.db, uid, id);
  const key = settingsOf(doc).files?.captions_key;
  if (!key) throw new ApiError("not_found", "This video has no captions yet: render it with captions on.");
  const read = await deps.store.get(key);
  if (!read) throw new ApiError("not_found", "This video's captions are missing; render it again.");
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of read.body) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += b.length;
    if (size > MAX_CAPTION_BYTES) {
      read.body.destroy();
      throw new ApiError("unprocessable_entity", "This video's captions file is too large to convert.");
    }
    chunks.push(b);
  }
  const vtt = Buffer.concat(chunks).toString("utf8");
  const name = baseName(doc.title || "captions");
  return format === "srt"
    ? { body: webVttToSrt(vtt), contentType: "application/x-subrip; charset=utf-8", filename: `${name}.srt` }
    : { body: vtt, contentType: "text/vtt; charset=utf-8", filename: `${name}.vtt` };
}
