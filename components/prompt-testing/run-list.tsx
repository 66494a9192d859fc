"use client";

import Link from "next/link";

import { Skeleton } from "@/components/ui/skeleton";
import { useRuns } from "@/lib/client/hooks/use-prompt-testing";
import { ms, Progress, rate, RunStateBadge, usd, when } from "./shared";

/** Recent runs, newest first, followed while one is going. */
export function RunList() {
  const { data, error, isLoading } = useRuns();
  if (isLoading) return <Skeleton className="h-24 w-full" />;
  if (error)
    return (
      <p role="alert" className="text-sm text-destructive">
        {error.message}
      </p>
    );
  if (!data?.length) return <p className="text-sm text-muted-foreground">No runs yet. Start one from a suite.</p>;
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Prompt test runs</caption>
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th className="py-2 pr-3 font-medium">Run</th>
            <th className="py-2 pr-3 font-medium">State</th>
            <th className="py-2 pr-3 font-medium">Pass rate</th>
            <th className="py-2 pr-3 font-medium">Cost</th>
            <th className="py-2 pr-3 font-medium">Latency p50</th>
            <th className="py-2 font-medium">Started</th>
          </tr>
        </thead>
        <tbody>
          {data.map((r) => (
            <tr key={r.id} className="border-t align-top">
              <td className="py-2 pr-3">
                <Link
                  href={`/automated-prompts-testing/${r.id}`}
                  className="font-medium underline-offset-4 hover:underline"
                >
                  {r.suite_name}
                </Link>
                <div className="text-xs text-muted-foreground">
                  v{r.versions.join(", v")} × {r.models.length} model{r.models.length > 1 ? "s" : ""}
                  {r.demo ? " · demo" : ""}
                </div>
              </td>
              <td className="w-40 py-2 pr-3">
                <RunStateBadge state={r.state} />
                {r.state === "queued" || r.state === "running" ? (
                  <div className="mt-1.5">
                    <Progress done={r.done} total={r.total} label={`${r.suite_name} progress`} />
                  </div>
                ) : null}
              </td>
              <td className="py-2 pr-3 tabular-nums">
                {rate(r.pass_rate)}{" "}
                <span className="text-xs text-muted-foreground">
                  ({r.passed}/{r.done})
                </span>
              </td>
              <td className="py-2 pr-3 tabular-nums">{usd(r.cost_usd)}</td>
              <td className="py-2 pr-3 tabular-nums">{ms(r.latency_p50_ms)}</td>
              <td className="py-2 text-xs text-muted-foreground">{when(r.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
