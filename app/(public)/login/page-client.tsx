"use client";

import { LoaderCircle } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { FormAlert, SignInShell, leaveSignInScreen } from "@/components/auth/sign-in-shell";
import { PlainButton } from "@/components/ui/plain-button";
import { useAuth } from "@/lib/client/hooks/auth-provider";
import { toAuthError } from "@/lib/client/auth/errors";
import { signInHref } from "@/lib/access/auth/sign-in-params";

export function LoginPageClient({ title, next }: { title: string; next: string | null }) {
  const { signInWithGoogle } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function continueWithGoogle() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await signInWithGoogle();
      leaveSignInScreen(next);
    } catch (e) {
      // The provider has logged and reported it; show what it means.
      setError(toAuthError(e).message);
      setBusy(false);
    }
  }

  return (
    <SignInShell title={title} next={next}>
      <p className="mt-2 text-sm text-muted-foreground">
        Sign in to Promptframe to create designs, videos and images with AI.
      </p>
      <div className="mt-8 space-y-3">
        <PlainButton
          variant="outline"
          size="lg"
          className="w-full"
          onClick={continueWithGoogle}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <GoogleMark />}
          Continue with Google
        </PlainButton>
        {busy ? (
          <p className="text-center text-xs text-muted-foreground">Finish signing in in the Google window.</p>
        ) : null}
        <FormAlert messages={error ? [error] : []} />
      </div>
      <p className="mt-8 text-center text-sm text-muted-foreground">
        <Link
          href={signInHref("/email-login", next)}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Sign in with email
        </Link>
      </p>
    </SignInShell>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.8Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9Z" />
    </svg>
  );
}
