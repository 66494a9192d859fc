import * as React from "react";
import { LoaderCircle } from "lucide-react";

import { cn } from "@/lib/platform/utils";

interface SpinnerProps extends Omit<React.ComponentProps<"span">, "role"> {
  /** What is loading, read by screen readers. */
  label?: string;
  size?: "sm" | "md" | "lg";
}

const SIZES = { sm: "size-4", md: "size-6", lg: "size-10" } as const;

/** An accessible loading indicator: a polite live region with a text label. */
export function Spinner({ label = "Loading", size = "md", className, ...props }: SpinnerProps) {
  return (
    <span
      role="status"
      aria-label={label}
      data-slot="spinner"
      className={cn("inline-flex items-center justify-center text-primary", className)}
      {...props}
    >
      {/* Reduced motion still needs a sign of progress, so the spin only slows down. */}
      <LoaderCircle
        aria-hidden="true"
        className={cn("animate-spin motion-reduce:[animation-duration:2.5s]", SIZES[size])}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
