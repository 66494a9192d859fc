/**
 * One error type for everything narration can do wrong, in lib/platform/ai/errors.ts's
 * shape (a code, retryable or not, a sentence a person can act on), so the
 * video jobs and screens never see a provider payload or a process exit code.
 */
import "server-only";
import { InvalidArgumentError } from "@ai-sdk/provider";
import { apiCallErrorIn, isAbort } from "@/lib/platform/ai/errors";
import { NoSpeechGeneratedError } from "ai";

export type SpeechErrorCode =
  | "unknown_voice"
  | "voice_unavailable"
  | "empty_text"
  | "text_too_long"
  | "engine_missing"
  | "engine_failed"
  | "invalid_key"
  | "quota_exceeded"
  | "rate_limited"
  | "content_policy"
  | "timeout"
  | "bad_request"
  | "provider_error";

const RETRYABLE: ReadonlySet<SpeechErrorCode> = new Set(["rate_limited", "timeout", "provider_error"]);

export class SpeechError extends Error {
  readonly code: SpeechErrorCode;
  readonly retryable: boolean;

  constructor(code: SpeechErrorCode, message: string, options: { retryable?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "SpeechError";
    this.code = code;
    this.retryable = options.retryable ?? RETRYABLE.has(code);
  }
}

const BAD_KEY = /invalid_api_key|API key not valid|Incorrect API key|invalid api key/i;
/** OpenAI says insufficient_quota (429), ElevenLabs quota_exceeded (401): both mean "top up", not "wait". */
const QUOTA = /insufficient_quota|quota_exceeded/i;
const POLICY = /content[_ -]?policy|safety|moderation|violat|blocked|detected_unusual_activity/i;

/** Maps whatever a speech or transcription call threw to a SpeechError naming `provider` (e.g. "OpenAI"). */
export function toSpeechError(err: unknown, provider: string): SpeechError {
  if (err instanceof SpeechError) return err;
  if (isAbort(err) || isAbort((err as { cause?: unknown } | null)?.cause)) {
    return new SpeechError("timeout", `${provider} took too long to read the narration.`, { cause: err });
  }
  if (InvalidArgumentError.isInstance(err))
    return new SpeechError("bad_request", err.message, { cause: err, retryable: false });
  const api = apiCallErrorIn(err);
  if (api) {
    const status = api.statusCode ?? 0;
    const body = `${api.responseBody ?? ""} ${api.message}`;
    if (QUOTA.test(body)) {
      return new SpeechError(
        "quota_exceeded",
        `${provider} says this account has used up its quota; add credit there and try again.`,
        { cause: err },
      );
    }
    if (status === 401 || status === 403 || BAD_KEY.test(body))
      return new SpeechError("invalid_key", `${provider} rejected the API key.`, { cause: err });
    if (status === 429)
      return new SpeechError("rate_limited", `${provider} is rate-limiting us; try again shortly.`, { cause: err });
    if (POLICY.test(body))
      return new SpeechError("content_policy", `${provider} refused to read this narration under its content policy.`, {
        cause: err,
      });
    if (status === 408 || status === 504)
      return new SpeechError("timeout", `${provider} took too long to read the narration.`, { cause: err });
    if (status >= 400 && status < 500)
      return new SpeechError("bad_request", `${provider} could not read this narration with these settings.`, {
        cause: err,
      });
    return new SpeechError("provider_error", `${provider} had a problem reading the narration.`, {
      cause: err,
      retryable: api.isRetryable,
    });
  }
  if (NoSpeechGeneratedError.isInstance(err)) {
    return new SpeechError("provider_error", `${provider} returned no audio for this narration.`, { cause: err });
  }
  return new SpeechError("provider_error", `${provider} had a problem reading the narration.`, { cause: err });
}
