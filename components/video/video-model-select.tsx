"use client";

import { useId } from "react";

import { LocalPreviewBadge } from "@/components/images/local-preview-badge";
import type { ModelOption } from "@/lib/creation/video/contract";

function optionText(model: ModelOption): string {
  if (!model.available) return `${model.label} (${model.reason ?? "not available here"})`;
  // The preview model is already called "Local preview": the badge below says the rest, so the name is said once.
  return model.preview && !/local preview/i.test(model.label) ? `${model.label} · Local preview` : model.label;
}

interface VideoModelSelectProps {
  models: readonly ModelOption[];
  value: string;
  onChange(id: string): void;
  error?: string;
}

/** The writer model: the usable ones (staff also see the others, disabled with the reason), previews labelled. */
export function VideoModelSelect({ models, value, onChange, error }: VideoModelSelectProps) {
  const id = useId();
  const selected = models.find((m) => m.id === value) ?? null;
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="text-sm font-medium">
        Writer model
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
        className="flex h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs aria-invalid:border-destructive"
      >
        {selected ? null : <option value="">Choose a model</option>}
        {models.map((model) => (
          <option key={model.id} value={model.id} disabled={!model.available}>
            {optionText(model)}
          </option>
        ))}
      </select>
      <div id={`${id}-note`} className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        {selected?.preview ? (
          <>
            <LocalPreviewBadge />
            <span>Writes the plan from your brief&apos;s own words on this server; not AI.</span>
          </>
        ) : null}
        {error ? <span className="text-destructive">{error}</span> : null}
      </div>
    </div>
  );
}
