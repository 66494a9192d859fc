import "server-only";
/**
 * The function-calling report: production figures (every feature but the
 * evaluation) by model × tool from `function_calls` in a time range, failing
 * examples of one row, and the evaluation runs (start one as a job, list
 * them). A fresh install gets one evaluation of the Local preview model, so
 * the screen shows real figures before anyone has chatted.
 */
import { randomBytes } from "node:crypto";
import { functionCalls } from "@/lib/platform/ai/calls/collections";
import { LOCAL_LANGUAGE_MODEL_ID } from "@/lib/platform/ai/language/local-language-model";
import { listLanguageModels } from "@/lib/platform/ai/language/models";
import { ApiError } from "@/lib/platform/api/errors";
import type { Db } from "@/lib/platform/db/db";
import { enqueueJob } from "@/lib/platform/jobs/queue";
import { aggregateTotals, totalsPerDay, type CallTotals } from "./aggregate";
import { bucketLatency, callsCounter, callValues, parseCallKey } from "@/lib/platform/ai/calls/counters";
import { readCounter } from "@/lib/platform/db/counters";
import { fcEvalRuns, type FcEvalRunDoc } from "./collections";
import { RANGES, type EvalRunView, type ExampleView, type RangeKey, type ReportView } from "./contract";
import { EVAL_FEATURE, EVAL_JOB_TYPE, modelLabel } from "./eval-run";

/** At most this many records are read for the range's first partial hour (the rest comes from counters). */
export const REPORT_MAX_RECORDS = 20_000;

export interface ReportDeps {
  db: Db;
  now?: () => Date;
  env?: Record<string, string | undefined>;
  /** Starts the evaluation worker once a run is queued. */
  onQueued?: () => void;
}

const nowOf = (d: ReportDeps) => (d.now ?? (() => new Date()))();

function rangeOf(deps: ReportDeps, range: RangeKey) {
  const to = nowOf(deps);
  const from = new Date(to.getTime() - RANGES[range] * 86_400_000);
  return { from, to };
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const hourOf = (t: number) => new Date(t).toISOString().slice(0, 13);
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * The counters of `function_calls` (lib/platform/ai/calls/counters.ts) for a rolling range: the calls in the
 * range's first partial hour are read as records (at most an hour's worth), the rest of its first day from the
 * hourly counters, every later day (today included) from the daily ones. `docsRead` is what it cost.
 */
export async function callTotals(
  db: Db,
  from: Date,
  to: Date,
): Promise<{ entries: CallTotals[]; capped: boolean; docsRead: number }> {
  const hourCeil = Math.ceil(from.getTime() / HOUR_MS) * HOUR_MS;
  const dayEnd = Math.floor(from.getTime() / DAY_MS) * DAY_MS + DAY_MS;
  const [edge, hours, days] = await Promise.all([
    hourCeil > from.getTime()
      ? db
          .collection(functionCalls)
          .where("created_at", ">=", from.toISOString())
          .where("created_at", "<", new Date(hourCeil).toISOString())
          .orderBy("created_at", "desc")
          .limit(REPORT_MAX_RECORDS + 1)
          .get()
      : Promise.resolve([]),
    hourCeil < dayEnd
      ? readCounter(db, callsCounter, { from: `h|${hourOf(hourCeil)}`, to: `h|${hourOf(dayEnd)}` })
      : Promise.resolve({ totals: new Map<string, Record<string, number>>(), docsRead: 0 }),
    readCounter(db, callsCounter, { from: `d|${dayOf(dayEnd)}`, to: `d|${dayOf(to.getTime() + DAY_MS)}` }),
  ]);
  const entries: CallTotals[] = [];
  for (const totals of [hours.totals, days.totals]) {
    for (const [key, values] of totals) {
      const k = parseCallKey(key);
      if (!k) continue;
      entries.push({ ...k, kind: k.kind as CallTotals["kind"], day: k.at.slice(0, 10), values });
    }
  }
  for (const r of edge.slice(0, REPORT_MAX_RECORDS)) {
    entries.push({ ...r.data, day: r.data.created_at.slice(0, 10), values: callValues(r.data) });
  }
  return {
    entries,
    capped: edge.length > REPORT_MAX_RECORDS,
    docsRead: edge.length + hours.docsRead + days.docsRead,
  };
}

export async function buildReport(deps: ReportDeps, q: { range: RangeKey; feature?: string }): Promise<ReportView> {
  const { from, to } = rangeOf(deps, q.range);
  const { entries, capped } = await callTotals(deps.db, from, to);
  const production = entries.filter((e) => e.feature !== EVAL_FEATURE && (e.values.calls ?? 0) > 0);
  const features = [...new Set(production.map((e) => e.feature))].sort();
  const chosen = q.feature ? production.filter((e) => e.feature === q.feature) : production;
  const total = chosen.reduce((n, e) => n + (e.values.calls ?? 0), 0);
  const valid = chosen.reduce((n, e) => n + (e.values.valid ?? 0), 0);
  return {
    range: q.range,
    from: from.toISOString(),
    to: to.toISOString(),
    total,
    valid_rate: total ? valid / total : null,
    rows: aggregateTotals(chosen, bucketLatency),
    days: totalsPerDay(chosen, from, to),
    features,
    capped,
  };
}

/** The newest failing calls of one row (model × tool), with their arguments and errors. */
export async function failingExamples(
  deps: ReportDeps,
  q: { range: RangeKey; model_id: string; name: string; kind?: "tool" | "structured"; includeEval?: boolean },
): Promise<ExampleView[]> {
  const { from } = rangeOf(deps, q.range);
  const rows = await deps.db
    .collection(functionCalls)
    .where("name", "==", q.name)
    .orderBy("created_at", "desc")
    .limit(2000)
    .get();
  return rows
    .filter(
      (r) =>
        r.data.created_at >= from.toISOString() &&
        r.data.model_id === q.model_id &&
        !r.data.valid &&
        (!q.kind || r.data.kind === q.kind) &&
        (q.includeEval || r.data.feature !== EVAL_FEATURE),
    )
    .slice(0, 20)
    .map((r) => ({
      id: r.id,
      feature: r.data.feature,
      arguments: r.data.arguments,
      error_kind: r.data.error_kind,
      error: r.data.error,
      latency_ms: r.data.latency_ms,
      ref_id: r.data.ref_id,
      created_at: r.data.created_at,
    }));
}

function view(id: string, d: FcEvalRunDoc): EvalRunView {
  return {
    id,
    model_id: d.model_id,
    model_label: d.model_label,
    state: d.state,
    progress: d.progress,
    error: d.error,
    accuracy: d.accuracy,
    by_category: d.by_category,
    cases: d.cases,
    created_at: d.created_at,
    finished_at: d.finished_at,
  };
}

export async function startEval(
  deps: ReportDeps,
  a: { uid: string; modelId: string; demo?: boolean },
): Promise<EvalRunView> {
  const model = listLanguageModels(deps.env).find((m) => m.id === a.modelId);
  if (!model) throw new ApiError("unprocessable_entity", `There is no language model called "${a.modelId}".`);
  if (!model.enabled)
    throw new ApiError(
      "unprocessable_entity",
      `${model.label} is not configured on this server. ${model.note ?? ""}`.trim(),
    );
  const active = await deps.db
    .collection(fcEvalRuns)
    .where("model_id", "==", a.modelId)
    .orderBy("created_at", "desc")
    .limit(5)
    .get();
  if (active.some((r) => r.data.state === "queued" || r.data.state === "running")) {
    throw new ApiError("conflict", `An evaluation of ${model.label} is already running. Wait for it to finish.`);
  }
  const at = nowOf(deps).toISOString();
  const id = `eval_${randomBytes(8).toString("hex")}`;
  const doc: FcEvalRunDoc = {
    owner_id: a.uid,
    model_id: a.modelId,
    model_label: modelLabel(a.modelId),
    state: "queued",
    progress: 0,
    job_id: null,
    error: null,
    accuracy: null,
    by_category: {},
    cases: [],
    demo: a.demo ?? false,
    created_at: at,
    updated_at: at,
    finished_at: null,
  };
  await deps.db.collection(fcEvalRuns).doc(id).create(doc);
  const jobId = await enqueueJob(deps.db, {
    type: EVAL_JOB_TYPE,
    owner_id: a.uid,
    content_id: null,
    input: { run_id: id },
    max_attempts: 2,
  });
  await deps.db.collection(fcEvalRuns).doc(id).update({ job_id: jobId });
  deps.onQueued?.();
  return view(id, { ...doc, job_id: jobId });
}

export async function listEvalRuns(deps: ReportDeps, limit = 20): Promise<EvalRunView[]> {
  const rows = await deps.db.collection(fcEvalRuns).orderBy("created_at", "desc").limit(limit).get();
  return rows.map((r) => view(r.id, r.data));
}

/** Seeds one Local preview evaluation on a fresh install (only when there has never been a run). */
export async function ensureDemoEval(deps: ReportDeps): Promise<void> {
  const any = await deps.db.collection(fcEvalRuns).limit(1).get();
  if (any.length > 0) return;
  await startEval(deps, { uid: "system", modelId: LOCAL_LANGUAGE_MODEL_ID, demo: true }).catch((e) => {
    if (!(e instanceof ApiError && e.code === "conflict")) throw e;
  });
}
