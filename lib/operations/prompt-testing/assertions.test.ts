/**
 * The assertion evaluators on real strings: each passes what it should and
 * fails what it should, a broken regex is refused when the suite is saved,
 * and a rubric with no keyed model is "not run", never passed.
 */
import { evaluateAssertion, evaluateCell, RUBRIC_NOT_RUN, type CellOutcome } from "./assertions";
import { assertionSchema, cellVerdict, suiteInputSchema, type Assertion } from "./contract";

const cell = (output: string | null, over: Partial<CellOutcome> = {}): CellOutcome => ({
  output,
  latencyMs: 120,
  costUsd: 0,
  schemaName: null,
  ...over,
});
const a = (x: unknown) => assertionSchema.parse(x) as Assertion;
const status = async (x: unknown, c: CellOutcome) => (await evaluateAssertion(a(x), c)).status;

const PLAN = JSON.stringify({
  title: "Cold brew",
  template_id: "t",
  scenes: [{ layout_id: "l", texts: [{ slot: "h", text: "Hi" }], narration: "Hello.", image_prompt: null }],
});

it("contains / does not contain, case-insensitive unless asked", async () => {
  expect(await status({ type: "contains", value: "COLD brew" }, cell("Our cold brew"))).toBe("pass");
  expect(await status({ type: "contains", value: "COLD brew", case_sensitive: true }, cell("Our cold brew"))).toBe(
    "fail",
  );
  expect(await status({ type: "contains", value: "tea" }, cell("Our cold brew"))).toBe("fail");
  expect(await status({ type: "not_contains", value: "$" }, cell("costs $5"))).toBe("fail");
  expect(await status({ type: "not_contains", value: "$" }, cell("free"))).toBe("pass");
  expect(await status({ type: "contains", value: "x" }, cell(null))).toBe("fail");
});

it("regex: matches with flags; a broken pattern is refused by the schema and by the suite", async () => {
  expect(await status({ type: "regex", pattern: "^our\\s+cold", flags: "i" }, cell("Our cold brew"))).toBe("pass");
  expect(await status({ type: "regex", pattern: "^our\\s+cold" }, cell("Our cold brew"))).toBe("fail");
  const broken = assertionSchema.safeParse({ type: "regex", pattern: "(unclosed" });
  expect(broken.success).toBe(false);
  expect(broken.error!.issues[0]!.message).toMatch(/does not compile/);
  const suite = suiteInputSchema.safeParse({
    name: "S",
    prompt_id: "chat.system",
    cases: [{ id: "a", vars: { input: "hi" }, assertions: [{ type: "regex", pattern: "[a-" }] }],
  });
  expect(suite.success).toBe(false);
  expect(suite.error!.issues[0]!.path).toEqual(["cases", 0, "assertions", 0, "pattern"]);
});

it("length counts characters against min and max", async () => {
  expect(await status({ type: "length", min: 3, max: 5 }, cell("abcd"))).toBe("pass");
  expect(await status({ type: "length", min: 5 }, cell("abcd"))).toBe("fail");
  expect(await status({ type: "length", max: 3 }, cell("abcd"))).toBe("fail");
  expect(assertionSchema.safeParse({ type: "length" }).success).toBe(false);
  expect(assertionSchema.safeParse({ type: "length", min: 5, max: 2 }).success).toBe(false);
});

it("latency and cost compare the measured figures, even with no answer", async () => {
  expect(await status({ type: "latency", max_ms: 200 }, cell("x", { latencyMs: 150 }))).toBe("pass");
  expect(await status({ type: "latency", max_ms: 100 }, cell(null, { latencyMs: 150 }))).toBe("fail");
  expect(await status({ type: "cost", max_usd: 0.001 }, cell("x", { costUsd: 0.0005 }))).toBe("pass");
  expect(await status({ type: "cost", max_usd: 0.001 }, cell("x", { costUsd: 0.002 }))).toBe("fail");
});

it("schema: the output must be JSON that the prompt's schema accepts", async () => {
  expect(await status({ type: "schema" }, cell(PLAN, { schemaName: "video_plan" }))).toBe("pass");
  const wrong = await evaluateAssertion(
    a({ type: "schema" }),
    cell(JSON.stringify({ title: "x", scenes: [] }), { schemaName: "video_plan" }),
  );
  expect(wrong.status).toBe("fail");
  expect(wrong.message).toMatch(/template_id|scenes/);
  expect(await status({ type: "schema" }, cell("not json", { schemaName: "video_plan" }))).toBe("fail");
  expect(await status({ type: "schema" }, cell(PLAN, { schemaName: null }))).toBe("fail");
});

it("rubric: not run without a keyed model (and the cell is judged on the rest); graded when there is one", async () => {
  const rubric = a({ type: "rubric", rubric: "Mentions cold brew." });
  const none = await evaluateAssertion(rubric, cell("cold brew"));
  expect(none).toEqual({ type: "rubric", status: "not_run", message: RUBRIC_NOT_RUN });
  const alone = await evaluateCell([rubric], cell("cold brew"));
  expect(alone.passed).toBe(false); // nothing ran: never a pass
  const withContains = await evaluateCell([rubric, a({ type: "contains", value: "cold" })], cell("cold brew"));
  // One check did not run: the cell is incomplete, not a pass (and not a fail).
  expect(withContains.passed).toBe(false);
  expect(cellVerdict({ passed: withContains.passed, error: null, assertions: withContains.results })).toBe(
    "incomplete",
  );
  const failed = await evaluateCell([rubric, a({ type: "contains", value: "tea" })], cell("cold brew"));
  expect(cellVerdict({ passed: failed.passed, error: null, assertions: failed.results })).toBe("fail");
  const ran = await evaluateCell([a({ type: "contains", value: "cold" })], cell("cold brew"));
  expect(cellVerdict({ passed: ran.passed, error: null, assertions: ran.results })).toBe("pass");
  const grader = jest.fn(async ({ output }: { output: string }) => ({
    pass: output.includes("cold"),
    reason: "checked",
  }));
  expect((await evaluateAssertion(rubric, cell("cold brew"), grader)).status).toBe("pass");
  expect((await evaluateAssertion(rubric, cell("tea"), grader)).status).toBe("fail");
  const failing = async () => {
    throw new Error("503");
  };
  expect((await evaluateAssertion(rubric, cell("x"), failing)).status).toBe("not_run");
});

it("a suite must give the task's inputs and may not ask a text prompt for a schema", () => {
  const r = suiteInputSchema.safeParse({
    name: "S",
    prompt_id: "chat.system",
    cases: [
      { id: "a", vars: {}, assertions: [{ type: "schema" }] },
      { id: "a", vars: { input: "x" }, assertions: [{ type: "contains", value: "x" }] },
    ],
  });
  expect(r.success).toBe(false);
  const messages = r.error!.issues.map((i) => i.message).join("\n");
  expect(messages).toMatch(/needs the input "input"/);
  expect(messages).toMatch(/no output schema/);
  expect(messages).toMatch(/Two cases are called "a"/);
});
