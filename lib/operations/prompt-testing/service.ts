import "server-only";
/**
 * Prompt testing's service: the product's prompts and their immutable
 * versions (a new version moves the current pointer), suites (edited with a
 * revision check), and runs (queued as one job each; the worker fills the
 * cells). Every prompt and suite change is in the update log, in the same
 * transaction as the change. Staff only: the routes check the role.
 */
import type { z } from "zod";
import { ApiError } from "@/lib/platform/api/errors";
import { listLanguageModels } from "@/lib/platform/ai/language/models";
import { jobs } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { logChange } from "@/lib/platform/update-log/write";
import { columnStats, diffCells, matrixCells, matrixColumns, totals } from "./accounting";
import {
  prompts,
  promptVersions,
  versionId,
  type PromptDoc,
  type PromptVersionDoc,
} from "@/lib/platform/prompts/collections";
import { promptRuns, promptSuites, type PromptRunDoc, type PromptSuiteDoc } from "./collections";
import {
  isPromptKey,
  MAX_RUN_CELLS,
  newRunSchema,
  newVersionSchema,
  PROMPT_KEYS,
  PROMPT_TASKS,
  suiteInputSchema,
  suiteUpdateSchema,
  templateVariables,
  type ModelOption,
  type PromptKey,
  type PromptSummary,
  type PromptView,
  type PromptsOverview,
  type RunSummary,
  type RunView,
  type SuiteView,
} from "./contract";
import { PROMPT_RUN_JOB } from "./seed";
import { DOC_ID } from "@/lib/platform/db/ids";

export interface PromptDeps {
  db: Db;
  now?: () => Date;
  env?: Record<string, string | undefined>;
  /** Seeds the starter prompts, the demo suite and its run (once per process). */
  ready?: () => Promise<void>;
}

const nowOf = (d: PromptDeps) => (d.now ? d.now() : new Date());

/** Parses with zod; a refusal names its first problem in the message (a broken regex says so). */
function parse<S extends z.ZodType>(schema: S, body: unknown, what: string): z.output<S> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const issues = r.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
  throw new ApiError("unprocessable_entity", `${what}: ${issues[0]!.message}`, { issues });
}

export function modelOptions(env?: Record<string, string | undefined>): ModelOption[] {
  return listLanguageModels(env).map((m) => ({ id: m.id, label: m.label, enabled: m.enabled, note: m.note }));
}

const modelLabel = (id: string) => modelOptions().find((m) => m.id === id)?.label ?? id;

function promptSummary(id: PromptKey, p: PromptDoc): PromptSummary {
  return {
    id,
    name: p.name,
    description: p.description,
    task: PROMPT_TASKS[id],
    current_version: p.current_version,
    version_count: p.version_count,
    updated_at: p.updated_at,
  };
}

function suiteView(id: string, s: PromptSuiteDoc): SuiteView {
  return {
    id,
    name: s.name,
    description: s.description,
    prompt_id: s.prompt_id as PromptKey,
    cases: s.cases,
    revision: s.revision,
    demo: s.demo,
    created_at: s.created_at,
    updated_at: s.updated_at,
  };
}

// ---- Prompts ----------------------------------------------------------------

export async function listPrompts(d: PromptDeps): Promise<PromptSummary[]> {
  await d.ready?.();
  const out: PromptSummary[] = [];
  for (const key of PROMPT_KEYS) {
    const snap = await d.db.collection(prompts).doc(key).get();
    if (snap) out.push(promptSummary(key, snap.data));
  }
  return out;
}

export async function getPrompt(d: PromptDeps, key: string): Promise<PromptView> {
  await d.ready?.();
  if (!isPromptKey(key)) throw new ApiError("not_found", `There is no prompt called "${key.slice(0, 64)}".`);
  const snap = await d.db.collection(prompts).doc(key).get();
  if (!snap) throw new ApiError("not_found", `The prompt "${key}" has no versions yet.`);
  const versions = await d.db
    .collection(promptVersions)
    .where("prompt_id", "==", key)
    .orderBy("version", "desc")
    .limit(100)
    .get();
  return {
    ...promptSummary(key, snap.data),
    versions: versions.map((v) => ({
      version: v.data.version,
      text: v.data.text,
      variables: templateVariables(v.data.text),
      notes: v.data.notes,
      created_by: v.data.created_by,
      created_at: v.data.created_at,
    })),
  };
}

/** A new version becomes current; versions are never edited. 409 when another version became current since `based_on`. */
export async function createPromptVersion(d: PromptDeps, uid: string, key: string, body: unknown): Promise<PromptView> {
  await d.ready?.();
  if (!isPromptKey(key)) throw new ApiError("not_found", `There is no prompt called "${key.slice(0, 64)}".`);
  const input = parse(newVersionSchema, body, "The version cannot be saved");
  const at = nowOf(d).toISOString();
  const ref = d.db.collection(prompts).doc(key);
  await d.db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap) throw new ApiError("not_found", `The prompt "${key}" has no versions yet.`);
    if (snap.data.current_version !== input.based_on) {
      throw new ApiError(
        "conflict",
        `Version ${snap.data.current_version} became current while you edited version ${input.based_on}. Reload to see it, then save again.`,
      );
    }
    const current = await tx.get(d.db.collection(promptVersions).doc(versionId(key, snap.data.current_version)));
    const next = snap.data.version_count + 1;
    const version: PromptVersionDoc = {
      prompt_id: key,
      version: next,
      text: input.text,
      notes: input.notes,
      created_by: uid,
      created_at: at,
    };
    const after: PromptDoc = { ...snap.data, current_version: next, version_count: next, updated_at: at };
    tx.create(d.db.collection(promptVersions).doc(versionId(key, next)), version);
    tx.set(ref, after);
    logChange(d.db, tx, {
      entityType: "prompt",
      entityId: key,
      entityLabel: `${snap.data.name} v${next}`,
      action: "version",
      before: {
        current_version: snap.data.current_version,
        notes: current?.data.notes ?? null,
        text: current?.data.text ?? null,
      },
      after: { current_version: next, notes: input.notes, text: input.text },
    });
  });
  return getPrompt(d, key);
}

// ---- Suites -----------------------------------------------------------------

export async function listSuites(d: PromptDeps): Promise<SuiteView[]> {
  await d.ready?.();
  const snaps = await d.db.collection(promptSuites).orderBy("created_at", "desc").limit(100).get();
  return snaps.map((s) => suiteView(s.id, s.data));
}

export async function getSuite(d: PromptDeps, id: string): Promise<SuiteView> {
  await d.ready?.();
  if (!DOC_ID.test(id)) throw new ApiError("not_found", "There is no such suite.");
  const snap = await d.db.collection(promptSuites).doc(id).get();
  if (!snap) throw new ApiError("not_found", "There is no such suite.");
  return suiteView(snap.id, snap.data);
}

export async function createSuite(d: PromptDeps, uid: string, body: unknown): Promise<SuiteView> {
  await d.ready?.();
  const input = parse(suiteInputSchema, body, "The suite cannot be saved");
  const at = nowOf(d).toISOString();
  const ref = d.db.collection(promptSuites).doc();
  const doc: PromptSuiteDoc = { ...input, revision: 0, demo: false, created_by: uid, created_at: at, updated_at: at };
  const batch = d.db.batch();
  batch.create(ref, doc);
  logChange(d.db, batch, {
    entityType: "suite",
    entityId: ref.id,
    entityLabel: input.name,
    action: "create",
    before: null,
    after: doc,
  });
  await batch.commit();
  return suiteView(ref.id, doc);
}

export async function updateSuite(d: PromptDeps, id: string, body: unknown): Promise<SuiteView> {
  await d.ready?.();
  if (!DOC_ID.test(id)) throw new ApiError("not_found", "There is no such suite.");
  const input = parse(suiteUpdateSchema, body, "The suite cannot be saved");
  const at = nowOf(d).toISOString();
  const ref = d.db.collection(promptSuites).doc(id);
  const saved = await d.db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap) throw new ApiError("not_found", "There is no such suite.");
    if (snap.data.revision !== input.revision) {
      throw new ApiError(
        "conflict",
        "Someone saved this suite while you edited it. Reload to see their change, then edit again.",
      );
    }
    const after: PromptSuiteDoc = { ...snap.data, ...input.suite, revision: snap.data.revision + 1, updated_at: at };
    tx.set(ref, after);
    logChange(d.db, tx, {
      entityType: "suite",
      entityId: id,
      entityLabel: after.name,
      action: "update",
      before: snap.data,
      after,
    });
    return after;
  });
  return suiteView(id, saved);
}

// ---- Runs -------------------------------------------------------------------

function runSummary(id: string, r: PromptRunDoc): RunSummary {
  const t = totals(r.cells);
  return {
    id,
    suite_id: r.suite_id,
    suite_name: r.suite_name,
    prompt_id: r.prompt_id as PromptKey,
    versions: r.versions,
    models: r.models,
    state: r.state,
    error: r.error,
    total: r.total,
    done: r.cells.length,
    passed: t.passed,
    pass_rate: t.pass_rate,
    cost_usd: t.cost_usd,
    latency_p50_ms: t.latency_p50_ms,
    demo: r.demo,
    created_by: r.created_by,
    created_at: r.created_at,
    finished_at: r.finished_at,
  };
}

/** Queues a run of the suite's cases × the chosen versions × models: one job, whose worker fills the cells. */
export async function startRun(d: PromptDeps, uid: string, body: unknown): Promise<RunSummary> {
  await d.ready?.();
  const input = parse(newRunSchema, body, "The run cannot start");
  const suiteSnap = await d.db.collection(promptSuites).doc(input.suite_id).get();
  if (!suiteSnap) throw new ApiError("not_found", "There is no such suite.");
  const suite = suiteSnap.data;
  const texts: Record<string, string> = {};
  for (const v of input.versions) {
    const snap = await d.db.collection(promptVersions).doc(versionId(suite.prompt_id, v)).get();
    if (!snap)
      throw new ApiError(
        "unprocessable_entity",
        `${PROMPT_TASKS[suite.prompt_id as PromptKey]?.label ?? suite.prompt_id} has no version ${v}.`,
        { issues: [{ path: "versions", message: `No version ${v}.` }] },
      );
    texts[String(v)] = snap.data.text;
  }
  const options = modelOptions(d.env);
  for (const m of input.models) {
    const model = options.find((o) => o.id === m);
    if (!model)
      throw new ApiError("unprocessable_entity", `There is no model called "${m.slice(0, 64)}".`, {
        issues: [{ path: "models", message: "Unknown model." }],
      });
    if (!model.enabled)
      throw new ApiError(
        "unprocessable_entity",
        `${model.label} is not configured on this server. ${model.note ?? ""}`.trim(),
        { issues: [{ path: "models", message: "Not configured." }] },
      );
  }
  const total = matrixCells({
    caseIds: suite.cases.map((c) => c.id),
    versions: input.versions,
    models: input.models,
  }).length;
  if (total > MAX_RUN_CELLS) {
    throw new ApiError(
      "unprocessable_entity",
      `That is ${total} cells (cases × versions × models); a run holds at most ${MAX_RUN_CELLS}. Pick fewer versions or models.`,
    );
  }
  const at = nowOf(d).toISOString();
  const runRef = d.db.collection(promptRuns).doc();
  const jobRef = d.db.collection(jobs).doc();
  const run: PromptRunDoc = {
    suite_id: suiteSnap.id,
    suite_name: suite.name,
    prompt_id: suite.prompt_id,
    versions: input.versions,
    models: input.models,
    cases: suite.cases,
    texts,
    state: "queued",
    error: null,
    total,
    cells: [],
    job_id: jobRef.id,
    demo: false,
    created_by: uid,
    created_at: at,
    updated_at: at,
    finished_at: null,
  };
  // The run and its job land together: never a run no worker will pick up.
  const batch = d.db.batch();
  batch.create(runRef, run);
  batch.create(jobRef, {
    type: PROMPT_RUN_JOB,
    owner_id: uid,
    content_id: null,
    state: "queued",
    progress: 0,
    attempts: 0,
    max_attempts: 3,
    error: null,
    worker_id: null,
    lease_expires_at: null,
    input: { run_id: runRef.id },
    created_at: at,
    updated_at: at,
  });
  await batch.commit();
  return runSummary(runRef.id, run);
}

export async function listRuns(d: PromptDeps, o: { suiteId?: string; limit?: number } = {}): Promise<RunSummary[]> {
  await d.ready?.();
  let q = d.db
    .collection(promptRuns)
    .orderBy("created_at", "desc")
    .limit(o.limit ?? 30);
  if (o.suiteId)
    q = d.db
      .collection(promptRuns)
      .where("suite_id", "==", o.suiteId)
      .orderBy("created_at", "desc")
      .limit(o.limit ?? 30);
  return (await q.get()).map((s) => runSummary(s.id, s.data));
}

/** The finished run of the same suite made just before `run`, if any. */
async function previousRun(
  d: PromptDeps,
  run: { suite_id: string; created_at: string },
): Promise<{ id: string; data: PromptRunDoc } | null> {
  const earlier = await d.db
    .collection(promptRuns)
    .where("suite_id", "==", run.suite_id)
    .where("created_at", "<", run.created_at)
    .orderBy("created_at", "desc")
    .limit(20)
    .get();
  const found = earlier.find((s) => s.data.state === "succeeded");
  return found ? { id: found.id, data: found.data } : null;
}

export async function getRun(d: PromptDeps, id: string): Promise<RunView> {
  await d.ready?.();
  if (!DOC_ID.test(id)) throw new ApiError("not_found", "There is no such run.");
  const snap = await d.db.collection(promptRuns).doc(id).get();
  if (!snap) throw new ApiError("not_found", "There is no such run.");
  const r = snap.data;
  const columns = matrixColumns(r, modelLabel);
  const prev = await previousRun(d, r);
  return {
    ...runSummary(id, r),
    cases: r.cases.map((c) => ({ id: c.id, description: c.description })),
    columns,
    cells: r.cells,
    stats: columnStats(columns, r.cells),
    previous: prev
      ? { id: prev.id, created_at: prev.data.created_at, pass_rate: totals(prev.data.cells).pass_rate }
      : null,
    changes: diffCells(r.cells, prev ? prev.data.cells : null),
  };
}

export async function overview(d: PromptDeps): Promise<PromptsOverview> {
  return { prompts: await listPrompts(d), suites: await listSuites(d), models: modelOptions(d.env) };
}
