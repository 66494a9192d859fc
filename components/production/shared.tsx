"use client";
/** Small pieces the production screens share: progress bars, state badges, dates. */
import { Badge } from "@/components/ui/badge";
import type { DeliveryState, RunState } from "@/lib/operations/production/contract";

export function percent(p: number): number {
  return Math.round(Math.min(1, Math.max(0, p)) * 100);
}

export function ProgressBar({ value, label }: { value: number; label: string }) {
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

const RUN_VARIANT = { running: "accent", finished: "secondary", cancelled: "outline", failed: "destructive" } as const;
const RUN_TEXT: Record<RunState, string> = {
  running: "Running",
  finished: "Finished",
  cancelled: "Cancelled",
  failed: "Failed",
};

export function RunStateBadge({ state }: { state: RunState }) {
  return <Badge variant={RUN_VARIANT[state]}>{RUN_TEXT[state]}</Badge>;
}

const DELIVERY_VARIANT = {
  waiting: "outline",
  queued: "accent",
  succeeded: "secondary",
  failed: "destructive",
} as const;
const DELIVERY_TEXT: Record<DeliveryState, string> = {
  waiting: "Retry scheduled",
  queued: "Sending",
  succeeded: "Delivered",
  failed: "Gave up",
};

export function DeliveryBadge({ state, attempts }: { state: DeliveryState; attempts: number }) {
  return (
    <Badge variant={DELIVERY_VARIANT[state]}>
      {state === "waiting" && attempts === 0 ? "Pending" : DELIVERY_TEXT[state]}
    </Badge>
  );
}

export function when(iso: string | null): string {
  if (!iso) return "—";
  return (
    new Date(iso).toLocaleString("en-GB", {
      day: "numeric",
      month: "short",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: "UTC",
    }) + " UTC"
  );
}

export function etaText(s: number | null): string {
  if (s === null) return "";
  if (s < 60) return `about ${s} s left`;
  return `about ${Math.round(s / 60)} min left`;
}
