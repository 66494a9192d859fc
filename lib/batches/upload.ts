import "server-only";
/**
 * A CSV upload's bytes from a request body, refused past `maxBytes` (declared
 * or streamed) and for a content type that is not a CSV or plain bytes. Used
 * by the bulk preview and by production pipelines' CSV sources.
 */
import { ApiError } from "@/lib/api/errors";

const TYPES = /^(text\/csv|text\/plain|application\/csv|application\/vnd\.ms-excel|application\/octet-stream)\b/i;

export async function readCsvUpload(request: Request, o: { maxBytes: number; tooLarge: string }): Promise<Uint8Array> {
  const type = request.headers.get("content-type") ?? "";
  if (!TYPES.test(type)) throw new ApiError("unsupported_media_type", "Send the CSV file's bytes as the body (Content-Type: text/csv).");
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > o.maxBytes) throw new ApiError("payload_too_large", o.tooLarge);
  const parts: Uint8Array[] = [];
  if (request.body) {
    const reader = request.body.getReader();
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > o.maxBytes) {
        await reader.cancel();
        throw new ApiError("payload_too_large", o.tooLarge);
      }
      parts.push(value);
    }
  }
  const bytes = Buffer.concat(parts);
  if (bytes.length === 0) throw new ApiError("unprocessable_entity", "This file is empty.", { issues: [{ path: "file", message: "empty" }] });
  return bytes;
}
