"use client";
/** /layouts/progress: layouts by stage, who moved each one last and how long it has waited there. */
import Link from "next/link";
import { useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import { LIBRARY_STAGES, STAGE_LABELS, type LibraryStage } from "@/lib/engine/composition/stages";
import { useStudioLayouts } from "@/lib/client/hooks/use-studio-layouts";
import { waitedFor } from "@/components/studio/stage-badge";

const WAITING_ON: Record<LibraryStage, string> = {
  draft: "Being designed",
  review: "Waiting for a reviewer",
  approved: "Waiting to go live",
  live: "In users' pickers",
  retired: "Hidden from new work",
};

export function LayoutBoard() {
  const { data, error, isLoading } = useStudioLayouts();
  // "Here for n days" counts from when the board opened (a render reads no clock).
  const [now] = useState(() => Date.now());
  if (error) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{error.message}</AlertDescription>
      </Alert>
    );
  }
  if (isLoading || !data) return <Skeleton className="h-96 w-full" aria-label="Loading the board" />;
  return (
    <div className="grid gap-4 overflow-x-auto md:grid-cols-5">
      {LIBRARY_STAGES.map((stage) => {
        const items = data.layouts
          .filter((l) => l.stage === stage)
          .sort((a, b) => a.stage_since.localeCompare(b.stage_since));
        return (
          <section
            key={stage}
            aria-labelledby={`col-${stage}`}
            data-stage={stage}
            className="min-w-52 space-y-2 rounded-lg bg-muted/50 p-3"
          >
            <h2 id={`col-${stage}`} className="text-sm font-semibold">
              {STAGE_LABELS[stage]} <span className="font-normal text-muted-foreground">({items.length})</span>
            </h2>
            <p className="text-xs text-muted-foreground">{WAITING_ON[stage]}</p>
            {items.length === 0 ? <p className="text-xs text-muted-foreground">Nothing here.</p> : null}
            <ul className="space-y-2">
              {items.map((l) => (
                <li key={l.id} className="rounded-md border bg-card p-2 text-sm">
                  <Link href={`/layouts-pipeline/${l.id}`} className="font-medium hover:underline">
                    {l.name}
                  </Link>
                  <p className="text-xs text-muted-foreground">
                    {l.last_move
                      ? `Moved by ${l.last_move.actor}`
                      : l.created_by === "system"
                        ? "Seeded"
                        : "Created by staff"}{" "}
                    · here {waitedFor(l.stage_since, now)}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    v{l.version} · {l.origin} · used {l.usage}×{l.error_count ? ` · ${l.error_count} errors` : ""}
                  </p>
                  <Link href={`/layout-tracker?layout=${l.id}`} className="text-xs underline">
                    History
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
