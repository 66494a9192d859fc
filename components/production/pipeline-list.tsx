"use client";
/** `/prod/pipelines`: every active pipeline with its client, schedule and last run; the form for a new one. */
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { Workflow } from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { usePipelines } from "@/lib/client/hooks/use-production";
import { scheduleText } from "@/lib/operations/production/schedule";
import { PipelineForm } from "./pipeline-form";
import { RunStateBadge, when } from "./shared";

const SOURCE_TEXT = { csv: "CSV", feed: "Feed", links: "Links" } as const;

export function PipelineList() {
  const params = useSearchParams();
  const pipelines = usePipelines();
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <section aria-label="Pipelines" className="space-y-3">
        {pipelines.error ? (
          <Alert variant="destructive">
            <AlertDescription>{pipelines.error.message}</AlertDescription>
          </Alert>
        ) : !pipelines.data ? (
          <Skeleton className="h-40 rounded-xl" />
        ) : pipelines.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed p-10 text-center text-muted-foreground">
            <Workflow className="size-6" aria-hidden />
            <p>No pipelines yet: create one with the form.</p>
          </div>
        ) : (
          <ul className="space-y-2">
            {pipelines.data.map((p) => (
              <li key={p.id}>
                <Link
                  href={`/prod/pipelines/${p.id}`}
                  className="block space-y-1 rounded-xl border p-4 transition-colors hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <span className="flex flex-wrap items-center gap-2 font-medium">
                    {p.name}
                    {p.demo ? <Badge variant="outline">Demo</Badge> : null}
                    {p.last_run ? <RunStateBadge state={p.last_run.state} /> : null}
                  </span>
                  <span className="block text-sm text-muted-foreground">
                    {p.client_name} · {SOURCE_TEXT[p.source_kind]} · {scheduleText(p.schedule)}
                    {p.last_run ? ` · last run ${when(p.last_run.created_at)}` : ""}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <PipelineForm clientId={params.get("client") ?? undefined} />
    </div>
  );
}
