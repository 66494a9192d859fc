import { describe, expect, it, jest } from "@jest/globals";
import { AUTH_TOKEN_REFRESH_WINDOW_MS } from "@/lib/platform/constants";
import { freshIdToken, tokenNeedsRefresh } from "./token";

const NOW = Date.parse("2026-01-01T12:00:00Z");
const at = (msFromNow: number) => new Date(NOW + msFromNow).toUTCString();

function fakeUser(expiresInMs: number) {
  return {
    getIdTokenResult: jest.fn(async () => ({ token: "cached", expirationTime: at(expiresInMs) })),
    getIdToken: jest.fn(async (_force?: boolean) => "refreshed"),
  };
}

describe("tokenNeedsRefresh", () => {
  it("refreshes a token that expires within the refresh window", () => {
    expect(tokenNeedsRefresh(at(AUTH_TOKEN_REFRESH_WINDOW_MS - 1_000), NOW)).toBe(true);
    expect(tokenNeedsRefresh(at(-1_000), NOW)).toBe(true);
  });

  it("keeps a token that expires after the refresh window", () => {
    expect(tokenNeedsRefresh(at(AUTH_TOKEN_REFRESH_WINDOW_MS + 1_000), NOW)).toBe(false);
  });

  it("refreshes when the expiry cannot be read", () => {
    expect(tokenNeedsRefresh("not a date", NOW)).toBe(true);
  });
});

describe("freshIdToken", () => {
  it("returns the cached token while it is valid for longer than the window", async () => {
    const user = fakeUser(30 * 60 * 1000);
    await expect(freshIdToken(user, NOW)).resolves.toBe("cached");
    expect(user.getIdToken).not.toHaveBeenCalled();
  });

  it("forces a refresh when the token is about to expire", async () => {
    const user = fakeUser(60 * 1000);
    await expect(freshIdToken(user, NOW)).resolves.toBe("refreshed");
    expect(user.getIdToken).toHaveBeenCalledWith(true);
  });
});
