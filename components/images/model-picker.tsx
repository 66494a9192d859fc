"use client";

import { useId } from "react";

import type { ImageModelInfo } from "@/lib/media/images/contract";
import { isLocalModel } from "@/lib/client/hooks/use-models";
import { LocalPreviewBadge } from "./local-preview-badge";

interface ModelPickerProps {
  models: readonly ImageModelInfo[];
  value: string | null;
  onChange(id: string): void;
  /** Edits need a model that supports them; the others stay listed but disabled. */
  needsEdit?: boolean;
}

function optionText(model: ImageModelInfo, needsEdit: boolean): string {
  if (!model.enabled) return `${model.label} (${model.note ?? "not configured"})`;
  if (needsEdit && !model.supports_edit) return `${model.label} (cannot edit images)`;
  const credits = `${model.credits_per_image} credit${model.credits_per_image === 1 ? "" : "s"} per image`;
  return `${model.label} · ${credits}`;
}

/**
 * A native select: every configured and unconfigured model is listed, the
 * unusable ones disabled with the reason, so users learn what exists.
 */
export function ModelPicker({ models, value, onChange, needsEdit = false }: ModelPickerProps) {
  const id = useId();
  const selected = models.find((m) => m.id === value) ?? null;
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="text-sm font-medium">
        Model
      </label>
      <select
        id={id}
        value={value ?? ""}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={selected?.note ? `${id}-note` : undefined}
        className="flex h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs"
      >
        {value === null ? <option value="">Choose a model</option> : null}
        {models.map((model) => (
          <option key={model.id} value={model.id} disabled={!model.enabled || (needsEdit && !model.supports_edit)}>
            {optionText(model, needsEdit)}
          </option>
        ))}
      </select>
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        {isLocalModel(selected) ? <LocalPreviewBadge /> : null}
        {selected?.note ? <span id={`${id}-note`}>{selected.note}</span> : null}
      </div>
    </div>
  );
}
