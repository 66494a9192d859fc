"use client";
/**
 * /remotion-test: pick any template × version × layout × aspect ratio ×
 * sample text (or a real content id) and see it in the Player; render the
 * same to a small MP4 on the server (a job: progress, log and timings kept
 * on the server, so a reload finds it again) and play or download the file.
 */
import { useEffect, useState } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import useSWR from "swr";
import { Clapperboard, Download, LoaderCircle } from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { LazyPlayer } from "@/components/common/lazy-player";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import type { TemplateVersionBody } from "@/lib/engine/composition/template-schema";
import { TEST_RENDER_WIDTHS, type PreviewInputRaw, type TestRenderView } from "@/lib/studio/templates/contract";
import {
  startTestRender,
  templatePath,
  useStudioPreview,
  useStudioTemplate,
  useStudioTemplates,
  useTestRender,
  useTestRenders,
} from "@/lib/client/hooks/use-studio-templates";
import { type ApiClientError, fetcher } from "@/lib/client/api";
import { SelectField } from "./fields";
import { RatioPicker } from "./ratio-picker";

type Sample = "short" | "long" | "content";

function RenderResult({ view }: { view: TestRenderView }) {
  const pct = Math.round(view.progress * 100);
  const active = view.state === "queued" || view.state === "running";
  return (
    <section aria-labelledby={`render-${view.id}`} className="space-y-3 rounded-lg border p-4">
      <h3 id={`render-${view.id}`} className="flex items-center gap-2 text-sm font-semibold">
        {active ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
        Test render{" "}
        {view.state === "succeeded"
          ? "finished"
          : view.state === "failed"
            ? "failed"
            : view.state === "queued"
              ? "queued"
              : `running: ${view.stage}`}
      </h3>
      <div
        role="progressbar"
        aria-label="Test render progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="h-2 w-full overflow-hidden rounded bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${pct}%` }} />
      </div>
      {view.error ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{view.error}</AlertDescription>
        </Alert>
      ) : null}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">Size</dt>
          <dd>{view.file ? `${view.file.width}×${view.file.height}` : `${view.input.width} px wide`}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Render time</dt>
          <dd>{view.timing.render_ms !== null ? `${(view.timing.render_ms / 1000).toFixed(1)} s` : "—"}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Queued to done</dt>
          <dd>{view.timing.total_ms !== null ? `${(view.timing.total_ms / 1000).toFixed(1)} s` : "—"}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">File</dt>
          <dd>
            {view.file
              ? `${Math.round(view.file.size_bytes / 1024)} KB, ${(view.file.duration_ms / 1000).toFixed(1)} s`
              : "—"}
          </dd>
        </div>
      </dl>
      {view.file ? (
        <div className="space-y-2">
          <video
            src={view.file.url}
            controls
            muted
            playsInline
            className="max-h-80 rounded border bg-black"
            aria-label="The rendered MP4"
          />
          <a
            href={view.file.url}
            download={`remotion-test-${view.id}.mp4`}
            className="inline-flex items-center gap-1 text-sm font-medium underline"
          >
            <Download aria-hidden className="size-4" /> Download the MP4
          </a>
        </div>
      ) : null}
      <details open={active || view.state === "failed"}>
        <summary className="cursor-pointer text-sm font-medium">Log ({view.logs.length} lines)</summary>
        <ol className="mt-2 max-h-48 overflow-auto rounded bg-muted p-2 font-mono text-xs" aria-label="Render log">
          {view.logs.map((l, i) => (
            <li key={i}>
              <time dateTime={l.at}>{new Date(l.at).toLocaleTimeString()}</time> {l.message}
            </li>
          ))}
        </ol>
      </details>
    </section>
  );
}

export function RemotionTest() {
  const params = useSearchParams();
  const router = useRouter();
  const list = useStudioTemplates();
  const [templateId, setTemplateId] = useState<string>(params.get("template") ?? "");
  const [version, setVersion] = useState<string>("current");
  const [layoutId, setLayoutId] = useState<string>("");
  const [ratio, setRatio] = useState<CompositionRatio>("16:9");
  const [sample, setSample] = useState<Sample>("short");
  const [contentId, setContentId] = useState("");
  const [width, setWidth] = useState<number>(240);
  const [renderId, setRenderId] = useState<string | null>(params.get("render"));
  const [startError, setStartError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    if (!templateId && list.data?.length) setTemplateId(list.data[0]!.id);
  }, [list.data, templateId]);
  const detail = useStudioTemplate(templateId || null);
  const versionKey =
    templateId && detail.data
      ? version === "current"
        ? null
        : `${templatePath(templateId)}/versions/${version}`
      : null;
  const versionBody = useSWR<{ body: TemplateVersionBody }, ApiClientError>(versionKey, fetcher);
  const layouts = (version === "current" ? detail.data?.current : versionBody.data?.body)?.layouts ?? [];

  const input: PreviewInputRaw | null =
    sample === "content"
      ? /^[A-Za-z0-9_-]{1,128}$/.test(contentId.trim())
        ? { template_id: templateId || "none", ratio, sample: "content", content_id: contentId.trim() }
        : null
      : templateId
        ? {
            template_id: templateId,
            ratio,
            sample,
            layout_id: layoutId || null,
            ...(version === "current" ? {} : { version: version === "draft" ? "draft" : Number(version) }),
          }
        : null;
  const preview = useStudioPreview(input);
  const render = useTestRender(renderId);
  const recent = useTestRenders();

  async function start() {
    if (!input) return;
    setStarting(true);
    setStartError(null);
    try {
      const v = await startTestRender(input, width);
      setRenderId(v.id);
      router.replace(`/remotion-test?template=${encodeURIComponent(templateId)}&render=${encodeURIComponent(v.id)}`, {
        scroll: false,
      });
      void recent.mutate();
    } catch (e) {
      setStartError((e as ApiClientError).message);
    } finally {
      setStarting(false);
    }
  }

  const versionOptions = [
    { value: "current", label: detail.data ? `Current (v${detail.data.template.current_version})` : "Current" },
    ...(detail.data?.draft.saved
      ? [{ value: "draft", label: `Unpublished draft (v${detail.data.draft.version})` }]
      : []),
    ...(detail.data?.versions
      .filter((v) => v.version !== detail.data!.template.current_version)
      .map((v) => ({ value: String(v.version), label: `v${v.version}` })) ?? []),
  ];

  return (
    <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
      <form className="space-y-4" aria-label="What to preview" onSubmit={(e) => (e.preventDefault(), start())}>
        <SelectField
          label="Sample content"
          value={sample}
          options={[
            { value: "short", label: "Short sample text" },
            { value: "long", label: "Long sample text" },
            { value: "content", label: "A real content item" },
          ]}
          onChange={(v) => setSample(v as Sample)}
        />
        {sample === "content" ? (
          <div className="space-y-1">
            <Label htmlFor="content-id">Content id</Label>
            <Input
              id="content-id"
              value={contentId}
              onChange={(e) => setContentId(e.target.value)}
              placeholder="e.g. a video's id from /videos/{id}"
            />
            <p className="text-xs text-muted-foreground">
              It renders as made: its own template version, ratio and scenes.
            </p>
          </div>
        ) : (
          <>
            <SelectField
              label="Template"
              value={templateId}
              options={(list.data ?? []).map((t) => ({ value: t.id, label: `${t.name} (${t.stage})` }))}
              onChange={(v) => {
                setTemplateId(v);
                setVersion("current");
                setLayoutId("");
              }}
            />
            <SelectField
              label="Version"
              value={version}
              options={versionOptions}
              onChange={(v) => (setVersion(v), setLayoutId(""))}
            />
            <SelectField
              label="Layout"
              value={layoutId}
              options={[
                { value: "", label: "Every layout (a sample video)" },
                ...layouts.map((l) => ({ value: l.id, label: l.name })),
              ]}
              onChange={setLayoutId}
            />
            <div className="space-y-1">
              <span className="text-sm font-medium">Aspect ratio</span>
              <RatioPicker value={ratio} onChange={setRatio} />
            </div>
          </>
        )}
        <SelectField
          label="Test render width"
          value={String(width)}
          options={TEST_RENDER_WIDTHS.map((w) => ({ value: String(w), label: `${w} px` }))}
          onChange={(v) => setWidth(Number(v))}
        />
        <Button type="submit" disabled={!input || starting || !!preview.error} aria-busy={starting || undefined}>
          <Clapperboard /> {starting ? "Queuing…" : "Render MP4 on the server"}
        </Button>
        {startError ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{startError}</AlertDescription>
          </Alert>
        ) : null}
      </form>

      <div className="min-w-0 space-y-6">
        <section aria-labelledby="player-title" className="space-y-2">
          <h2 id="player-title" className="text-base font-semibold">
            Player{preview.data ? `: ${preview.data.label}` : ""}
          </h2>
          {preview.error ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{preview.error.message}</AlertDescription>
            </Alert>
          ) : preview.data ? (
            <div
              className="mx-auto"
              style={{ maxWidth: preview.data.props.width >= preview.data.props.height ? 720 : 360 }}
            >
              <LazyPlayer props={preview.data.props} label={`Preview: ${preview.data.label}`} controls loop muted />
              {preview.data.warnings.length ? (
                <ul className="mt-2 text-sm text-amber-800 dark:text-amber-300" aria-label="Warnings">
                  {preview.data.warnings.map((w, i) => (
                    <li key={i}>{w.message}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : input ? (
            <Skeleton className="aspect-video w-full" />
          ) : (
            <p className="text-sm text-muted-foreground">Pick a template, or enter a content id.</p>
          )}
        </section>
        {render.data ? (
          <RenderResult view={render.data} />
        ) : render.error ? (
          <p className="text-sm text-destructive">{render.error.message}</p>
        ) : null}
        {recent.data && recent.data.length ? (
          <section aria-labelledby="recent-title" className="space-y-2">
            <h2 id="recent-title" className="text-base font-semibold">
              Recent test renders
            </h2>
            <ul className="space-y-1 text-sm">
              {recent.data.map((r) => (
                <li key={r.id}>
                  <button
                    type="button"
                    className="text-left underline-offset-2 hover:underline"
                    onClick={() => setRenderId(r.id)}
                  >
                    {new Date(r.created_at).toLocaleString()} · {r.input.preview.template_id} · {r.input.preview.ratio}{" "}
                    · {r.input.width} px · {r.state}
                    {r.timing.render_ms !== null ? ` · ${(r.timing.render_ms / 1000).toFixed(1)} s` : ""}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  );
}
