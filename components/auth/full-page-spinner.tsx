import { clsx } from "clsx";
import { LoaderCircle } from "lucide-react";

/**
 * The app's wait state: while auth resolves, a session resumes or a screen
 * loads. Fills the viewport unless `className` sizes it for a smaller area
 * (it then replaces the full-viewport height).
 *
 * clsx, not cn: the root not-found's loading state renders this, so it is in
 * every page's bundle, public viewers included, and tailwind-merge is not.
 */
export function FullPageSpinner({ className }: { className?: string }) {
  return (
    <div
      role="status"
      aria-label="Loading"
      className={clsx("flex w-full items-center justify-center", className ?? "min-h-dvh")}
    >
      <LoaderCircle
        aria-hidden="true"
        className="size-8 animate-spin text-primary motion-reduce:[animation-duration:2.5s]"
      />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
