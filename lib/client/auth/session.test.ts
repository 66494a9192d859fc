import { afterEach, describe, expect, it, jest } from "@jest/globals";
import { AuthError } from "./errors";
import { LOGIN_PATH, startServerSession } from "./session";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function serverAnswers(status: number, body: unknown) {
  const fetchMock = jest.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => Response.json(body, { status }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

function firebaseUser(email: string | null) {
  return { email, getIdToken: jest.fn(async (_force?: boolean) => "id-token") };
}

describe("startServerSession", () => {
  it("calls the login route with the bearer token and no body, and keeps the user signed in", async () => {
    const fetchMock = serverAnswers(200, { data: { user_id: "uid-1" } });
    const signOut = jest.fn(async () => {});
    await expect(startServerSession({ user: firebaseUser("a@example.com"), signOut })).resolves.toBe("uid-1");
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe(LOGIN_PATH);
    expect(init).toMatchObject({ method: "POST", body: undefined, credentials: "same-origin" });
    expect((init!.headers as Record<string, string>).Authorization).toBe("Bearer id-token");
    expect(signOut).not.toHaveBeenCalled();
  });

  it("signs out again and explains why when the user has no email", async () => {
    const fetchMock = serverAnswers(200, { data: { user_id: "uid-1" } });
    const signOut = jest.fn(async () => {});
    const error = await startServerSession({ user: firebaseUser(null), signOut }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ code: "app/missing-email" });
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("signs out again when the login call fails", async () => {
    serverAnswers(500, { error: { code: "internal_error", message: "Something went wrong on our side." } });
    const signOut = jest.fn(async () => {});
    const error = await startServerSession({ user: firebaseUser("a@example.com"), signOut }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "app/login-failed" });
    expect((error as Error).message).toMatch(/could not start your session/i);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it("reports the server's no-email refusal as such", async () => {
    serverAnswers(403, { error: { code: "email_required", message: "No email." } });
    const signOut = jest.fn(async () => {});
    await expect(startServerSession({ user: firebaseUser("a@example.com"), signOut })).rejects.toMatchObject({
      code: "app/missing-email",
    });
    expect(signOut).toHaveBeenCalled();
  });

  it("still rejects with the login reason when signing out fails too", async () => {
    serverAnswers(401, { error: { code: "unauthorized", message: "Bad token." } });
    const signOut = jest.fn(async () => {
      throw new Error("offline");
    });
    const spy = jest.spyOn(console, "error").mockImplementation(() => {});
    await expect(startServerSession({ user: firebaseUser("a@example.com"), signOut })).rejects.toMatchObject({
      code: "app/login-failed",
    });
    spy.mockRestore();
  });
});
