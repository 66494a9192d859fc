"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import { useSWRConfig } from "swr";
import { CircleAlert, CircleCheck, Clock, Download, LoaderCircle, Pencil, RotateCcw, X } from "lucide-react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { credits } from "@/components/common/format";
import type { BatchItemState, BatchItemView, BatchRowInput, BatchView as Batch } from "@/lib/creation/batches/contract";
import { BATCHES_PATH, batchPath, cancelBatch, retryBatchItems, useBatch } from "@/lib/client/hooks/use-batches";
import { isProfileKey } from "@/lib/client/hooks/use-profile";
import { cn } from "@/lib/platform/utils";

const STATE_TEXT: Record<BatchItemState, string> = {
  waiting: "Waiting",
  planning: "Planning",
  rendering: "Rendering",
  done: "Done",
  failed: "Failed",
  cancelled: "Cancelled",
};
const STATE_ICON = {
  waiting: Clock,
  planning: LoaderCircle,
  rendering: LoaderCircle,
  done: CircleCheck,
  failed: CircleAlert,
  cancelled: X,
} as const;
const STATE_VARIANT = {
  waiting: "outline",
  planning: "accent",
  rendering: "accent",
  done: "secondary",
  failed: "destructive",
  cancelled: "outline",
} as const;

function percent(p: number): number {
  return Math.round(Math.min(1, Math.max(0, p)) * 100);
}

function etaText(s: number | null): string {
  if (s === null) return "";
  if (s < 60) return `about ${s} s left`;
  return `about ${Math.round(s / 60)} min left`;
}

function Bar({ value, label }: { value: number; label: string }) {
  const pct = percent(value);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
    >
      <div
        className="h-full rounded-full bg-primary transition-[width] duration-500 motion-reduce:transition-none"
        style={{ width: `${pct}%` }}
      />
    </div>
  );
}

function rowText(item: BatchItemView): string {
  const r = item.row;
  return r.name ?? r.prompt ?? r.link ?? "";
}

/** Fix a failed row before retrying it: the same fields a CSV row has. */
function RowEditor({ item, onRetry, busy }: { item: BatchItemView; onRetry(row: BatchRowInput): void; busy: boolean }) {
  const [row, setRow] = useState<Record<string, string>>({
    link: item.row.link ?? "",
    prompt: item.row.prompt ?? "",
    name: item.row.name ?? "",
    price: item.row.price ?? "",
    image_url: item.row.image_url ?? "",
  });
  return (
    <form
      className="mt-2 grid gap-2 rounded-lg border bg-muted/30 p-3 sm:grid-cols-2"
      aria-label={`Fix row ${item.position + 1}`}
      onSubmit={(e) => {
        e.preventDefault();
        onRetry(row);
      }}
    >
      {(["link", "prompt", "name", "price", "image_url"] as const).map((f) => (
        <label key={f} className="space-y-1 text-xs font-medium">
          <span>{f === "image_url" ? "Image URL" : f[0]!.toUpperCase() + f.slice(1)}</span>
          <Input value={row[f]} onChange={(e) => setRow({ ...row, [f]: e.target.value })} />
        </label>
      ))}
      <div className="flex items-end">
        <Button type="submit" size="sm" disabled={busy}>
          <RotateCcw />
          Retry with these
        </Button>
      </div>
    </form>
  );
}

export function BatchView({ id }: { id: string }) {
  const batch = useBatch(id);
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  // The recent-batches list is its own request: refresh it whenever this batch's state or tallies move.
  const tally = batch.data
    ? `${batch.data.state}:${batch.data.counts.done}:${batch.data.counts.failed}:${batch.data.counts.cancelled}`
    : null;
  useEffect(() => {
    if (tally) void mutate(BATCHES_PATH);
  }, [tally, mutate]);

  if (batch.error && !batch.data) {
    return (
      <Alert variant="destructive">
        <AlertTitle>{batch.error.status === 404 ? "There is no such batch" : "We couldn't load this batch"}</AlertTitle>
        <AlertDescription>{batch.error.message}</AlertDescription>
      </Alert>
    );
  }
  if (!batch.data) {
    return (
      <div role="status" aria-busy="true" className="space-y-3">
        <span className="sr-only">Loading the batch</span>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  const b = batch.data;

  const act = async (f: () => Promise<Batch>) => {
    setBusy(true);
    setActionError(null);
    try {
      const next = await f();
      await batch.mutate(next, { revalidate: false });
      void mutate(isProfileKey);
      void mutate(BATCHES_PATH);
      setEditing(null);
    } catch (e) {
      setActionError(e instanceof Error ? e.message : "That did not work.");
    } finally {
      setBusy(false);
    }
  };
  const failed = b.items.filter((i) => i.state === "failed" || i.state === "cancelled");
  const done = b.counts.done;

  return (
    <section aria-labelledby="batch-title" className="space-y-5">
      <div className="space-y-3 rounded-xl border bg-card p-4 shadow-xs">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="batch-title" className="text-base font-semibold">
              {b.name}
            </h2>
            <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="batch-summary">
              {b.state === "running" ? "Running" : b.state === "cancelled" ? "Cancelled" : "Finished"} · {done} of{" "}
              {b.item_count} done
              {b.counts.failed ? ` · ${b.counts.failed} failed` : ""}
              {b.counts.waiting ? ` · ${b.counts.waiting} waiting their turn` : ""} · {credits(b.credits_held)} charged
              {b.eta_s !== null ? ` · ${etaText(b.eta_s)}` : ""}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {failed.length > 0 ? (
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                onClick={() => void act(() => retryBatchItems(id, { item_ids: failed.map((i) => i.id) }))}
              >
                <RotateCcw />
                Retry {failed.length} failed
              </Button>
            ) : null}
            {b.state === "running" ? (
              <Button variant="ghost" size="sm" disabled={busy} onClick={() => void act(() => cancelBatch(id))}>
                <X />
                Cancel batch
              </Button>
            ) : null}
            {done > 0 ? (
              <Button asChild size="sm">
                <a href={`${batchPath(id)}/zip`} download>
                  <Download />
                  Download ZIP ({done})
                </a>
              </Button>
            ) : null}
          </div>
        </div>
        <Bar value={b.progress} label="Batch progress" />
      </div>
      {actionError ? (
        <Alert variant="destructive">
          <AlertDescription>{actionError}</AlertDescription>
        </Alert>
      ) : null}
      <ol className="divide-y rounded-xl border" aria-label="Videos in this batch">
        {b.items.map((item) => {
          const Icon = STATE_ICON[item.state];
          const moving = item.state === "planning" || item.state === "rendering";
          return (
            <li key={item.id} className="space-y-2 px-4 py-3" data-testid="batch-item" data-state={item.state}>
              <div className="flex flex-wrap items-center gap-3">
                <span className="w-12 shrink-0 text-xs tabular-nums text-muted-foreground">
                  Row {item.position + 1}
                </span>
                <span
                  className="grid h-12 w-12 shrink-0 place-items-center overflow-hidden rounded border bg-muted"
                  aria-hidden="true"
                >
                  {item.poster_url ? (
                    <img
                      src={item.poster_url}
                      alt=""
                      loading="lazy"
                      data-testid="batch-item-poster"
                      className="max-h-full max-w-full object-contain"
                      style={{ aspectRatio: item.aspect_ratio.replace(":", " / ") }}
                    />
                  ) : (
                    <Icon className="size-4 text-muted-foreground" />
                  )}
                </span>
                <span className="shrink-0 rounded border px-1.5 text-xs tabular-nums">{item.aspect_ratio}</span>
                <span className="min-w-0 flex-1 truncate text-sm">{rowText(item)}</span>
                <Badge variant={STATE_VARIANT[item.state]}>
                  <Icon aria-hidden="true" className={cn(moving && "animate-spin motion-reduce:animate-none")} />
                  {STATE_TEXT[item.state]}
                  {moving ? <span className="tabular-nums">{percent(item.progress)}%</span> : null}
                </Badge>
                {item.video_id && item.state === "done" ? (
                  <Link
                    href={`/videos/${encodeURIComponent(item.video_id)}`}
                    className="text-sm font-medium underline underline-offset-2"
                  >
                    Open video
                  </Link>
                ) : null}
                {item.state === "failed" || item.state === "cancelled" ? (
                  <span className="flex gap-1">
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={busy}
                      onClick={() => void act(() => retryBatchItems(id, { item_ids: [item.id] }))}
                      aria-label={`Retry row ${item.position + 1} (${item.aspect_ratio})`}
                    >
                      <RotateCcw />
                      Retry
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-expanded={editing === item.id}
                      onClick={() => setEditing(editing === item.id ? null : item.id)}
                      aria-label={`Edit row ${item.position + 1} and retry`}
                    >
                      <Pencil />
                      Edit
                    </Button>
                  </span>
                ) : null}
              </div>
              {moving ? (
                <Bar value={item.progress} label={`Row ${item.position + 1} ${item.aspect_ratio} progress`} />
              ) : null}
              {item.error ? <p className="text-sm text-destructive">{item.error}</p> : null}
              {editing === item.id ? (
                <RowEditor
                  item={item}
                  busy={busy}
                  onRetry={(row) => void act(() => retryBatchItems(id, { item_ids: [item.id], row }))}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
