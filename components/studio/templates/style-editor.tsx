"use client";
/**
 * /templates-pipeline/{id}/style-config: fonts, palette, type scale,
 * spacing, radius, text treatment and background of the template's draft,
 * previewed live (unsaved) in every aspect ratio and across its layouts,
 * with WCAG contrast warnings and the checks re-run on the edits.
 */
import { useDeferredValue, useMemo, useState } from "react";
import { CircleAlert, CircleCheck, TriangleAlert } from "lucide-react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import { FONTS, FONT_IDS, type FontId } from "@/lib/engine/composition/fonts";
import { COMPOSITION_RATIOS, type CompositionRatio } from "@/lib/engine/composition/ratios";
import {
  BACKGROUND_KINDS,
  BACKGROUND_PATTERNS,
  TEXT_TREATMENTS,
  type Palette,
  type TemplateStyle,
} from "@/lib/engine/composition/template-schema";
import { checkTemplateVersion } from "@/lib/studio/templates/checks";
import { contrastPairs } from "@/lib/studio/templates/contrast";
import { ColorField, RangeField, SelectField, labelled } from "./fields";
import { FontUpload } from "./font-upload";
import { RatioPicker } from "./ratio-picker";
import { SamplePlayer } from "./sample-player";
import { SaveBar } from "./save-bar";
import { TemplateNav } from "./template-nav";
import { useTemplateEdit } from "./use-template-edit";

const PALETTE_LABELS: Record<keyof Palette, string> = {
  background: "Background",
  surface: "Surface (cards, boxes)",
  text: "Text",
  muted: "Muted text",
  accent: "Accent",
  accentText: "Text on accent",
};

const fontOptions = FONT_IDS.map((id) => ({ value: id, label: FONTS[id].label }));

export function StyleEditor({ id }: { id: string }) {
  const e = useTemplateEdit(id);
  const [layoutId, setLayoutId] = useState<string | null>(null);
  const [ratio, setRatio] = useState<CompositionRatio>("9:16");
  const [sample, setSample] = useState<"short" | "long">("short");
  const [extraMedia, setExtraMedia] = useState<Record<string, string>>({});
  const media = useMemo(() => ({ ...(e.data?.sample_media ?? {}), ...extraMedia }), [e.data?.sample_media, extraMedia]);
  const deferred = useDeferredValue(e.body);
  const checks = useMemo(
    () => (deferred ? checkTemplateVersion(deferred, { templateId: id, version: 1 }) : null),
    [deferred, id],
  );

  if (e.error) {
    return (
      <Alert variant="destructive">
        <AlertTitle>The template could not be loaded</AlertTitle>
        <AlertDescription>{e.error.message}</AlertDescription>
      </Alert>
    );
  }
  if (!e.data || !e.body) return <Skeleton aria-label="Loading the style" className="h-96 w-full" />;
  const d = e.data;
  const body = e.body;
  const style = body.style;
  const set = (change: Partial<TemplateStyle>) => e.edit((b) => ({ ...b, style: { ...b.style, ...change } }));
  const setColor = (key: keyof Palette, v: string) =>
    e.edit((b) => {
      const palette = { ...b.style.palette, [key]: v };
      // The background fill's base colour follows the palette's background (image backgrounds keep their picture).
      const bg = b.style.background;
      const background =
        key === "background" && bg.kind !== "image" ? { ...bg, colors: [v, ...bg.colors.slice(1)] } : bg;
      return { ...b, style: { ...b.style, palette, background } };
    });
  const pairs = contrastPairs(style.palette, body.captions);
  const focus = layoutId && body.layouts.some((l) => l.id === layoutId) ? layoutId : body.layouts[0]!.id;
  const focusName = body.layouts.find((l) => l.id === focus)!.name;

  return (
    <div className="space-y-4">
      <TemplateNav id={id} current="/style-config" />
      <SaveBar
        dirty={e.dirty}
        saving={e.saving}
        error={e.saveError}
        savedAt={e.savedAt}
        draftVersion={d.draft.version}
        onReset={e.reset}
        onSave={() => e.save((b) => ({ style: b.style }))}
      />
      <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
        <form className="space-y-6" onSubmit={(ev) => ev.preventDefault()} aria-label="Style">
          <fieldset className="space-y-3">
            <legend className="text-base font-semibold">Fonts</legend>
            <SelectField<FontId>
              label="Heading font"
              value={style.fonts.heading}
              options={fontOptions}
              onChange={(v) => set({ fonts: { ...style.fonts, heading: v } })}
            />
            <SelectField<FontId>
              label="Body font"
              value={style.fonts.body}
              options={fontOptions}
              onChange={(v) => set({ fonts: { ...style.fonts, body: v } })}
            />
            <FontUpload
              templateId={id}
              current={style.fontFiles}
              onUse={(role, font) => {
                if (font) setExtraMedia((m) => ({ ...m, [font.key]: font.url }));
                set({
                  fontFiles: {
                    ...style.fontFiles,
                    [role]: font ? { key: font.key, family: font.family, format: font.format } : null,
                  },
                });
              }}
            />
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="text-base font-semibold">Palette</legend>
            {(Object.keys(PALETTE_LABELS) as (keyof Palette)[]).map((k) => (
              <ColorField key={k} label={PALETTE_LABELS[k]} value={style.palette[k]} onChange={(v) => setColor(k, v)} />
            ))}
          </fieldset>
          <section aria-labelledby="contrast-title" className="space-y-1">
            <h2 id="contrast-title" className="text-sm font-semibold">
              Contrast (WCAG AA)
            </h2>
            <ul className="space-y-1 text-sm">
              {pairs.map((p) => (
                <li key={p.id} className="flex items-center gap-2">
                  {p.ok ? (
                    <CircleCheck aria-label="Passes" className="size-4 text-green-600" />
                  ) : (
                    <TriangleAlert aria-label="Too low" className="size-4 text-amber-600" />
                  )}
                  <span
                    className="inline-flex h-5 w-8 items-center justify-center rounded border text-[10px] font-bold"
                    style={{ color: p.foreground, background: p.background }}
                    aria-hidden
                  >
                    Aa
                  </span>
                  <span className={p.ok ? "" : "font-medium text-amber-800 dark:text-amber-300"}>
                    {p.label}: {p.ratio.toFixed(2)}:1{p.ok ? "" : ` (needs ${p.required}:1)`}
                  </span>
                </li>
              ))}
            </ul>
          </section>
          <fieldset className="space-y-3">
            <legend className="text-base font-semibold">Type and spacing</legend>
            <RangeField
              label="Type scale"
              value={style.typeScale}
              min={0.5}
              max={2}
              step={0.01}
              onChange={(v) => set({ typeScale: v })}
              format={(v) => `${Math.round(v * 100)}%`}
            />
            <RangeField
              label="Heading letter spacing"
              value={style.letterSpacing.heading}
              min={-0.1}
              max={0.5}
              step={0.01}
              onChange={(v) => set({ letterSpacing: { ...style.letterSpacing, heading: v } })}
              format={(v) => `${v.toFixed(2)} em`}
            />
            <RangeField
              label="Body letter spacing"
              value={style.letterSpacing.body}
              min={-0.1}
              max={0.5}
              step={0.01}
              onChange={(v) => set({ letterSpacing: { ...style.letterSpacing, body: v } })}
              format={(v) => `${v.toFixed(2)} em`}
            />
            <SelectField
              label="Heading weight"
              value={String(style.headingWeight ?? "layout")}
              options={[
                { value: "layout", label: "As each layout says" },
                ...[300, 400, 500, 600, 700, 800, 900].map((w) => ({ value: String(w), label: String(w) })),
              ]}
              onChange={(v) => set({ headingWeight: v === "layout" ? null : Number(v) })}
            />
            <RangeField
              label="Spacing (padding)"
              value={style.spacing}
              min={0}
              max={120}
              step={1}
              onChange={(v) => set({ spacing: v })}
              format={(v) => `${v} px`}
            />
            <RangeField
              label="Corner radius"
              value={style.radius}
              min={0}
              max={200}
              step={1}
              onChange={(v) => set({ radius: v })}
              format={(v) => `${v} px`}
            />
            <SelectField
              label="Headline treatment"
              value={style.textTreatment}
              options={labelled(TEXT_TREATMENTS)}
              onChange={(v) => set({ textTreatment: v })}
            />
          </fieldset>
          <fieldset className="space-y-3">
            <legend className="text-base font-semibold">Background</legend>
            <SelectField
              label="Kind"
              value={style.background.kind}
              options={labelled(BACKGROUND_KINDS.filter((k) => k !== "image" || style.background.kind === "image"))}
              onChange={(v) =>
                set({
                  background: {
                    ...style.background,
                    kind: v,
                    colors:
                      v === "solid"
                        ? [style.background.colors[0]!]
                        : style.background.colors.length > 1
                          ? style.background.colors
                          : [style.background.colors[0]!, style.palette.accent],
                    pattern: v === "pattern" ? (style.background.pattern ?? "dots") : style.background.pattern,
                  },
                })
              }
            />
            {style.background.kind === "pattern" ? (
              <SelectField
                label="Pattern"
                value={style.background.pattern ?? "dots"}
                options={labelled(BACKGROUND_PATTERNS)}
                onChange={(v) => set({ background: { ...style.background, pattern: v } })}
              />
            ) : null}
            {style.background.colors.slice(1).map((c, i) => (
              <ColorField
                key={i}
                label={style.background.kind === "gradient" ? `Gradient colour ${i + 2}` : `Pattern colour ${i + 1}`}
                value={c}
                onChange={(v) =>
                  set({
                    background: {
                      ...style.background,
                      colors: style.background.colors.map((x, j) => (j === i + 1 ? v : x)),
                    },
                  })
                }
              />
            ))}
            {style.background.kind === "gradient" ? (
              <RangeField
                label="Gradient angle"
                value={style.background.angle}
                min={0}
                max={360}
                step={5}
                onChange={(v) => set({ background: { ...style.background, angle: v } })}
                format={(v) => `${v}°`}
              />
            ) : null}
            {style.background.kind === "pattern" ? (
              <RangeField
                label="Pattern opacity"
                value={style.background.patternOpacity}
                min={0}
                max={1}
                step={0.01}
                onChange={(v) => set({ background: { ...style.background, patternOpacity: v } })}
                format={(v) => `${Math.round(v * 100)}%`}
              />
            ) : null}
          </fieldset>
        </form>

        <div className="min-w-0 space-y-6">
          <section aria-labelledby="preview-ratios" className="space-y-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="preview-ratios" className="text-base font-semibold">
                {focusName} in every aspect ratio
              </h2>
              <SelectField
                label="Sample text"
                value={sample}
                options={[
                  { value: "short", label: "Short" },
                  { value: "long", label: "Long (as long as allowed)" },
                ]}
                onChange={(v) => setSample(v as "short" | "long")}
              />
            </div>
            <div className="flex flex-wrap items-start gap-3" data-testid="style-preview">
              {COMPOSITION_RATIOS.map((r) => (
                <div
                  key={r}
                  className="pointer-events-none"
                  style={{ width: r === "16:9" ? 280 : r === "1:1" ? 170 : r === "4:5" ? 150 : 120 }}
                >
                  <SamplePlayer
                    templateId={id}
                    version={d.draft.version}
                    body={body}
                    ratio={r}
                    layoutIds={[focus]}
                    sample={sample}
                    width={360}
                    sampleMedia={media}
                    mode="still"
                    label={`Preview of ${focusName} in ${r}`}
                  />
                  <p className="mt-1 text-center text-xs text-muted-foreground">{r}</p>
                </div>
              ))}
            </div>
          </section>
          <section aria-labelledby="preview-layouts" className="space-y-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="preview-layouts" className="text-base font-semibold">
                Every layout
              </h2>
              <RatioPicker value={ratio} onChange={setRatio} label="Layouts preview ratio" />
            </div>
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 xl:grid-cols-6">
              {body.layouts.map((l) => (
                <li key={l.id}>
                  <button
                    type="button"
                    onClick={() => setLayoutId(l.id)}
                    aria-pressed={l.id === focus}
                    className="block w-full overflow-hidden rounded-md border text-left aria-pressed:ring-2 aria-pressed:ring-primary focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <span className="pointer-events-none block">
                      <SamplePlayer
                        templateId={id}
                        version={d.draft.version}
                        body={body}
                        ratio={ratio}
                        layoutIds={[l.id]}
                        sample={sample}
                        width={240}
                        sampleMedia={media}
                        mode="still"
                        label={`${l.name} in ${ratio}`}
                      />
                    </span>
                    <span className="block truncate p-1 text-xs">{l.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
          {checks ? (
            <section aria-labelledby="style-checks" className="space-y-1">
              <h2 id="style-checks" className="flex items-center gap-2 text-base font-semibold">
                {checks.passed ? (
                  <CircleCheck aria-hidden className="size-4 text-green-600" />
                ) : (
                  <CircleAlert aria-hidden className="size-4 text-destructive" />
                )}
                Checks with these settings:{" "}
                {checks.passed ? "every layout fits in every ratio" : `${checks.errors} problems`}
              </h2>
              <ul className="text-sm">
                {checks.cells
                  .flatMap((c) =>
                    c.problems
                      .filter((p) => p.severity === "error")
                      .map((p) => `${c.layoutName} · ${c.ratio} · ${c.sample} text: ${p.message}`),
                  )
                  .slice(0, 8)
                  .map((line, i) => (
                    <li key={i} className="text-destructive">
                      {line}
                    </li>
                  ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
    </div>
  );
}
