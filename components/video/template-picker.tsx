"use client";

import { Shuffle } from "lucide-react";

import { Skeleton } from "@/components/ui/skeleton";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import { useTemplatePreview } from "@/lib/client/hooks/use-videos";
import type { TemplateOption } from "@/lib/creation/video/contract";
import { cn } from "@/lib/platform/utils";
import { cssRatio } from "@/components/common/format";
import { LazyPlayer } from "@/components/common/lazy-player";
import { useReducedMotion } from "@/components/common/preview-playback";

const CARD =
  "group flex cursor-pointer flex-col overflow-hidden rounded-xl border bg-card text-left transition-shadow hover:border-primary/50 has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring";

function TemplatePreview({
  template,
  ratio,
  still,
}: {
  template: TemplateOption;
  ratio: CompositionRatio;
  still: boolean;
}) {
  const preview = useTemplatePreview(template.id, ratio);
  const props = preview.data?.props;
  return (
    <div className="pointer-events-none flex h-40 items-center justify-center bg-muted/60 p-2">
      {props ? (
        <div className="h-full" style={{ aspectRatio: `${props.width} / ${props.height}` }}>
          <LazyPlayer
            props={props}
            label={`Animated preview of the ${template.name} template`}
            autoPlay={!still}
            loop
            muted
            initialFrame={still ? (props.scenes[0]?.from ?? 0) + (props.scenes[0]?.stillFrame ?? 0) : undefined}
            className="size-full overflow-hidden rounded-md shadow-sm"
            style={{ width: "100%", height: "100%" }}
          />
        </div>
      ) : preview.error ? (
        <p className="px-2 text-center text-xs text-muted-foreground">No preview available</p>
      ) : (
        <Skeleton className="h-full rounded-md" style={{ aspectRatio: cssRatio(ratio) }} />
      )}
    </div>
  );
}

interface TemplatePickerProps {
  templates: readonly TemplateOption[];
  /** null: the writer picks one. */
  value: string | null;
  ratio: CompositionRatio;
  onChange(id: string | null): void;
  error?: string;
}

/** Template cards with an animated preview each (a small Player, loaded on demand), plus "let the writer choose". */
export function TemplatePicker({ templates, value, ratio, onChange, error }: TemplatePickerProps) {
  const still = useReducedMotion();
  return (
    <fieldset
      className="min-w-0 space-y-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? "template-error" : undefined}
    >
      <legend className="mb-2 text-sm font-medium">Template</legend>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        <label className={CARD}>
          <input
            type="radio"
            name="template"
            value=""
            aria-label="Let the writer choose"
            className="sr-only"
            checked={value === null}
            onChange={() => onChange(null)}
          />
          <div className="flex h-40 flex-col items-center justify-center gap-2 bg-muted/60 p-3 text-muted-foreground">
            <Shuffle aria-hidden="true" className="size-6" />
          </div>
          <span className="p-3">
            <span className="block text-sm font-medium">Let the writer choose</span>
            <span className="block text-xs text-muted-foreground">Picks the look that suits your brief</span>
          </span>
        </label>
        {templates.map((t) => (
          <label key={t.id} className={cn(CARD)}>
            <input
              type="radio"
              name="template"
              value={t.id}
              aria-label={t.name}
              aria-describedby={`template-${t.id}-desc`}
              className="sr-only"
              checked={value === t.id}
              onChange={() => onChange(t.id)}
            />
            <TemplatePreview template={t} ratio={ratio} still={still} />
            <span className="p-3">
              <span className="block text-sm font-medium">{t.name}</span>
              <span id={`template-${t.id}-desc`} className="line-clamp-2 block text-xs text-muted-foreground">
                {t.description}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id="template-error" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
