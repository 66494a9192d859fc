"use client";

import { Check, Circle, LoaderCircle, X } from "lucide-react";

import { Button } from "@/components/ui/button";
import { renderPercent } from "@/lib/client/hooks/use-videos";
import { RENDER_STAGES, type RenderStatusView } from "@/lib/creation/video/contract";
import { cn } from "@/lib/platform/utils";
import { STAGE_TEXT } from "./video-text";

interface RenderProgressProps {
  /** The server's render state; null right after the render was queued. */
  render: RenderStatusView | null;
  onCancel?: () => void;
  cancelling?: boolean;
  /** A previous file stays playable while the new one renders. */
  hasPreviousFile?: boolean;
}

type Parts = NonNullable<RenderStatusView["segments"]>;

/**
 * The render's parts as a customer reads them: "part", not "segment" or
 * "scene" (a part is a scene's own frames or the transition between two, so
 * there are more parts than scenes); the parts being rendered counted among
 * those that need rendering, the others kept from the last render.
 */
export function partsText(parts: Parts): string {
  const toRender = Math.max(0, parts.total - parts.reused);
  const kept =
    parts.reused > 0
      ? `${parts.reused.toLocaleString("en-US")} of ${parts.total.toLocaleString("en-US")} kept from the last render`
      : "";
  if (toRender === 0) return `All ${parts.total.toLocaleString("en-US")} parts kept from the last render`;
  const first = Math.min(parts.rendered + 1, toRender);
  const last = Math.min(parts.rendered + Math.max(1, parts.rendering.length), toRender);
  const doing =
    parts.rendered >= toRender
      ? `${toRender.toLocaleString("en-US")} ${toRender === 1 ? "part" : "parts"} rendered`
      : first === last
        ? `Rendering part ${first} of ${toRender}`
        : `Rendering parts ${first}–${last} of ${toRender}`;
  return kept ? `${doing} · ${kept}` : doing;
}

function stageDetail(render: RenderStatusView | null): string {
  if (!render) return STAGE_TEXT.queued;
  if (render.stage === "rendering" && render.segments && render.segments.total > 0) return partsText(render.segments);
  if (render.stage === "rendering" && render.frames && render.frames.total > 0) {
    const pct = Math.round((render.frames.rendered / render.frames.total) * 100);
    return `${STAGE_TEXT.rendering}: ${pct}% (${render.frames.rendered.toLocaleString("en-US")} of ${render.frames.total.toLocaleString("en-US")} frames)`;
  }
  return STAGE_TEXT[render.stage];
}

/**
 * The render as the server reports it (polled about once a second): the
 * overall bar and each stage, frames counted while they render. It reads
 * only server state, so a reloaded page shows the same progress.
 */
export function RenderProgress({ render, onCancel, cancelling, hasPreviousFile }: RenderProgressProps) {
  const percent = renderPercent(render?.progress ?? 0);
  const current = render?.stage ?? "queued";
  const currentIndex = RENDER_STAGES.indexOf(current);
  const detail = stageDetail(render);

  return (
    <section
      aria-labelledby="render-progress-title"
      className="space-y-4 rounded-xl border bg-card p-4 shadow-xs sm:p-5"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="render-progress-title" className="text-sm font-semibold">
          Rendering your video
        </h2>
        {onCancel ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={onCancel}
            disabled={cancelling}
            aria-busy={cancelling || undefined}
          >
            <X />
            Cancel render
          </Button>
        ) : null}
      </div>
      <div className="space-y-1.5">
        <div
          role="progressbar"
          aria-label="Render progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${detail}; ${percent}% overall`}
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full bg-primary transition-[width] duration-700"
            style={{ width: `${Math.max(percent, 2)}%` }}
          />
        </div>
        <p role="status" aria-live="polite" className="text-xs text-muted-foreground tabular-nums">
          {detail} · {percent}% overall
        </p>
      </div>
      <ol aria-label="Render stages" className="grid gap-2 text-sm sm:grid-cols-2">
        {RENDER_STAGES.map((stage, i) => {
          const state = i < currentIndex ? "done" : i === currentIndex ? "current" : "pending";
          const Icon = state === "done" ? Check : state === "current" ? LoaderCircle : Circle;
          const parts = stage === "rendering" && state === "current" && render?.segments ? render.segments : null;
          const frames =
            stage === "rendering" && state === "current" && render?.frames && !parts ? render.frames : null;
          return (
            <li
              key={stage}
              aria-current={state === "current" ? "step" : undefined}
              className={cn(
                "flex flex-wrap items-center gap-x-2 gap-y-0.5",
                state === "pending" && "text-muted-foreground",
                state === "current" && "font-medium",
              )}
            >
              <Icon
                aria-hidden="true"
                className={cn(
                  "size-4 shrink-0",
                  state === "done" && "text-success",
                  state === "current" && "animate-spin text-primary motion-reduce:animate-none",
                )}
              />
              <span>{STAGE_TEXT[stage]}</span>
              {frames && frames.total > 0 ? (
                <span className="text-xs text-muted-foreground tabular-nums">
                  {Math.round((frames.rendered / frames.total) * 100)}% · {frames.rendered}/{frames.total}
                </span>
              ) : null}
              {parts && parts.total > 0 ? (
                <span className="text-xs text-muted-foreground tabular-nums">
                  {parts.reused > 0
                    ? `${parts.total - parts.reused} of ${parts.total} parts changed`
                    : `${parts.total} parts`}
                </span>
              ) : null}
              <span className="sr-only">
                {state === "done" ? "(done)" : state === "current" ? "(in progress)" : "(to do)"}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="text-xs text-muted-foreground">
        You can leave this page: the render continues and your video appears in Videos when it is ready.
        {hasPreviousFile ? " The previous version stays playable until the new one is saved." : ""}
      </p>
    </section>
  );
}
