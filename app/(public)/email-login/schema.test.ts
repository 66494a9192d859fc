import { describe, expect, it } from "@jest/globals";
import { resetSchema, signInSchema, signUpSchema } from "./schema";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe("email sign-in validation", () => {
  it("asks for a valid email address before calling Firebase", () => {
    expect(messages(signInSchema.safeParse({ email: "not-an-email", password: "x" }))).toEqual([
      "Enter a valid email address.",
    ]);
    expect(messages(resetSchema.safeParse({ email: "" }))).toEqual(["Enter your email address."]);
  });

  it("trims the email and requires a password", () => {
    expect(signInSchema.parse({ email: "  a@example.com ", password: "secret" }).email).toBe("a@example.com");
    expect(messages(signInSchema.safeParse({ email: "a@example.com", password: "" }))).toEqual([
      "Enter your password.",
    ]);
  });
});

describe("create account validation", () => {
  const valid = { name: "", email: "a@example.com", password: "secret1", confirmPassword: "secret1" };

  it("accepts a valid account with no name", () => {
    expect(signUpSchema.parse(valid)).toEqual({
      name: undefined,
      email: "a@example.com",
      password: "secret1",
      confirmPassword: "secret1",
    });
  });

  it("requires at least 6 characters", () => {
    expect(messages(signUpSchema.safeParse({ ...valid, password: "12345", confirmPassword: "12345" }))).toEqual([
      "Use at least 6 characters for your password.",
    ]);
    expect(signUpSchema.safeParse({ ...valid, password: "123456", confirmPassword: "123456" }).success).toBe(true);
  });

  it("requires the confirmation to match", () => {
    const result = signUpSchema.safeParse({ ...valid, confirmPassword: "secret2" });
    expect(messages(result)).toEqual(["The passwords do not match."]);
    expect(result.error?.issues[0]?.path).toEqual(["confirmPassword"]);
  });
});
