/**
 * One error type for everything a model call can do wrong, so the worker and
 * the UI speak in codes and human sentences, never in provider payloads.
 * Mapped from the AI SDK's errors (APICallError carries the HTTP status and
 * the provider's body).
 */
import { APICallError, InvalidArgumentError } from "@ai-sdk/provider";
import { NoImageGeneratedError } from "ai";

export type AiErrorCode =
  | "invalid_key"
  | "rate_limited"
  | "content_policy"
  | "timeout"
  | "bad_request"
  | "provider_error"
  | "unknown_model";

export class AiError extends Error {
  readonly code: AiErrorCode;
  readonly retryable: boolean;

  constructor(code: AiErrorCode, message: string, options: { retryable?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "AiError";
    this.code = code;
    this.retryable = options.retryable ?? (code === "rate_limited" || code === "timeout" || code === "provider_error");
  }
}

/** Some providers reject a bad key with a 400 (Google: API_KEY_INVALID), so the body decides too. */
const BAD_KEY = /API_KEY_INVALID|invalid_api_key|API key not valid/i;
const POLICY = /content[_ -]?policy|safety|moderation|nsfw|responsible ai|blocked/i;

/** A timeout or an abort, as the SDKs and fetch name it. */
export function isAbort(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name;
  return name === "AbortError" || name === "TimeoutError";
}

/** Finds the APICallError inside the SDK's RetryError wrappers. */
export function apiCallErrorIn(err: unknown): APICallError | null {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (APICallError.isInstance(current)) return current;
    const e = current as { lastError?: unknown; cause?: unknown };
    current = e.lastError ?? e.cause;
  }
  return null;
}

export function toAiError(err: unknown, provider: string): AiError {
  if (err instanceof AiError) return err;
  if (isAbort(err) || isAbort((err as { cause?: unknown } | null)?.cause)) {
    return new AiError("timeout", `${provider} took too long to answer.`, { cause: err });
  }
  if (InvalidArgumentError.isInstance(err)) return new AiError("bad_request", err.message, { cause: err });
  const api = apiCallErrorIn(err);
  if (api) {
    const status = api.statusCode ?? 0;
    const body = `${api.responseBody ?? ""} ${api.message}`;
    if (status === 401 || status === 403 || BAD_KEY.test(body))
      return new AiError("invalid_key", `${provider} rejected the API key.`, { cause: err });
    if (status === 429)
      return new AiError("rate_limited", `${provider} is rate-limiting us; try again shortly.`, { cause: err });
    if (POLICY.test(body)) {
      return new AiError("content_policy", `${provider} refused this prompt under its content policy.`, {
        cause: err,
        retryable: false,
      });
    }
    if (status === 408 || status === 504)
      return new AiError("timeout", `${provider} took too long to answer.`, { cause: err });
    if (status >= 400 && status < 500) {
      return new AiError("bad_request", `${provider} could not use these settings.`, { cause: err, retryable: false });
    }
    return new AiError("provider_error", `${provider} had a problem making the image.`, {
      cause: err,
      retryable: api.isRetryable,
    });
  }
  if (NoImageGeneratedError.isInstance(err)) {
    // A 200 with no image is how filters refuse (Imagen: raiFilteredReason or no
    // predictions; Gemini: finishReason SAFETY). Retrying would only be refused again.
    return new AiError(
      "content_policy",
      `${provider} returned no image: its safety filter most likely refused this prompt.`,
      {
        cause: err,
        retryable: false,
      },
    );
  }
  const message = err instanceof Error ? err.message : String(err);
  if (POLICY.test(message))
    return new AiError("content_policy", `${provider} refused this prompt under its content policy.`, {
      cause: err,
      retryable: false,
    });
  return new AiError("provider_error", `${provider} had a problem making the image.`, { cause: err });
}
