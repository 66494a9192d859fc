"use client";
/**
 * /templates-pipeline/{id}: the template's layouts (thumbnails drawn from
 * the draft, which layouts it offers and in what order), its versions, its
 * checks (every layout × ratio × short/long sample), stage actions and
 * publishing the draft as the next version.
 */
import { useState } from "react";
import { ArrowDown, ArrowUp, CircleAlert, CircleCheck, Plus, Rocket, Trash2, TriangleAlert, Undo2 } from "lucide-react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import { COMPOSITION_RATIOS } from "@/lib/engine/composition/ratios";
import type { CheckReport } from "@/lib/studio/templates/checks";
import type { TemplateDetail } from "@/lib/studio/templates/contract";
import { diffFields } from "@/lib/platform/update-log/diff";
import {
  discardTemplateDraft,
  moveStage,
  publishVersion,
  saveDraft,
  useStudioTemplate,
} from "@/lib/client/hooks/use-studio-templates";
import type { ApiClientError } from "@/lib/client/api";
import { RatioPicker } from "./ratio-picker";
import { SamplePlayer } from "./sample-player";
import { StageBadge } from "@/components/studio/stage-badge";
import { TemplateNav } from "./template-nav";

function ChecksTable({ report, title }: { report: CheckReport; title: string }) {
  const layouts = [...new Map(report.cells.map((c) => [c.layoutId, c.layoutName])).entries()];
  const problems = report.cells.flatMap((c) => c.problems.map((p) => ({ ...p, cell: c })));
  return (
    <section aria-labelledby="checks-title" className="space-y-3">
      <h2 id="checks-title" className="flex items-center gap-2 text-lg font-semibold">
        {report.passed ? (
          <CircleCheck aria-hidden className="size-5 text-green-600" />
        ) : (
          <CircleAlert aria-hidden className="size-5 text-destructive" />
        )}
        {title}: {report.passed ? "passing" : `${report.errors} failing`}
        {report.warnings ? (
          <span className="text-sm font-normal text-muted-foreground">({report.warnings} warnings)</span>
        ) : null}
      </h2>
      <div className="relative overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Each layout in each aspect ratio with short and long sample text</caption>
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="py-1 pr-3 font-medium">
                Layout
              </th>
              {COMPOSITION_RATIOS.map((r) => (
                <th key={r} scope="col" className="px-2 py-1 font-medium">
                  {r}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {layouts.map(([id, name]) => (
              <tr key={id} className="border-b last:border-0">
                <th scope="row" className="py-1 pr-3 text-left font-normal">
                  {name}
                </th>
                {COMPOSITION_RATIOS.map((r) => {
                  const cells = report.cells.filter((c) => c.layoutId === id && c.ratio === r);
                  const errors = cells.flatMap((c) => c.problems).filter((p) => p.severity === "error").length;
                  const warnings = cells.flatMap((c) => c.problems).length - errors;
                  return (
                    <td key={r} className="px-2 py-1">
                      {errors ? (
                        <span className="text-destructive">
                          ✕ {errors} error{errors > 1 ? "s" : ""}
                        </span>
                      ) : warnings ? (
                        <span className="text-amber-700 dark:text-amber-400">! {warnings}</span>
                      ) : (
                        <span className="text-green-700 dark:text-green-400">✓ ok</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {problems.length ? (
        <ul className="space-y-1 text-sm" aria-label={`${title} problems`}>
          {problems.slice(0, 30).map((p, i) => (
            <li key={i} className="flex gap-2">
              {p.severity === "error" ? (
                <CircleAlert aria-label="Error" className="mt-0.5 size-4 shrink-0 text-destructive" />
              ) : (
                <TriangleAlert aria-label="Warning" className="mt-0.5 size-4 shrink-0 text-amber-600" />
              )}
              <span>
                <strong className="font-medium">
                  {p.cell.layoutName} · {p.cell.ratio} · {p.cell.sample} text:
                </strong>{" "}
                {p.message}
              </span>
            </li>
          ))}
          {problems.length > 30 ? <li className="text-muted-foreground">…and {problems.length - 30} more</li> : null}
        </ul>
      ) : null}
    </section>
  );
}

/** What publishing will change: the draft against the current version, field by field (the first 30). */
function DraftChanges({ before, after, version }: { before: unknown; after: unknown; version: number }) {
  const changes = diffFields(before, after);
  const shown = changes.slice(0, 30);
  return (
    <div className="w-full rounded-md border bg-muted/30 p-3 text-sm" data-testid="publish-summary">
      <h3 className="font-medium">
        {changes.length === 0
          ? `Version ${version} changes nothing yet`
          : `What version ${version} changes (${changes.length} ${changes.length === 1 ? "setting" : "settings"})`}
      </h3>
      {shown.length ? (
        <ul className="mt-1 space-y-0.5 font-mono text-xs break-all">
          {shown.map((c) => (
            <li key={c.path}>
              {c.path}: {c.before ?? "—"} → {c.after ?? "—"}
            </li>
          ))}
          {changes.length > shown.length ? <li>…and {changes.length - shown.length} more</li> : null}
        </ul>
      ) : null}
    </div>
  );
}

function LayoutsSection({ d, onChange, busy }: { d: TemplateDetail; onChange(ids: string[]): void; busy: boolean }) {
  const [ratio, setRatio] = useState<CompositionRatio>("1:1");
  const [adding, setAdding] = useState("");
  const ids = d.draft.body.layouts.map((l) => l.id);
  const candidates = d.layouts_available.filter((l) => !ids.includes(l.id));
  const move = (i: number, by: number) => {
    const next = [...ids];
    const [x] = next.splice(i, 1);
    next.splice(i + by, 0, x!);
    onChange(next);
  };
  return (
    <section aria-labelledby="layouts-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="layouts-title" className="text-lg font-semibold">
          Layouts{" "}
          {d.draft.saved ? (
            <span className="text-sm font-normal text-muted-foreground">(draft v{d.draft.version})</span>
          ) : null}
        </h2>
        <RatioPicker value={ratio} onChange={setRatio} label="Thumbnail aspect ratio" />
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {d.draft.body.layouts.map((l, i) => (
          <li key={l.id} className="overflow-hidden rounded-lg border bg-card">
            <div className="pointer-events-none bg-muted">
              <SamplePlayer
                templateId={d.template.id}
                version={d.draft.version}
                body={d.draft.body}
                ratio={ratio}
                layoutIds={[l.id]}
                width={240}
                sampleMedia={d.sample_media}
                mode="still"
                label={`${l.name} in ${ratio}`}
              />
            </div>
            <div className="flex items-center justify-between gap-1 p-2">
              <span className="truncate text-xs font-medium" title={l.name}>
                {i + 1}. {l.name}
              </span>
              <span className="flex shrink-0">
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  className="size-7"
                  disabled={busy || i === 0}
                  onClick={() => move(i, -1)}
                  aria-label={`Move ${l.name} earlier`}
                >
                  <ArrowUp />
                </Button>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  className="size-7"
                  disabled={busy || i === ids.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={`Move ${l.name} later`}
                >
                  <ArrowDown />
                </Button>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  className="size-7"
                  disabled={busy || ids.length === 1}
                  onClick={() => onChange(ids.filter((x) => x !== l.id))}
                  aria-label={`Remove ${l.name}`}
                >
                  <Trash2 />
                </Button>
              </span>
            </div>
          </li>
        ))}
      </ul>
      {candidates.length ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (adding) onChange([...ids, adding]);
            setAdding("");
          }}
        >
          <div className="space-y-1">
            <Label htmlFor="add-layout">Offer another layout</Label>
            <select
              id="add-layout"
              value={adding}
              onChange={(e) => setAdding(e.target.value)}
              className="h-9 rounded-md border bg-background px-2 text-sm"
            >
              <option value="">Choose a layout…</option>
              {candidates.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name} ({l.stage})
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="outline" disabled={!adding || busy}>
            <Plus /> Add to draft
          </Button>
        </form>
      ) : null}
    </section>
  );
}

export function TemplatePage({ id }: { id: string }) {
  const { data: d, error, isLoading, mutate } = useStudioTemplate(id);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: "error" | "ok"; text: string } | null>(null);

  async function act(what: string, call: () => Promise<TemplateDetail>) {
    setBusy(true);
    setMessage(null);
    try {
      await mutate(await call(), { revalidate: false });
      setMessage({ kind: "ok", text: what });
    } catch (e) {
      setMessage({ kind: "error", text: (e as ApiClientError).message });
    } finally {
      setBusy(false);
    }
  }

  if (error) {
    return (
      <Alert variant="destructive">
        <AlertTitle>{error.status === 404 ? "No such template" : "The template could not be loaded"}</AlertTitle>
        <AlertDescription>{error.message}</AlertDescription>
      </Alert>
    );
  }
  if (isLoading || !d) return <Skeleton aria-label="Loading the template" className="h-96 w-full" />;
  const t = d.template;
  return (
    <div className="space-y-8">
      <TemplateNav id={id} current="" />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <p className="flex items-center gap-2 text-xl font-semibold">
            {t.name} <StageBadge stage={t.stage} /> <Badge variant="outline">v{t.current_version}</Badge>
          </p>
          <p className="max-w-2xl text-sm text-muted-foreground">{t.description}</p>
          <p className="text-sm">
            Used in {t.usage} content {t.usage === 1 ? "item" : "items"} · revision {t.revision}
          </p>
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Stage actions">
          {d.stage_actions.map((a) => (
            <span key={a.to} className="flex flex-col items-end gap-1">
              <Button
                type="button"
                variant={a.to === "live" ? "default" : "outline"}
                disabled={busy || !!a.blocked}
                aria-describedby={a.blocked ? `blocked-${a.to}` : undefined}
                onClick={() => act(`${a.label}: done.`, () => moveStage(id, t.revision, a.to))}
              >
                {a.label}
              </Button>
              {a.blocked ? (
                <span id={`blocked-${a.to}`} className="max-w-64 text-right text-xs text-destructive">
                  {a.blocked}
                </span>
              ) : null}
            </span>
          ))}
        </div>
      </div>

      {message ? (
        <Alert
          variant={message.kind === "error" ? "destructive" : "default"}
          role={message.kind === "error" ? "alert" : "status"}
        >
          <AlertDescription>{message.text}</AlertDescription>
        </Alert>
      ) : null}

      <section aria-labelledby="draft-title" className="rounded-lg border p-4">
        <h2 id="draft-title" className="text-lg font-semibold">
          Next version (v{d.draft.version})
        </h2>
        {d.draft.saved ? (
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <p className="text-sm">
              Unpublished changes{d.draft.created_by ? ` started by ${d.draft.created_by}` : ""}. Publishing makes them
              version {d.draft.version}, which new content uses; content made with v{t.current_version} or earlier keeps
              its version.
              {d.checks.draft.passed
                ? ""
                : ` The draft fails ${d.checks.draft.errors} checks and cannot be published yet.`}
            </p>
            <DraftChanges before={d.current} after={d.draft.body} version={d.draft.version} />
            <Button
              type="button"
              disabled={busy || !d.checks.draft.passed}
              onClick={() => act(`Version ${d.draft.version} published.`, () => publishVersion(id, t.revision))}
            >
              <Rocket /> Publish version {d.draft.version}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={busy}
              onClick={() => act("Unpublished changes discarded.", () => discardTemplateDraft(id, t.revision))}
            >
              <Undo2 /> Discard changes
            </Button>
          </div>
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">
            No unpublished changes. Edit the style, the animation or the layouts below to start version{" "}
            {d.draft.version}.
          </p>
        )}
      </section>

      <LayoutsSection
        d={d}
        busy={busy}
        onChange={(ids) =>
          act("Layouts saved to the draft.", () => saveDraft(id, { revision: t.revision, layout_ids: ids }))
        }
      />

      <ChecksTable
        report={d.checks.draft}
        title={d.draft.saved ? `Checks of draft v${d.draft.version}` : `Checks of v${t.current_version}`}
      />
      {d.draft.saved ? <ChecksTable report={d.checks.current} title={`Checks of live v${t.current_version}`} /> : null}

      <section aria-labelledby="versions-title" className="space-y-2">
        <h2 id="versions-title" className="text-lg font-semibold">
          Versions
        </h2>
        {/* A phone scrolls the table inside this region (its authors' names are long), not the page. */}
        <div role="region" aria-label="Versions" tabIndex={0} className="relative max-w-full overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b text-left">
                <th scope="col" className="py-1 font-medium">
                  Version
                </th>
                <th scope="col" className="py-1 font-medium">
                  Published
                </th>
                <th scope="col" className="py-1 font-medium">
                  By
                </th>
                <th scope="col" className="py-1 font-medium">
                  Layouts
                </th>
                <th scope="col" className="py-1 font-medium">
                  Content made with it
                </th>
              </tr>
            </thead>
            <tbody>
              {d.versions.map((v) => (
                <tr key={v.version} className="border-b last:border-0">
                  <td className="py-1">
                    v{v.version} {v.version === t.current_version ? <Badge variant="secondary">current</Badge> : null}
                  </td>
                  <td className="py-1">{v.published_at ? new Date(v.published_at).toLocaleString() : "—"}</td>
                  <td className="py-1">{v.created_by}</td>
                  <td className="py-1">{v.layout_count}</td>
                  <td className="py-1">{v.usage}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
