"use client";
/**
 * A production pipeline, new or edited: client, source (a CSV upload, a
 * product feed URL in CSV/JSON/RSS, or a list of links), template and its
 * version (always the current one, or a pinned published one), aspect
 * ratios, length, voice, captions, writer model, schedule and webhook. A
 * webhook's signing secret is shown here once. Editing (`pipeline`) saves
 * with the revision it was opened on: someone else's save in between is a
 * 409, said plainly, and the edits stay in the form.
 */
import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { FileUp, KeyRound, LoaderCircle, Plus, RefreshCw, Save } from "lucide-react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { RATIO_NAMES } from "@/components/common/format";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import {
  createPipeline,
  updatePipeline,
  uploadPipelineCsv,
  useClients,
  useTemplateVersions,
} from "@/lib/client/hooks/use-production";
import { useVideoOptions } from "@/lib/client/hooks/use-videos";
import { fieldMessages, ApiClientError } from "@/lib/client/api";
import {
  FEED_FORMATS,
  WEEKDAYS,
  type CsvSource,
  type FeedFormat,
  type PipelineInput,
  type PipelineView,
  type Schedule,
} from "@/lib/operations/production/contract";
import { nextRunAt } from "@/lib/operations/production/schedule";
import { when } from "./shared";

const SELECT = "h-9 w-full rounded-md border border-input bg-background px-2 text-sm";
type SourceKind = "csv" | "feed" | "links";

/** A saved CSV source as the form holds it (its rows are kept unless a new file is uploaded). */
function csvOf(p: PipelineView): CsvSource | null {
  if (p.source.kind !== "csv") return null;
  const rows = p.source.rows;
  return {
    file_name: p.source.file_name,
    rows,
    row_count: rows.length,
    columns: Object.keys(rows[0]?.row ?? {}),
    key_column: null,
  };
}

export interface PipelineFormProps {
  clientId?: string;
  /** Edit this pipeline (prefilled; saved with its revision) instead of creating one. */
  pipeline?: PipelineView;
  /** Edit mode: called with the saved pipeline. */
  onSaved?: (saved: PipelineView) => void;
  /** Edit mode: leave without saving. */
  onCancel?: () => void;
  /** Edit mode, after a 409: load the latest version (the edits here are dropped). */
  onReload?: () => void;
}

export function PipelineForm({ clientId, pipeline, onSaved, onCancel, onReload }: PipelineFormProps) {
  const router = useRouter();
  const editing = Boolean(pipeline);
  const clients = useClients("");
  const options = useVideoOptions();
  const src = pipeline?.source;
  const set = pipeline?.settings;
  const [client, setClient] = useState(pipeline?.client_id ?? clientId ?? "");
  const [name, setName] = useState(pipeline?.name ?? "");
  const [kind, setKind] = useState<SourceKind>(src?.kind ?? "csv");
  const [csv, setCsv] = useState<CsvSource | null>(pipeline ? csvOf(pipeline) : null);
  const [csvError, setCsvError] = useState<string | null>(null);
  const [feedUrl, setFeedUrl] = useState(src?.kind === "feed" ? src.url : "");
  const [format, setFormat] = useState<FeedFormat>(src?.kind === "feed" ? src.format : "csv");
  const [links, setLinks] = useState(src?.kind === "links" ? src.links.join("\n") : "");
  const [template, setTemplate] = useState(set?.template_id ?? "");
  const [version, setVersion] = useState<number | null>(set?.template_version ?? null);
  const [ratios, setRatios] = useState<CompositionRatio[]>(
    (set?.aspect_ratios as CompositionRatio[] | undefined) ?? ["9:16"],
  );
  const [length, setLength] = useState<15 | 20 | 30 | 45 | 60>(set?.length_s ?? 15);
  const [voice, setVoice] = useState(set?.voice_id ?? "");
  const [captions, setCaptions] = useState(set?.captions ?? true);
  const [model, setModel] = useState(set?.model_id ?? "");
  const [schedule, setSchedule] = useState<Schedule>(pipeline?.schedule ?? { kind: "on_demand" });
  const [webhook, setWebhook] = useState(pipeline?.webhook_url ?? "");
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<{ id: string; secret: string } | null>(null);
  const versions = useTemplateVersions(template || null);
  const msg = fieldMessages(error);
  const conflict = error instanceof ApiClientError && error.status === 409 && editing;
  const modelId = model || options.data?.default_model_id || "local/preview";
  const liveTemplates = options.data?.templates ?? [];
  const chosenVersion = version !== null ? versions.data?.find((v) => v.version === version) : undefined;
  const currentVersion = versions.data?.find((v) => v.current)?.version;

  if (secret) {
    return (
      <Alert>
        <KeyRound aria-hidden />
        <AlertTitle>Webhook signing secret</AlertTitle>
        <AlertDescription className="space-y-3">
          <p>
            Copy it now: it is shown only this once. Verify each delivery&apos;s{" "}
            <code>Promptframe-Signature: t=…,v1=…</code> header (HMAC-SHA256 of <code>t.body</code>) with it.
          </p>
          <code className="block rounded bg-muted p-2 text-sm break-all" data-testid="webhook-secret">
            {secret.secret}
          </code>
          {editing && pipeline ? (
            <Button size="sm" onClick={() => onSaved?.(pipeline)}>
              Back to the pipeline
            </Button>
          ) : (
            <Button asChild size="sm">
              <Link href={`/prod/pipelines/${secret.id}`}>Continue to the pipeline</Link>
            </Button>
          )}
        </AlertDescription>
      </Alert>
    );
  }

  const source = (): PipelineInput["source"] | null => {
    if (kind === "csv") return csv ? { kind: "csv", file_name: csv.file_name, rows: csv.rows } : null;
    if (kind === "feed") return { kind: "feed", url: feedUrl.trim(), format };
    return {
      kind: "links",
      links: links
        .split(/\s+/)
        .map((l) => l.trim())
        .filter(Boolean),
    };
  };
  const next = nextRunAt(schedule, new Date());

  return (
    <form
      aria-label={editing ? "Edit pipeline" : "New pipeline"}
      className="space-y-5 rounded-xl border p-4"
      onSubmit={async (e) => {
        e.preventDefault();
        const src = source();
        if (!src) {
          setCsvError("Upload a CSV file first.");
          return;
        }
        setBusy(true);
        setError(null);
        const settings = {
          template_id: template || null,
          template_version: template ? version : null,
          aspect_ratios: ratios,
          length_s: length,
          voice_id: voice || null,
          captions,
          music: set?.music ?? false,
          model_id: modelId,
        };
        try {
          if (pipeline) {
            const saved = await updatePipeline(pipeline.id, {
              revision: pipeline.revision,
              name,
              source: src,
              settings,
              schedule,
              webhook_url: webhook.trim() || null,
            });
            setBusy(false);
            if (saved.webhook_secret) setSecret({ id: saved.id, secret: saved.webhook_secret });
            else onSaved?.(saved);
            return;
          }
          const made = await createPipeline({
            client_id: client,
            name,
            source: src,
            settings,
            schedule,
            webhook_url: webhook.trim() || null,
          });
          if (made.webhook_secret) setSecret({ id: made.id, secret: made.webhook_secret });
          else router.push(`/prod/pipelines/${made.id}`);
        } catch (err) {
          setError(err);
          setBusy(false);
        }
      }}
    >
      <h2 className="font-semibold">{editing ? "Edit pipeline" : "New pipeline"}</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="p-client">Client</Label>
          <select
            id="p-client"
            className={SELECT}
            value={client}
            onChange={(e) => setClient(e.target.value)}
            aria-invalid={Boolean(msg.client_id)}
            disabled={editing}
            aria-describedby={editing ? "p-client-fixed" : undefined}
          >
            <option value="">Pick a client</option>
            {pipeline && !(clients.data ?? []).some((c) => c.id === pipeline.client_id) ? (
              <option value={pipeline.client_id}>{pipeline.client_name}</option>
            ) : null}
            {(clients.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {editing ? (
            <p id="p-client-fixed" className="text-xs text-muted-foreground">
              A pipeline stays with its client.
            </p>
          ) : null}
          {msg.client_id ? <p className="text-sm text-destructive">{msg.client_id}</p> : null}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="p-name">Pipeline name</Label>
          <Input id="p-name" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={Boolean(msg.name)} />
          {msg.name ? <p className="text-sm text-destructive">{msg.name}</p> : null}
        </div>
      </div>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">Source</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {(["csv", "feed", "links"] as const).map((k) => (
            <label key={k} className="flex items-center gap-2">
              <input type="radio" name="source-kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
              {k === "csv" ? "CSV upload" : k === "feed" ? "Product feed URL" : "List of links"}
            </label>
          ))}
        </div>
        {kind === "csv" ? (
          <div className="space-y-2">
            <Label htmlFor="p-csv" className="flex items-center gap-2">
              <FileUp className="size-4" aria-hidden />
              {editing && csv
                ? "Replace the CSV file (optional; UTF-8, a link or prompt column, at most 100 rows)"
                : "CSV file (UTF-8, a link or prompt column, at most 100 rows)"}
            </Label>
            <Input
              id="p-csv"
              type="file"
              accept=".csv,text/csv"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                setCsvError(null);
                if (!file) return;
                setCsv(null);
                try {
                  setCsv(await uploadPipelineCsv(file));
                } catch (err) {
                  setCsvError(err instanceof Error ? err.message : "This file cannot be used.");
                }
              }}
            />
            {csvError ? (
              <p role="alert" className="text-sm text-destructive">
                {csvError}
              </p>
            ) : null}
            {csv ? (
              <div className="rounded-lg border bg-muted/30 p-3 text-sm" data-testid="csv-summary">
                <p className="font-medium">
                  {csv.row_count} row{csv.row_count === 1 ? "" : "s"} from {csv.file_name}
                  {csv.key_column ? ` · keyed by “${csv.key_column}”` : ""}
                </p>
                <ul className="mt-1 list-disc pl-5 text-muted-foreground">
                  {csv.rows.slice(0, 3).map((r) => (
                    <li key={r.key} className="truncate">
                      {r.row.name ?? r.row.prompt ?? r.row.link}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        ) : kind === "feed" ? (
          <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
            <div className="space-y-1.5">
              <Label htmlFor="p-feed">Feed URL</Label>
              <Input
                id="p-feed"
                type="url"
                placeholder="https://shop.example/feed.json"
                value={feedUrl}
                onChange={(e) => setFeedUrl(e.target.value)}
                aria-invalid={Boolean(msg["source.url"])}
              />
              {msg["source.url"] ? <p className="text-sm text-destructive">{msg["source.url"]}</p> : null}
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="p-format">Format</Label>
              <select
                id="p-format"
                className={SELECT}
                value={format}
                onChange={(e) => setFormat(e.target.value as FeedFormat)}
              >
                {FEED_FORMATS.map((f) => (
                  <option key={f} value={f}>
                    {f.toUpperCase()}
                  </option>
                ))}
              </select>
            </div>
          </div>
        ) : (
          <div className="space-y-1.5">
            <Label htmlFor="p-links">Links, one per line</Label>
            <Textarea
              id="p-links"
              rows={4}
              value={links}
              onChange={(e) => setLinks(e.target.value)}
              aria-invalid={Boolean(msg["source.links"])}
            />
            {msg["source.links"] ? <p className="text-sm text-destructive">{msg["source.links"]}</p> : null}
          </div>
        )}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-3">
        <div className="space-y-1.5">
          <Label htmlFor="p-template">Template</Label>
          <select
            id="p-template"
            className={SELECT}
            value={template}
            aria-invalid={Boolean(msg["settings.template_id"])}
            onChange={(e) => {
              setTemplate(e.target.value);
              setVersion(null);
            }}
          >
            <option value="">The writer picks</option>
            {set?.template_id && !liveTemplates.some((t) => t.id === set.template_id) ? (
              <option value={set.template_id}>{set.template_id} (no longer live)</option>
            ) : null}
            {liveTemplates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name} (v{t.version})
              </option>
            ))}
          </select>
          {msg["settings.template_id"] ? (
            <p className="text-sm text-destructive">{msg["settings.template_id"]}</p>
          ) : null}
        </div>
        {template ? (
          <div className="space-y-1.5">
            <Label htmlFor="p-template-version">Template version</Label>
            <select
              id="p-template-version"
              className={SELECT}
              value={version ?? ""}
              disabled={versions.isLoading}
              aria-invalid={Boolean(msg["settings.template_version"])}
              aria-describedby="p-template-version-hint"
              onChange={(e) => setVersion(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">Always the current version</option>
              {version !== null && versions.data && !chosenVersion ? (
                <option value={version}>v{version} (not published)</option>
              ) : null}
              {(versions.data ?? []).map((v) => (
                <option key={v.version} value={v.version}>
                  v{v.version}
                  {v.current ? " (current)" : ` (published ${when(v.published_at)})`}
                </option>
              ))}
            </select>
            <p
              id="p-template-version-hint"
              className="text-xs text-muted-foreground"
              data-testid="template-version-hint"
            >
              {versions.isLoading
                ? "Loading the published versions…"
                : versions.error
                  ? `The versions could not be loaded: ${versions.error.message}`
                  : version === null
                    ? `Runs use whatever version is current when they start${currentVersion ? ` (now v${currentVersion})` : ""}.`
                    : chosenVersion && !chosenVersion.template_live
                      ? `This template is no longer live. Runs still render with v${version}: published versions never change.`
                      : chosenVersion && !chosenVersion.current
                        ? `v${version} is no longer the current version${currentVersion ? ` (v${currentVersion} is)` : ""}. Runs still render with it: published versions never change.`
                        : `Every run renders with v${version}, even after newer versions are published.`}
            </p>
            {msg["settings.template_version"] ? (
              <p className="text-sm text-destructive">{msg["settings.template_version"]}</p>
            ) : null}
          </div>
        ) : null}
        <div className="space-y-1.5">
          <Label htmlFor="p-length">Length</Label>
          <select
            id="p-length"
            className={SELECT}
            value={length}
            onChange={(e) => setLength(Number(e.target.value) as 15 | 20 | 30 | 45 | 60)}
          >
            <option value={15}>About 15 seconds</option>
            <option value={30}>About 30 seconds</option>
            <option value={60}>About 60 seconds</option>
          </select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="p-voice">Voice</Label>
          <select id="p-voice" className={SELECT} value={voice} onChange={(e) => setVoice(e.target.value)}>
            <option value="">No narration</option>
            {(options.data?.voices ?? []).map((v) => (
              <option key={v.id} value={v.id}>
                {v.label}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="p-model">Writer model</Label>
          <select id="p-model" className={SELECT} value={modelId} onChange={(e) => setModel(e.target.value)}>
            {(options.data?.models ?? [{ id: "local/preview", label: "Local preview", available: true }]).map((m) => (
              <option key={m.id} value={m.id} disabled={!m.available}>
                {m.label}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium">Aspect ratios</legend>
          <div className="flex flex-wrap gap-3 text-sm">
            {(["9:16", "1:1", "16:9"] as const).map((r) => (
              <label key={r} className="flex items-center gap-1.5">
                <input
                  type="checkbox"
                  checked={ratios.includes(r)}
                  onChange={(e) => setRatios(e.target.checked ? [...ratios, r] : ratios.filter((x) => x !== r))}
                />
                {RATIO_NAMES[r]} {r}
              </label>
            ))}
          </div>
          {msg["settings.aspect_ratios"] ? (
            <p className="text-sm text-destructive">{msg["settings.aspect_ratios"]}</p>
          ) : null}
        </fieldset>
        <label className="flex items-center gap-2 self-end text-sm">
          <input type="checkbox" checked={captions} onChange={(e) => setCaptions(e.target.checked)} />
          Captions
        </label>
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <div className="space-y-1.5">
          <Label htmlFor="p-schedule">Schedule</Label>
          <select
            id="p-schedule"
            className={SELECT}
            value={schedule.kind}
            onChange={(e) => {
              const k = e.target.value;
              setSchedule(
                k === "daily"
                  ? { kind: "daily", time: "09:00" }
                  : k === "weekly"
                    ? { kind: "weekly", weekday: "mon", time: "09:00" }
                    : { kind: "on_demand" },
              );
            }}
          >
            <option value="on_demand">On demand</option>
            <option value="daily">Daily</option>
            <option value="weekly">Weekly</option>
          </select>
        </div>
        {schedule.kind === "weekly" ? (
          <div className="space-y-1.5">
            <Label htmlFor="p-weekday">Day</Label>
            <select
              id="p-weekday"
              className={SELECT}
              value={schedule.weekday}
              onChange={(e) => setSchedule({ ...schedule, weekday: e.target.value as (typeof WEEKDAYS)[number] })}
            >
              {WEEKDAYS.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {schedule.kind !== "on_demand" ? (
          <div className="space-y-1.5">
            <Label htmlFor="p-time">Time (UTC)</Label>
            <Input
              id="p-time"
              type="time"
              value={schedule.time}
              onChange={(e) => setSchedule({ ...schedule, time: e.target.value })}
            />
            {next ? <p className="text-xs text-muted-foreground">Next run {when(next.toISOString())}</p> : null}
          </div>
        ) : null}
      </div>

      <div className="space-y-1.5">
        <Label htmlFor="p-webhook">Webhook URL (optional)</Label>
        <Input
          id="p-webhook"
          type="url"
          placeholder="https://client.example/hooks/videos"
          value={webhook}
          onChange={(e) => setWebhook(e.target.value)}
          aria-invalid={Boolean(msg.webhook_url)}
        />
        <p className="text-xs text-muted-foreground">
          A finished run POSTs a signed JSON summary here; failures are retried with backoff.
        </p>
        {msg.webhook_url ? <p className="text-sm text-destructive">{msg.webhook_url}</p> : null}
      </div>

      {conflict ? (
        <Alert variant="destructive" role="alert">
          <AlertTitle>Someone else changed this pipeline</AlertTitle>
          <AlertDescription className="space-y-2">
            <p>
              It was saved by someone else after you opened it, so your changes were not saved. They are still here:
              note what you changed, reload to get the latest version, then make your changes again.
            </p>
            {onReload ? (
              <Button type="button" size="sm" variant="outline" onClick={onReload}>
                <RefreshCw />
                Reload the pipeline (drops these edits)
              </Button>
            ) : null}
          </AlertDescription>
        </Alert>
      ) : error ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{error instanceof Error ? error.message : "Not saved."}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy || !client || !name.trim() || ratios.length === 0}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : editing ? <Save /> : <Plus />}
          {editing ? (busy ? "Saving…" : "Save changes") : "Create pipeline"}
        </Button>
        {editing && onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
