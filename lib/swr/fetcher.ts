/**
 * The one browser fetcher for `/api/v1`. Success bodies are `{ data }` and
 * resolve to `data`; failures throw `ApiClientError` parsed from
 * `{ error: { code, message } }`, so callers branch on `error.code`.
 */
import { z } from "zod";

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

const errorBodySchema = z.object({
  error: z.object({ code: z.string().min(1), message: z.string().min(1) }),
});

const successBodySchema = z.object({ data: z.unknown() });

export interface ApiFetchOptions<T> {
  /** A Firebase ID token, sent as `Authorization: Bearer …`. */
  token?: string | null;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Serialised as JSON. Leave out for calls that take no body. */
  body?: unknown;
  /** Validates `data`; without it `data` is trusted as `T`. */
  schema?: z.ZodType<T>;
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
    const parsed = errorBodySchema.safeParse(json);
    throw new ApiClientError(
      parsed.success
        ? { status: response.status, ...parsed.data.error }
        : {
            status: response.status,
            code: CLIENT_ERROR_CODES.unknown,
            message: `The server answered ${response.status} ${response.statusText}`.trim(),
          },
    );
  }

  const envelope = successBodySchema.safeParse(json);
  if (!envelope.success) {
    throw new ApiClientError({
      status: response.status,
      code: CLIENT_ERROR_CODES.invalidResponse,
      message: "The server sent a response we could not read.",
    });
  }
  if (!schema) return envelope.data.data as T;
  const data = schema.safeParse(envelope.data.data);
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
