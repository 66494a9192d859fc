/** What the generator page polls: a job's state and progress, and each image's status as it finishes. */
import { ApiError } from "@/lib/platform/api/errors";
import { content, jobs, type JobState } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";

export interface JobImageStatus {
  id: string;
  status: "draft" | "queued" | "running" | "ready" | "failed";
  error: string | null;
}

export interface JobStatus {
  id: string;
  type: string;
  state: JobState;
  /** 0..1. */
  progress: number;
  attempts: number;
  maxAttempts: number;
  /** The human reason of the last failure (kept on a retried job too). */
  error: string | null;
  contentIds: string[];
  images: JobImageStatus[];
  createdAt: string;
  updatedAt: string;
}

/** 404 for a missing job and for someone else's, alike. */
export async function getJob(a: { db: Db; jobId: string; uid: string }): Promise<JobStatus> {
  const notFound = () => new ApiError("not_found", "No such job.");
  let snap;
  try {
    snap = await a.db.collection(jobs).doc(a.jobId).get();
  } catch {
    throw notFound(); // an id that is not even well-formed
  }
  if (!snap || snap.data.owner_id !== a.uid) throw notFound();
  const job = snap.data;
  const raw = job.input.content_ids;
  const contentIds = Array.isArray(raw)
    ? raw.filter((x): x is string => typeof x === "string")
    : job.content_id
      ? [job.content_id]
      : [];
  const docs = await Promise.all(contentIds.map((id) => a.db.collection(content).doc(id).get()));
  return {
    id: snap.id,
    type: job.type,
    state: job.state,
    progress: job.progress,
    attempts: job.attempts,
    maxAttempts: job.max_attempts,
    error: job.error,
    contentIds,
    images: docs.flatMap((d) => (d ? [{ id: d.id, status: d.data.status, error: d.data.error }] : [])),
    createdAt: job.created_at,
    updatedAt: job.updated_at,
  };
}

/** My queued and running jobs, oldest first: what the generator page resumes after a reload. */
export async function listMyActiveJobs(a: { db: Db; uid: string }): Promise<JobStatus[]> {
  const active = await a.db
    .collection(jobs)
    .where("owner_id", "==", a.uid)
    .where("state", "in", ["queued", "running"])
    .limit(50)
    .get();
  active.sort((x, y) => x.data.created_at.localeCompare(y.data.created_at));
  return Promise.all(active.map((j) => getJob({ db: a.db, jobId: j.id, uid: a.uid })));
}
