"use client";
/**
 * /function-calling-report: production calls by model × tool in a time range
 * (rates, error kinds, latency, tokens), calls per day, the failing examples
 * of a row, and the BFCL-style evaluation runs beside them.
 */
import { useState } from "react";
import { Braces, Play } from "lucide-react";
import { mutate } from "swr";

import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { INPUT_CLASSES } from "@/components/ui/form-classes";
import { TrendChart } from "@/components/fc-report/trend-chart";
import { RANGES, type EvalRunView, type RangeKey, type ReportRow } from "@/lib/operations/fc-report/contract";
import { useChatModels } from "@/lib/client/hooks/use-chats";
import {
  EVALS_PATH,
  startEvalRun,
  useEvalRuns,
  useFailingExamples,
  useFcReport,
} from "@/lib/client/hooks/use-fc-report";
import { cn } from "@/lib/platform/utils";

const pct = (n: number | null | undefined) => (n === null || n === undefined ? "—" : `${Math.round(n * 1000) / 10}%`);
const ms = (n: number | null) => (n === null ? "—" : `${Math.round(n).toLocaleString("en-US")} ms`);
const RANGE_LABELS: Record<RangeKey, string> = {
  "24h": "Last 24 hours",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
};

export function ReportScreen() {
  const [range, setRange] = useState<RangeKey>("7d");
  const [feature, setFeature] = useState<string | null>(null);
  const [open, setOpen] = useState<ReportRow | null>(null);
  const report = useFcReport(range, feature);
  const evals = useEvalRuns();
  const latestEval = new Map<string, EvalRunView>();
  for (const r of evals.data ?? [])
    if (r.state === "succeeded" && !latestEval.has(r.model_id)) latestEval.set(r.model_id, r);

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end gap-4">
        <div className="max-w-full min-w-0 space-y-1">
          <label htmlFor="fc-range" className="text-sm font-medium">
            Time range
          </label>
          <select
            id="fc-range"
            className={cn(INPUT_CLASSES, "w-auto max-w-full")}
            value={range}
            onChange={(e) => setRange(e.target.value as RangeKey)}
          >
            {(Object.keys(RANGES) as RangeKey[]).map((k) => (
              <option key={k} value={k}>
                {RANGE_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <div className="max-w-full min-w-0 space-y-1">
          <label htmlFor="fc-feature" className="text-sm font-medium">
            Feature
          </label>
          <select
            id="fc-feature"
            className={cn(INPUT_CLASSES, "w-auto max-w-full")}
            value={feature ?? ""}
            onChange={(e) => setFeature(e.target.value || null)}
          >
            <option value="">All features</option>
            {report.data?.features.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </div>
        {report.data ? (
          <p className="text-sm text-muted-foreground">
            {report.data.total.toLocaleString("en-US")} calls, {pct(report.data.valid_rate)} valid
            {report.data.capped ? " (the newest 20,000 of the range)" : ""}
          </p>
        ) : null}
      </div>

      {report.error ? (
        <p role="alert" className="text-destructive">
          {report.error.message}
        </p>
      ) : !report.data ? (
        <Skeleton className="h-64 w-full" aria-label="Loading the report" />
      ) : report.data.total === 0 ? (
        <EmptyState icon={Braces} heading="No function calls in this range">
          Calls appear here when the video writer, the layout generator or the chat calls a tool. Try a longer range, or
          ask the chat something.
        </EmptyState>
      ) : (
        <>
          <section aria-labelledby="fc-trend" className="rounded-xl border p-4">
            <h2 id="fc-trend" className="mb-2 text-sm font-semibold">
              Calls per day
            </h2>
            <TrendChart days={report.data.days} />
          </section>
          <section aria-labelledby="fc-table" className="space-y-2">
            <h2 id="fc-table" className="text-lg font-semibold">
              By model and tool
            </h2>
            {/*
              Fits the content column at 1280 px (ten columns, related numbers stacked, headers wrap);
              narrower screens scroll it inside this named region, which takes focus so a keyboard can too.
            */}
            <div
              role="region"
              aria-label="Table of calls by model and tool"
              tabIndex={0}
              className="relative max-w-full overflow-x-auto rounded-xl border"
              data-testid="fc-table"
            >
              <table className="w-full text-sm">
                <thead className="bg-muted/50 text-left align-bottom text-xs text-muted-foreground">
                  <tr>
                    {[
                      "Model",
                      "Tool / schema",
                      "Features",
                      "Calls",
                      "Valid",
                      "Failures: schema · wrong tool · missing arg.",
                      "Latency p50 / p95",
                      "Tokens in / out",
                      "Eval accuracy",
                    ].map((h) => (
                      <th key={h} scope="col" className="px-2 py-2 font-medium">
                        {h}
                      </th>
                    ))}
                    <th scope="col" className="px-2 py-2">
                      <span className="sr-only">Failing calls</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.data.rows.map((r) => {
                    const key = `${r.model_id}/${r.kind}/${r.name}`;
                    const failures = r.calls - r.valid;
                    return (
                      <tr key={key} className="border-t align-top" data-row={key}>
                        <td className="max-w-40 px-2 py-2 break-words">{r.model_id}</td>
                        <td className="max-w-48 px-2 py-2 break-words">
                          <code>{r.name}</code>{" "}
                          <span className="text-xs text-muted-foreground">
                            {r.kind === "structured" ? "schema" : "tool"}
                          </span>
                        </td>
                        <td className="max-w-36 px-2 py-2 text-xs break-words">{r.features.join(", ")}</td>
                        <td className="px-2 py-2 tabular-nums">{r.calls}</td>
                        <td className={cn("px-2 py-2 tabular-nums", r.valid_rate < 0.9 && "text-destructive")}>
                          {pct(r.valid_rate)}
                        </td>
                        <td className="px-2 py-2 text-xs tabular-nums">
                          {r.schema_errors} ({pct(r.schema_error_rate)}) · {r.wrong_tool} · {r.missing_argument}
                        </td>
                        <td className="px-2 py-2 text-xs tabular-nums">
                          <span className="whitespace-nowrap">{ms(r.latency_p50)}</span> /{" "}
                          <span className="whitespace-nowrap">{ms(r.latency_p95)}</span>
                        </td>
                        <td className="px-2 py-2 text-xs tabular-nums">
                          <span className="whitespace-nowrap">{r.input_tokens.toLocaleString("en-US")}</span> /{" "}
                          <span className="whitespace-nowrap">{r.output_tokens.toLocaleString("en-US")}</span>
                        </td>
                        <td className="px-2 py-2 tabular-nums">{pct(latestEval.get(r.model_id)?.accuracy)}</td>
                        <td className="px-2 py-2">
                          {failures > 0 ? (
                            <Button
                              size="sm"
                              variant="outline"
                              aria-expanded={open === r}
                              onClick={() => setOpen(open === r ? null : r)}
                              aria-label={`${failures} failing calls of ${r.name} by ${r.model_id}`}
                            >
                              {failures} failing
                            </Button>
                          ) : null}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            {open ? <FailingExamples range={range} row={open} onClose={() => setOpen(null)} /> : null}
          </section>
        </>
      )}

      <EvalSection runs={evals.data} error={evals.error} />
    </div>
  );
}

function FailingExamples({ range, row, onClose }: { range: RangeKey; row: ReportRow; onClose: () => void }) {
  const { data, error } = useFailingExamples(range, row);
  return (
    <section aria-labelledby="fc-examples" className="space-y-3 rounded-xl border p-4">
      <div className="flex items-center justify-between">
        <h3 id="fc-examples" className="font-semibold">
          Failing calls of <code>{row.name}</code> by {row.model_id}
        </h3>
        <Button size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      {error ? (
        <p role="alert">{error.message}</p>
      ) : !data ? (
        <Skeleton className="h-20" />
      ) : data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No failing calls in this range.</p>
      ) : null}
      <ul className="space-y-3">
        {data?.map((e) => (
          <li key={e.id} className="space-y-1 rounded-lg bg-muted/40 p-3 text-sm">
            <div className="flex flex-wrap gap-3 text-xs text-muted-foreground">
              <span>{new Date(e.created_at).toLocaleString("en-GB")}</span>
              <span>{e.feature}</span>
              <span className="font-medium text-destructive">{e.error_kind}</span>
              {e.ref_id ? <span>ref {e.ref_id}</span> : null}
            </div>
            <p>{e.error}</p>
            <pre
              role="region"
              aria-label="Arguments"
              tabIndex={0}
              className="max-h-40 overflow-auto rounded bg-background p-2 font-mono text-xs"
            >
              {e.arguments ?? "(no arguments)"}
            </pre>
          </li>
        ))}
      </ul>
    </section>
  );
}

function EvalSection({ runs, error }: { runs: EvalRunView[] | undefined; error: Error | undefined }) {
  const models = useChatModels();
  const [model, setModel] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [openRun, setOpenRun] = useState<string | null>(null);
  const chosen = model ?? models.data?.default_model_id ?? "";

  async function start() {
    setStarting(true);
    setProblem(null);
    try {
      await startEvalRun(chosen);
      await mutate(EVALS_PATH);
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setStarting(false);
    }
  }

  return (
    <section aria-labelledby="fc-eval" className="space-y-4">
      <div>
        <h2 id="fc-eval" className="text-lg font-semibold">
          Evaluation (Berkeley Function Calling Leaderboard style)
        </h2>
        <p className="text-sm text-muted-foreground">
          20 cases over the chat&apos;s own tools — simple, multiple, parallel and irrelevance — scored by matching the
          calls&apos; names and arguments.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="max-w-full min-w-0 space-y-1">
          <label htmlFor="eval-model" className="text-sm font-medium">
            Model to evaluate
          </label>
          <select
            id="eval-model"
            className={cn(INPUT_CLASSES, "w-auto max-w-full")}
            value={chosen}
            onChange={(e) => setModel(e.target.value)}
          >
            {models.data?.models.map((m) => (
              <option key={m.id} value={m.id} disabled={!m.enabled}>
                {m.label}
                {m.enabled ? "" : " (not configured)"}
              </option>
            ))}
          </select>
        </div>
        <Button onClick={() => void start()} disabled={!chosen || starting} aria-busy={starting || undefined}>
          <Play />
          Run evaluation
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error.message}
        </p>
      ) : null}
      {!runs ? (
        <Skeleton className="h-24" />
      ) : runs.length === 0 ? (
        <p className="text-sm text-muted-foreground">No evaluation has run yet.</p>
      ) : null}
      <ul className="space-y-3">
        {runs?.map((r) => {
          const active = r.state === "queued" || r.state === "running";
          const percent = Math.round(r.progress * 100);
          return (
            <li key={r.id} className="space-y-2 rounded-xl border p-4" data-eval-run={r.id}>
              <div className="flex flex-wrap items-center gap-3">
                <span className="font-medium">{r.model_label}</span>
                <span className="text-xs text-muted-foreground">{new Date(r.created_at).toLocaleString("en-GB")}</span>
                <span className={cn("text-sm", r.state === "failed" && "text-destructive")}>
                  {r.state === "succeeded" ? `Accuracy ${pct(r.accuracy)}` : r.state}
                </span>
                {r.cases.length > 0 ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="ml-auto"
                    aria-expanded={openRun === r.id}
                    onClick={() => setOpenRun(openRun === r.id ? null : r.id)}
                  >
                    {openRun === r.id ? "Hide cases" : "Show cases"}
                  </Button>
                ) : null}
              </div>
              {active ? (
                <div
                  role="progressbar"
                  aria-label={`Evaluation of ${r.model_label}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  className="h-2 overflow-hidden rounded-full bg-muted"
                >
                  <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
                </div>
              ) : null}
              {r.error ? <p className="text-sm text-destructive">{r.error}</p> : null}
              <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                {Object.entries(r.by_category).map(([cat, b]) => (
                  <div key={cat} className="rounded-lg bg-muted/40 p-2">
                    <dt className="text-xs text-muted-foreground capitalize">{cat}</dt>
                    <dd className="tabular-nums">
                      {b.passed}/{b.cases}
                    </dd>
                  </div>
                ))}
              </dl>
              {openRun === r.id ? (
                <table className="w-full text-left text-xs">
                  <thead className="text-muted-foreground">
                    <tr>
                      <th className="py-1">Case</th>
                      <th>Request</th>
                      <th>Result</th>
                      <th>Calls</th>
                    </tr>
                  </thead>
                  <tbody>
                    {r.cases.map((c) => (
                      <tr key={c.id} className="border-t align-top">
                        <td className="py-1 pr-2 whitespace-nowrap">{c.id}</td>
                        <td className="pr-2">{c.prompt}</td>
                        <td className={cn("pr-2", !c.pass && "text-destructive")}>
                          {c.pass ? "pass" : `${c.error_kind}: ${c.detail ?? ""}`}
                        </td>
                        <td className="font-mono break-all">{c.calls}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
