/**
 * The one error type renders fail with: a code for programs, `retryable`
 * for the job queue, and `userMessage`, a sentence a person can read (the
 * technical `message` goes to logs).
 */
export const RENDER_ERROR_CODES = [
  "bundle-missing",
  "invalid-props",
  "cancelled",
  "browser-crashed",
  "timeout",
  "media-unavailable",
  "encoding-failed",
  "lambda-not-configured",
  "lambda-failed",
  "internal",
] as const;
export type RenderErrorCode = (typeof RENDER_ERROR_CODES)[number];

const USER_MESSAGES: Record<RenderErrorCode, string> = {
  "bundle-missing": "The video renderer is not set up on this server yet.",
  "invalid-props": "This video could not be prepared for rendering.",
  cancelled: "The render was cancelled.",
  "browser-crashed": "The renderer stopped unexpectedly. Please try again.",
  timeout: "Rendering took too long and was stopped. Please try again.",
  "media-unavailable": "A picture or sound in this video could not be loaded.",
  "encoding-failed": "The video file could not be written.",
  "lambda-not-configured": "Cloud rendering is not configured.",
  "lambda-failed": "The cloud renderer failed. Please try again.",
  internal: "Something went wrong while rendering. Please try again.",
};

const RETRYABLE: ReadonlySet<RenderErrorCode> = new Set([
  "browser-crashed",
  "timeout",
  "media-unavailable",
  "lambda-failed",
  "internal",
]);

export class RenderError extends Error {
  readonly retryable: boolean;
  readonly userMessage: string;

  constructor(
    readonly code: RenderErrorCode,
    message: string,
    opts: { cause?: unknown; retryable?: boolean; userMessage?: string } = {},
  ) {
    super(message, opts.cause !== undefined ? { cause: opts.cause } : undefined);
    this.name = "RenderError";
    this.retryable = opts.retryable ?? RETRYABLE.has(code);
    this.userMessage = opts.userMessage ?? USER_MESSAGES[code];
  }
}

export const isRenderError = (e: unknown, code?: RenderErrorCode): e is RenderError =>
  e instanceof RenderError && (code === undefined || e.code === code);

/**
 * Maps what @remotion/renderer throws to a RenderError. Remotion reports a
 * dead browser as a closed target/session or a crashed page (or, when it
 * tried to replace it, a browser that failed to launch); a timeout as a
 * delayRender or page timeout; media as a failed download.
 */
export function toRenderError(err: unknown, context: { cancelled?: boolean } = {}): RenderError {
  if (err instanceof RenderError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (context.cancelled || /cancelled|canceled/i.test(message))
    return new RenderError("cancelled", message, { cause: err });
  if (
    /Target closed|Session closed|Browser closed|browser has disconnected|Page crashed|crashed|Protocol error|Connection closed|WebSocket is not open|Failed to launch the browser process|render browser died/i.test(
      message,
    )
  ) {
    return new RenderError("browser-crashed", message, { cause: err });
  }
  if (/timeout|timed out|exceeded/i.test(message)) return new RenderError("timeout", message, { cause: err });
  if (/Error downloading|download|404|ECONNREFUSED|net::ERR|Could not load|failed to load/i.test(message))
    return new RenderError("media-unavailable", message, { cause: err });
  if (/ffmpeg|encod|stitch/i.test(message)) return new RenderError("encoding-failed", message, { cause: err });
  return new RenderError("internal", message, { cause: err });
}
