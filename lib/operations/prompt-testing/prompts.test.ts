/**
 * Prompt testing on the embedded store, with the real Local preview model:
 * seeding (idempotent), immutable versions and the current pointer (logged),
 * the video writer reading its current stored prompt, suites refused when
 * broken, and runs executed by the worker cell by cell — resumed after a lost
 * worker, recorded as function calls, and diffed against the previous run.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { functionCalls } from "@/lib/platform/ai/calls/collections";
import { LOCAL_LANGUAGE_MODEL_ID } from "@/lib/platform/ai/language/local-language-model";
import { ensureStarterLibrary } from "@/lib/engine/composition/library";
import { jobs } from "@/lib/platform/db/collections";
import { openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { updateLog } from "@/lib/platform/update-log/collections";
import { loadWriterLibrary } from "@/lib/creation/video/service/writer-library";
import { writePlan, WRITER_SYSTEM_PROMPT } from "@/lib/creation/video/writer";
import { promptVersions } from "@/lib/platform/prompts/collections";
import { promptRuns } from "./collections";
import { cellKey } from "./contract";
import { DEMO_RUN_ID, ensurePromptDemo, SEED_PROMPTS } from "./seed";
import {
  createPromptVersion,
  createSuite,
  getPrompt,
  getRun,
  listPrompts,
  startRun,
  updateSuite,
  type PromptDeps,
} from "./service";
import { currentPromptText } from "@/lib/platform/prompts/store";
import { createPromptWorker } from "./worker";
import type { RunnerDeps } from "./runner";

jest.mock("ai", () => {
  const actual = jest.requireActual("ai");
  // A pass-through, so a test can see which system prompt the writer sent.
  return { ...actual, generateText: jest.fn((...args: unknown[]) => actual.generateText(...args)) };
});
const { generateText } = jest.requireMock("ai") as { generateText: jest.Mock };

jest.setTimeout(30_000);

let env: TestEnv;
let deps: PromptDeps;
let runner: RunnerDeps;

beforeEach(async () => {
  env = openTestEnv();
  await ensureStarterLibrary(env.db);
  deps = { db: env.db };
  runner = { db: env.db, loadWriterLibrary: () => loadWriterLibrary({ db: env.db, store: env.store }), grader: null };
});
afterEach(() => env.close());

async function drain(workerId = "w1") {
  const worker = createPromptWorker({ db: env.db, runner, workerId, log: () => undefined });
  while ((await worker.processNext()) !== null);
}

it("seeds v1 of every prompt, the demo suite and a queued demo run — once", async () => {
  await ensurePromptDemo(env.db);
  await ensurePromptDemo(env.db);
  const list = await listPrompts(deps);
  expect(list.map((p) => [p.id, p.current_version])).toEqual([
    ["video.writer", 1],
    ["layout.generator", 1],
    ["links.summariser", 1],
    ["chat.system", 1],
  ]);
  expect((await getPrompt(deps, "video.writer")).versions[0]!.text).toBe(WRITER_SYSTEM_PROMPT);
  expect(await env.db.collection(jobs).where("type", "==", "prompt.run").count()).toBe(1);

  await drain();
  const run = await getRun(deps, DEMO_RUN_ID);
  expect(run.state).toBe("succeeded");
  expect(run.cells).toHaveLength(4);
  expect(run.total).toBe(4);
  // Real output from the Local preview writer, checked by the real evaluators.
  const coffee = run.cells.find((c) => c.case_id === "coffee-launch")!;
  expect(JSON.parse(coffee.output!).scenes.length).toBeGreaterThan(0);
  expect(coffee.assertions.find((a) => a.type === "schema")!.status).toBe("pass");
  expect(coffee.cost_usd).toBe(0);
  // Every case's assertions hold on the Local preview (rubrics need a keyed model), the writer's rules included.
  for (const cell of run.cells)
    for (const a of cell.assertions)
      if (a.type !== "rubric")
        expect({ case: cell.case_id, type: a.type, status: a.status }).toMatchObject({ status: "pass" });
  const rules = run.cells.find((c) => c.case_id === "writer-rules")!;
  expect(rules.assertions.filter((a) => a.type === "regex")).toHaveLength(4);
  expect(rules.passed).toBe(true);
  const stat = run.cells.find((c) => c.case_id === "stat-scene")!;
  expect(stat.assertions.find((a) => a.type === "rubric")!.status).toBe("not_run");
  expect(await env.db.collection(functionCalls).where("feature", "==", "eval.prompts").count()).toBeGreaterThanOrEqual(
    3,
  );
});

it("a new version is immutable history: the pointer moves, the old text stays, the change is logged; a stale editor gets 409", async () => {
  await ensurePromptDemo(env.db);
  const view = await createPromptVersion(deps, "staff1", "links.summariser", {
    text: "Summarise the page in {{language}}. Be brief and factual.",
    notes: "shorter",
    based_on: 1,
  });
  expect(view.current_version).toBe(2);
  expect(view.versions.map((v) => v.version)).toEqual([2, 1]);
  expect(view.versions[0]!.variables).toEqual(["language"]);
  expect((await env.db.collection(promptVersions).doc("links.summariser@v1").get())!.data.text).toBe(
    SEED_PROMPTS["links.summariser"].text,
  );
  await expect(
    createPromptVersion(deps, "staff1", "links.summariser", { text: "Another try at the prompt.", based_on: 1 }),
  ).rejects.toMatchObject({ code: "conflict" });
  await expect(
    createPromptVersion(deps, "staff1", "links.summariser", { text: "short", based_on: 2 }),
  ).rejects.toMatchObject({ code: "unprocessable_entity" });
  const entries = await env.db.collection(updateLog).where("entity_type", "==", "prompt").get();
  expect(entries).toHaveLength(1);
  expect(entries[0]!.data).toMatchObject({ entity_id: "links.summariser", action: "version" });
  expect(await env.db.collection(promptVersions).count()).toBe(5);
});

it("the video writer uses the current stored prompt, and its own text when the store has none", async () => {
  const request = {
    brief: "Fresh bread every morning. Baked by hand.",
    length_s: 15,
    aspect_ratio: "9:16",
    template_id: null,
  };
  const library = await loadWriterLibrary({ db: env.db, store: env.store });
  const system = () => (generateText.mock.calls.at(-1)![0] as { system: string }).system;

  expect(await currentPromptText(env.db, "video.writer")).toBeNull();
  await writePlan({ db: env.db, library, request, modelId: LOCAL_LANGUAGE_MODEL_ID, ownerId: "u1", refId: null });
  expect(system()).toBe(WRITER_SYSTEM_PROMPT);

  await ensurePromptDemo(env.db);
  const text = `${WRITER_SYSTEM_PROMPT} Keep every headline under five words.`;
  await createPromptVersion(deps, "staff1", "video.writer", { text, based_on: 1 });
  const written = await writePlan({
    db: env.db,
    library,
    request,
    modelId: LOCAL_LANGUAGE_MODEL_ID,
    ownerId: "u1",
    refId: null,
  });
  expect(system()).toBe(text);
  expect(written.plan.scenes.length).toBeGreaterThan(0);
});

it("a suite with a broken regex is refused with a clear message and nothing is written; edits check the revision", async () => {
  await ensurePromptDemo(env.db);
  const before = await env.db.collection(updateLog).count();
  const bad = {
    name: "Bad",
    prompt_id: "chat.system",
    cases: [{ id: "a", vars: { input: "hi" }, assertions: [{ type: "regex", pattern: "(open" }] }],
  };
  const err = await createSuite(deps, "staff1", bad).catch((e) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect(err.code).toBe("unprocessable_entity");
  expect(err.message).toMatch(/regex \/\(open\/ does not compile/);
  expect(await env.db.collection(updateLog).count()).toBe(before);

  const suite = await createSuite(deps, "staff1", {
    ...bad,
    cases: [{ id: "a", vars: { input: "hi" }, assertions: [{ type: "contains", value: "preview" }] }],
  });
  const saved = await updateSuite(deps, suite.id, {
    revision: 0,
    suite: {
      ...bad,
      name: "Renamed",
      cases: [{ id: "a", vars: { input: "hi" }, assertions: [{ type: "length", min: 1 }] }],
    },
  });
  expect(saved).toMatchObject({ name: "Renamed", revision: 1 });
  await expect(updateSuite(deps, suite.id, { revision: 0, suite: bad })).rejects.toMatchObject({
    code: "unprocessable_entity",
  });
  await expect(
    updateSuite(deps, suite.id, { revision: 0, suite: { ...bad, cases: saved.cases } }),
  ).rejects.toMatchObject({ code: "conflict" });
  expect(await env.db.collection(updateLog).where("entity_type", "==", "suite").count()).toBe(2);
});

it("runs versions × models × cases, resumes a lost worker's run, and diffs with the previous run of the suite", async () => {
  await ensurePromptDemo(env.db);
  await env.db
    .collection(jobs)
    .doc((await env.db.collection(jobs).get())[0]!.id)
    .delete(); // not this test's subject
  const suite = await createSuite(deps, "staff1", {
    name: "Summaries",
    prompt_id: "links.summariser",
    cases: [
      {
        id: "kettle",
        vars: { input: "The Aurora kettle boils in 90 seconds. It holds 1.7 litres.", language: "English" },
        assertions: [{ type: "schema" }, { type: "contains", value: "kettle" }],
      },
      { id: "no-lang", vars: { input: "A page with no language given." }, assertions: [{ type: "length", min: 1 }] },
    ],
  });
  await createPromptVersion(deps, "staff1", "links.summariser", {
    text: "Summarise in {{language}}, one line per fact.",
    based_on: 1,
  });
  await expect(
    startRun(deps, "staff1", { suite_id: suite.id, versions: [1, 9], models: [LOCAL_LANGUAGE_MODEL_ID] }),
  ).rejects.toMatchObject({ code: "unprocessable_entity" });
  await expect(
    startRun(deps, "staff1", { suite_id: suite.id, versions: [1], models: ["openai/gpt-4.1-mini"] }),
  ).rejects.toMatchObject({ message: expect.stringMatching(/not configured/) });

  const first = await startRun(deps, "staff1", {
    suite_id: suite.id,
    versions: [1, 2],
    models: [LOCAL_LANGUAGE_MODEL_ID],
  });
  expect(first).toMatchObject({ state: "queued", total: 4, done: 0 });

  // A worker that runs one cell and then loses its lease: the next worker goes on from there.
  const clock = { t: Date.now() };
  const w1 = createPromptWorker({
    db: env.db,
    runner: { ...runner, loadWriterLibrary: runner.loadWriterLibrary },
    workerId: "w1",
    leaseMs: 1000,
    now: () => new Date(clock.t),
    log: () => undefined,
  });
  let cellsRun = 0;
  const realUpdate = env.db.runTransaction.bind(env.db);
  jest.spyOn(env.db, "runTransaction").mockImplementation((async (fn: never) => {
    const r = await realUpdate(fn);
    if (++cellsRun >= 3) clock.t += 10_000; // after the claim, the first heartbeat and the first saved cell, time jumps past the lease
    return r;
  }) as never);
  expect(await w1.processNext()).toBe("lease-lost");
  jest.restoreAllMocks();
  const partial = (await env.db.collection(promptRuns).doc(first.id).get())!.data;
  expect(partial.cells).toHaveLength(1);
  const w2 = createPromptWorker({
    db: env.db,
    runner,
    workerId: "w2",
    now: () => new Date(clock.t),
    log: () => undefined,
  });
  expect(await w2.processNext()).toBe("finished");

  const run = await getRun(deps, first.id);
  expect(run.state).toBe("succeeded");
  expect(new Set(run.cells.map(cellKey)).size).toBe(4);
  expect(run.columns.map((c) => c.key)).toEqual(["v1|local/preview", "v2|local/preview"]);
  const kettle = run.cells.find((c) => c.case_id === "kettle" && c.version === 1)!;
  expect(kettle.passed).toBe(true);
  // v1 and v2 both use {{language}}: the case without it fails with the reason, and is not sent to the model.
  const noLang = run.cells.find((c) => c.case_id === "no-lang")!;
  expect(noLang).toMatchObject({ passed: false, output: null, error: expect.stringMatching(/variable language/) });
  expect(run.pass_rate).toBe(0.5);
  expect(run.previous).toBeNull();

  // The suite is fixed (the case now gives a language); the next run shows the flip.
  await updateSuite(deps, suite.id, {
    revision: 0,
    suite: {
      name: "Summaries",
      prompt_id: "links.summariser",
      cases: [
        {
          id: "kettle",
          vars: { input: "The Aurora kettle boils in 90 seconds.", language: "English" },
          assertions: [{ type: "schema" }, { type: "contains", value: "kettle" }],
        },
        { id: "no-lang", vars: { input: "A page.", language: "English" }, assertions: [{ type: "length", min: 1 }] },
      ],
    },
  });
  clock.t += 1000;
  const second = await startRun({ ...deps, now: () => new Date(clock.t) }, "staff1", {
    suite_id: suite.id,
    versions: [1, 2],
    models: [LOCAL_LANGUAGE_MODEL_ID],
  });
  await drain("w3");
  const again = await getRun(deps, second.id);
  expect(again.previous).toMatchObject({ id: first.id, pass_rate: 0.5 });
  expect(again.changes).toEqual({
    "kettle|1|local/preview": "same",
    "kettle|2|local/preview": "same",
    "no-lang|1|local/preview": "fixed",
    "no-lang|2|local/preview": "fixed",
  });
  expect(again.pass_rate).toBe(1);
});

it("runs the layout generator's stored prompt as /layout-gen does: its own message and Local preview stand-in, answering a valid layout", async () => {
  const { runCell } = await import("./runner");
  const { LAYOUT_GENERATOR_SYSTEM_PROMPT } = await import("@/lib/studio/layout-gen/generator");
  expect(SEED_PROMPTS["layout.generator"].text).toBe(LAYOUT_GENERATOR_SYSTEM_PROMPT);
  const cell = await runCell(runner, {
    runId: "layout-cell",
    promptId: "layout.generator",
    version: 1,
    text: LAYOUT_GENERATOR_SYSTEM_PROMPT,
    modelId: LOCAL_LANGUAGE_MODEL_ID,
    testCase: {
      id: "hero",
      description: "the issue's example brief",
      vars: { brief: "a product hero with price badge, three bullet points, logo bottom right" },
      assertions: [{ type: "schema" }, { type: "contains", value: "price", case_sensitive: false }],
    },
  });
  expect(cell.error).toBeNull();
  expect(cell.assertions.map((a) => a.status)).toEqual(["pass", "pass"]);
});

it("a run whose model never answers is ended at its deadline on each attempt, then failed with the reason; the worker goes on claiming", async () => {
  await ensurePromptDemo(env.db);
  // The writer's library never loads: every cell of the demo run (the video writer) hangs.
  const stuck: RunnerDeps = { ...runner, loadWriterLibrary: () => new Promise(() => {}) };
  const worker = createPromptWorker({
    db: env.db,
    runner: stuck,
    workerId: "w1",
    deadlineMs: 150,
    log: () => undefined,
  });
  const outcomes = [];
  for (let i = 0; i < 3; i++) outcomes.push(await worker.processNext());
  expect(outcomes).toEqual(["failed", "failed", "failed"]);
  const run = await getRun(deps, DEMO_RUN_ID);
  expect(run.state).toBe("failed");
  expect(run.error).toMatch(/took longer than/);
  const [job] = await env.db.collection(jobs).where("type", "==", "prompt.run").get();
  expect(job!.data).toMatchObject({ state: "failed", attempts: 3 });
  expect(await worker.processNext()).toBeNull();
});
