import { afterEach, describe, expect, it, jest } from "@jest/globals";
import { z } from "zod";
import { ApiClientError, apiFetch } from "./fetcher";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function answer(status: number, body: unknown) {
  const fetchMock = jest.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    new Response(typeof body === "string" ? body : JSON.stringify(body), { status }),
  );
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

describe("apiFetch", () => {
  it("sends the bearer token, no body, same-origin credentials, and resolves to data", async () => {
    const fetchMock = answer(200, { data: { user_id: "u1" } });
    await expect(apiFetch("/api/v1/users/login/", { method: "POST", token: "tok" })).resolves.toEqual({ user_id: "u1" });
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
