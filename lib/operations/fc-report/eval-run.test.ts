/** The evaluation against the Local preview model, offline, on a real embedded store. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Db } from "@/lib/platform/db/db";
import { allCollections } from "@/lib/registry/collections";
import { EmbeddedDriver } from "@/lib/platform/db/embedded/embedded-driver";
import { functionCalls } from "@/lib/platform/ai/calls/collections";
import { LOCAL_LANGUAGE_MODEL_ID } from "@/lib/platform/ai/language/local-language-model";
import { fcEvalRuns } from "./collections";
import { createEvalWorker } from "./worker";
import { runEvalCase } from "./eval-run";
import { buildReport, listEvalRuns, startEval } from "./service";

const dir = mkdtempSync(path.join(tmpdir(), "pf-eval-"));
const db = new Db(
  new EmbeddedDriver({ file: path.join(dir, "t.sqlite"), collections: allCollections }),
  allCollections,
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("runs the suite as a job, scores each case, records the calls as eval and keeps them out of the production figures", async () => {
  const run = await startEval({ db }, { uid: "staff1", modelId: LOCAL_LANGUAGE_MODEL_ID });
  expect(run.state).toBe("queued");
  await expect(startEval({ db }, { uid: "staff1", modelId: LOCAL_LANGUAGE_MODEL_ID })).rejects.toMatchObject({
    code: "conflict",
  });
  await expect(
    startEval({ db }, { uid: "staff1", modelId: "openai/gpt-4.1-mini" }).catch((e) => Promise.reject(e)),
  ).rejects.toMatchObject({ code: "unprocessable_entity" });

  const worker = createEvalWorker({ db });
  expect(await worker.processNext()).not.toBeNull();
  const [done] = await listEvalRuns({ db });
  expect(done).toMatchObject({ id: run.id, state: "succeeded", progress: 1 });
  expect(done!.cases).toHaveLength(20);
  for (const cat of ["simple", "multiple", "parallel", "irrelevance"]) expect(done!.by_category[cat]!.cases).toBe(5);
  // The suite's requests are plain, so the rule-based preview model answers every one as expected.
  expect(done!.cases.filter((c) => !c.pass)).toEqual([]);
  expect(done!.accuracy).toBe(1);

  const records = await db.collection(functionCalls).where("feature", "==", "eval").get();
  expect(records.length).toBeGreaterThan(15);
  expect(records.every((r) => r.data.ref_id === run.id)).toBe(true);
  expect(records.every((r) => r.data.valid)).toBe(true);

  const report = await buildReport({ db }, { range: "7d" });
  expect(report.total).toBe(0);
  expect((await db.collection(fcEvalRuns).get()).length).toBe(1);
});

it("records a call the scorer finds wrong as invalid, with its reason", async () => {
  const c = {
    id: "x-1",
    category: "multiple" as const,
    prompt: "Look up user a@b.co",
    functions: ["lookup_user", "lookup_job"] as const,
    expected: [{ name: "lookup_job" as const, args: { id: ["job_1"] } }],
  };
  const result = await runEvalCase({ db, modelId: LOCAL_LANGUAGE_MODEL_ID, runId: "run_x", ownerId: "staff1", c });
  expect(result).toMatchObject({ pass: false, error_kind: "wrong_tool" });
  const [rec] = await db.collection(functionCalls).where("ref_id", "==", "run_x").get();
  expect(rec!.data).toMatchObject({ feature: "eval", name: "lookup_user", valid: false, error_kind: "wrong_tool" });
});

it("an evaluation whose model never answers is ended at its deadline each attempt, then failed; the worker goes on claiming", async () => {
  const { jobs } = await import("@/lib/platform/db/collections");
  const run = await startEval({ db }, { uid: "staff2", modelId: LOCAL_LANGUAGE_MODEL_ID });
  const signals: AbortSignal[] = [];
  const evaluate = (a: { abortSignal?: AbortSignal }) => {
    signals.push(a.abortSignal!);
    return new Promise<never>(() => {}); // a model that never answers, deaf to its signal
  };
  const worker = createEvalWorker({ db, deadlineMs: 150, evaluate: evaluate as never });
  // Two attempts (the evaluation's max_attempts), each ended at the deadline.
  for (let i = 0; i < 2; i++) expect(await worker.processNext()).not.toBeNull();
  expect(signals).toHaveLength(2);
  expect(signals.every((s) => s.aborted)).toBe(true);
  const doc = (await db.collection(fcEvalRuns).doc(run.id).get())!.data;
  expect(doc).toMatchObject({ state: "failed", error: expect.stringMatching(/ran longer than/) });
  const job = (await db.collection(jobs).where("type", "==", "fc.eval").get()).find(
    (j) => j.data.input.run_id === run.id,
  )!;
  expect(job.data.state).toBe("failed");
  expect(await worker.processNext()).toBeNull();
});
