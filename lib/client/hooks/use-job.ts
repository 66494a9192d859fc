/**
 * Generation jobs: start one, poll it until it settles, and find the ones
 * still running after a reload (lib/media/images/contract.ts).
 */
import { useState } from "react";
import useSWR from "swr";
import type { GenerationAccepted, GenerationRequest, JobState, JobView } from "@/lib/media/images/contract";
import { ApiClientError, apiFetch, fetcher } from "@/lib/client/api";

export const JOB_POLL_MS = 700;
export const GENERATIONS_PATH = "/api/v1/images/generations";

export function jobPath(jobId: string): string {
  return `/api/v1/jobs/${encodeURIComponent(jobId)}`;
}

export function isJobSettled(state: JobState): boolean {
  // Any state that is neither queued nor running is final (incl. "cancelled").
  return state !== "queued" && state !== "running";
}

/** 0..100 for a progressbar; a settled job reads 100 whatever the worker last wrote. */
export function progressPercent(job: Pick<JobView, "state" | "progress">): number {
  if (isJobSettled(job.state)) return 100;
  const p = Number.isFinite(job.progress) ? job.progress : 0;
  return Math.round(Math.min(Math.max(p, 0), 1) * 100);
}

/** Polls every JOB_POLL_MS until the job settles; stops for good on 401/403/404 (5xx keep polling: transient). */
export function useJob(jobId: string | null) {
  // A job that is not ours (or gone) would otherwise be polled forever.
  const [goneId, setGoneId] = useState<string | null>(null);
  const key = jobId && jobId !== goneId ? jobPath(jobId) : null;
  return useSWR<JobView, ApiClientError>(key, fetcher, {
    refreshInterval: (job) => (job && isJobSettled(job.state) ? 0 : JOB_POLL_MS),
    revalidateOnFocus: false,
    dedupingInterval: 0,
    onError: (error) => {
      if (error.status === 401 || error.status === 403 || error.status === 404) setGoneId(jobId);
    },
  });
}

/** My queued/running jobs, read once on mount so a reload picks its job up again. */
export function useActiveJobs(enabled = true) {
  return useSWR<{ jobs: JobView[] }, ApiClientError>(enabled ? "/api/v1/jobs?active=1" : null, fetcher, {
    revalidateOnFocus: false,
    revalidateOnMount: true,
    dedupingInterval: 0,
  });
}

/** The newest active job, or null: the one a reloaded generator shows. */
export function newestJob(jobs: readonly JobView[]): JobView | null {
  let best: JobView | null = null;
  for (const job of jobs) {
    if (isJobSettled(job.state)) continue;
    if (!best || job.created_at > best.created_at) best = job;
  }
  return best;
}

/** Throws ApiClientError: 402 out of credits, 429 too many jobs, 422 bad input. */
export function startGeneration(body: GenerationRequest): Promise<GenerationAccepted> {
  return apiFetch<GenerationAccepted>(GENERATIONS_PATH, { method: "POST", body });
}
