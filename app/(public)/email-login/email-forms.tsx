"use client";

/**
 * The three forms of /email-login. Each validates its input (./schema.ts)
 * before calling Firebase. Native controls with the UI kit's classes: this
 * screen skips its class merging (tailwind-merge) to stay light.
 */
import { LoaderCircle } from "lucide-react";
import { useId, useState, type ComponentProps, type FormEvent, type ReactNode } from "react";
import { FormAlert, leaveSignInScreen } from "@/components/auth/sign-in-shell";
import { ALERT_DESCRIPTION_CLASSES, ALERT_TITLE_CLASSES, alertVariants } from "@/components/ui/alert-variants";
import { INPUT_CLASSES, LABEL_CLASSES } from "@/components/ui/form-classes";
import { PlainButton } from "@/components/ui/plain-button";
import { useAuth } from "@/lib/client/hooks/auth-provider";
import { toAuthError } from "@/lib/client/auth/errors";
import { PASSWORD_RULE, resetSchema, signInSchema, signUpSchema, type FormSchema } from "./schema";

/** Form state shared by the three forms: validation, busy state and the error region. */
function useAuthForm<T>(schema: FormSchema<T>, action: (values: T) => Promise<void>) {
  const alertId = useId();
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const parsed = schema.safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
      setFieldErrors(errors);
      setFormError(null);
      const first = form.elements.namedItem(Object.keys(errors)[0] ?? "");
      if (first instanceof HTMLElement) first.focus();
      return;
    }
    setFieldErrors({});
    setFormError(null);
    setBusy(true);
    try {
      await action(parsed.data);
    } catch (error) {
      setFormError(toAuthError(error).message);
    } finally {
      setBusy(false);
    }
  }

  const invalid = (name: string) =>
    fieldErrors[name] ? { "aria-invalid": true as const, "aria-describedby": alertId } : {};
  const messages = formError ? [formError] : [...new Set(Object.values(fieldErrors))];
  return { busy, onSubmit, invalid, alert: <FormAlert id={alertId} messages={messages} /> };
}

function Field({ label, hint, ...input }: { label: string; hint?: string } & ComponentProps<"input">) {
  const id = useId();
  const hintId = useId();
  const describedBy = [hint ? hintId : null, input["aria-describedby"]].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1.5">
      <label data-slot="label" htmlFor={id} className={LABEL_CLASSES}>
        {label}
      </label>
      <input
        type="text"
        data-slot="input"
        className={INPUT_CLASSES}
        id={id}
        {...input}
        aria-describedby={describedBy}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <PlainButton type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy}>
      {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
      {children}
    </PlainButton>
  );
}

/** A button that reads as a text link: the small link button without its height and padding. */
function LinkButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <PlainButton variant="link" size={null} className="h-auto rounded-md px-0 text-[0.8125rem]" onClick={onClick}>
      {children}
    </PlainButton>
  );
}

interface EmailProps {
  email: string;
  onEmailChange: (email: string) => void;
}

export function SignInForm({
  email,
  onEmailChange,
  next,
  onForgotPassword,
}: EmailProps & { next: string | null; onForgotPassword: () => void }) {
  const { signInWithEmail } = useAuth();
  const form = useAuthForm(signInSchema, async (values) => {
    await signInWithEmail(values.email, values.password);
    leaveSignInScreen(next);
  });
  return (
    <form noValidate onSubmit={form.onSubmit} className="space-y-4" aria-label="Sign in">
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => onEmailChange(e.target.value)}
        {...form.invalid("email")}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        {...form.invalid("password")}
      />
      <div className="flex justify-end">
        <LinkButton onClick={onForgotPassword}>Forgot your password?</LinkButton>
      </div>
      <SubmitButton busy={form.busy}>Sign in</SubmitButton>
      {form.alert}
    </form>
  );
}

export function SignUpForm({ email, onEmailChange, next }: EmailProps & { next: string | null }) {
  const { signUpWithEmail } = useAuth();
  const form = useAuthForm(signUpSchema, async (values) => {
    await signUpWithEmail({ email: values.email, password: values.password, name: values.name });
    leaveSignInScreen(next);
  });
  return (
    <form noValidate onSubmit={form.onSubmit} className="space-y-4" aria-label="Create account">
      <Field label="Name (optional)" name="name" type="text" autoComplete="name" {...form.invalid("name")} />
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => onEmailChange(e.target.value)}
        {...form.invalid("email")}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={PASSWORD_RULE}
        {...form.invalid("password")}
      />
      <Field
        label="Confirm password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        {...form.invalid("confirmPassword")}
      />
      <SubmitButton busy={form.busy}>Create account</SubmitButton>
      {form.alert}
    </form>
  );
}

export function ResetPasswordForm({
  email,
  onEmailChange,
  onBackToSignIn,
}: EmailProps & { onBackToSignIn: () => void }) {
  const { sendPasswordReset } = useAuth();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAuthForm(resetSchema, async (values) => {
    await sendPasswordReset(values.email);
    setSentTo(values.email);
  });

  if (sentTo) {
    return (
      <div className="space-y-4">
        <div data-slot="alert" role="status" className={alertVariants()}>
          <div data-slot="alert-title" className={ALERT_TITLE_CLASSES}>
            Check your inbox
          </div>
          <div data-slot="alert-description" className={ALERT_DESCRIPTION_CLASSES}>
            If an account exists for {sentTo}, we have sent it a link to reset the password.
          </div>
        </div>
        <LinkButton onClick={onBackToSignIn}>Back to sign in</LinkButton>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={form.onSubmit} className="space-y-4" aria-label="Reset password">
      <p className="text-sm text-muted-foreground">
        Enter the email address of your account and we will send you a link to choose a new password.
      </p>
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => onEmailChange(e.target.value)}
        {...form.invalid("email")}
      />
      <SubmitButton busy={form.busy}>Send reset link</SubmitButton>
      {form.alert}
    </form>
  );
}
