import { EVAL_CASES, type EvalCase } from "./eval-cases";
import { scoreCase, valueMatches } from "./eval-score";

const byId = (id: string) => EVAL_CASES.find((c) => c.id === id)!;

it("has about five cases in each BFCL category", () => {
  for (const cat of ["simple", "multiple", "parallel", "irrelevance"])
    expect(EVAL_CASES.filter((c) => c.category === cat)).toHaveLength(5);
});

it("matches strings without regard to case and trailing punctuation, and objects by the keys expected", () => {
  expect(valueMatches(" Ana@Example.com. ", "ana@example.com")).toBe(true);
  expect(valueMatches([{ field: "status", op: "==", value: "failed" }], [{ field: "status", value: "failed" }])).toBe(
    true,
  );
  expect(valueMatches([{ field: "status", value: "ready" }], [{ field: "status", value: "failed" }])).toBe(false);
  expect(valueMatches("3", 3)).toBe(true);
});

it("passes a right call and says why a wrong one fails", () => {
  const c = byId("simple-1");
  expect(scoreCase(c, [{ name: "lookup_user", input: { email: "ana@example.com" } }]).pass).toBe(true);
  expect(scoreCase(c, [{ name: "lookup_job", input: { id: "x" } }])).toMatchObject({
    pass: false,
    error_kind: "wrong_tool",
    perCall: [{ valid: false, error_kind: "wrong_tool" }],
  });
  expect(scoreCase(c, [{ name: "lookup_user", input: {} }])).toMatchObject({
    pass: false,
    error_kind: "missing_argument",
    perCall: [{ error_kind: "missing_argument" }],
  });
  expect(scoreCase(c, [{ name: "lookup_user", input: { email: "ana@example.com", phone: "1" } }])).toMatchObject({
    pass: false,
    error_kind: "schema",
  });
  expect(scoreCase(c, [{ name: "lookup_user", input: { email: "bob@example.org" } }])).toMatchObject({
    pass: false,
    error_kind: "wrong_value",
  });
  expect(scoreCase(c, [])).toMatchObject({ pass: false, error_kind: "wrong_count" });
});

it("accepts optional arguments left out and refuses a wrong one", () => {
  const c = byId("simple-2");
  expect(scoreCase(c, [{ name: "count_documents", input: { collection: "jobs" } }]).pass).toBe(true);
  expect(scoreCase(c, [{ name: "count_documents", input: { collection: "jobs", filters: [] } }]).pass).toBe(true);
  expect(scoreCase(c, [{ name: "count_documents", input: { collection: "users" } }]).pass).toBe(false);
});

it("matches parallel calls in any order, and needs all of them", () => {
  const c = byId("parallel-1");
  const users = { name: "count_documents", input: { collection: "users" } };
  const jobs = { name: "count_documents", input: { collection: "jobs" } };
  expect(scoreCase(c, [jobs, users]).pass).toBe(true);
  expect(scoreCase(c, [users])).toMatchObject({ pass: false, error_kind: "wrong_count" });
  expect(scoreCase(c, [users, users]).pass).toBe(false);
});

it("passes irrelevance only without a call, and marks a call made there as wrong", () => {
  const c: EvalCase = byId("irrelevance-1");
  expect(scoreCase(c, []).pass).toBe(true);
  expect(scoreCase(c, [{ name: "lookup_user", input: { email: "a@b.co" } }])).toMatchObject({
    pass: false,
    error_kind: "irrelevance",
    perCall: [{ valid: false, error_kind: "wrong_tool" }],
  });
});
