/**
 * Input rules of the email sign-in forms, checked before anything is sent to
 * Firebase. The password minimum is Firebase Auth's own (shorter passwords
 * fail with auth/weak-password), shown to the user up front.
 *
 * Hand-written rather than zod: these forms are the only code of /email-login
 * that needs validation, and the schema library would be the largest part of
 * the screen's JavaScript. The shape follows zod's (`safeParse` with
 * `issues`, each with the field as `path[0]`, every field checked in order,
 * then the cross-field rule), so the forms read errors the same way.
 */

export const MIN_PASSWORD_LENGTH = 6;
export const PASSWORD_RULE = `At least ${MIN_PASSWORD_LENGTH} characters.`;
const MAX_NAME_LENGTH = 100;

/** zod 4's email pattern (`z.email()`), so the same addresses pass as before. */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

export interface FormIssue {
  path: string[];
  message: string;
}

export type FormParseResult<T> =
  | { success: true; data: T; error?: never }
  | { success: false; error: { issues: FormIssue[] }; data?: never };

export interface FormSchema<T> {
  safeParse(input: unknown): FormParseResult<T>;
  /** Like `safeParse`, but throws on invalid input. */
  parse(input: unknown): T;
}

type Fields = Record<string, unknown>;

/** Collects issues while the fields are read; `fail` records one and returns undefined. */
class Reader {
  readonly issues: FormIssue[] = [];
  /** Set by a field that is not a string at all: the cross-field rule then does not run. */
  malformed = false;

  constructor(readonly fields: Fields) {}

  fail(path: string, message: string): undefined {
    this.issues.push({ path: [path], message });
    return undefined;
  }

  /** The field as a string; anything else is an issue. `optional` lets a missing field through. */
  string(path: string, options: { optional?: boolean } = {}): string | undefined {
    const value = this.fields[path];
    if (typeof value === "string") return value;
    if (value === undefined && options.optional) return undefined;
    this.malformed = true;
    return this.fail(path, "Invalid input: expected string");
  }
}

function formSchema<T>(read: (r: Reader) => T | undefined): FormSchema<T> {
  const safeParse = (input: unknown): FormParseResult<T> => {
    const fields = typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Fields) : null;
    if (!fields)
      return { success: false, error: { issues: [{ path: [], message: "Invalid input: expected object" }] } };
    const reader = new Reader(fields);
    const data = read(reader);
    return reader.issues.length === 0
      ? { success: true, data: data as T }
      : { success: false, error: { issues: reader.issues } };
  };
  return {
    safeParse,
    parse(input) {
      const result = safeParse(input);
      if (!result.success) throw new Error(result.error.issues.map((i) => i.message).join("\n"));
      return result.data;
    },
  };
}

function readEmail(r: Reader): string | undefined {
  const raw = r.string("email");
  if (raw === undefined) return undefined;
  const email = raw.trim();
  if (email.length < 1) return r.fail("email", "Enter your email address.");
  if (!EMAIL_PATTERN.test(email)) return r.fail("email", "Enter a valid email address.");
  return email;
}

function readRequired(r: Reader, path: string, min: number, message: string): string | undefined {
  const value = r.string(path);
  if (value === undefined) return undefined;
  return value.length < min ? r.fail(path, message) : value;
}

export interface SignInInput {
  email: string;
  password: string;
}

export interface SignUpInput {
  name: string | undefined;
  email: string;
  password: string;
  confirmPassword: string;
}

export interface ResetInput {
  email: string;
}

export const signInSchema = formSchema<SignInInput>((r) => {
  const email = readEmail(r);
  const password = readRequired(r, "password", 1, "Enter your password.");
  return email === undefined || password === undefined ? undefined : { email, password };
});

export const signUpSchema = formSchema<SignUpInput>((r) => {
  const rawName = r.string("name", { optional: true });
  let name: string | undefined;
  if (rawName !== undefined) {
    const trimmed = rawName.trim();
    if (trimmed.length > MAX_NAME_LENGTH) r.fail("name", "Keep your name under 100 characters.");
    else name = trimmed || undefined;
  }
  const email = readEmail(r);
  const password = readRequired(
    r,
    "password",
    MIN_PASSWORD_LENGTH,
    `Use at least ${MIN_PASSWORD_LENGTH} characters for your password.`,
  );
  const confirmPassword = readRequired(r, "confirmPassword", 1, "Confirm your password.");
  // Like zod's refine: checked even when a field broke a rule, not when one was not a string.
  if (!r.malformed && r.fields.password !== r.fields.confirmPassword) {
    r.fail("confirmPassword", "The passwords do not match.");
  }
  if (email === undefined || password === undefined || confirmPassword === undefined) return undefined;
  return { name, email, password, confirmPassword };
});

export const resetSchema = formSchema<ResetInput>((r) => {
  const email = readEmail(r);
  return email === undefined ? undefined : { email };
});
