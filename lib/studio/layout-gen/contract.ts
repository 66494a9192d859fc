/**
 * The wire contract of the layout generator (/layout-gen) and the review
 * queue of generated candidates (/generated-layouts): request bodies as zod
 * schemas shared by the routes and the forms, and the views the routes
 * answer with. Browser-safe.
 */
import { z } from "zod";
import type { LayoutGeneration } from "@/lib/engine/composition/collections";
import type { LayoutBody, LibraryStage } from "@/lib/engine/composition/layout-schema";

export const MAX_CANDIDATES = 6;

export const generateLayoutsSchema = z.object({
  brief: z
    .string()
    .trim()
    .min(8, "Describe the layout in a few words (at least 8 characters).")
    .max(1000, "Keep the brief under 1,000 characters."),
  count: z.number().int().min(1).max(MAX_CANDIDATES),
  model_id: z.string().min(1).max(128),
});
export type GenerateLayoutsInput = z.infer<typeof generateLayoutsSchema>;

export const approveLayoutSchema = z.object({
  /** The revision the reviewer saw; a moved revision is a 409. */
  revision: z.number().int().min(0),
});
export type ApproveLayoutInput = z.infer<typeof approveLayoutSchema>;

export const rejectLayoutSchema = z.object({
  revision: z.number().int().min(0),
  reason: z.string().trim().min(3, "Say why in a few words.").max(500, "Keep the reason under 500 characters."),
});
export type RejectLayoutInput = z.infer<typeof rejectLayoutSchema>;

export const REVIEW_FILTERS = ["pending", "accepted", "rejected", "all"] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];
export const listGeneratedQuerySchema = z.object({
  status: z.enum(REVIEW_FILTERS).default("pending"),
  batch: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/)
    .optional(),
});

/** A generated layout as the review screens see it. */
export interface GeneratedLayoutView extends LayoutBody {
  id: string;
  stage: LibraryStage;
  revision: number;
  demo: boolean;
  created_at: string;
  updated_at: string;
  created_by: string;
  generation: LayoutGeneration;
  model_label: string;
  /** Made by the Local preview model (rules, not AI). */
  preview: boolean;
  /** Where it continues once approved. */
  pipeline_path: string;
}

/** What became of one requested candidate. */
export type CandidateOutcome =
  | { index: number; status: "saved"; layout: GeneratedLayoutView; repairs: string[] }
  | { index: number; status: "rejected"; reason: string; repairs: string[] };

export interface GenerateLayoutsResult {
  batch_id: string;
  model_id: string;
  model_label: string;
  preview: boolean;
  notice: string | null;
  candidates: CandidateOutcome[];
}

export const pipelinePath = (id: string) => `/layouts-pipeline/${encodeURIComponent(id)}`;
