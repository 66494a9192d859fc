import "server-only";
/**
 * Reads a JSON request body with a size cap and validates it with zod:
 * not JSON -> 400, too large -> 413, wrong shape -> 422 with the issues.
 * Nothing downstream ever sees an unchecked body.
 */
import type { z } from "zod";
import { ApiError } from "./errors";

export async function readJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes = 64 * 1024,
): Promise<z.output<S>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    throw new ApiError("unsupported_media_type", "Send the body as JSON (Content-Type: application/json).");
  }
  const text = await readBodyText(request, maxBytes, `The body is larger than ${Math.round(maxBytes / 1024)} KB.`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError("bad_request", "The body is not valid JSON.");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw ApiError.fromZod(parsed.error);
  return parsed.data;
}

/**
 * The one capped body reader: a request body's bytes, refused with a 413
 * (`tooLarge`) past `maxBytes`, whether the Content-Length says so or the
 * stream does (a missing or lying Content-Length cannot make us buffer more).
 * No body reads as no bytes.
 */
export async function readBodyBytes(request: Request, maxBytes: number, tooLarge: string): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > maxBytes) throw new ApiError("payload_too_large", tooLarge);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ApiError("payload_too_large", tooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** `readBodyBytes` as UTF-8 text. */
export async function readBodyText(request: Request, maxBytes: number, tooLarge: string): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(request, maxBytes, tooLarge));
}

/** Parses query parameters with zod: 422 with the issues when they do not fit. */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "The query parameters are not valid.");
  return parsed.data;
}
