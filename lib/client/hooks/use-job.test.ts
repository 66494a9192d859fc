import type { JobView } from "@/lib/media/images/contract";
import { isJobSettled, jobPath, newestJob, progressPercent } from "./use-job";

const job = (over: Partial<JobView>): JobView => ({
  id: "j",
  type: "image.generate",
  state: "running",
  progress: 0,
  error: null,
  content_ids: [],
  created_at: "2025-01-01T00:00:00.000Z",
  updated_at: "2025-01-01T00:00:00.000Z",
  ...over,
});

it("treats every final state as settled", () => {
  expect(["queued", "running"].map((s) => isJobSettled(s as JobView["state"]))).toEqual([false, false]);
  expect(["succeeded", "failed", "cancelled"].map((s) => isJobSettled(s as JobView["state"]))).toEqual([
    true,
    true,
    true,
  ]);
});

it("turns progress into a clamped whole percent, 100 once settled", () => {
  expect(progressPercent(job({ progress: 0.456 }))).toBe(46);
  expect(progressPercent(job({ progress: 7 }))).toBe(100);
  expect(progressPercent(job({ progress: -1 }))).toBe(0);
  expect(progressPercent(job({ progress: Number.NaN }))).toBe(0);
  expect(progressPercent(job({ state: "failed", progress: 0.2 }))).toBe(100);
});

it("resumes the newest unsettled job after a reload", () => {
  const jobs = [
    job({ id: "old", created_at: "2025-01-01T00:00:01.000Z" }),
    job({ id: "done", state: "succeeded", created_at: "2025-01-01T00:00:09.000Z" }),
    job({ id: "new", state: "queued", created_at: "2025-01-01T00:00:05.000Z" }),
  ];
  expect(newestJob(jobs)?.id).toBe("new");
  expect(newestJob([])).toBeNull();
});

it("escapes ids in paths", () => expect(jobPath("a/b")).toBe("/api/v1/jobs/a%2Fb"));
