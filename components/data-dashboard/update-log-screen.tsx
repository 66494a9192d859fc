"use client";
/**
 * The update log (/content-update-logs): every change to followed entities,
 * newest first, cursor-paged, filtered by entity type and id, or by actor,
 * and a date range; each entry expands to its field diff. CSV export of the
 * filtered view streams from the API.
 */
import * as React from "react";
import Link from "next/link";
import { Download, FileClock } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { INPUT_CLASSES } from "@/components/ui/form-classes";
import { UPDATE_LOG_PATH, useUpdateLog } from "@/lib/client/hooks/use-data-dashboard";
import { ENTITY_TYPES } from "@/lib/platform/update-log/contract";
import { UPDATE_LOG_FILTER_HELP, type UpdateLogItem } from "@/lib/platform/update-log/list-contract";

interface Filters {
  entity_type: string;
  entity_id: string;
  actor: string;
  from: string;
  to: string;
}
const EMPTY: Filters = { entity_type: "", entity_id: "", actor: "", from: "", to: "" };

function toQuery(f: Filters, cursor?: string): URLSearchParams {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v.trim()) q.set(k, v.trim());
  if (cursor) q.set("cursor", cursor);
  return q;
}

export function UpdateLogScreen({ initial }: { initial?: Partial<Filters> }) {
  const [draft, setDraft] = React.useState<Filters>({ ...EMPTY, ...initial });
  const [applied, setApplied] = React.useState<Filters>({ ...EMPTY, ...initial });
  const [cursors, setCursors] = React.useState<string[]>([]);
  const query = toQuery(applied, cursors[cursors.length - 1]);
  const { data, error, isLoading } = useUpdateLog(query);
  const set = (k: keyof Filters) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setDraft((d) => ({ ...d, [k]: e.target.value }));
  const apply = (e: React.FormEvent) => {
    e.preventDefault();
    setApplied(draft);
    setCursors([]);
  };
  const csv = `${UPDATE_LOG_PATH}?${toQuery(applied).toString()}&format=csv`;

  return (
    <div className="space-y-6">
      <form
        aria-label="Filter the update log"
        onSubmit={apply}
        className="grid gap-3 rounded-lg border p-4 sm:grid-cols-3 lg:grid-cols-6 lg:items-end"
      >
        <div className="space-y-1.5">
          <Label htmlFor="ul-type">Entity type</Label>
          <select id="ul-type" className={INPUT_CLASSES} value={draft.entity_type} onChange={set("entity_type")}>
            <option value="">Any</option>
            {ENTITY_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="ul-id">Entity id</Label>
          <Input id="ul-id" value={draft.entity_id} onChange={set("entity_id")} placeholder="e.g. vibes/abc" />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="ul-actor">Actor</Label>
          <Input id="ul-actor" value={draft.actor} onChange={set("actor")} placeholder="email, uid or system" />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="ul-from">From</Label>
          <Input id="ul-from" type="date" value={draft.from} onChange={set("from")} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="ul-to">To</Label>
          <Input id="ul-to" type="date" value={draft.to} onChange={set("to")} />
        </div>
        <div className="flex gap-2">
          <Button type="submit">Apply</Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setDraft(EMPTY);
              setApplied(EMPTY);
              setCursors([]);
            }}
          >
            Clear
          </Button>
        </div>
        <p className="text-xs text-muted-foreground sm:col-span-3 lg:col-span-6">{UPDATE_LOG_FILTER_HELP}</p>
      </form>

      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {data
            ? `${data.data.length} entr${data.data.length === 1 ? "y" : "ies"} on this page${cursors.length ? ` (page ${cursors.length + 1})` : ""}`
            : ""}
        </p>
        <Button asChild variant="outline" size="sm">
          <a href={csv} download>
            <Download /> Export CSV
          </a>
        </Button>
      </div>

      {error ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>
            {error.message}
            {error.issues.length ? ` ${error.issues.map((i) => i.message).join(" ")}` : ""}
          </AlertDescription>
        </Alert>
      ) : isLoading || !data ? (
        <div className="space-y-2" aria-busy="true" aria-label="Loading the update log">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : data.data.length === 0 ? (
        <EmptyState icon={FileClock} heading="No entries match">
          {cursors.length
            ? "There is nothing after this page."
            : "No change matches these filters yet. Changes to content, layouts, templates, clients, pipelines, prompts and dashboard documents appear here as they happen."}
        </EmptyState>
      ) : (
        <ol className="divide-y rounded-lg border" aria-label="Update log entries">
          {data.data.map((e) => (
            <Entry key={e.id} entry={e} />
          ))}
        </ol>
      )}

      <nav aria-label="Update log pages" className="flex justify-between">
        <Button variant="outline" disabled={!cursors.length} onClick={() => setCursors((c) => c.slice(0, -1))}>
          Newer
        </Button>
        <Button
          variant="outline"
          disabled={!data?.next_cursor}
          onClick={() => data?.next_cursor && setCursors((c) => [...c, data.next_cursor!])}
        >
          Older
        </Button>
      </nav>
    </div>
  );
}

function Entry({ entry: e }: { entry: UpdateLogItem }) {
  const who = e.actor_kind === "system" ? "system" : (e.actor_email ?? e.actor_id);
  const label = e.entity_label ?? e.entity_id;
  // The link sits beside the entry's <details>, not in its <summary>: a link inside the toggle is a control within a control.
  return (
    <li className="flex items-start gap-3 p-3 text-sm">
      <details className="min-w-0 flex-1">
        <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1">
          <time dateTime={e.created_at} className="tabular-nums text-muted-foreground">
            {new Date(e.created_at).toLocaleString()}
          </time>
          <span className="font-medium">{who}</span>
          <Badge variant="secondary">{e.action}</Badge>
          <span>
            {e.entity_type} {label}
          </span>
          <span className="text-muted-foreground">
            {e.changes.length} field{e.changes.length === 1 ? "" : "s"}
            {e.truncated ? "+" : ""}
          </span>
        </summary>
        <div className="mt-3 space-y-2 pl-4">
          <p className="text-xs text-muted-foreground">
            id {e.entity_id} · from {e.screen ?? "—"} · via {e.source}
          </p>
          {e.changes.length === 0 ? (
            <p className="text-muted-foreground">No field changed.</p>
          ) : (
            <table className="w-full table-fixed text-xs">
              <thead>
                <tr className="text-left text-muted-foreground">
                  <th className="w-1/4 py-1 font-medium">Field</th>
                  <th className="py-1 font-medium">Before</th>
                  <th className="py-1 font-medium">After</th>
                </tr>
              </thead>
              <tbody>
                {e.changes.map((c) => (
                  <tr key={c.path} className="align-top">
                    <td className="break-all py-1 font-mono">{c.path || "(document)"}</td>
                    <td className="break-all py-1 font-mono text-red-700 dark:text-red-400">{c.before ?? "—"}</td>
                    <td className="break-all py-1 font-mono text-green-700 dark:text-green-400">{c.after ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {e.truncated ? (
            <p className="text-xs text-muted-foreground">More fields changed than the entry keeps.</p>
          ) : null}
        </div>
      </details>
      {e.href ? (
        <Link href={e.href} className="shrink-0 text-primary underline underline-offset-4">
          Open<span className="sr-only"> {label}</span>
        </Link>
      ) : null}
    </li>
  );
}
