"use client";
/** The layout still, loaded on demand (Remotion stays out of the screens' first bundle). */
import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";
import { retryImport } from "@/lib/client/lazy/retry-import";
import type { LayoutStillProps } from "./layout-still";

function StillUnavailable({ label }: LayoutStillProps) {
  return (
    <div
      role="note"
      className="flex aspect-square w-full items-center justify-center rounded border border-dashed p-2 text-center text-xs text-muted-foreground"
    >
      {label}: the preview could not load.
    </div>
  );
}

export const LazyLayoutStill = dynamic<LayoutStillProps>(
  () => retryImport(() => import("./layout-still"), { environment: null }).catch(() => ({ default: StillUnavailable })),
  { ssr: false, loading: () => <Skeleton className="aspect-square w-full" /> },
);
