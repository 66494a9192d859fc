/**
 * POST /api/v1/batches/preview — a CSV file's bytes (text/csv or application/octet-stream, ≤ 2 MB)
 * → its columns, mapping guesses, first rows and row count. Free; nothing is stored.
 */
import { ApiError, methodNotAllowed } from "@/lib/api/errors";
import { withUser } from "@/lib/api/with-user";
import { MAX_CSV_BYTES } from "@/lib/batches/contract";
import { previewCsv } from "@/lib/batches/csv";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const TYPES = /^(text\/csv|text\/plain|application\/csv|application\/vnd\.ms-excel|application\/octet-stream)\b/i;

async function readBytes(request: Request): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  const tooLarge = () => new ApiError("payload_too_large", `This file is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB. A batch holds at most 100 rows; split the file.`);
  if (Number.isFinite(declared) && declared > MAX_CSV_BYTES) throw tooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_CSV_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    parts.push(value);
  }
  return Buffer.concat(parts);
}

export const POST = withUser(async ({ request }) => {
  const type = request.headers.get("content-type") ?? "";
  if (!TYPES.test(type)) throw new ApiError("unsupported_media_type", "Send the CSV file's bytes as the body (Content-Type: text/csv).");
  const bytes = await readBytes(request);
  if (bytes.length === 0) throw new ApiError("unprocessable_entity", "This file is empty.", { issues: [{ path: "file", message: "empty" }] });
  return Response.json({ data: previewCsv(bytes) }, { headers: { "Cache-Control": "private, no-store" } });
});

const notAllowed = methodNotAllowed(["POST"]);
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
