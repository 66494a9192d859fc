import { describe, expect, it } from "@jest/globals";
import { APP_AUTH_ERROR_CODES, AuthError, GENERIC_AUTH_ERROR_MESSAGE, authErrorMessage, toAuthError } from "./errors";

// Listed here on purpose, not derived from the module: removing a message
// from errors.ts must make this test fail.
const SPEC_SECTION_8_CODES = [
  "auth/unauthorized-domain",
  "auth/popup-blocked",
  "auth/popup-closed-by-user",
  "auth/cancelled-popup-request",
  "auth/network-request-failed",
  "auth/web-storage-unsupported",
  "auth/internal-error",
];

const EMAIL_PASSWORD_CODES = [
  "auth/wrong-password",
  "auth/invalid-credential",
  "auth/user-not-found",
  "auth/email-already-in-use",
  "auth/weak-password",
  "auth/invalid-email",
  "auth/too-many-requests",
  "auth/missing-password",
];

const BACKEND_CODES = ["app/login-failed", "app/missing-email"];

describe("authErrorMessage", () => {
  it.each([...SPEC_SECTION_8_CODES, ...EMAIL_PASSWORD_CODES, ...BACKEND_CODES])(
    "has its own message for %s",
    (code) => {
      const message = authErrorMessage(code);
      expect(message).not.toBe(GENERIC_AUTH_ERROR_MESSAGE);
      expect(message.length).toBeGreaterThan(15);
      // A message is for people: no raw code in it.
      expect(message).not.toContain(code);
    },
  );

  it("tells the user what to do about the errors they can fix", () => {
    expect(authErrorMessage("auth/popup-blocked")).toMatch(/allow pop-ups/i);
    expect(authErrorMessage("auth/network-request-failed")).toMatch(/connection/i);
    expect(authErrorMessage("auth/weak-password")).toMatch(/6 characters/);
    expect(authErrorMessage("auth/invalid-email")).toBe("Enter a valid email address.");
    expect(authErrorMessage("app/missing-email")).toMatch(/no email address/i);
  });

  it("falls back to a generic message for unknown codes, including prototype keys", () => {
    expect(authErrorMessage("auth/something-new")).toBe(GENERIC_AUTH_ERROR_MESSAGE);
    expect(authErrorMessage("toString")).toBe(GENERIC_AUTH_ERROR_MESSAGE);
  });

  it("exposes the backend codes it documents", () => {
    expect(Object.values(APP_AUTH_ERROR_CODES).sort()).toEqual([...BACKEND_CODES].sort());
  });
});

describe("toAuthError", () => {
  it("keeps the Firebase code and replaces Firebase's technical message", () => {
    const firebaseError = Object.assign(new Error("Firebase: Error (auth/popup-blocked)."), {
      code: "auth/popup-blocked",
    });
    const error = toAuthError(firebaseError);
    expect(error).toBeInstanceOf(AuthError);
    expect(error.code).toBe("auth/popup-blocked");
    expect(error.message).toBe(authErrorMessage("auth/popup-blocked"));
    expect(error.cause).toBe(firebaseError);
  });

  it("returns an AuthError unchanged", () => {
    const original = new AuthError("app/login-failed");
    expect(toAuthError(original)).toBe(original);
  });

  it("treats anything without a code as an internal error", () => {
    expect(toAuthError(new TypeError("boom")).code).toBe("auth/internal-error");
    expect(toAuthError("weird").code).toBe("auth/internal-error");
  });
});
