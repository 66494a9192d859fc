/**
 * The evaluation suite, in the style of the Berkeley Function Calling
 * Leaderboard's AST categories, over our own chat tools (lib/operations/chat/tool-schemas):
 * simple (one function offered, one call), multiple (several offered, pick
 * one), parallel (several calls from one request), irrelevance (no function
 * fits: the right answer is no call). Each expected argument lists the
 * values accepted for it (BFCL's "possible answers"); OPTIONAL marks one that
 * may be left out.
 */
import type { ChatToolName } from "@/lib/operations/chat/tool-schemas";
import type { EvalCategory } from "./contract";

export const OPTIONAL = Symbol("optional");
export type Accepted = unknown | typeof OPTIONAL;

export interface ExpectedCall {
  name: ChatToolName;
  /** Parameter → the values accepted (any one matches). */
  args: Record<string, readonly Accepted[]>;
}

export interface EvalCase {
  id: string;
  category: EvalCategory;
  prompt: string;
  functions: readonly ChatToolName[];
  expected: readonly ExpectedCall[];
}

const ALL: readonly ChatToolName[] = [
  "lookup_user",
  "lookup_content",
  "lookup_job",
  "count_content",
  "count_documents",
  "generate_image",
  "draft_layout",
];
const noFilters = [[], OPTIONAL];

export const EVAL_CASES: readonly EvalCase[] = [
  // simple: one function offered
  {
    id: "simple-1",
    category: "simple",
    prompt: "Look up user ana@example.com",
    functions: ["lookup_user"],
    expected: [{ name: "lookup_user", args: { email: ["ana@example.com"] } }],
  },
  {
    id: "simple-2",
    category: "simple",
    prompt: "How many jobs are there?",
    functions: ["count_documents"],
    expected: [{ name: "count_documents", args: { collection: ["jobs"], filters: noFilters } }],
  },
  {
    id: "simple-3",
    category: "simple",
    prompt: "Look up job job_42 for me",
    functions: ["lookup_job"],
    expected: [{ name: "lookup_job", args: { id: ["job_42"] } }],
  },
  {
    id: "simple-4",
    category: "simple",
    prompt: "Generate an image of a red bicycle",
    functions: ["generate_image"],
    expected: [
      {
        name: "generate_image",
        args: {
          prompt: ["a red bicycle", "red bicycle", "an image of a red bicycle"],
          aspect_ratio: ["1:1", OPTIONAL],
        },
      },
    ],
  },
  {
    id: "simple-5",
    category: "simple",
    prompt: "How many content documents have status failed?",
    functions: ["count_documents"],
    expected: [
      {
        name: "count_documents",
        args: {
          collection: ["content"],
          filters: [[{ field: "status", op: "==", value: "failed" }], [{ field: "status", value: "failed" }]],
        },
      },
    ],
  },
  // multiple: all functions offered, one fits
  {
    id: "multiple-1",
    category: "multiple",
    prompt: "Look up content item img_123",
    functions: ALL,
    expected: [{ name: "lookup_content", args: { id: ["img_123"] } }],
  },
  {
    id: "multiple-2",
    category: "multiple",
    prompt: "How many users are there?",
    functions: ALL,
    expected: [{ name: "count_documents", args: { collection: ["users"], filters: noFilters } }],
  },
  {
    id: "multiple-3",
    category: "multiple",
    prompt: "Find the user bob@example.org",
    functions: ALL,
    expected: [{ name: "lookup_user", args: { email: ["bob@example.org"] } }],
  },
  {
    id: "multiple-4",
    category: "multiple",
    prompt: "How many videos are ready?",
    functions: ALL,
    // Not count_documents on content: that also counts images and designs.
    expected: [{ name: "count_content", args: { kind: ["video"], status: ["ready"] } }],
  },
  {
    id: "multiple-5",
    category: "multiple",
    prompt: "Draft a layout called Promo with a headline and a cta",
    functions: ALL,
    expected: [
      {
        name: "draft_layout",
        args: {
          name: ["Promo"],
          brief: [OPTIONAL, "Draft a layout called Promo with a headline and a cta"],
          slots: [[{ role: "headline" }, { role: "cta" }]],
        },
      },
    ],
  },
  // parallel: several calls from one request
  {
    id: "parallel-1",
    category: "parallel",
    prompt: "How many users are there and how many jobs are there?",
    functions: ["count_documents"],
    expected: [
      { name: "count_documents", args: { collection: ["users"], filters: noFilters } },
      { name: "count_documents", args: { collection: ["jobs"], filters: noFilters } },
    ],
  },
  {
    id: "parallel-2",
    category: "parallel",
    prompt: "Look up user ana@example.com and look up user bob@example.org",
    functions: ["lookup_user"],
    expected: [
      { name: "lookup_user", args: { email: ["ana@example.com"] } },
      { name: "lookup_user", args: { email: ["bob@example.org"] } },
    ],
  },
  {
    id: "parallel-3",
    category: "parallel",
    prompt: "Look up job job_1 and look up content item img_2",
    functions: ALL,
    expected: [
      { name: "lookup_job", args: { id: ["job_1"] } },
      { name: "lookup_content", args: { id: ["img_2"] } },
    ],
  },
  {
    id: "parallel-4",
    category: "parallel",
    prompt: "How many layouts are there, and also how many templates are there?",
    functions: ["count_documents"],
    expected: [
      { name: "count_documents", args: { collection: ["layouts"], filters: noFilters } },
      { name: "count_documents", args: { collection: ["templates"], filters: noFilters } },
    ],
  },
  {
    id: "parallel-5",
    category: "parallel",
    prompt: "Generate an image of a lighthouse and generate an image of a forest",
    functions: ["generate_image"],
    expected: [
      { name: "generate_image", args: { prompt: ["a lighthouse", "lighthouse"], aspect_ratio: ["1:1", OPTIONAL] } },
      { name: "generate_image", args: { prompt: ["a forest", "forest"], aspect_ratio: ["1:1", OPTIONAL] } },
    ],
  },
  // irrelevance: no function fits
  {
    id: "irrelevance-1",
    category: "irrelevance",
    prompt: "What is the weather in Paris today?",
    functions: ALL,
    expected: [],
  },
  {
    id: "irrelevance-2",
    category: "irrelevance",
    prompt: "Translate 'good morning' into Spanish.",
    functions: ALL,
    expected: [],
  },
  {
    id: "irrelevance-3",
    category: "irrelevance",
    prompt: "Write a haiku about autumn.",
    functions: ["count_documents", "lookup_user"],
    expected: [],
  },
  { id: "irrelevance-4", category: "irrelevance", prompt: "What is 17 times 23?", functions: ALL, expected: [] },
  {
    id: "irrelevance-5",
    category: "irrelevance",
    prompt: "Who won the 1998 football World Cup?",
    functions: ALL,
    expected: [],
  },
];
