"use client";

import { useState } from "react";
import Link from "next/link";
import { CircleAlert, CircleCheck, CircleMinus, LoaderCircle } from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { MissingItem } from "@/components/missing-item";
import { cellKey, cellVerdict, type CellResult, type RunView } from "@/lib/operations/prompt-testing/contract";
import { useRun } from "@/lib/client/hooks/use-prompt-testing";
import { cn } from "@/lib/platform/utils";
import { ms, Progress, rate, RunStateBadge, usd, when } from "./shared";

function pretty(output: string): string {
  try {
    return JSON.stringify(JSON.parse(output), null, 2);
  } catch {
    return output;
  }
}

const STATUS_ICON = { pass: CircleCheck, fail: CircleAlert, not_run: CircleMinus } as const;
const STATUS_TEXT = { pass: "Pass", fail: "Fail", not_run: "Not run" } as const;
const VERDICT_TEXT = { pass: "Pass", fail: "Fail", incomplete: "Incomplete" } as const;
const VERDICT_ICON = { pass: CircleCheck, fail: CircleAlert, incomplete: CircleMinus } as const;

function CellDetail({ run, cell }: { run: RunView; cell: CellResult }) {
  const column = run.columns.find((c) => c.version === cell.version && c.model_id === cell.model_id);
  const change = run.changes[cellKey(cell)];
  return (
    <section aria-label="Cell detail" className="space-y-3 rounded-lg border p-4">
      <h2 className="font-medium">
        {cell.case_id} · v{cell.version} · {column?.model_label ?? cell.model_id}{" "}
        <Badge
          variant={
            cellVerdict(cell) === "pass" ? "secondary" : cellVerdict(cell) === "fail" ? "destructive" : "outline"
          }
        >
          {VERDICT_TEXT[cellVerdict(cell)]}
        </Badge>
        {change === "fixed" || change === "broke" ? (
          <Badge variant="outline" className="ml-1">
            {change === "fixed" ? "Fixed since last run" : "Broke since last run"}
          </Badge>
        ) : null}
      </h2>
      <p className="text-xs text-muted-foreground">
        {ms(cell.latency_ms)} · {cell.input_tokens ?? "—"} in / {cell.output_tokens ?? "—"} out tokens ·{" "}
        {usd(cell.cost_usd)}
      </p>
      <ul className="space-y-1 text-sm" aria-label="Assertions">
        {cell.assertions.map((a, i) => {
          const Icon = STATUS_ICON[a.status];
          return (
            <li key={i} className="flex gap-2">
              <Icon
                aria-hidden
                className={cn(
                  "mt-0.5 size-4 shrink-0",
                  a.status === "pass"
                    ? "text-emerald-600"
                    : a.status === "fail"
                      ? "text-destructive"
                      : "text-muted-foreground",
                )}
              />
              <span>
                <span className="font-medium">{STATUS_TEXT[a.status]}</span> — {a.type}: {a.message}
              </span>
            </li>
          );
        })}
      </ul>
      {cell.error ? (
        <Alert variant="destructive">
          <AlertDescription>{cell.error}</AlertDescription>
        </Alert>
      ) : null}
      <div>
        <h3 className="mb-1 text-sm font-medium">Output</h3>
        {cell.output === null ? (
          <p className="text-sm text-muted-foreground">No output.</p>
        ) : (
          <pre
            role="region"
            aria-label="Cell output"
            tabIndex={0}
            className="max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-md bg-muted/50 p-3 font-mono text-xs"
          >
            {pretty(cell.output)}
          </pre>
        )}
      </div>
    </section>
  );
}

/** /automated-prompts-testing/{runId}: progress while it runs, then the matrix, with each cell's output and assertions on click. */
export function RunMatrix({ runId }: { runId: string }) {
  const { data: run, error, isLoading } = useRun(runId);
  const [selected, setSelected] = useState<string | null>(null);

  if (isLoading) return <Skeleton className="h-64 w-full" />;
  if (error?.status === 404 || (!run && !error)) {
    return (
      <MissingItem
        icon={CircleMinus}
        noun="test run"
        ids={[{ label: "Run ID", value: runId }]}
        back={{ label: "Back to test runs", href: "/automated-prompts-testing" }}
      />
    );
  }
  if (error || !run)
    return (
      <p role="alert" className="text-sm text-destructive">
        {error?.message}
      </p>
    );

  const cells = new Map(run.cells.map((c) => [cellKey(c), c]));
  const live = run.state === "queued" || run.state === "running";
  const flipped = Object.values(run.changes).filter((c) => c === "fixed" || c === "broke").length;
  const chosen = selected ? cells.get(selected) : undefined;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <RunStateBadge state={run.state} />
        <span>
          Suite <span className="font-medium">{run.suite_name}</span> ·{" "}
          <span className="font-mono">{run.prompt_id}</span>
        </span>
        <span>
          Pass rate <span className="font-medium tabular-nums">{rate(run.pass_rate)}</span> ({run.passed}/{run.done})
        </span>
        <span>
          Cost <span className="tabular-nums">{usd(run.cost_usd)}</span>
        </span>
        <span>
          Latency p50 <span className="tabular-nums">{ms(run.latency_p50_ms)}</span>
        </span>
        <span className="text-muted-foreground">Started {when(run.created_at)}</span>
      </div>
      {live ? (
        <div className="space-y-1.5" aria-live="polite">
          <p className="flex items-center gap-2 text-sm">
            <LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" /> {run.done} of{" "}
            {run.total} cells done
          </p>
          <Progress done={run.done} total={run.total} label="Run progress" />
        </div>
      ) : null}
      {run.error ? (
        <Alert variant="destructive">
          <AlertDescription>{run.error}</AlertDescription>
        </Alert>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {run.previous ? (
          <>
            Compared with the{" "}
            <Link className="underline underline-offset-4" href={`/automated-prompts-testing/${run.previous.id}`}>
              previous run
            </Link>{" "}
            of this suite ({when(run.previous.created_at)}, pass rate {rate(run.previous.pass_rate)}):{" "}
            {flipped === 0
              ? "no cell changed between pass and fail."
              : `${flipped} cell${flipped > 1 ? "s" : ""} flipped (outlined).`}
          </>
        ) : (
          "This is the first finished run of this suite: nothing to compare with."
        )}
      </p>
      <div className="relative overflow-x-auto">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Results: cases by prompt version and model</caption>
          <thead>
            <tr>
              <th scope="col" className="border-b p-2 text-left font-medium">
                Case
              </th>
              {run.columns.map((col) => {
                const s = run.stats.find((x) => x.key === col.key);
                return (
                  <th key={col.key} scope="col" className="border-b p-2 text-left font-medium">
                    v{col.version} · {col.model_label}
                    <div className="text-xs font-normal text-muted-foreground tabular-nums">
                      {rate(s?.pass_rate ?? null)} pass · {usd(s?.cost_usd ?? 0)} · p50 {ms(s?.latency_p50_ms ?? null)}
                    </div>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {run.cases.map((c) => (
              <tr key={c.id}>
                <th scope="row" className="border-b p-2 text-left align-top font-normal">
                  <span className="font-mono text-xs">{c.id}</span>
                  {c.description ? <div className="text-xs text-muted-foreground">{c.description}</div> : null}
                </th>
                {run.columns.map((col) => {
                  const key = cellKey({ case_id: c.id, version: col.version, model_id: col.model_id });
                  const cell = cells.get(key);
                  const change = run.changes[key];
                  if (!cell) {
                    return (
                      <td key={key} className="border-b p-2 text-muted-foreground">
                        {live ? "Waiting…" : "—"}
                      </td>
                    );
                  }
                  const notRun = cell.assertions.filter((a) => a.status === "not_run").length;
                  const verdict = cellVerdict(cell);
                  const VerdictIcon = VERDICT_ICON[verdict];
                  return (
                    <td key={key} className="border-b p-2">
                      <button
                        type="button"
                        onClick={() => setSelected(key === selected ? null : key)}
                        aria-pressed={key === selected}
                        aria-label={`${c.id}, v${col.version}, ${col.model_label}: ${VERDICT_TEXT[verdict].toLowerCase()}${change === "fixed" ? ", fixed since the previous run" : change === "broke" ? ", broke since the previous run" : ""}`}
                        className={cn(
                          "flex w-full items-center gap-1.5 rounded-md px-2 py-1.5 text-left",
                          verdict === "pass"
                            ? "bg-emerald-500/10 text-emerald-800 dark:text-emerald-300"
                            : verdict === "fail"
                              ? "bg-destructive/10 text-destructive"
                              : "bg-muted text-foreground",
                          (change === "fixed" || change === "broke") && "ring-2 ring-amber-500",
                          key === selected && "outline outline-2 outline-offset-2 outline-primary",
                        )}
                      >
                        <VerdictIcon aria-hidden className="size-4" />
                        {VERDICT_TEXT[verdict]}
                        <span className="ml-auto text-xs opacity-70 tabular-nums">{ms(cell.latency_ms)}</span>
                        {change === "fixed" || change === "broke" ? (
                          <span className="text-xs font-medium text-amber-700 dark:text-amber-300">{change}</span>
                        ) : null}
                        {notRun ? (
                          <span className="text-xs text-muted-foreground" title="Rubric checks need a keyed model">
                            +{notRun} not run
                          </span>
                        ) : null}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {chosen ? (
        <CellDetail run={run} cell={chosen} />
      ) : run.cells.length ? (
        <p className="text-sm text-muted-foreground">
          Choose a cell to see its output and each assertion&apos;s result.
        </p>
      ) : null}
    </div>
  );
}
