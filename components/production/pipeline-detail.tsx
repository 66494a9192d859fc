"use client";
/**
 * `/prod/pipelines/{id}`: the definition, "Run now", the runs, and the chosen
 * run (`?run=`): overall progress and ETA, each item's state and progress,
 * retry of failed items, cancel, the outputs (video links and a ZIP) and the
 * webhook delivery log. Followed live while it runs; a reload shows the same.
 */
import { useState } from "react";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import {
  CircleAlert,
  CircleCheck,
  Clock,
  Download,
  ExternalLink,
  KeyRound,
  LoaderCircle,
  Pencil,
  Play,
  Recycle,
  RotateCcw,
  X,
} from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { RATIO_NAMES } from "@/components/common/format";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import {
  archivePipeline,
  cancelRun,
  retryRun,
  rotateWebhookSecret,
  runPath,
  startRun,
  usePipeline,
  useRun,
} from "@/lib/client/hooks/use-production";
import type { PipelineView, RunItemState, RunView } from "@/lib/operations/production/contract";
import { scheduleText } from "@/lib/operations/production/schedule";
import { PipelineForm } from "./pipeline-form";
import { DeliveryBadge, etaText, percent, ProgressBar, RunStateBadge, when } from "./shared";

const ITEM_TEXT: Record<RunItemState, string> = {
  waiting: "Waiting",
  planning: "Planning",
  rendering: "Rendering",
  done: "Done",
  failed: "Failed",
  cancelled: "Cancelled",
};
const ITEM_ICON = {
  waiting: Clock,
  planning: LoaderCircle,
  rendering: LoaderCircle,
  done: CircleCheck,
  failed: CircleAlert,
  cancelled: X,
} as const;

function Definition({ p, onEdit }: { p: PipelineView; onEdit: (() => void) | null }) {
  const [secret, setSecret] = useState<string | null>(null);
  const [err, setErr] = useState<string | null>(null);
  const src = p.source;
  return (
    <section aria-label="Definition" className="space-y-2 rounded-xl border p-4 text-sm">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">Definition</h2>
        {onEdit ? (
          <Button size="sm" variant="outline" onClick={onEdit}>
            <Pencil />
            Edit
          </Button>
        ) : null}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">Name</dt>
        <dd data-testid="pipeline-name">{p.name}</dd>
        <dt className="text-muted-foreground">Client</dt>
        <dd>
          <Link href={`/prod/clients/${p.client_id}`} className="underline-offset-4 hover:underline">
            {p.client_name}
          </Link>
        </dd>
        <dt className="text-muted-foreground">Source</dt>
        <dd className="break-all">
          {src.kind === "csv"
            ? `${src.file_name} (${src.rows.length} rows)`
            : src.kind === "feed"
              ? `${src.format.toUpperCase()} feed ${src.url}`
              : `${src.links.length} links`}
        </dd>
        <dt className="text-muted-foreground">Template</dt>
        <dd>
          {p.settings.template_id
            ? `${p.settings.template_id} · ${p.settings.template_version ? `pinned to v${p.settings.template_version}` : "always the current version"}`
            : "The writer picks"}
        </dd>
        <dt className="text-muted-foreground">Videos</dt>
        <dd>
          {p.settings.aspect_ratios.map((r) => RATIO_NAMES[r as CompositionRatio]).join(", ")} · {p.settings.length_s} s
          · {p.settings.voice_id ? "narrated" : "no narration"} · {p.settings.captions ? "captions" : "no captions"}
        </dd>
        <dt className="text-muted-foreground">Schedule</dt>
        <dd>
          {scheduleText(p.schedule)}
          {p.next_run_at ? ` · next ${when(p.next_run_at)}` : ""}
        </dd>
        <dt className="text-muted-foreground">Webhook</dt>
        <dd className="break-all">{p.webhook_url ?? "None"}</dd>
      </dl>
      {p.webhook_url ? (
        <div className="space-y-2 pt-2">
          <Button
            size="sm"
            variant="outline"
            onClick={async () => {
              try {
                setSecret((await rotateWebhookSecret(p.id)).webhook_secret);
              } catch (e) {
                setErr(e instanceof Error ? e.message : "Not changed.");
              }
            }}
          >
            <KeyRound />
            New signing secret
          </Button>
          {secret ? (
            <p className="text-xs">
              Copy it now, it is shown once: <code className="rounded bg-muted px-1 break-all">{secret}</code>
            </p>
          ) : null}
          {err ? <p className="text-sm text-destructive">{err}</p> : null}
        </div>
      ) : null}
    </section>
  );
}

function RunPanel({ pipeId, run }: { pipeId: string; run: RunView }) {
  const { mutate } = useRun(pipeId, run.id);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const failed = run.items.filter((i) => i.state === "failed" || i.state === "cancelled");
  const done = run.items.filter((i) => i.state === "done" && i.video_id);
  const act = async (fn: () => Promise<RunView>) => {
    setBusy(true);
    setError(null);
    try {
      await mutate(fn(), { revalidate: false });
    } catch (e) {
      setError(e instanceof Error ? e.message : "That did not work.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-label="Run" className="space-y-4 rounded-xl border p-4" data-testid="run" data-state={run.state}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 font-semibold">
          Run of {when(run.created_at)} <RunStateBadge state={run.state} />
        </h2>
        <div className="flex flex-wrap gap-2">
          {run.state === "running" ? (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => act(() => cancelRun(pipeId, run.id))}>
              <X />
              Cancel run
            </Button>
          ) : null}
          {failed.length && run.state !== "running" ? (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => act(() => retryRun(pipeId, run.id))}>
              <RotateCcw />
              Retry {failed.length} failed
            </Button>
          ) : null}
          {done.length ? (
            <Button asChild size="sm">
              <a href={`${runPath(pipeId, run.id)}/zip`} download>
                <Download />
                Download ZIP ({done.length})
              </a>
            </Button>
          ) : null}
        </div>
      </div>
      <div className="space-y-1.5">
        <ProgressBar value={run.progress} label="Run progress" />
        <p className="text-sm text-muted-foreground" data-testid="run-summary">
          {run.counts.done} of {run.item_count} done
          {run.counts.failed ? ` · ${run.counts.failed} failed` : ""}
          {run.counts.cancelled ? ` · ${run.counts.cancelled} cancelled` : ""}
          {run.reused_count ? ` · ${run.reused_count} unchanged, reused` : ""} · {percent(run.progress)}%
          {run.eta_s !== null ? ` · ${etaText(run.eta_s)}` : ""} · {run.credits_used} credits
        </p>
        {run.template_version ? (
          <p className="text-xs text-muted-foreground">Rendered with template version {run.template_version}.</p>
        ) : null}
        {run.error ? <p className="text-sm text-destructive">{run.error}</p> : null}
      </div>
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <ol className="divide-y" aria-label="Items">
        {run.items.map((i) => {
          const Icon = ITEM_ICON[i.state];
          return (
            <li key={i.id} className="space-y-1 py-2" data-testid="run-item" data-state={i.state}>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <Icon
                  className={`size-4 ${i.state === "planning" || i.state === "rendering" ? "animate-spin motion-reduce:animate-none" : ""}`}
                  aria-hidden
                />
                <span className="font-medium">Row {i.position + 1}</span>
                <span className="min-w-0 flex-1 truncate text-muted-foreground">
                  {i.row.name ?? i.row.prompt ?? i.row.link}
                </span>
                <Badge variant="outline">{i.aspect_ratio}</Badge>
                {i.reused ? (
                  <Badge variant="secondary">
                    <Recycle />
                    Reused
                  </Badge>
                ) : null}
                <span className="sr-only">{ITEM_TEXT[i.state]}</span>
                {i.video_id ? (
                  <Link
                    href={`/videos/${i.video_id}`}
                    className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
                  >
                    Open video <ExternalLink className="size-3" aria-hidden />
                  </Link>
                ) : (
                  <span className="text-xs text-muted-foreground">{ITEM_TEXT[i.state]}</span>
                )}
              </div>
              {i.state !== "done" && i.state !== "failed" && i.state !== "cancelled" ? (
                <ProgressBar value={i.progress} label={`Row ${i.position + 1} progress`} />
              ) : null}
              {i.error && i.state === "failed" ? <p className="text-xs text-destructive">{i.error}</p> : null}
            </li>
          );
        })}
      </ol>
      {run.deliveries.length ? (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold">Webhook deliveries</h3>
          <table className="w-full text-left text-xs">
            <thead className="text-muted-foreground">
              <tr>
                <th className="py-1 font-medium">Attempt</th>
                <th className="py-1 font-medium">When</th>
                <th className="py-1 font-medium">Answer</th>
                <th className="py-1 font-medium">Time</th>
              </tr>
            </thead>
            {run.deliveries.map((d) => (
              <tbody key={d.id} className="border-t">
                <tr>
                  <td colSpan={4} className="py-1">
                    <DeliveryBadge state={d.state} attempts={d.attempts.length} />{" "}
                    <span className="text-muted-foreground">{d.url}</span>
                    {d.state === "waiting" && d.next_attempt_at ? (
                      <span className="text-muted-foreground"> · next try {when(d.next_attempt_at)}</span>
                    ) : null}
                  </td>
                </tr>
                {d.attempts.map((a, n) => (
                  <tr key={n}>
                    <td className="py-0.5">{n + 1}</td>
                    <td>{when(a.at)}</td>
                    <td>{a.status ?? a.error}</td>
                    <td>{a.duration_ms} ms</td>
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
      ) : null}
    </section>
  );
}

function ChosenRun({ pipeId, runId }: { pipeId: string; runId: string }) {
  const run = useRun(pipeId, runId);
  if (run.error) return <p className="text-sm text-destructive">{run.error.message}</p>;
  if (!run.data) return <Skeleton className="h-48 rounded-xl" />;
  return <RunPanel pipeId={pipeId} run={run.data} />;
}

export function PipelineDetail({ id }: { id: string }) {
  const pipe = usePipeline(id);
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  /** The pipeline as it was when Edit was pressed (refreshes while editing must not reset the form). */
  const [editBase, setEditBase] = useState<{ p: PipelineView; key: number } | null>(null);
  if (pipe.error) {
    return (
      <Alert variant="destructive">
        <AlertDescription>
          {pipe.error.status === 404 ? "There is no such pipeline." : pipe.error.message}{" "}
          <Link href="/prod/pipelines" className="underline">
            Back to pipelines
          </Link>
        </AlertDescription>
      </Alert>
    );
  }
  const p = pipe.data;
  if (!p) return <Skeleton className="h-96 rounded-xl" />;
  const runId = params.get("run") ?? p.runs[0]?.id ?? null;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="space-y-6">
        <div className="flex flex-wrap items-center gap-2">
          <Button
            disabled={busy || p.archived}
            onClick={async () => {
              setBusy(true);
              setError(null);
              try {
                const run = await startRun(id);
                await pipe.mutate();
                router.replace(`${pathname}?run=${run.id}`);
              } catch (e) {
                setError(e instanceof Error ? e.message : "The run did not start.");
              } finally {
                setBusy(false);
              }
            }}
          >
            <Play />
            Run now
          </Button>
          {p.archived ? <Badge variant="outline">Archived</Badge> : null}
        </div>
        {error ? (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
        {editBase ? (
          <PipelineForm
            key={editBase.key}
            pipeline={editBase.p}
            onCancel={() => setEditBase(null)}
            onSaved={async (saved) => {
              setEditBase(null);
              await pipe.mutate(saved);
            }}
            onReload={async () => {
              const fresh = await pipe.mutate();
              if (fresh) setEditBase({ p: fresh, key: editBase.key + 1 });
            }}
          />
        ) : (
          <Definition p={p} onEdit={p.archived ? null : () => setEditBase({ p, key: 0 })} />
        )}
        <section aria-label="Runs" className="space-y-2 rounded-xl border p-4">
          <h2 className="font-semibold">Runs</h2>
          {p.runs.length === 0 ? <p className="text-sm text-muted-foreground">No runs yet: press Run now.</p> : null}
          <ul className="divide-y">
            {p.runs.map((r) => (
              <li key={r.id}>
                <Link
                  href={`${pathname}?run=${r.id}`}
                  aria-current={r.id === runId ? "true" : undefined}
                  className="flex items-center justify-between gap-2 py-2 text-sm aria-[current=true]:font-semibold"
                >
                  <span>
                    {when(r.created_at)} · {r.trigger}
                  </span>
                  <span className="flex items-center gap-2">
                    <span className="text-muted-foreground">
                      {r.done_count}/{r.item_count}
                    </span>
                    <RunStateBadge state={r.state} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        {!p.archived ? (
          confirming ? (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              Archive this pipeline? Its schedule stops; runs stay.
              <Button
                size="sm"
                variant="destructive"
                onClick={async () => {
                  try {
                    await archivePipeline(id, p.revision);
                    await pipe.mutate();
                    setConfirming(false);
                  } catch (e) {
                    setError(e instanceof Error ? e.message : "Not archived.");
                  }
                }}
              >
                Yes, archive
              </Button>
              <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </div>
          ) : (
            <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
              Archive pipeline
            </Button>
          )
        ) : null}
      </div>
      <div>
        {runId ? (
          <ChosenRun key={runId} pipeId={id} runId={runId} />
        ) : (
          <p className="rounded-xl border border-dashed p-10 text-center text-muted-foreground">
            Run the pipeline to see its progress and outputs here.
          </p>
        )}
      </div>
    </div>
  );
}
