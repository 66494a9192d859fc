/**
 * Segments of one render shared between workers (segment-claims.ts): the
 * render attempt publishes its run (the exact RenderProps it renders, so a
 * helper renders the same pixels), and each segment someone is rendering or
 * has finished in that run has a claim with a holder and a lease. Both are
 * working state: deleted when the run ends.
 */
import { z } from "zod";
import { defineCollection, isoTimestamp, type AnyCollectionDef, type DocOf } from "@/lib/platform/db/define";
import { DOC_ID } from "@/lib/platform/db/ids";

const WORKING_STATE =
  "Working state of a render in progress (which worker renders which part of the video); it is deleted when the render ends and is never edited here.";

/** One render attempt's segments, id = `${jobId}-${attempt}`. */
export const videoSegmentRuns = defineCollection({
  name: "video_segment_runs",
  schema: z.object({
    owner_id: z.string().regex(DOC_ID),
    content_id: z.string().regex(DOC_ID),
    job_id: z.string().regex(DOC_ID),
    /** The render attempt (the job's `worker_id` while it holds it): helpers stop when it no longer holds the job. */
    holder: z.string().min(1).max(128),
    /** Which driver renders (a segment's key includes it: local and Lambda segments never meet in one join). */
    driver: z.enum(["local", "lambda"]),
    /** The RenderProps as JSON (a string: Firestore takes no nested arrays). */
    props_json: z.string().min(2).max(900_000),
    created_at: isoTimestamp(),
  }),
  id: { pattern: DOC_ID, auto: false, description: "`${jobId}-${attempt}`" },
  timestamps: ["created_at"],
  edit: { readOnly: WORKING_STATE },
});

/** Who renders one segment of a video, id = `${contentId}_${key}`; `run_id` says which render it belongs to. */
export const videoSegmentClaims = defineCollection({
  name: "video_segment_claims",
  schema: z.object({
    owner_id: z.string().regex(DOC_ID),
    content_id: z.string().regex(DOC_ID),
    run_id: z.string().regex(DOC_ID),
    key: z.string().regex(/^[0-9a-f]{16,64}$/),
    holder: z.string().min(1).max(128),
    /** rendering: the holder is at it while its lease lasts; done: the file is in the segment store. */
    state: z.enum(["rendering", "done"]),
    lease_expires_at: isoTimestamp().nullable(),
    updated_at: isoTimestamp(),
  }),
  id: { pattern: DOC_ID, auto: false, description: "`${contentId}_${segment key}`" },
  timestamps: ["lease_expires_at", "updated_at"],
  edit: { readOnly: WORKING_STATE },
});

export type VideoSegmentRunDoc = DocOf<typeof videoSegmentRuns>;
export type VideoSegmentClaimDoc = DocOf<typeof videoSegmentClaims>;
export const segmentCollections: readonly AnyCollectionDef[] = [videoSegmentRuns, videoSegmentClaims];
