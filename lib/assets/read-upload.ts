/**
 * Reads the one file of a multipart upload without trusting the client: the
 * body is read with a byte cap (a missing or lying Content-Length cannot make
 * us buffer more), then parsed; anything malformed is a typed 4xx.
 */
import { ApiError } from "@/lib/api/errors";

/** Multipart framing (boundaries, part headers) on top of the file itself. */
const MULTIPART_SLACK = 64 * 1024;

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

function tooLarge(maxBytes: number): ApiError {
  return new ApiError("payload_too_large", `Files are at most ${Math.round(maxBytes / 1024 / 1024)} MB.`);
}

async function readCapped(body: ReadableStream<Uint8Array>, cap: number, maxBytes: number): Promise<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export async function readUploadedFile(request: Request, opts: { field: string; maxBytes: number }): Promise<UploadedFile> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new ApiError("unsupported_media_type", `Send the file as multipart/form-data, in a field named "${opts.field}".`);
  }
  const cap = opts.maxBytes + MULTIPART_SLACK;
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > cap) throw tooLarge(opts.maxBytes);
  if (!request.body) throw missingFile(opts.field);

  const raw = await readCapped(request.body, cap, opts.maxBytes);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new ApiError("bad_request", "The upload could not be read as multipart/form-data.");
  }
  const files = form.getAll(opts.field);
  const file = files[0];
  if (files.length !== 1 || typeof file === "string" || file === undefined) throw missingFile(opts.field);
  if (file.size > opts.maxBytes) throw tooLarge(opts.maxBytes);
  if (file.size === 0) {
    throw new ApiError("unprocessable_entity", "The file is empty.", { issues: [{ path: opts.field, message: "empty file" }] });
  }
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

function missingFile(field: string): ApiError {
  return new ApiError("unprocessable_entity", `Attach exactly one file, in a field named "${field}".`, {
    issues: [{ path: field, message: "expected one file" }],
  });
}
