"use client";
/**
 * /templates-dashboard: per template, content made, renders, failures (and
 * their reasons), median render time and last use, as charts over the last
 * 30 days and a sortable table.
 */
import { useMemo, useState } from "react";
import Link from "next/link";
import dynamic from "next/dynamic";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import type { DashboardRow } from "@/lib/studio/templates/dashboard";
import type { LibraryStage } from "@/lib/engine/composition/layout-schema";
import { useTemplateDashboard } from "@/lib/client/hooks/use-studio-templates";
import { StageBadge } from "@/components/studio/stage-badge";

const DashboardCharts = dynamic(() => import("./dashboard-charts").then((m) => m.DashboardCharts), {
  ssr: false,
  loading: () => <Skeleton className="h-64 w-full" />,
});

type Key = "name" | "content" | "renders" | "failures" | "median_render_ms" | "last_used";
const COLUMNS: { key: Key; label: string; numeric: boolean }[] = [
  { key: "name", label: "Template", numeric: false },
  { key: "content", label: "Content made", numeric: true },
  { key: "renders", label: "Renders", numeric: true },
  { key: "failures", label: "Failures", numeric: true },
  { key: "median_render_ms", label: "Median render time", numeric: true },
  { key: "last_used", label: "Last used", numeric: false },
];

const seconds = (ms: number | null) => (ms === null ? "—" : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

export function TemplateDashboard() {
  const { data, error, isLoading } = useTemplateDashboard();
  const [sort, setSort] = useState<{ key: Key; dir: "asc" | "desc" }>({ key: "content", dir: "desc" });
  const [metric, setMetric] = useState<"content" | "renders">("content");
  const rows = useMemo(() => {
    const out = [...(data?.rows ?? [])];
    out.sort((a: DashboardRow, b: DashboardRow) => {
      const x = a[sort.key];
      const y = b[sort.key];
      const c =
        x === y
          ? 0
          : x === null
            ? -1
            : y === null
              ? 1
              : typeof x === "number" && typeof y === "number"
                ? x - y
                : String(x).localeCompare(String(y));
      return sort.dir === "asc" ? c : -c;
    });
    return out;
  }, [data, sort]);

  if (error) {
    return (
      <Alert variant="destructive">
        <AlertDescription>The dashboard could not be loaded: {error.message}</AlertDescription>
      </Alert>
    );
  }
  if (isLoading || !data) return <Skeleton aria-label="Loading the dashboard" className="h-96 w-full" />;
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <fieldset className="flex gap-3 text-sm">
          <legend className="sr-only">Chart</legend>
          {(["content", "renders"] as const).map((m) => (
            <label key={m} className="flex items-center gap-1">
              <input type="radio" name="metric" checked={metric === m} onChange={() => setMetric(m)} />{" "}
              {m === "content" ? "Content made" : "Renders"}
            </label>
          ))}
        </fieldset>
        <DashboardCharts data={data} metric={metric} />
      </div>
      <div className="relative overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Templates, sortable by each column</caption>
          <thead>
            <tr className="border-b text-left">
              {COLUMNS.map((c) => {
                const active = sort.key === c.key;
                const Icon = active ? (sort.dir === "asc" ? ArrowUp : ArrowDown) : ArrowUpDown;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    aria-sort={active ? (sort.dir === "asc" ? "ascending" : "descending") : "none"}
                    className={c.numeric ? "py-2 text-right" : "py-2"}
                  >
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 font-medium hover:underline"
                      onClick={() =>
                        setSort((s) => ({ key: c.key, dir: s.key === c.key && s.dir === "desc" ? "asc" : "desc" }))
                      }
                    >
                      {c.label} <Icon aria-hidden className="size-3.5" />
                    </button>
                  </th>
                );
              })}
              <th scope="col" className="py-2 font-medium">
                Failure reasons
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="border-b align-top last:border-0">
                <th scope="row" className="py-2 pr-3 text-left font-normal">
                  <Link
                    href={`/templates-pipeline/${encodeURIComponent(r.id)}`}
                    className="font-medium hover:underline"
                  >
                    {r.name}
                  </Link>{" "}
                  <span className="inline-flex gap-1 text-xs text-muted-foreground">
                    v{r.current_version} <StageBadge stage={r.stage as LibraryStage} />
                  </span>
                </th>
                <td className="py-2 text-right tabular-nums">{r.content}</td>
                <td className="py-2 text-right tabular-nums">
                  {r.renders}
                  {r.test_renders ? (
                    <span className="block text-xs text-muted-foreground">+{r.test_renders} test</span>
                  ) : null}
                </td>
                <td className="py-2 text-right tabular-nums">{r.failures}</td>
                <td className="py-2 text-right tabular-nums">{seconds(r.median_render_ms)}</td>
                <td className="py-2 pl-3">{r.last_used ? new Date(r.last_used).toLocaleDateString() : "never"}</td>
                <td className="py-2 pl-3">
                  {r.reasons.length ? (
                    <ul className="space-y-0.5 text-xs">
                      {r.reasons.slice(0, 3).map((x) => (
                        <li key={x.reason}>
                          {x.count}× {x.reason}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="text-xs text-muted-foreground">none</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted-foreground">
        Render time runs from the job being queued to its file being saved. Updated{" "}
        {new Date(data.generated_at).toLocaleTimeString()}.
      </p>
    </div>
  );
}
