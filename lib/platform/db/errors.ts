/**
 * The one error type the document store throws. Callers branch on `code`;
 * `details` carries what a log line or a 422 response needs (zod issues, the path).
 */
export type DbErrorCode =
  | "invalid-document" // a write that fails its collection's schema: nothing is written
  | "malformed-document" // a stored document that no longer parses: reported, never passed along
  | "unknown-collection"
  | "invalid-id"
  | "invalid-query"
  | "invalid-argument"
  | "not-found"
  | "already-exists"
  | "aborted" // a transaction that kept conflicting until its attempts ran out
  | "unavailable";

export class DbError extends Error {
  readonly code: DbErrorCode;
  readonly details: Record<string, unknown>;

  constructor(
    code: DbErrorCode,
    message: string,
    details: Record<string, unknown> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "DbError";
    this.code = code;
    this.details = details;
  }
}

export function isDbError(e: unknown, code?: DbErrorCode): e is DbError {
  return e instanceof DbError && (code === undefined || e.code === code);
}

/** Internal: a transaction saw data change under it; the runner retries. Never escapes `runTransaction`. */
export class TransactionConflict extends Error {
  constructor(message = "transaction conflict") {
    super(message);
    this.name = "TransactionConflict";
  }
}
