/**
 * Scores one evaluation case by AST matching, as the Berkeley Function
 * Calling Leaderboard does: the calls' function names and arguments are
 * compared with the expected ones (no execution). Strings match without
 * regard to case, surrounding space or trailing punctuation; lists and
 * objects match element by element; an argument the function does not
 * declare is a schema error; parallel calls match in any order; in the
 * irrelevance category the only right answer is no call.
 */
import { CHAT_TOOL_SPECS } from "@/lib/operations/chat/tool-schemas";
import type { EvalCase, ExpectedCall } from "./eval-cases";
import { OPTIONAL } from "./eval-cases";

export interface ModelCall {
  name: string;
  input: unknown;
}

export type ScoreErrorKind =
  | "wrong_tool"
  | "missing_argument"
  | "schema"
  | "wrong_value"
  | "wrong_count"
  | "irrelevance";

export interface CaseScore {
  pass: boolean;
  error_kind: ScoreErrorKind | null;
  detail: string | null;
  /** For each call the model made: its own verdict (used to mark its record). */
  perCall: { valid: boolean; error_kind: "wrong_tool" | "missing_argument" | "schema" | null; error: string | null }[];
}

const norm = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[.!?,;:'"]+$/g, "")
    .replace(/^['"]+/, "")
    .replace(/\s+/g, " ");

/** Deep match of a value against one accepted value. */
export function valueMatches(actual: unknown, accepted: unknown): boolean {
  if (typeof accepted === "string") return typeof actual === "string" && norm(actual) === norm(accepted);
  if (typeof accepted === "number")
    return (typeof actual === "number" || typeof actual === "string") && Number(actual) === accepted;
  if (typeof accepted === "boolean" || accepted === null) return actual === accepted;
  if (Array.isArray(accepted))
    return (
      Array.isArray(actual) && actual.length === accepted.length && accepted.every((a, i) => valueMatches(actual[i], a))
    );
  if (typeof accepted === "object") {
    if (typeof actual !== "object" || actual === null || Array.isArray(actual)) return false;
    // Keys the accepted value names must match; others (defaults like op "==") may be present.
    return Object.entries(accepted as Record<string, unknown>).every(([k, v]) =>
      valueMatches((actual as Record<string, unknown>)[k], v),
    );
  }
  return false;
}

/** Why `call` does not match `expected`, or null when it does. */
export function callMismatch(
  call: ModelCall,
  expected: ExpectedCall,
): { kind: "wrong_tool" | "missing_argument" | "schema" | "wrong_value"; detail: string } | null {
  if (call.name !== expected.name)
    return { kind: "wrong_tool", detail: `called ${call.name}, expected ${expected.name}` };
  const input = (call.input ?? {}) as Record<string, unknown>;
  const spec = CHAT_TOOL_SPECS[expected.name];
  const declared = Object.keys(unwrapShape(spec.inputSchema));
  for (const key of Object.keys(input)) {
    if (!declared.includes(key)) return { kind: "schema", detail: `${expected.name} has no argument "${key}"` };
  }
  for (const [param, accepted] of Object.entries(expected.args)) {
    const value = input[param];
    if (value === undefined) {
      if (accepted.includes(OPTIONAL)) continue;
      return { kind: "missing_argument", detail: `${expected.name} is missing "${param}"` };
    }
    const concrete = accepted.filter((a) => a !== OPTIONAL);
    if (concrete.length > 0 && !concrete.some((a) => valueMatches(value, a))) {
      return {
        kind: "wrong_value",
        detail: `${expected.name}.${param} = ${JSON.stringify(value)}, expected ${concrete.map((a) => JSON.stringify(a)).join(" or ")}`,
      };
    }
  }
  return null;
}

function unwrapShape(schema: unknown): Record<string, unknown> {
  // A refined zod object (lookup_user) keeps its shape on the inner schema.
  const s = schema as { shape?: Record<string, unknown>; _def?: { schema?: unknown }; def?: { schema?: unknown } };
  if (s.shape) return s.shape;
  const inner = s.def?.schema ?? s._def?.schema;
  return inner ? unwrapShape(inner) : {};
}

const asRecordKind = (k: "wrong_tool" | "missing_argument" | "schema" | "wrong_value") =>
  k === "wrong_value" ? "schema" : k;

export function scoreCase(c: EvalCase, calls: readonly ModelCall[]): CaseScore {
  if (c.category === "irrelevance") {
    if (calls.length === 0) return { pass: true, error_kind: null, detail: null, perCall: [] };
    return {
      pass: false,
      error_kind: "irrelevance",
      detail: `called ${calls.map((x) => x.name).join(", ")} when no function applies`,
      perCall: calls.map(() => ({
        valid: false,
        error_kind: "wrong_tool" as const,
        error: "A function was called when none applies (irrelevance).",
      })),
    };
  }
  // Match each expected call to a distinct model call (any order), by backtracking.
  const n = c.expected.length;
  const used = new Array<boolean>(calls.length).fill(false);
  const assignment = new Array<number>(n).fill(-1);
  const solve = (i: number): boolean => {
    if (i === n) return true;
    for (let j = 0; j < calls.length; j++) {
      if (used[j] || callMismatch(calls[j]!, c.expected[i]!)) continue;
      used[j] = true;
      assignment[i] = j;
      if (solve(i + 1)) return true;
      used[j] = false;
    }
    return false;
  };
  const matched = calls.length === n && solve(0);
  if (matched)
    return {
      pass: true,
      error_kind: null,
      detail: null,
      perCall: calls.map(() => ({ valid: true, error_kind: null, error: null })),
    };

  // Not a match: say why, and judge each call against its closest expectation.
  const perCall = calls.map((call) => {
    const sameName = c.expected.filter((e) => e.name === call.name);
    if (sameName.length === 0)
      return {
        valid: false,
        error_kind: "wrong_tool" as const,
        error: `${call.name} is not the function this request needs.`,
      };
    const problems = sameName.map((e) => callMismatch(call, e));
    if (problems.some((p) => p === null)) return { valid: true, error_kind: null, error: null };
    const p = problems[0]!;
    return { valid: false, error_kind: asRecordKind(p.kind), error: p.detail };
  });
  if (calls.length !== n) {
    return {
      pass: false,
      error_kind: calls.length === 0 ? "wrong_count" : "wrong_count",
      detail: `made ${calls.length} call${calls.length === 1 ? "" : "s"}, expected ${n}`,
      perCall,
    };
  }
  const firstBad = calls.map((call, j) => ({ call, j })).find(({ j }) => !perCall[j]!.valid);
  const mismatch = firstBad ? c.expected.map((e) => callMismatch(firstBad.call, e)).find((m) => m !== null) : null;
  return {
    pass: false,
    error_kind: mismatch?.kind ?? "wrong_value",
    detail: mismatch?.detail ?? "the calls do not match the expected ones",
    perCall,
  };
}
