"use client";

import { useId } from "react";

import type { Vibe } from "@/lib/media/images/contract";
import { PaletteSwatches } from "./palette-swatches";

interface VibePickerProps {
  vibes: readonly Vibe[];
  value: string | null;
  onChange(id: string | null): void;
  disabled?: boolean;
}

export function VibePicker({ vibes, value, onChange, disabled }: VibePickerProps) {
  const id = useId();
  const builtIn = vibes.filter((v) => v.owner_id === null);
  const mine = vibes.filter((v) => v.owner_id !== null);
  const selected = vibes.find((v) => v.id === value) ?? null;
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="text-sm font-medium">
        Vibe
      </label>
      <select
        id={id}
        value={value ?? ""}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value || null)}
        aria-describedby={selected ? `${id}-about` : undefined}
        className="flex h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs disabled:opacity-50"
      >
        <option value="">No vibe</option>
        {/* A vibe from the URL that the list does not hold (deleted, or not loaded yet) stays selectable. */}
        {value && !selected ? <option value={value}>Selected vibe</option> : null}
        {builtIn.length ? (
          <optgroup label="Built-in">
            {builtIn.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </optgroup>
        ) : null}
        {mine.length ? (
          <optgroup label="My vibes">
            {mine.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </optgroup>
        ) : null}
      </select>
      {selected ? (
        <div id={`${id}-about`} className="flex items-start gap-2 text-xs text-muted-foreground">
          <PaletteSwatches colors={selected.palette} size="sm" />
          <span className="line-clamp-2">Adds: {selected.prompt_additions || "nothing to the prompt"}</span>
        </div>
      ) : null}
    </div>
  );
}
