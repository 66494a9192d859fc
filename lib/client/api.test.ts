import { afterEach, describe, expect, it, jest } from "@jest/globals";
import { z } from "zod";
import {
  ApiClientError,
  SCREEN_HEADER,
  apiFetch,
  apiRequest,
  conflictReason,
  errorFromResponse,
  fieldMessages,
  issuesOf,
  networkError,
} from "./api";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function answer(status: number, body: unknown) {
  const fetchMock = jest.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(typeof body === "string" ? body : JSON.stringify(body), { status }),
  );
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

describe("apiFetch", () => {
  it("sends the bearer token, no body, same-origin credentials, and resolves to data", async () => {
    const fetchMock = answer(200, { data: { user_id: "u1" } });
    await expect(apiFetch("/api/v1/users/login/", { method: "POST", token: "tok" })).resolves.toEqual({
      user_id: "u1",
    });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe("/api/v1/users/login/");
    expect(init).toMatchObject({ method: "POST", credentials: "same-origin", body: undefined });
    expect((init!.headers as Record<string, string>).Authorization).toBe("Bearer tok");
    expect(init!.headers as Record<string, string>).not.toHaveProperty("Content-Type");
  });

  it("throws ApiClientError with the server's code and message", async () => {
    answer(403, { error: { code: "email_required", message: "This account has no email address." } });
    const error = await apiFetch("/api/v1/users/login/", { method: "POST" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ status: 403, code: "email_required", message: "This account has no email address." });
  });

  it("still throws a typed error when the error body is not JSON", async () => {
    answer(502, "<html>Bad gateway</html>");
    await expect(apiFetch("/api/v1/user-info/")).rejects.toMatchObject({ status: 502, code: "unknown_error" });
  });

  it("turns a failed request into a network_error with status 0", async () => {
    globalThis.fetch = (async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch;
    await expect(apiFetch("/api/v1/user-info/")).rejects.toMatchObject({ status: 0, code: "network_error" });
  });

  it("validates data with a schema when given one", async () => {
    answer(200, { data: { user_id: 42 } });
    const schema = z.object({ user_id: z.string() });
    await expect(apiFetch("/api/v1/user-info/", { schema })).rejects.toMatchObject({ code: "invalid_response" });
  });
});

describe("apiRequest and the field issues", () => {
  it("keeps what sits beside data, and reads a 204 as data null", async () => {
    answer(200, { data: [1, 2], next_cursor: "c2" });
    await expect(apiRequest<number[]>("/api/v1/videos")).resolves.toEqual({ data: [1, 2], next_cursor: "c2" });
    globalThis.fetch = (async () => new Response(null, { status: 204 })) as unknown as typeof fetch;
    await expect(apiFetch("/api/v1/videos/v1", { method: "DELETE" })).resolves.toBeNull();
  });

  it("carries a 422's issues, which fieldMessages files under each level of the path", async () => {
    answer(422, {
      error: {
        code: "unprocessable_entity",
        message: "Check the fields.",
        issues: [{ path: "scenes.2.narration", message: "Too long" }, { message: "No path" }, "junk"],
      },
    });
    const error = await apiFetch("/api/v1/videos", { method: "POST", body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(issuesOf(error)).toEqual([
      { path: "scenes.2.narration", message: "Too long" },
      { path: "", message: "No path" },
    ]);
    expect(fieldMessages(error)).toEqual({
      "scenes.2.narration": "Too long",
      "scenes.2": "Too long",
      scenes: "Too long",
      "": "No path",
    });
    expect(issuesOf(new Error("x"))).toEqual([]);
  });

  it("tells a revision conflict from a rendering one", () => {
    const e409 = (issues: { path: string; message: string }[]) =>
      new ApiClientError({ status: 409, code: "conflict", message: "m", issues });
    expect(conflictReason(e409([{ path: "revision", message: "revision_conflict" }]))).toBe("revision");
    expect(conflictReason(e409([{ path: "state", message: "rendering" }]))).toBe("rendering");
    expect(conflictReason(e409([]))).toBeNull();
    expect(conflictReason(new ApiClientError({ status: 400, code: "revision_conflict", message: "m" }))).toBe(
      "revision",
    );
    expect(conflictReason(new ApiClientError({ status: 400, code: "bad_request", message: "m" }))).toBeNull();
  });

  it("sends the screen on a write, not on a read", async () => {
    const fetchMock = answer(200, { data: null });
    const g = globalThis as { window?: unknown };
    g.window = { location: { pathname: "/create" } };
    try {
      await apiFetch("/api/v1/videos");
      await apiFetch("/api/v1/videos", { method: "POST", body: { a: 1 } });
    } finally {
      delete g.window;
    }
    const read = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    const write = fetchMock.mock.calls[1]![1]!.headers as Record<string, string>;
    expect(read).not.toHaveProperty(SCREEN_HEADER);
    expect(write[SCREEN_HEADER]).toBe("/create");
    expect(write["Content-Type"]).toBe("application/json");
    expect(fetchMock.mock.calls[1]![1]!.body).toBe('{"a":1}');
  });

  it("sends a file's bytes as they are, with its type", async () => {
    const fetchMock = answer(200, { data: { rows: 1 } });
    const file = new Blob(["a,b\n1,2\n"], { type: "text/csv" });
    await expect(
      apiFetch("/api/v1/batches/preview", { method: "POST", file: { body: file, type: "text/csv" } }),
    ).resolves.toEqual({ rows: 1 });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBe(file);
    expect((init.headers as Record<string, string>)["Content-Type"]).toBe("text/csv");
  });

  it("passes an abort through untouched", async () => {
    globalThis.fetch = (async () => {
      throw new DOMException("stopped", "AbortError");
    }) as unknown as typeof fetch;
    await expect(apiFetch("/api/v1/videos")).rejects.toMatchObject({ name: "AbortError" });
  });

  it("reads the error of a download that failed before its body was read", async () => {
    const error = await errorFromResponse(
      new Response(JSON.stringify({ error: { code: "rate_limited", message: "Slow down." } }), { status: 429 }),
    );
    expect(error).toMatchObject({ status: 429, code: "rate_limited", message: "Slow down." });
    expect(networkError(new TypeError("x"))).toMatchObject({ status: 0, code: "network_error" });
  });
});
