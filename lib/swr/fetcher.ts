/**
 * The one browser fetcher for `/api/v1`. Success bodies are `{ data }` and
 * resolve to `data`; failures throw `ApiClientError` parsed from
 * `{ error: { code, message } }`, so callers branch on `error.code`.
 *
 * The envelopes are checked by hand, not with zod: this module is in the
 * sign-in screens' bundle, where the schema library would be the largest
 * part. Callers that validate `data` pass their own schema.
 */

/** Codes of failures that never reached the API or came back unreadable. */
export const CLIENT_ERROR_CODES = {
  network: "network_error",
  invalidResponse: "invalid_response",
  unknown: "unknown_error",
} as const;

export class ApiClientError extends Error {
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  readonly code: string;

  constructor(input: { status: number; code: string; message: string; cause?: unknown }) {
    super(input.message, { cause: input.cause });
    this.name = "ApiClientError";
    this.status = input.status;
    this.code = input.code;
  }
}

/** Anything with zod's `safeParse` shape: a zod schema, or a hand-written check. */
export interface DataSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const nonEmptyString = (value: unknown): value is string => typeof value === "string" && value.length > 0;

/** `{ error: { code, message } }` with both non-empty, or null. */
function readErrorBody(json: unknown): { code: string; message: string } | null {
  if (!isRecord(json) || !isRecord(json.error)) return null;
  const { code, message } = json.error;
  return nonEmptyString(code) && nonEmptyString(message) ? { code, message } : null;
}

export interface ApiFetchOptions<T> {
  /** A Firebase ID token, sent as `Authorization: Bearer …`. */
  token?: string | null;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Serialised as JSON. Leave out for calls that take no body. */
  body?: unknown;
  /** Validates `data`; without it `data` is trusted as `T`. */
  schema?: DataSchema<T>;
  signal?: AbortSignal;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

export async function apiFetch<T>(path: string, options: ApiFetchOptions<T> = {}): Promise<T> {
  const { token, method = "GET", body, schema, signal } = options;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  // Which screen made the call, for the update log (lib/update-log/contract.ts SCREEN_HEADER).
  if (method !== "GET" && typeof window !== "undefined") headers["x-promptframe-screen"] = window.location.pathname;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiClientError({
      status: 0,
      code: CLIENT_ERROR_CODES.network,
      message: "Could not reach the server. Check your connection and try again.",
      cause: error,
    });
  }

  const json = await readJson(response);
  if (!response.ok) {
    const body = readErrorBody(json);
    throw new ApiClientError(
      body
        ? { status: response.status, ...body }
        : {
            status: response.status,
            code: CLIENT_ERROR_CODES.unknown,
            message: `The server answered ${response.status} ${response.statusText}`.trim(),
          },
    );
  }

  if (!isRecord(json) || !("data" in json)) {
    throw new ApiClientError({
      status: response.status,
      code: CLIENT_ERROR_CODES.invalidResponse,
      message: "The server sent a response we could not read.",
    });
  }
  if (!schema) return json.data as T;
  const data = schema.safeParse(json.data);
  if (!data.success) {
    throw new ApiClientError({
      status: response.status,
      code: CLIENT_ERROR_CODES.invalidResponse,
      message: "The server sent a response we could not read.",
      cause: data.error,
    });
  }
  return data.data;
}
