/**
 * Reads the one file of a multipart upload without trusting the client: the
 * body is read with a byte cap (a missing or lying Content-Length cannot make
 * us buffer more), then parsed; anything malformed is a typed 4xx.
 */
import { readBodyBytes } from "@/lib/platform/api/body";
import { ApiError } from "@/lib/platform/api/errors";

/** Multipart framing (boundaries, part headers) on top of the file itself. */
const MULTIPART_SLACK = 64 * 1024;

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

function tooLargeMessage(maxBytes: number): string {
  return `Files are at most ${Math.round(maxBytes / 1024 / 1024)} MB.`;
}

export async function readUploadedFile(
  request: Request,
  opts: { field: string; maxBytes: number },
): Promise<UploadedFile> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new ApiError(
      "unsupported_media_type",
      `Send the file as multipart/form-data, in a field named "${opts.field}".`,
    );
  }
  const raw = await readBodyBytes(request, opts.maxBytes + MULTIPART_SLACK, tooLargeMessage(opts.maxBytes));
  if (!request.body) throw missingFile(opts.field);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new ApiError("bad_request", "The upload could not be read as multipart/form-data.");
  }
  const files = form.getAll(opts.field);
  const file = files[0];
  if (files.length !== 1 || typeof file === "string" || file === undefined) throw missingFile(opts.field);
  if (file.size > opts.maxBytes) throw new ApiError("payload_too_large", tooLargeMessage(opts.maxBytes));
  if (file.size === 0) {
    throw new ApiError("unprocessable_entity", "The file is empty.", {
      issues: [{ path: opts.field, message: "empty file" }],
    });
  }
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

function missingFile(field: string): ApiError {
  return new ApiError("unprocessable_entity", `Attach exactly one file, in a field named "${field}".`, {
    issues: [{ path: field, message: "expected one file" }],
  });
}
