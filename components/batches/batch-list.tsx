"use client";

import Link from "next/link";
import { Layers } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/components/common/format";
import { useBatches } from "@/lib/client/hooks/use-batches";
import type { BatchSummary } from "@/lib/creation/batches/contract";

const STATE_TEXT: Record<BatchSummary["state"], string> = {
  running: "running",
  finished: "finished",
  cancelled: "cancelled",
};

/** Recent batches; each opens at /megapot?batch={id}. */
export function BatchList({ current }: { current: string | null }) {
  const list = useBatches();
  if (list.error && !list.data) return <p className="text-sm text-destructive">{list.error.message}</p>;
  if (!list.data) return <Skeleton className="h-24 w-full" />;
  if (list.data.length === 0) {
    return (
      <EmptyState icon={Layers} heading="No batches yet">
        Batches you start are listed here, with their progress.
      </EmptyState>
    );
  }
  return (
    <ul className="divide-y rounded-xl border" aria-label="Recent batches">
      {list.data.map((b) => (
        <li key={b.id} data-testid="batch-row" data-state={b.state}>
          <Link
            href={`/megapot?batch=${encodeURIComponent(b.id)}`}
            aria-current={b.id === current ? "page" : undefined}
            className="flex flex-wrap items-center gap-3 px-4 py-2.5 text-sm hover:bg-muted/50 aria-[current=page]:bg-muted"
          >
            <span className="flex shrink-0 gap-1" aria-hidden="true" data-testid="batch-posters">
              {b.posters.length > 0 ? (
                b.posters.map((p) => (
                  <img
                    key={p.url}
                    src={p.url}
                    alt=""
                    loading="lazy"
                    className="h-10 w-auto max-w-16 rounded border bg-muted object-cover"
                    style={{ aspectRatio: p.aspect_ratio.replace(":", " / ") }}
                  />
                ))
              ) : (
                <span className="grid h-10 w-10 place-items-center rounded border bg-muted text-muted-foreground">
                  <Layers className="size-4" />
                </span>
              )}
            </span>
            <span className="min-w-0 flex-1 truncate font-medium">{b.name}</span>
            <span className="text-xs text-muted-foreground">
              {b.counts.done}/{b.item_count} done{b.counts.failed ? ` · ${b.counts.failed} failed` : ""} ·{" "}
              {STATE_TEXT[b.state]} · {formatDate(b.created_at)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
