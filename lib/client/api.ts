/**
 * The one browser client for `/api/v1`. Every hook and screen calls the API
 * through it, so a call always:
 * - sends JSON (or a file's bytes as they are) with same-origin credentials
 *   and no cache, and on a write the screen it came from (SCREEN_HEADER, for
 *   the update log);
 * - resolves to the `data` of the `{ data }` envelope (apiFetch) or to the
 *   whole body when something sits beside `data`, such as a list's
 *   `next_cursor` (apiRequest); a 204 is `{ data: null }`;
 * - throws ApiClientError parsed from `{ error: { code, message, issues } }`,
 *   so callers branch on `error.code` and forms show a 422's field issues.
 *
 * The class is ApiClientError, not ApiError, because the server's error of
 * that name (lib/platform/api/errors.ts) is a different thing on the other side of the
 * wire. The envelopes are checked by hand, not with zod: this module is in
 * the sign-in screens' bundle, where the schema library would be the largest
 * part. Callers that validate `data` pass their own schema.
 */

/** The header that names the screen a write came from (lib/platform/update-log/contract.ts SCREEN_HEADER; not imported: that module loads zod). */
export const SCREEN_HEADER = "x-promptframe-screen";

/** Codes of failures that never reached the API or came back unreadable. */
export const CLIENT_ERROR_CODES = {
  network: "network_error",
  invalidResponse: "invalid_response",
  unknown: "unknown_error",
} as const;

const NETWORK_MESSAGE = "Could not reach the server. Check your connection and try again.";
const UNREADABLE_MESSAGE = "The server sent a response we could not read.";

export interface FieldIssue {
  /** Dotted path of the field ("brief", "scenes.2.narration"); "" for the body. */
  path: string;
  message: string;
}

export class ApiClientError extends Error {
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  readonly code: string;
  /** The per-field issues of a 422 (and the reason of a 409); empty otherwise. */
  readonly issues: readonly FieldIssue[];

  constructor(input: {
    status: number;
    code: string;
    message: string;
    issues?: readonly FieldIssue[];
    cause?: unknown;
  }) {
    super(input.message, { cause: input.cause });
    this.name = "ApiClientError";
    this.status = input.status;
    this.code = input.code;
    this.issues = input.issues ?? [];
  }
}

/** Anything with zod's `safeParse` shape: a zod schema, or a hand-written check. */
export interface DataSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const nonEmptyString = (value: unknown): value is string => typeof value === "string" && value.length > 0;

function readIssues(value: unknown): FieldIssue[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((i) =>
    isRecord(i) && typeof i.message === "string"
      ? [{ path: typeof i.path === "string" ? i.path : "", message: i.message }]
      : [],
  );
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** The error of a request that got no answer (an abort is rethrown as it is). */
export function networkError(cause: unknown, message: string = NETWORK_MESSAGE): ApiClientError {
  if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
  return new ApiClientError({ status: 0, code: CLIENT_ERROR_CODES.network, message, cause });
}

/** The error a failed answer carries: the server's `{ error: { code, message, issues } }`, or one that names the status. */
export function errorFromBody(response: Response, json: unknown): ApiClientError {
  const error = isRecord(json) && isRecord(json.error) ? json.error : null;
  if (error && nonEmptyString(error.code) && nonEmptyString(error.message)) {
    return new ApiClientError({
      status: response.status,
      code: error.code,
      message: error.message,
      issues: readIssues(error.issues),
    });
  }
  return new ApiClientError({
    status: response.status,
    code: CLIENT_ERROR_CODES.unknown,
    message: `The server answered ${response.status} ${response.statusText}`.trim(),
  });
}

/** Reads the error of a failed answer whose body has not been read yet (downloads that answer a file on success). */
export async function errorFromResponse(response: Response): Promise<ApiClientError> {
  return errorFromBody(response, await readJson(response));
}

/** The screen a write came from, for the update log; nothing on a read or outside the browser. */
export function screenHeaders(method: string = "GET"): Record<string, string> {
  return method !== "GET" && typeof window !== "undefined" ? { [SCREEN_HEADER]: window.location.pathname } : {};
}

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiRequestOptions<T = unknown> {
  method?: ApiMethod;
  /** Serialised as JSON. Leave out for calls that take no body. */
  body?: unknown;
  /** Bytes sent as they are (a CSV file; FormData for a multipart upload) instead of a JSON body. */
  file?: { body: Blob | FormData; type?: string };
  /** A Firebase ID token, sent as `Authorization: Bearer …`. */
  token?: string | null;
  /** Validates `data`; without it `data` is trusted as `T`. */
  schema?: DataSchema<T>;
  signal?: AbortSignal;
}

/** The whole success body (`data` and what sits beside it); throws ApiClientError. A 204 resolves to `{ data: null }`. */
export async function apiRequest<T>(
  path: string,
  options: ApiRequestOptions<T> = {},
): Promise<{ data: T } & Record<string, unknown>> {
  const { method = "GET", body, file, token, schema, signal } = options;
  const headers: Record<string, string> = { Accept: "application/json", ...screenHeaders(method) };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (file?.type) headers["Content-Type"] = file.type;
  else if (body !== undefined && !file) headers["Content-Type"] = "application/json";

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: file ? file.body : body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
      signal,
    });
  } catch (cause) {
    throw networkError(cause);
  }

  if (response.status === 204) return { data: null as T };
  const json = await readJson(response);
  if (!response.ok) throw errorFromBody(response, json);
  if (!isRecord(json) || !("data" in json)) {
    throw new ApiClientError({
      status: response.status,
      code: CLIENT_ERROR_CODES.invalidResponse,
      message: UNREADABLE_MESSAGE,
    });
  }
  if (!schema) return json as { data: T } & Record<string, unknown>;
  const data = schema.safeParse(json.data);
  if (!data.success) {
    throw new ApiClientError({
      status: response.status,
      code: CLIENT_ERROR_CODES.invalidResponse,
      message: UNREADABLE_MESSAGE,
      cause: data.error,
    });
  }
  return { ...json, data: data.data };
}

/** Just `data`. */
export async function apiFetch<T>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}

/** The SWR fetcher: the key is the path, the answer its `data`. */
export const fetcher = <T>(path: string): Promise<T> => apiFetch<T>(path);

/** The SWR fetcher for keys whose answer is the whole body (`data` beside `next_cursor` and the like). */
export const pageFetcher = <P extends { data: unknown }>(path: string): Promise<P> =>
  apiRequest(path) as unknown as Promise<P>;

/** The issues of a 422 (empty for anything else). */
export function issuesOf(error: unknown): readonly FieldIssue[] {
  return error instanceof ApiClientError ? error.issues : [];
}

/** First message per top-level field ("scenes.2.narration" counts under "scenes.2.narration" and "scenes"). */
export function fieldMessages(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issuesOf(error)) {
    const parts = issue.path.split(".").filter(Boolean);
    for (let i = parts.length; i >= 1; i--) {
      const key = parts.slice(0, i).join(".");
      out[key] ??= issue.message;
    }
    if (parts.length === 0) out[""] ??= issue.message;
  }
  return out;
}

/**
 * Which 409 this is: the stored revision moved on ("revision"), or the video
 * is rendering ("rendering"). The API sends code "conflict" and says which in
 * its issue (path "revision" / "state"); a dedicated code is read too.
 */
export function conflictReason(error: unknown): "revision" | "rendering" | null {
  if (!(error instanceof ApiClientError)) return null;
  if (error.code === "revision_conflict") return "revision";
  if (error.code === "rendering") return "rendering";
  if (error.status !== 409) return null;
  const issues = issuesOf(error);
  if (issues.some((i) => i.path === "revision" || i.message === "revision_conflict")) return "revision";
  if (issues.some((i) => (i.path === "state" && i.message === "rendering") || i.message === "rendering"))
    return "rendering";
  return null;
}

/** SWR's shouldRetryOnError for most reads: ask again when the server failed or could not be reached, not when it said no. */
export const retryWhenServerFails = (error: ApiClientError): boolean => error.status >= 500 || error.status === 0;
