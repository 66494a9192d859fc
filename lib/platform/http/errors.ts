/**
 * Why a link could not be read, in words for the person who pasted it.
 * Routes turn a LinkError into a 4xx ApiError (`toApiError`), with the
 * reason in `issues[0].message` so screens and tests can tell them apart.
 */
import { ApiError } from "@/lib/platform/api/errors";

export type LinkErrorReason =
  | "invalid_url"
  | "blocked_address"
  | "dns_failed"
  | "unreachable"
  | "timeout"
  | "too_many_redirects"
  | "http_error"
  | "not_found"
  | "sign_in_required"
  | "too_large"
  | "not_html"
  | "not_image"
  | "empty";

export class LinkError extends Error {
  readonly reason: LinkErrorReason;
  constructor(reason: LinkErrorReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "LinkError";
    this.reason = reason;
  }

  toApiError(path = "url"): ApiError {
    const code =
      this.reason === "too_large"
        ? "payload_too_large"
        : this.reason === "not_html" || this.reason === "not_image"
          ? "unsupported_media_type"
          : "unprocessable_entity";
    return new ApiError(code, this.message, { issues: [{ path, message: this.reason }], cause: this });
  }
}

export function isLinkError(e: unknown, reason?: LinkErrorReason): e is LinkError {
  return e instanceof LinkError && (reason === undefined || e.reason === reason);
}
