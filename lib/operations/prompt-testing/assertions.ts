/**
 * The assertion evaluators: each checks one cell's real output (and its
 * measured latency and cost) and says pass, fail or — for a model-graded
 * rubric with no keyed model to grade it — not run. Nothing here passes what
 * it did not check.
 */
import { ASSERTION_LABELS, regexProblem, type Assertion, type AssertionResult } from "./contract";
import { OUTPUT_SCHEMAS } from "./schemas";

export interface CellOutcome {
  /** The model's answer text (JSON text for a structured answer); null when the call failed. */
  output: string | null;
  latencyMs: number;
  costUsd: number;
  /** The prompt's output schema name, or null for a text answer. */
  schemaName: string | null;
}

/** Grades an answer against a rubric with a keyed model; null when no provider is keyed. */
export type RubricGrader = (a: { rubric: string; output: string }) => Promise<{ pass: boolean; reason: string }>;

export const RUBRIC_NOT_RUN = "Not run: needs a keyed model (set a provider key to grade rubrics).";

const quote = (s: string, n = 60) => JSON.stringify(s.length > n ? `${s.slice(0, n - 1)}…` : s);
const result = (a: Assertion, pass: boolean, message: string): AssertionResult => ({
  type: a.type,
  status: pass ? "pass" : "fail",
  message,
});

function issuesText(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join(".") || "(root)"}: ${i.message}`)
    .join("; ");
}

export async function evaluateAssertion(
  a: Assertion,
  cell: CellOutcome,
  grader: RubricGrader | null = null,
): Promise<AssertionResult> {
  const out = cell.output;
  // The checks on the answer itself fail when there is no answer; latency and cost are still measured.
  if (out === null && a.type !== "latency" && a.type !== "cost" && a.type !== "rubric") {
    return result(a, false, `${ASSERTION_LABELS[a.type]}: the model gave no answer.`);
  }
  switch (a.type) {
    case "schema": {
      const schema = cell.schemaName ? OUTPUT_SCHEMAS[cell.schemaName] : undefined;
      if (!schema) return result(a, false, "This prompt has no output schema to match.");
      let value: unknown;
      try {
        value = JSON.parse(out!);
      } catch {
        return result(a, false, `The answer is not JSON, so it cannot match ${cell.schemaName}.`);
      }
      const parsed = schema.safeParse(value);
      return parsed.success
        ? result(a, true, `Matches ${cell.schemaName}.`)
        : result(a, false, `Does not match ${cell.schemaName}: ${issuesText(parsed.error)}`);
    }
    case "contains":
    case "not_contains": {
      const hay = a.case_sensitive ? out! : out!.toLowerCase();
      const needle = a.case_sensitive ? a.value : a.value.toLowerCase();
      const found = hay.includes(needle);
      if (a.type === "contains")
        return result(a, found, found ? `Contains ${quote(a.value)}.` : `Does not contain ${quote(a.value)}.`);
      return result(
        a,
        !found,
        found ? `Contains ${quote(a.value)}, which it must not.` : `Does not contain ${quote(a.value)}.`,
      );
    }
    case "regex": {
      const problem = regexProblem(a.pattern, a.flags);
      if (problem) return result(a, false, problem);
      const match = new RegExp(a.pattern, a.flags).exec(out!);
      return result(
        a,
        match !== null,
        match ? `Matches /${a.pattern}/${a.flags} at ${quote(match[0])}.` : `Does not match /${a.pattern}/${a.flags}.`,
      );
    }
    case "length": {
      const n = [...out!].length;
      const ok = (a.min === null || n >= a.min) && (a.max === null || n <= a.max);
      const range =
        a.min !== null && a.max !== null
          ? `${a.min}–${a.max}`
          : a.min !== null
            ? `at least ${a.min}`
            : `at most ${a.max}`;
      return result(a, ok, `${n} characters; wanted ${range}.`);
    }
    case "latency":
      return result(a, cell.latencyMs <= a.max_ms, `${Math.round(cell.latencyMs)} ms; limit ${a.max_ms} ms.`);
    case "cost":
      return result(a, cell.costUsd <= a.max_usd, `$${cell.costUsd.toFixed(6)}; limit $${a.max_usd}.`);
    case "rubric": {
      if (!grader) return { type: "rubric", status: "not_run", message: RUBRIC_NOT_RUN };
      if (out === null) return result(a, false, "Rubric: the model gave no answer to grade.");
      try {
        const graded = await grader({ rubric: a.rubric, output: out });
        return result(
          a,
          graded.pass,
          graded.reason.slice(0, 900) || (graded.pass ? "The grader passed it." : "The grader failed it."),
        );
      } catch (e) {
        // The grader itself failing is not a verdict on the answer.
        return {
          type: "rubric",
          status: "not_run",
          message: `Not run: the grading model failed (${String((e as Error)?.message ?? e).slice(0, 300)}).`,
        };
      }
    }
  }
}

/**
 * All of a case's assertions on one cell. The cell passes only when every
 * check ran and passed: a check that did not run (a rubric with no grader)
 * leaves it incomplete (cellVerdict), never a green pass.
 */
export async function evaluateCell(
  assertions: readonly Assertion[],
  cell: CellOutcome,
  grader: RubricGrader | null = null,
): Promise<{ passed: boolean; results: AssertionResult[] }> {
  const results: AssertionResult[] = [];
  for (const a of assertions) results.push(await evaluateAssertion(a, cell, grader));
  return { passed: results.length > 0 && results.every((r) => r.status === "pass"), results };
}
