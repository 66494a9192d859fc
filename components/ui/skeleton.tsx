import * as React from "react";

import { cn } from "@/lib/platform/utils";

/** A loading block. Decorative: announce loading with a Spinner or aria-busy on the region instead. */
export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-muted motion-reduce:animate-none", className)}
      {...props}
    />
  );
}
