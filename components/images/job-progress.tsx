"use client";

import { useEffect, useRef } from "react";
import { CircleCheck, X } from "lucide-react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { JobView } from "@/lib/media/images/contract";
import type { AspectRatio } from "@/lib/media/images/schema";
import { isJobSettled, progressPercent, useJob } from "@/lib/client/hooks/use-job";
import { ResultTile } from "./result-tile";

const STATE_TEXT: Record<JobView["state"], string> = {
  queued: "Queued: waiting for a worker",
  running: "Generating",
  succeeded: "Done",
  failed: "Failed",
  cancelled: "Cancelled",
};

interface JobProgressProps {
  jobId: string;
  /** Shape of the result skeletons until each image reports its own. */
  aspectRatio?: AspectRatio;
  /** Called once when the job succeeds or fails (refresh credits, galleries). */
  onSettled?(job: JobView): void;
  onDismiss?(): void;
}

/** A job in place: its progress bar, a live status line, and results as they finish. */
export function JobProgress({ jobId, aspectRatio = "1:1", onSettled, onDismiss }: JobProgressProps) {
  const { data: job, error } = useJob(jobId);
  const settled = job ? isJobSettled(job.state) : false;

  // onSettled fires once per job even if the poll answers "succeeded" twice.
  const reported = useRef<string | null>(null);
  const onSettledRef = useRef(onSettled);
  // The latest value for callbacks, kept after each commit (not written during render).
  useEffect(() => {
    onSettledRef.current = onSettled;
  });
  useEffect(() => {
    if (job && settled && reported.current !== job.id) {
      reported.current = job.id;
      onSettledRef.current?.(job);
    }
  }, [job, settled]);

  if (error && !job) {
    return (
      <Alert variant="destructive">
        <AlertTitle>We lost track of this generation</AlertTitle>
        <AlertDescription>
          <p>
            {error.status === 404 ? "This job no longer exists." : error.message} Your images, if any were made, are in
            My images.
          </p>
        </AlertDescription>
      </Alert>
    );
  }

  const percent = job ? progressPercent(job) : 0;
  const state = job?.state ?? "queued";
  const count = job?.content_ids.length ?? 0;

  return (
    <section
      aria-labelledby={`job-${jobId}-title`}
      className="space-y-4 rounded-xl border bg-card p-4 shadow-xs sm:p-5"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={`job-${jobId}-title`} className="text-sm font-semibold">
          {count > 1 ? `Generating ${count} images` : "Generating your image"}
        </h2>
        {onDismiss && settled ? (
          <Button variant="ghost" size="icon" aria-label="Close results" onClick={onDismiss}>
            <X />
          </Button>
        ) : null}
      </div>
      <div className="space-y-1.5">
        <div
          role="progressbar"
          aria-label="Generation progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${STATE_TEXT[state]}, ${percent}%`}
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div
            className={
              state === "failed" || state === "cancelled"
                ? "h-full bg-destructive"
                : "h-full bg-primary transition-[width] duration-500"
            }
            style={{ width: `${Math.max(percent, state === "queued" ? 3 : 0)}%` }}
          />
        </div>
        <p role="status" aria-live="polite" className="flex items-center gap-1.5 text-xs text-muted-foreground">
          {state === "succeeded" ? <CircleCheck aria-hidden="true" className="size-3.5 text-success" /> : null}
          {job ? `${STATE_TEXT[state]} · ${percent}%` : "Starting…"}
        </p>
      </div>

      {state === "failed" || state === "cancelled" ? (
        <Alert variant="destructive">
          <AlertTitle>{state === "cancelled" ? "The generation was cancelled" : "The generation failed"}</AlertTitle>
          <AlertDescription>
            <p>
              {job?.error ?? "Something went wrong while making your images."} Credits refunded for every image that was
              not made.
            </p>
          </AlertDescription>
        </Alert>
      ) : null}

      {job ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Results">
          {job.content_ids.map((id, i) => (
            <li key={id}>
              <ResultTile id={id} index={i} aspectRatio={aspectRatio} jobSettled={settled} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Skeleton className="aspect-square rounded-lg" />
        </div>
      )}
    </section>
  );
}
