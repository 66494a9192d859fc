/** The one error type blob storage throws; `status` is what an HTTP route should answer. */
export type StorageErrorCode =
  | "invalid-key" // a key that could escape its folder or is not a plain path
  | "too-large"
  | "unsupported-type" // the bytes are not an allowed type (or not what the caller declared)
  | "not-found"
  | "invalid-range"
  | "invalid-signature"
  | "expired";

const STATUS: Record<StorageErrorCode, number> = {
  "invalid-key": 400,
  "too-large": 413,
  "unsupported-type": 415,
  "not-found": 404,
  "invalid-range": 416,
  "invalid-signature": 403,
  expired: 403,
};

export class StorageError extends Error {
  readonly code: StorageErrorCode;
  readonly status: number;

  constructor(code: StorageErrorCode, message: string) {
    super(message);
    this.name = "StorageError";
    this.code = code;
    this.status = STATUS[code];
  }
}

export function isStorageError(e: unknown, code?: StorageErrorCode): e is StorageError {
  return e instanceof StorageError && (code === undefined || e.code === code);
}
