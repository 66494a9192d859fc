"use client";
/**
 * /layouts-pipeline/{layoutId}/animation: each slot's entrance and exit
 * (type, duration, delay, easing), played live in the Remotion Player at
 * real speed (scrub with its controls) with the layout's own timing, and
 * saved with the revision check like the slot editor.
 */
import Link from "next/link";
import { useMemo, useState } from "react";
import { LayoutTemplate } from "lucide-react";

import { MissingItem } from "@/components/missing-item";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { LazyPlayer } from "@/components/common/lazy-player";
import { ANIMATION_TYPES, EASINGS, type Animation, type LayoutSlot } from "@/lib/engine/composition/layout-schema";
import { validateLayout } from "@/lib/engine/composition/layout-validation";
import { COMPOSITION_RATIOS, type CompositionRatio } from "@/lib/engine/composition/ratios";
import { updateSlot } from "@/lib/studio/layouts/editing";
import { DEFAULT_PREVIEW_STYLE, layoutPreviewProps, PREVIEW_STYLES } from "@/lib/studio/layouts/preview";
import { cn } from "@/lib/platform/utils";
import { SaveBar } from "./save-bar";
import { useLayoutDraft } from "./use-layout-draft";
import { useLiveSaveConfirm } from "./live-save-confirm";

const SELECT = "h-8 w-full rounded-md border border-input bg-background px-2 text-sm";
const NONE: Animation = { type: "none", durationMs: 500, delayMs: 0, easing: "ease-out" };
const SCENE_LENGTHS = [3000, 4000, 6000];

function AnimationFields({
  slot,
  which,
  value,
  onChange,
}: {
  slot: LayoutSlot;
  which: "enter" | "exit";
  value: Animation | null;
  onChange: (a: Animation | null) => void;
}) {
  const a = value ?? NONE;
  const p = `${slot.id}-${which}`;
  const set = (patch: Partial<Animation>) => {
    const next = { ...a, ...patch };
    onChange(next.type === "none" ? null : next);
  };
  const num = (v: string, max: number) => Math.max(0, Math.min(max, Math.round(Number(v) || 0)));
  return (
    <fieldset className="grid grid-cols-4 gap-2">
      <legend className="sr-only">{`${slot.label} ${which}`}</legend>
      <div className="space-y-1">
        <Label htmlFor={`${p}-type`} className="text-xs">
          {which === "enter" ? "Enter" : "Exit"}
        </Label>
        <select
          id={`${p}-type`}
          aria-label={`${slot.label} ${which} animation`}
          className={SELECT}
          value={a.type}
          onChange={(e) => set({ type: e.target.value as Animation["type"] })}
        >
          {ANIMATION_TYPES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${p}-dur`} className="text-xs">
          Duration ms
        </Label>
        <Input
          id={`${p}-dur`}
          className="h-8"
          type="number"
          min={0}
          max={5000}
          step={50}
          disabled={!value}
          value={a.durationMs}
          onChange={(e) => set({ durationMs: num(e.target.value, 5000) })}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${p}-delay`} className="text-xs">
          Delay ms
        </Label>
        <Input
          id={`${p}-delay`}
          className="h-8"
          type="number"
          min={0}
          max={10000}
          step={50}
          disabled={!value}
          value={a.delayMs}
          onChange={(e) => set({ delayMs: num(e.target.value, 10000) })}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${p}-ease`} className="text-xs">
          Easing
        </Label>
        <select
          id={`${p}-ease`}
          className={SELECT}
          disabled={!value}
          value={a.easing}
          onChange={(e) => set({ easing: e.target.value as Animation["easing"] })}
        >
          {EASINGS.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}

export function LayoutAnimation({ layoutId }: { layoutId: string }) {
  const d = useLayoutDraft(layoutId);
  const live = useLiveSaveConfirm(d);
  const [ratio, setRatio] = useState<CompositionRatio>("9:16");
  const [sceneMs, setSceneMs] = useState(4000);
  const [styleId, setStyleId] = useState(DEFAULT_PREVIEW_STYLE);
  const preview = useMemo(() => {
    if (!d.draft || !d.layout) return { props: null, error: null };
    try {
      return {
        props: layoutPreviewProps({
          layout: d.draft,
          ratio,
          media: d.layout.sample_media,
          width: 360,
          durationMs: sceneMs,
          styleId,
        }),
        error: null,
      };
    } catch (e) {
      return { props: null, error: e instanceof Error ? e.message : "The layout cannot be previewed." };
    }
  }, [d.draft, d.layout, ratio, sceneMs, styleId]);

  if (d.error?.status === 404)
    return (
      <MissingItem
        icon={LayoutTemplate}
        noun="layout"
        ids={[{ label: "Layout ID", value: layoutId }]}
        back={{ label: "Back to layouts", href: "/layouts" }}
      />
    );
  if (d.error && !d.layout) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{d.error.message}</AlertDescription>
      </Alert>
    );
  }
  if (!d.layout || !d.draft) return <Skeleton className="h-[520px] w-full" aria-label="Loading the layout" />;
  const draft = d.draft;
  const errors = validateLayout(draft).filter((i) => i.severity === "error");
  const signature =
    preview.props?.scenes[0]?.slots
      .map((s) => `${s.id}:${s.enter?.type ?? "none"}/${s.exit?.type ?? "none"}`)
      .join(" ") ?? "";
  // Re-mount the Player when the animations change so it plays them from the start.
  const playerKey = JSON.stringify(draft.slots.map((s) => [s.enter, s.exit])) + ratio + sceneMs + styleId;

  return (
    <div className="space-y-6">
      <SaveBar
        layout={d.layout}
        dirty={d.dirty}
        blocked={errors.length ? `${errors.length} layout errors (fix them in the slot editor)` : null}
        save={d.save}
        moving={d.moving}
        onSave={live.onSave}
        onReload={d.reload}
        onMove={d.moveTo}
      />
      {live.dialog}
      <nav className="flex flex-wrap gap-3 text-sm" aria-label="This layout">
        <Link className="underline" href={`/layouts-pipeline/${layoutId}`}>
          Slot editor
        </Link>
        <Link className="underline" href={`/layout-tracker?layout=${layoutId}`}>
          History
        </Link>
      </nav>
      <div className="grid gap-6 lg:grid-cols-[360px_minmax(0,1fr)]">
        <div className="space-y-3">
          <div className="flex flex-wrap gap-2">
            <div role="tablist" aria-label="Aspect ratio" className="inline-flex rounded-md border p-0.5">
              {COMPOSITION_RATIOS.map((r) => (
                <button
                  key={r}
                  role="tab"
                  aria-selected={ratio === r}
                  className={cn(
                    "rounded px-2 py-1 text-xs",
                    ratio === r ? "bg-primary text-primary-foreground" : "hover:bg-muted",
                  )}
                  onClick={() => setRatio(r)}
                >
                  {r}
                </button>
              ))}
            </div>
            <label className="flex items-center gap-1 text-xs">
              Scene
              <select
                className="h-7 rounded border bg-background px-1"
                value={sceneMs}
                onChange={(e) => setSceneMs(Number(e.target.value))}
              >
                {SCENE_LENGTHS.map((ms) => (
                  <option key={ms} value={ms}>
                    {ms / 1000} s
                  </option>
                ))}
              </select>
            </label>
            <label className="flex items-center gap-1 text-xs">
              Style
              <select
                className="h-7 rounded border bg-background px-1"
                value={styleId}
                onChange={(e) => setStyleId(e.target.value)}
              >
                {PREVIEW_STYLES.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {preview.props ? (
            <div data-testid="animation-player" data-animations={signature}>
              <LazyPlayer
                key={playerKey}
                props={preview.props}
                label={`Animation preview of ${draft.name} at ${ratio}`}
                controls
                autoPlay
                loop
                muted
              />
            </div>
          ) : (
            <p role="note" className="text-sm text-destructive">
              {preview.error}
            </p>
          )}
          <p className="text-xs text-muted-foreground">
            Plays at real speed with the layout&apos;s own timing; drag the Player&apos;s timeline to scrub. Exits play
            at the end of the scene.
          </p>
        </div>
        <ul className="space-y-4" aria-label="Slot animations">
          {[...draft.slots]
            .sort((a, b) => b.z - a.z)
            .map((s) => (
              <li key={s.id} className="space-y-2 rounded-lg border p-3">
                <h3 className="text-sm font-medium">
                  {s.label} <span className="text-xs text-muted-foreground">({s.kind})</span>
                </h3>
                <AnimationFields
                  slot={s}
                  which="enter"
                  value={s.enter}
                  onChange={(a) => d.setDraft(updateSlot(draft, s.id, (x) => ({ ...x, enter: a })))}
                />
                <AnimationFields
                  slot={s}
                  which="exit"
                  value={s.exit}
                  onChange={(a) => d.setDraft(updateSlot(draft, s.id, (x) => ({ ...x, exit: a })))}
                />
              </li>
            ))}
        </ul>
      </div>
    </div>
  );
}
