/**
 * The one typed error of /api/v1. Every failure leaves the API as
 * `{ error: { code, message, issues? } }` with the status its code maps to;
 * unknown errors become a generic 500 whose cause is only logged.
 */
import { ZodError } from "zod";

export const API_ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  /** Not enough credits for this work (the balance, not the plan, is the reason). */
  insufficient_credits: 402,
  /** A limit of the person's plan (video length, resolution) that a dearer plan lifts. */
  plan_limit: 402,
  forbidden: 403,
  email_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable_entity: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string; issues?: { path: string; message: string }[] };
}

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly issues?: { path: string; message: string }[];
  readonly headers?: Record<string, string>;

  constructor(
    code: ApiErrorCode,
    message: string,
    extra: { issues?: { path: string; message: string }[]; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: extra.cause });
    this.name = "ApiError";
    this.code = code;
    this.issues = extra.issues;
    this.headers = extra.headers;
  }

  get status(): number {
    return API_ERROR_STATUS[this.code];
  }

  toResponse(): Response {
    const body: ApiErrorBody = { error: { code: this.code, message: this.message } };
    if (this.issues) body.error.issues = this.issues;
    return Response.json(body, { status: this.status, headers: this.headers });
  }

  static fromZod(error: ZodError, message = "The request is not valid."): ApiError {
    return new ApiError("unprocessable_entity", message, {
      issues: error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    });
  }
}

/** Maps anything thrown by a handler to a response; never leaks internals. */
export function toErrorResponse(error: unknown, context: string): Response {
  if (error instanceof ApiError) return error.toResponse();
  if (error instanceof ZodError) return ApiError.fromZod(error).toResponse();
  console.error(`[api] ${context} failed:`, error);
  return new ApiError("internal_error", "Something went wrong on our side. Please try again.").toResponse();
}

export function methodNotAllowed(allowed: readonly string[]): () => Response {
  return () =>
    new ApiError("method_not_allowed", `This endpoint accepts ${allowed.join(", ")} only.`, {
      headers: { Allow: allowed.join(", ") },
    }).toResponse();
}

type RefusedMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A route's 405 answers in one line, each a typed 405 naming the methods it takes:
 * `export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);`
 */
export function methodsNotAllowed(allowed: readonly string[]): Record<RefusedMethod, () => Response> {
  const refuse = methodNotAllowed(allowed);
  return { GET: refuse, POST: refuse, PUT: refuse, PATCH: refuse, DELETE: refuse };
}
