"use client";
/**
 * The composition Player, loaded on demand: its code (Remotion and the
 * composition) is fetched the first time a screen shows a preview, with a
 * skeleton of the preview's shape until then. A chunk that still fails after
 * the retries shows a note in place of the preview instead of reloading the
 * page (the editor may hold unsaved edits) or taking the screen down.
 */
import dynamic from "next/dynamic";
import { VideoOff } from "lucide-react";

import { Skeleton } from "@/components/ui/skeleton";
import { retryImport } from "@/lib/client/lazy/retry-import";
import type { CompositionPlayerProps } from "./composition-player";

export type { CompositionPlayerProps };

function PlayerUnavailable({ label }: CompositionPlayerProps) {
  return (
    <div
      role="note"
      className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-lg border border-dashed p-4 text-center text-xs text-muted-foreground"
    >
      <VideoOff aria-hidden="true" className="size-5" />
      <span>{label}: the preview could not load. Reload the page to try again.</span>
    </div>
  );
}

export const LazyPlayer = dynamic<CompositionPlayerProps>(
  () =>
    retryImport(() => import("./composition-player"), { environment: null }).catch(() => ({
      default: PlayerUnavailable,
    })),
  {
    ssr: false,
    loading: () => <Skeleton className="aspect-video w-full rounded-lg" />,
  },
);
