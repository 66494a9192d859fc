import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/utils";

/**
 * The app's wait state: while auth resolves, a session resumes or a screen
 * loads. Fills the viewport unless `className` sizes it for a smaller area.
 */
export function FullPageSpinner({ className }: { className?: string }) {
  return (
    <div role="status" aria-label="Loading" className={cn("flex min-h-dvh w-full items-center justify-center", className)}>
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-primary motion-reduce:[animation-duration:2.5s]" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
