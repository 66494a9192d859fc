/**
 * Turns what broke into the sentence a user reads on a failed image, and
 * decides whether another attempt could help. lib/platform/ai's AiError is recognised
 * by shape (code + retryable) so this domain never imports a provider module.
 */
const AI_REASONS: Record<string, string> = {
  invalid_key: "This model's provider rejected our API key, so the model is unavailable right now. Try another model.",
  rate_limited:
    "The image provider is overloaded (rate limited) and did not take the request, even after retries. Try again in a minute.",
  content_policy: "The provider declined this prompt under its content policy. Try rewording it.",
  timeout: "The image provider took too long to answer, even after retries. Try again, or pick another model.",
  bad_request: "The provider could not use these settings. Try another aspect ratio, prompt or model.",
  provider_error: "The image provider had an internal error, even after retries. Try again later.",
  unknown_model: "This model is no longer available. Pick another model.",
};

export interface FailureDescription {
  reason: string;
  retryable: boolean;
  code: string;
}

export class WorkerError extends Error {
  constructor(
    readonly reason: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
    this.name = "WorkerError";
  }
}

function aiShape(e: unknown): { code: string; retryable: boolean } | null {
  if (!(e instanceof Error)) return null;
  const { code, retryable } = e as Error & { code?: unknown; retryable?: unknown };
  return typeof code === "string" && code in AI_REASONS && typeof retryable === "boolean" ? { code, retryable } : null;
}

export function describeFailure(e: unknown): FailureDescription {
  if (e instanceof WorkerError) return { reason: e.reason, retryable: e.retryable, code: "worker" };
  const ai = aiShape(e);
  if (ai) return { reason: AI_REASONS[ai.code]!, retryable: ai.retryable, code: ai.code };
  // Storage hiccups and the like: worth another attempt; the cause is logged, not shown.
  return {
    reason: "Something went wrong on our side while making this image. Try again.",
    retryable: true,
    code: "internal",
  };
}

export const LEASE_GAVE_UP_REASON = "The worker making this image stopped responding on every attempt. Try again.";
