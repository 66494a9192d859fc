/**
 * Prompt testing's wire contract (browser-safe): the product's prompts as
 * versioned data, suites of cases with assertions, and runs of prompt
 * versions × models × cases. The server (lib/operations/prompt-testing/service.ts) and the
 * screens (components/prompt-testing) share these schemas.
 */
import { z } from "zod";
import { DOC_ID } from "@/lib/platform/db/ids";

/** The product's own prompts; each names the task that runs it (what inputs a case gives, what output comes back). */
export const PROMPT_KEYS = ["video.writer", "layout.generator", "links.summariser", "chat.system"] as const;
export type PromptKey = (typeof PROMPT_KEYS)[number];
export { PROMPT_KEY } from "@/lib/platform/prompts/collections";

export interface PromptTask {
  label: string;
  /** Inputs every case of a suite for this prompt must give (besides the template's own variables). */
  inputs: readonly string[];
  /** The structured output's schema name (lib/operations/prompt-testing/schemas.ts), or null for a text answer. */
  schema: string | null;
}

export const PROMPT_TASKS: Record<PromptKey, PromptTask> = {
  "video.writer": { label: "Video writer", inputs: ["brief"], schema: "video_plan" },
  "layout.generator": { label: "Layout generator", inputs: ["brief"], schema: "layout" },
  "links.summariser": { label: "Link summariser", inputs: ["input"], schema: "link_summary" },
  "chat.system": { label: "Staff chat system prompt", inputs: ["input"], schema: null },
};

export const isPromptKey = (k: string): k is PromptKey => (PROMPT_KEYS as readonly string[]).includes(k);

/** `{{name}}` placeholders in a template. */
export const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

export function templateVariables(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1]!))];
}

/** Fills the placeholders; the names missing from `vars` are returned, never left as `{{x}}` silently. */
export function renderTemplate(text: string, vars: Record<string, string>): { text: string; missing: string[] } {
  const missing = new Set<string>();
  const out = text.replace(VARIABLE, (_, name: string) => {
    if (!(name in vars)) {
      missing.add(name);
      return "";
    }
    return vars[name]!;
  });
  return { text: out, missing: [...missing] };
}

// ---- Assertions -------------------------------------------------------------

/** Compiles a pattern the way the evaluator does; the error message when it is not a regex. */
export function regexProblem(pattern: string, flags: string): string | null {
  try {
    new RegExp(pattern, flags);
    return null;
  } catch (e) {
    return `The regex /${pattern}/${flags} does not compile: ${(e as Error).message.replace(/^Invalid regular expression: /, "")}`;
  }
}

const text = z.string().min(1, "Give the text to look for.").max(500);

export const assertionSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("schema") }),
  z.object({ type: z.literal("contains"), value: text, case_sensitive: z.boolean().default(false) }),
  z.object({ type: z.literal("not_contains"), value: text, case_sensitive: z.boolean().default(false) }),
  z
    .object({
      type: z.literal("regex"),
      pattern: z.string().min(1, "Give the pattern.").max(500),
      flags: z
        .string()
        .regex(/^[dgimsuy]*$/, "Flags are letters among d g i m s u y.")
        .max(8)
        .default(""),
    })
    .superRefine((a, ctx) => {
      const problem = regexProblem(a.pattern, a.flags);
      if (problem) ctx.addIssue({ code: "custom", path: ["pattern"], message: problem });
    }),
  z
    .object({
      type: z.literal("length"),
      min: z.number().int().min(0).max(1_000_000).nullable().default(null),
      max: z.number().int().min(0).max(1_000_000).nullable().default(null),
    })
    .refine((a) => a.min !== null || a.max !== null, "A length check needs a min, a max or both.")
    .refine((a) => a.min === null || a.max === null || a.min <= a.max, "The length's min is above its max."),
  z.object({ type: z.literal("latency"), max_ms: z.number().int().min(1).max(600_000) }),
  z.object({ type: z.literal("cost"), max_usd: z.number().min(0).max(100) }),
  z.object({ type: z.literal("rubric"), rubric: z.string().trim().min(3, "Say what a good answer does.").max(2000) }),
]);
export type Assertion = z.infer<typeof assertionSchema>;
export type AssertionType = Assertion["type"];

export const ASSERTION_LABELS: Record<AssertionType, string> = {
  schema: "Matches the output schema",
  contains: "Contains",
  not_contains: "Does not contain",
  regex: "Matches regex",
  length: "Length",
  latency: "Latency",
  cost: "Cost",
  rubric: "Rubric (model-graded)",
};

export const ASSERTION_STATUSES = ["pass", "fail", "not_run"] as const;
export type AssertionStatus = (typeof ASSERTION_STATUSES)[number];

export const assertionResultSchema = z.object({
  type: z.enum(["schema", "contains", "not_contains", "regex", "length", "latency", "cost", "rubric"]),
  status: z.enum(ASSERTION_STATUSES),
  /** What was checked and what was found, in a sentence. */
  message: z.string().max(1000),
});
export type AssertionResult = z.infer<typeof assertionResultSchema>;

// ---- Suites -----------------------------------------------------------------

const SLUG = /^[a-z0-9][a-z0-9-]{0,47}$/;

export const caseSchema = z.object({
  id: z.string().regex(SLUG, "A case id is lower-case letters, digits and dashes (up to 48)."),
  description: z.string().max(300).default(""),
  /** The task's inputs and the template's variables, by name. */
  vars: z.record(
    z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "Variable names are letters, digits and _."),
    z.string().max(8000),
  ),
  assertions: z.array(assertionSchema).min(1, "A case needs at least one assertion.").max(20),
});
export type SuiteCase = z.infer<typeof caseSchema>;

export const MAX_CASES = 30;

export const suiteInputSchema = z
  .object({
    name: z.string().trim().min(1, "Name the suite.").max(120),
    description: z.string().max(1000).default(""),
    prompt_id: z.string().refine(isPromptKey, "Pick one of the product's prompts."),
    cases: z.array(caseSchema).min(1, "A suite needs at least one case.").max(MAX_CASES),
  })
  .superRefine((s, ctx) => {
    const seen = new Set<string>();
    s.cases.forEach((c, i) => {
      if (seen.has(c.id))
        ctx.addIssue({ code: "custom", path: ["cases", i, "id"], message: `Two cases are called "${c.id}".` });
      seen.add(c.id);
      if (!isPromptKey(s.prompt_id)) return;
      const task = PROMPT_TASKS[s.prompt_id];
      for (const input of task.inputs) {
        if (!c.vars[input]?.trim())
          ctx.addIssue({
            code: "custom",
            path: ["cases", i, "vars", input],
            message: `Case "${c.id}" needs the input "${input}".`,
          });
      }
      c.assertions.forEach((a, j) => {
        if (a.type === "schema" && task.schema === null) {
          ctx.addIssue({
            code: "custom",
            path: ["cases", i, "assertions", j],
            message: `${task.label} answers in text: it has no output schema to match.`,
          });
        }
      });
    });
  });
export type SuiteInput = z.input<typeof suiteInputSchema>;

/** Saving an edit names the revision it edited (a moved revision is a 409). */
export const suiteUpdateSchema = z.object({ revision: z.number().int().min(0), suite: suiteInputSchema });

// ---- Prompts ----------------------------------------------------------------

export const newVersionSchema = z.object({
  text: z.string().trim().min(10, "The prompt is too short.").max(20_000),
  notes: z.string().max(500).default(""),
  /** The version the editor started from; if another became current meanwhile, 409. */
  based_on: z.number().int().min(1),
});
export type NewVersionInput = z.input<typeof newVersionSchema>;

export interface PromptVersionView {
  version: number;
  text: string;
  variables: string[];
  notes: string;
  created_by: string;
  created_at: string;
}

export interface PromptSummary {
  id: PromptKey;
  name: string;
  description: string;
  task: PromptTask;
  current_version: number;
  version_count: number;
  updated_at: string;
}

export interface PromptView extends PromptSummary {
  versions: PromptVersionView[];
}

export interface SuiteView {
  id: string;
  name: string;
  description: string;
  prompt_id: PromptKey;
  cases: SuiteCase[];
  revision: number;
  demo: boolean;
  created_at: string;
  updated_at: string;
}

export interface ModelOption {
  id: string;
  label: string;
  enabled: boolean;
  note: string | null;
}

// ---- Runs -------------------------------------------------------------------

export const MAX_RUN_CELLS = 60;

export const newRunSchema = z
  .object({
    suite_id: z.string().regex(DOC_ID, "Pick a suite."),
    versions: z.array(z.number().int().min(1)).min(1, "Pick at least one prompt version.").max(6),
    models: z.array(z.string().min(1).max(128)).min(1, "Pick at least one model.").max(4),
  })
  .transform((r) => ({
    ...r,
    versions: [...new Set(r.versions)].sort((a, b) => a - b),
    models: [...new Set(r.models)],
  }));
export type NewRunInput = z.input<typeof newRunSchema>;

export const RUN_STATES = ["queued", "running", "succeeded", "failed"] as const;
export type RunState = (typeof RUN_STATES)[number];

/** One column of the matrix. */
export interface RunColumn {
  key: string;
  version: number;
  model_id: string;
  model_label: string;
}

export const cellSchema = z.object({
  case_id: z.string(),
  version: z.number().int(),
  model_id: z.string(),
  passed: z.boolean(),
  /** The model's answer (cut at 6,000 characters), or null when the call failed. */
  output: z.string().max(6000).nullable(),
  error: z.string().max(1000).nullable(),
  latency_ms: z.number().min(0),
  input_tokens: z.number().int().min(0).nullable(),
  output_tokens: z.number().int().min(0).nullable(),
  cost_usd: z.number().min(0),
  assertions: z.array(assertionResultSchema).max(20),
});
export type CellResult = z.infer<typeof cellSchema>;

export type CellVerdict = "pass" | "fail" | "incomplete";

/**
 * What a cell shows: fail when a check failed or the call did; incomplete when
 * nothing failed but a check did not run (a rubric with no keyed grader); pass
 * only when every check ran and passed.
 */
export function cellVerdict(cell: Pick<CellResult, "passed" | "error" | "assertions">): CellVerdict {
  if (cell.passed) return "pass";
  if (cell.error !== null || cell.assertions.some((a) => a.status === "fail")) return "fail";
  return cell.assertions.some((a) => a.status === "not_run") ? "incomplete" : "fail";
}

export const cellKey = (c: { case_id: string; version: number; model_id: string }) =>
  `${c.case_id}|${c.version}|${c.model_id}`;
export const columnKey = (version: number, modelId: string) => `v${version}|${modelId}`;

export interface ColumnStats {
  key: string;
  passed: number;
  total: number;
  pass_rate: number | null;
  cost_usd: number;
  latency_p50_ms: number | null;
}

export interface RunSummary {
  id: string;
  suite_id: string;
  suite_name: string;
  prompt_id: PromptKey;
  versions: number[];
  models: string[];
  state: RunState;
  error: string | null;
  total: number;
  done: number;
  passed: number;
  pass_rate: number | null;
  cost_usd: number;
  latency_p50_ms: number | null;
  demo: boolean;
  created_by: string;
  created_at: string;
  finished_at: string | null;
}

export type CellChange = "fixed" | "broke" | "same" | "new";

export interface RunView extends RunSummary {
  cases: { id: string; description: string }[];
  columns: RunColumn[];
  cells: CellResult[];
  stats: ColumnStats[];
  previous: { id: string; created_at: string; pass_rate: number | null } | null;
  /** cellKey → how the cell changed since the previous finished run of the same suite. */
  changes: Record<string, CellChange>;
}

export interface PromptsOverview {
  prompts: PromptSummary[];
  suites: SuiteView[];
  models: ModelOption[];
}
