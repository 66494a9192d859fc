import "server-only";
/**
 * A CSV upload's bytes from a request body, refused past `maxBytes` (declared
 * or streamed) and for a content type that is not a CSV or plain bytes. Used
 * by the bulk preview and by production pipelines' CSV sources.
 */
import { readBodyBytes } from "@/lib/platform/api/body";
import { ApiError } from "@/lib/platform/api/errors";

const TYPES = /^(text\/csv|text\/plain|application\/csv|application\/vnd\.ms-excel|application\/octet-stream)\b/i;

export async function readCsvUpload(request: Request, o: { maxBytes: number; tooLarge: string }): Promise<Uint8Array> {
  const type = request.headers.get("content-type") ?? "";
  if (!TYPES.test(type))
    throw new ApiError("unsupported_media_type", "Send the CSV file's bytes as the body (Content-Type: text/csv).");
  const bytes = await readBodyBytes(request, o.maxBytes, o.tooLarge);
  if (bytes.length === 0)
    throw new ApiError("unprocessable_entity", "This file is empty.", { issues: [{ path: "file", message: "empty" }] });
  return bytes;
}
