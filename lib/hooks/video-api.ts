/**
 * The video screens' calls to /api/v1/videos (lib/video/contract.ts). A thin
 * layer over the same envelope apiFetch reads, for the two things the video
 * API adds: a list answer carries `next_cursor` beside `data`, and a 422
 * carries per-field `issues` the forms show next to each field.
 */
import { ApiClientError, CLIENT_ERROR_CODES } from "@/lib/swr/fetcher";

export interface FieldIssue {
  /** Dotted path of the field ("brief", "scenes.2.narration"); "" for the body. */
  path: string;
  message: string;
}

/** An ApiClientError that also carries the field issues of a 422. */
export class VideoApiError extends ApiClientError {
  readonly issues: readonly FieldIssue[];

  constructor(input: { status: number; code: string; message: string; issues?: readonly FieldIssue[]; cause?: unknown }) {
    super(input);
    this.name = "VideoApiError";
    this.issues = input.issues ?? [];
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function readIssues(v: unknown): FieldIssue[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((i) => (isRecord(i) && typeof i.message === "string" ? [{ path: typeof i.path === "string" ? i.path : "", message: i.message }] : []));
}

export interface VideoRequest {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
}

/** The whole success body (`data` and what sits beside it); throws VideoApiError. A 204 resolves to `{ data: null }`. */
export async function videoRequest<T>(path: string, req: VideoRequest = {}): Promise<{ data: T } & Record<string, unknown>> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (req.body !== undefined) headers["Content-Type"] = "application/json";
  // Which screen made the change, for the update log (as apiFetch sends it).
  if ((req.method ?? "GET") !== "GET" && typeof window !== "undefined") headers["x-promptframe-screen"] = window.location.pathname;
  let response: Response;
  try {
    response = await fetch(path, {
      method: req.method ?? "GET",
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      credentials: "same-origin",
      cache: "no-store",
      signal: req.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new VideoApiError({
      status: 0,
      code: CLIENT_ERROR_CODES.network,
      message: "Could not reach the server. Check your connection and try again.",
      cause,
    });
  }
  if (response.status === 204) return { data: null as T };
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = isRecord(json) && isRecord(json.error) ? json.error : null;
    if (error && typeof error.code === "string" && typeof error.message === "string" && error.message) {
      throw new VideoApiError({ status: response.status, code: error.code, message: error.message, issues: readIssues(error.issues) });
    }
    throw new VideoApiError({
      status: response.status,
      code: CLIENT_ERROR_CODES.unknown,
      message: `The server answered ${response.status} ${response.statusText}`.trim(),
    });
  }
  if (!isRecord(json) || !("data" in json)) {
    throw new VideoApiError({
      status: response.status,
      code: CLIENT_ERROR_CODES.invalidResponse,
      message: "The server sent a response we could not read.",
    });
  }
  return json as { data: T } & Record<string, unknown>;
}

/** Just `data`. */
export async function videoFetch<T>(path: string, req: VideoRequest = {}): Promise<T> {
  return (await videoRequest<T>(path, req)).data;
}

/** The issues of a 422 (empty for anything else). */
export function issuesOf(error: unknown): readonly FieldIssue[] {
  return error instanceof VideoApiError ? error.issues : [];
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
  if (issues.some((i) => (i.path === "state" && i.message === "rendering") || i.message === "rendering")) return "rendering";
  return null;
}
