"use client";

import Link from "next/link";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { SignInShell } from "@/components/auth/sign-in-shell";
import { EMAIL_LOGIN_MODES, signInHref, type EmailLoginMode } from "@/lib/access/auth/sign-in-params";
import { ResetPasswordForm, SignInForm, SignUpForm } from "./email-forms";

const TAB_LABELS: Record<EmailLoginMode, string> = {
  "sign-in": "Sign in",
  "sign-up": "Create account",
  reset: "Reset password",
};

export function EmailLoginPageClient({
  title,
  next,
  initialMode,
}: {
  title: string;
  next: string | null;
  initialMode: EmailLoginMode;
}) {
  const [mode, setMode] = useState<EmailLoginMode>(initialMode);
  // One email across the three forms: switching to "Reset password" keeps what was typed.
  const [email, setEmail] = useState("");
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<EmailLoginMode, HTMLButtonElement | null>>>({});
  const tabId = (m: EmailLoginMode) => `${baseId}-tab-${m}`;
  const panelId = `${baseId}-panel`;

  function select(m: EmailLoginMode, focus = false) {
    setMode(m);
    if (focus) tabRefs.current[m]?.focus();
  }

  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  function onTabKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = EMAIL_LOGIN_MODES.indexOf(mode);
    const last = EMAIL_LOGIN_MODES.length - 1;
    const target =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    select(EMAIL_LOGIN_MODES[target]!, true);
  }

  return (
    <SignInShell title={title} next={next}>
      <div
        role="tablist"
        aria-label="Email sign-in options"
        onKeyDown={onTabKeyDown}
        className="mt-6 grid grid-cols-3 gap-1 rounded-lg bg-muted p-1"
      >
        {EMAIL_LOGIN_MODES.map((m) => (
          <button
            key={m}
            ref={(el) => {
              tabRefs.current[m] = el;
            }}
            id={tabId(m)}
            type="button"
            role="tab"
            aria-selected={mode === m}
            aria-controls={panelId}
            tabIndex={mode === m ? 0 : -1}
            onClick={() => select(m)}
            className="rounded-md px-2 py-1.5 text-xs font-medium text-muted-foreground transition aria-selected:bg-background aria-selected:text-foreground aria-selected:shadow-sm"
          >
            {TAB_LABELS[m]}
          </button>
        ))}
      </div>

      <div id={panelId} role="tabpanel" aria-labelledby={tabId(mode)} className="mt-6">
        {mode === "sign-in" ? (
          <SignInForm email={email} onEmailChange={setEmail} next={next} onForgotPassword={() => select("reset")} />
        ) : mode === "sign-up" ? (
          <SignUpForm email={email} onEmailChange={setEmail} next={next} />
        ) : (
          <ResetPasswordForm email={email} onEmailChange={setEmail} onBackToSignIn={() => select("sign-in")} />
        )}
      </div>

      <p className="mt-8 text-center text-sm text-muted-foreground">
        <Link href={signInHref("/login", next)} className="font-medium text-primary underline-offset-4 hover:underline">
          Back to all sign-in options
        </Link>
      </p>
    </SignInShell>
  );
}
