"use client";

import { Eraser, Globe, House, RefreshCw, WifiOff } from "lucide-react";

import { BrandLogo } from "@/components/brand-logo";
import { buttonVariants } from "@/components/ui/button-variants";

interface ErrorScreenProps {
  /**
   * Replaces the full reload behind "Refresh Page" (e.g. a segment retry).
   * Without it the page reloads, which also re-fetches code chunks that
   * failed to load.
   */
  onRetry?: () => void;
}

const HINTS = [
  { icon: WifiOff, text: "Check your internet connection." },
  { icon: Eraser, text: "Clear your browser cache, then reload the page." },
  { icon: Globe, text: "Try opening the page in a different browser." },
] as const;

/**
 * The generic error page of the spec (section 8). Depends on nothing but
 * the UI primitives, so it renders even when auth or the root layout failed.
 */
export function ErrorScreen({ onRetry }: ErrorScreenProps) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4 py-16">
      <div className="w-full max-w-md text-center">
        <BrandLogo className="mb-10 justify-center" />
        <h1 className="text-2xl font-semibold tracking-tight text-balance">
          We&apos;re having trouble loading this page
        </h1>
        <p className="mt-3 text-muted-foreground">A few things usually help:</p>
        <ul className="mt-6 space-y-3 rounded-xl border bg-card p-5 text-left text-sm shadow-xs">
          {HINTS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3">
              <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>{text}</span>
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-col-reverse justify-center gap-2 sm:flex-row">
          <button
            type="button"
            className={buttonVariants({ variant: "outline", size: "lg" })}
            // A full navigation, not a client transition: the app state that failed is dropped.
            // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- deliberate, as said above
            onClick={() => window.location.assign("/")}
          >
            <House aria-hidden="true" />
            Go to Homepage
          </button>
          <button
            type="button"
            className={buttonVariants({ size: "lg" })}
            onClick={() => (onRetry ? onRetry() : window.location.reload())}
          >
            <RefreshCw aria-hidden="true" />
            Refresh Page
          </button>
        </div>
      </div>
    </main>
  );
}
