"use client";

import { useEffect, useId, useMemo, useRef, useState } from "react";
import Link from "next/link";
import { useSWRConfig } from "swr";
import { Coins, FileUp, Play } from "lucide-react";

import { SegmentedChoice } from "@/components/images/segmented-choice";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { credits, RATIO_NAMES } from "@/components/common/format";
import { TemplatePicker } from "@/components/video/template-picker";
import { ToggleSwitch } from "@/components/ui/toggle-switch";
import { VideoModelSelect } from "@/components/video/video-model-select";
import { VoicePicker } from "@/components/video/voice-picker";
import { useAuth } from "@/lib/client/hooks/auth-provider";
import {
  batchCost,
  batchRowSchema,
  MAX_BATCH_ROWS,
  ROW_FIELD_LABELS,
  ROW_FIELDS,
  rowProblems,
  rowsFromCsv,
  rowsFromPaste,
  TOO_MANY_ROWS,
  type BatchRowInput,
  type BatchSettings,
  type BatchView,
  type CsvPreview,
  type RowField,
} from "@/lib/creation/batches/contract";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import { createBatch, previewCsvFile, BATCHES_PATH } from "@/lib/client/hooks/use-batches";
import { isProfileKey } from "@/lib/client/hooks/use-profile";
import { useVideoOptions } from "@/lib/client/hooks/use-videos";
import { issuesOf } from "@/lib/client/api";
import type { VideoLength, VideoOptions } from "@/lib/creation/video/contract";
import { videoCost } from "@/lib/creation/video/pricing";
import { cn } from "@/lib/platform/utils";
import { LoadError } from "@/components/common/load-error";
import { lengthChoices } from "@/components/video/length-options";

type Source = "paste" | "csv";

function initialSettings(o: VideoOptions): BatchSettings {
  const model =
    o.models.find((m) => m.id === o.default_model_id && m.available) ??
    o.models.find((m) => m.available) ??
    o.models[0];
  return {
    template_id: null,
    aspect_ratios: [o.ratios.includes("9:16") ? "9:16" : o.ratios[0]!],
    length_s: o.lengths.includes(15) ? 15 : (o.lengths[0] ?? 15),
    voice_id: o.default_voice_id,
    captions: true,
    music: o.music.length > 0,
    model_id: model?.id ?? "",
  };
}

/** Client-side check of each row with the API's own schema: problems show before anything is sent. */
function localProblems(rows: BatchRowInput[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  rows.forEach((r, i) => {
    const parsed = batchRowSchema.safeParse(r);
    if (!parsed.success)
      out.set(
        i,
        parsed.error.issues.map((x) => x.message),
      );
  });
  return out;
}

function rowLabel(r: BatchRowInput): string {
  return [r.link, r.prompt, r.name, r.price, r.image_url].filter(Boolean).join(" · ") || "(empty)";
}

/** The new-batch flow: rows (pasted or a CSV mapped on screen), settings, the cost, start. */
export function NewBatchForm({ onStarted }: { onStarted(batch: BatchView): void }) {
  const id = useId();
  const { profile } = useAuth();
  const { mutate } = useSWRConfig();
  const options = useVideoOptions();
  const [settings, setSettings] = useState<BatchSettings | null>(null);
  const [source, setSource] = useState<Source>("paste");
  const [pasted, setPasted] = useState("");
  const [csv, setCsv] = useState<{
    file: string;
    preview: CsvPreview;
    mapping: Record<RowField, number | null>;
  } | null>(null);
  const [csvError, setCsvError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  const [submitError, setSubmitError] = useState<{ message: string; rows: Map<number, string[]> } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (options.data && !settings) setSettings(initialSettings(options.data));
  }, [options.data, settings]);

  const rows: BatchRowInput[] = useMemo(
    () => (source === "paste" ? rowsFromPaste(pasted) : csv ? rowsFromCsv(csv.preview.rows, csv.mapping) : []),
    [source, pasted, csv],
  );
  const problems = useMemo(() => {
    const local = localProblems(rows);
    for (const [i, m] of submitError?.rows ?? []) local.set(i, [...new Set([...(local.get(i) ?? []), ...m])]);
    return local;
  }, [rows, submitError]);

  if (options.error && !options.data) {
    return (
      <LoadError
        title="We couldn't load the video options"
        message={options.error.message}
        onRetry={() => options.mutate()}
      />
    );
  }
  if (!options.data || !settings) {
    return (
      <div role="status" aria-busy="true" className="space-y-4">
        <span className="sr-only">Loading the video options</span>
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-10 w-80" />
      </div>
    );
  }

  const opts = options.data;
  const model = opts.models.find((m) => m.id === settings.model_id) ?? null;
  const perItem = model ? videoCost({ seconds: settings.length_s, provider: model.provider }) : 0;
  const cost = batchCost({ rows: rows.length, ratios: settings.aspect_ratios.length, perItem });
  const balance = profile?.credits ?? opts.balance;
  const tooMany = rows.length > MAX_BATCH_ROWS;
  const short = cost.total > balance;
  const canStart =
    rows.length > 0 &&
    !tooMany &&
    problems.size === 0 &&
    settings.aspect_ratios.length > 0 &&
    Boolean(model?.available) &&
    !short &&
    !busy;

  const change = (patch: Partial<BatchSettings>) => setSettings((s) => (s ? { ...s, ...patch } : s));
  const toggleRatio = (ratio: CompositionRatio) =>
    change({
      aspect_ratios: settings.aspect_ratios.includes(ratio)
        ? settings.aspect_ratios.filter((r) => r !== ratio)
        : opts.ratios.filter((r) => r === ratio || settings.aspect_ratios.includes(r)),
    });

  const readFile = async (file: File) => {
    setReading(true);
    setCsvError(null);
    setSubmitError(null);
    try {
      const preview = await previewCsvFile(file);
      setCsv({ file: file.name, preview, mapping: preview.guesses });
    } catch (e) {
      setCsv(null);
      setCsvError(e instanceof Error ? e.message : "This file could not be read.");
    } finally {
      setReading(false);
    }
  };

  const start = async () => {
    if (!canStart) return;
    setBusy(true);
    setSubmitError(null);
    try {
      const batch = await createBatch({ source, settings, rows });
      void mutate(isProfileKey);
      void mutate(BATCHES_PATH);
      onStarted(batch);
    } catch (e) {
      setSubmitError({
        message: e instanceof Error ? e.message : "The batch was not started.",
        rows: rowProblems(issuesOf(e)),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      aria-label="New batch"
      className="space-y-8"
      onSubmit={(e) => {
        e.preventDefault();
        void start();
      }}
    >
      <section className="space-y-3" aria-labelledby={`${id}-rows`}>
        <h2 id={`${id}-rows`} className="text-base font-semibold">
          1. Rows
        </h2>
        <div role="tablist" aria-label="How to add rows" className="inline-flex rounded-lg border p-1">
          {(["paste", "csv"] as const).map((s) => (
            <button
              key={s}
              type="button"
              role="tab"
              id={`${id}-tab-${s}`}
              aria-selected={source === s}
              aria-controls={`${id}-panel-${s}`}
              onClick={() => {
                setSource(s);
                setSubmitError(null);
              }}
              className={cn(
                "rounded-md px-3 py-1.5 text-sm font-medium",
                source === s ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:text-foreground",
              )}
            >
              {s === "paste" ? "Paste links or prompts" : "Upload a CSV"}
            </button>
          ))}
        </div>

        {source === "paste" ? (
          <div role="tabpanel" id={`${id}-panel-paste`} aria-labelledby={`${id}-tab-paste`} className="space-y-2">
            <label htmlFor={`${id}-paste`} className="text-sm font-medium">
              One per line: a product link or a prompt (up to {MAX_BATCH_ROWS})
            </label>
            <Textarea
              id={`${id}-paste`}
              rows={6}
              value={pasted}
              onChange={(e) => {
                setPasted(e.target.value);
                setSubmitError(null);
              }}
              placeholder={
                "https://shop.example.com/products/kettle\nA 15-second teaser for our spring sale: 20% off all teas"
              }
              className="font-mono text-sm"
            />
          </div>
        ) : (
          <div role="tabpanel" id={`${id}-panel-csv`} aria-labelledby={`${id}-tab-csv`} className="space-y-4">
            <div
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={(e) => {
                e.preventDefault();
                setDragging(false);
                const f = e.dataTransfer.files[0];
                if (f) void readFile(f);
              }}
              className={cn(
                "flex flex-col items-center gap-2 rounded-xl border-2 border-dashed p-6 text-center text-sm",
                dragging ? "border-primary bg-primary/5" : "border-muted-foreground/30",
              )}
            >
              <FileUp aria-hidden="true" className="size-6 text-muted-foreground" />
              <p>Drop a CSV file here, or</p>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => fileInput.current?.click()}
                disabled={reading}
              >
                Choose a CSV file
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept=".csv,text/csv"
                aria-label="CSV file"
                className="sr-only"
                onChange={(e) => {
                  const f = e.target.files?.[0];
                  if (f) void readFile(f);
                  e.target.value = "";
                }}
              />
              <p className="text-xs text-muted-foreground">
                First line: column names (link, prompt, name, price, image URL…). At most {MAX_BATCH_ROWS} rows.
              </p>
              {reading ? <Spinner size="sm" label="Reading the file" /> : null}
            </div>
            {csvError ? (
              <Alert variant="destructive">
                <AlertTitle>This file cannot be used</AlertTitle>
                <AlertDescription>{csvError}</AlertDescription>
              </Alert>
            ) : null}
            {csv ? (
              <div className="space-y-3">
                <p className="text-sm">
                  <strong>{csv.file}</strong>: {csv.preview.row_count} row{csv.preview.row_count === 1 ? "" : "s"}, read
                  as {csv.preview.encoding.toUpperCase()}.
                </p>
                {csv.preview.problems.map((p) => (
                  <Alert key={p}>
                    <AlertDescription>{p}</AlertDescription>
                  </Alert>
                ))}
                <fieldset className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
                  <legend className="mb-2 text-sm font-medium">Which column holds what</legend>
                  {ROW_FIELDS.map((f) => (
                    <div key={f} className="space-y-1">
                      <label htmlFor={`${id}-map-${f}`} className="text-xs font-medium">
                        {ROW_FIELD_LABELS[f]}
                      </label>
                      <select
                        id={`${id}-map-${f}`}
                        className="h-9 w-full rounded-md border bg-background px-2 text-sm"
                        value={csv.mapping[f] ?? ""}
                        onChange={(e) => {
                          setSubmitError(null);
                          setCsv({
                            ...csv,
                            mapping: { ...csv.mapping, [f]: e.target.value === "" ? null : Number(e.target.value) },
                          });
                        }}
                      >
                        <option value="">(none)</option>
                        {csv.preview.columns.map((c, i) => (
                          <option key={i} value={i}>
                            {c}
                          </option>
                        ))}
                      </select>
                    </div>
                  ))}
                </fieldset>
                <div className="relative overflow-x-auto rounded-lg border">
                  <table className="w-full text-left text-xs">
                    <caption className="sr-only">The file&apos;s first rows</caption>
                    <thead className="bg-muted/50">
                      <tr>
                        {csv.preview.columns.map((c, i) => (
                          <th key={i} scope="col" className="px-2 py-1.5 font-medium">
                            {c}
                            {ROW_FIELDS.filter((f) => csv.mapping[f] === i).map((f) => (
                              <span key={f} className="ml-1 rounded bg-primary/10 px-1 text-primary">
                                {ROW_FIELD_LABELS[f]}
                              </span>
                            ))}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {csv.preview.rows_preview.map((r, i) => (
                        <tr key={i} className="border-t">
                          {r.map((cell, j) => (
                            <td key={j} className="max-w-64 truncate px-2 py-1.5">
                              {cell}
                            </td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </div>
            ) : null}
          </div>
        )}

        <div aria-live="polite" className="space-y-2 text-sm">
          {tooMany ? <p className="text-destructive">{`${rows.length} rows. ${TOO_MANY_ROWS}`}</p> : null}
          {rows.length > 0 && !tooMany ? (
            <details open={problems.size > 0} className="rounded-lg border">
              <summary className="cursor-pointer px-3 py-2 font-medium">
                {rows.length} row{rows.length === 1 ? "" : "s"}
                {problems.size > 0 ? <span className="text-destructive"> · {problems.size} with problems</span> : null}
              </summary>
              <ol className="divide-y">
                {rows.map((r, i) => (
                  <li key={i} className="flex gap-3 px-3 py-1.5 text-xs">
                    <span className="w-8 shrink-0 tabular-nums text-muted-foreground">{i + 1}</span>
                    <span className="min-w-0 flex-1 truncate">{rowLabel(r)}</span>
                    {problems.get(i) ? (
                      <span className="text-destructive">{`Row ${i + 1}: ${problems.get(i)!.join(" ")}`}</span>
                    ) : null}
                  </li>
                ))}
              </ol>
            </details>
          ) : null}
        </div>
      </section>

      <section className="space-y-6" aria-labelledby={`${id}-settings`}>
        <h2 id={`${id}-settings`} className="text-base font-semibold">
          2. Settings
        </h2>
        <div className="grid gap-6 sm:grid-cols-2">
          <fieldset className="min-w-0 space-y-2">
            <legend className="mb-2 text-sm font-medium">Aspect ratios (one video per row and ratio)</legend>
            <div className="flex flex-wrap gap-1.5">
              {opts.ratios.map((ratio) => {
                const on = settings.aspect_ratios.includes(ratio);
                return (
                  <button
                    key={ratio}
                    type="button"
                    aria-pressed={on}
                    aria-label={`${ratio} ${RATIO_NAMES[ratio]}`}
                    onClick={() => toggleRatio(ratio)}
                    className={cn(
                      "rounded-md border px-3 py-1.5 text-sm tabular-nums",
                      on ? "border-primary bg-primary text-primary-foreground" : "hover:bg-muted",
                    )}
                  >
                    {ratio}
                  </button>
                );
              })}
            </div>
            {settings.aspect_ratios.length === 0 ? (
              <p className="text-xs text-destructive">Pick at least one aspect ratio.</p>
            ) : null}
          </fieldset>
          <SegmentedChoice
            legend="Length"
            name="batch-length"
            value={String(settings.length_s)}
            onChange={(v) => change({ length_s: Number(v) as VideoLength })}
            options={lengthChoices(opts)}
            optionClassName="min-w-14 tabular-nums"
          />
        </div>
        <TemplatePicker
          templates={opts.templates}
          value={settings.template_id}
          ratio={settings.aspect_ratios[0] ?? "9:16"}
          onChange={(template_id) => change({ template_id })}
        />
        <div className="grid gap-6 lg:grid-cols-2">
          <VoicePicker
            voices={opts.voices}
            value={settings.voice_id}
            onChange={(voice_id) => change({ voice_id })}
            legend="Voice-over"
          />
          <div className="space-y-6">
            <fieldset className="space-y-4">
              <legend className="mb-2 text-sm font-medium">Sound and text</legend>
              <ToggleSwitch
                label="Captions"
                checked={settings.captions}
                onChange={(captions) => change({ captions })}
              />
              <ToggleSwitch
                label="Music"
                checked={settings.music}
                disabled={opts.music.length === 0}
                onChange={(music) => change({ music })}
              />
            </fieldset>
            <VideoModelSelect
              models={opts.models}
              value={settings.model_id}
              onChange={(model_id) => change({ model_id })}
            />
          </div>
        </div>
      </section>

      {submitError ? (
        <Alert variant="destructive">
          <AlertTitle>The batch was not started</AlertTitle>
          <AlertDescription>{submitError.message}</AlertDescription>
        </Alert>
      ) : null}

      <div className="sticky bottom-2 z-10 flex flex-col gap-3 rounded-xl border bg-background/95 p-4 shadow-sm backdrop-blur sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 flex-1 space-y-1 text-sm" aria-live="polite">
          <p className="flex items-center gap-2 text-muted-foreground" data-testid="batch-cost">
            <Coins aria-hidden="true" className="size-4" />
            <span>
              {rows.length} row{rows.length === 1 ? "" : "s"} × {settings.aspect_ratios.length} ratio
              {settings.aspect_ratios.length === 1 ? "" : "s"} = {cost.items} video{cost.items === 1 ? "" : "s"} ×{" "}
              {credits(perItem)} = <strong className="text-foreground tabular-nums">{credits(cost.total)}</strong> · you
              have <span className="tabular-nums">{credits(balance)}</span>
            </span>
          </p>
          {short ? (
            <p className="text-destructive">
              {`${cost.total - balance} credits short. Remove rows or ratios, or `}
              <Link href="/subscription" className="font-medium underline underline-offset-2">
                get more credits
              </Link>
              .
            </p>
          ) : (
            <p className="text-xs text-muted-foreground">
              The whole batch is charged when it starts; videos that fail or are cancelled are refunded.
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {busy ? <Spinner size="sm" label="Starting the batch" /> : null}
          <Button type="submit" size="lg" disabled={!canStart} aria-busy={busy || undefined}>
            <Play />
            Start {cost.items > 0 ? `${cost.items} video${cost.items === 1 ? "" : "s"}` : "batch"}
          </Button>
        </div>
      </div>
    </form>
  );
}
