"use client";

/**
 * The card of the sign-in screens, inside the public layout (which brings the
 * logo and the page's <main>). It also owns leaving them: once the user is
 * signed in (now, or restored and resumed by the AuthProvider) it shows the
 * spinner and goes to `next`.
 */
import { useEffect, type ReactNode } from "react";
import { alertVariants } from "@/components/ui/alert-variants";
import { useAuth } from "@/lib/client/hooks/auth-provider";
import { safeNextPath } from "@/lib/access/routes/access";
import { FullPageSpinner } from "./full-page-spinner";

let leaving = false;

/**
 * A full navigation, so the middleware sees the new session cookie. Only the
 * first call navigates: the sign-in handler and the status effect both ask.
 */
export function leaveSignInScreen(next: string | null | undefined): void {
  if (leaving) return;
  leaving = true;
  window.location.assign(safeNextPath(next));
}

export function SignInShell({ title, next, children }: { title: string; next: string | null; children: ReactNode }) {
  const { status } = useAuth();

  useEffect(() => {
    if (status === "signed-in") leaveSignInScreen(next);
  }, [status, next]);

  if (status !== "signed-out") return <FullPageSpinner className="min-h-64 flex-1" />;

  return (
    <div className="flex flex-1 items-start justify-center sm:items-center">
      <div className="w-full max-w-sm rounded-xl border bg-card p-8 text-card-foreground shadow-sm">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {children}
      </div>
    </div>
  );
}

/**
 * The error region of a sign-in form; rendered only when there is something
 * to say. A native <div> with the alert's classes: the sign-in screens skip
 * the UI kit's class merging (tailwind-merge), see components/ui/plain-button.tsx.
 */
export function FormAlert({ id, messages }: { id?: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div
      id={id}
      data-slot="alert"
      role="alert"
      className={alertVariants({ variant: "destructive", layout: "block", className: "mt-4" })}
    >
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <ul className="list-disc space-y-1 pl-4">
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
