"use client";
import { COMPOSITION_RATIOS, type CompositionRatio } from "@/lib/engine/composition/ratios";
import { cn } from "@/lib/platform/utils";

/** Radio buttons for the four aspect ratios. */
export function RatioPicker({
  value,
  onChange,
  label = "Aspect ratio",
}: {
  value: CompositionRatio;
  onChange(r: CompositionRatio): void;
  label?: string;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-1">
      <legend className="sr-only">{label}</legend>
      {COMPOSITION_RATIOS.map((r) => (
        <label
          key={r}
          className={cn(
            "cursor-pointer rounded-md border px-2.5 py-1 text-xs has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
            r === value ? "border-primary bg-primary text-primary-foreground" : "hover:bg-muted",
          )}
        >
          <input
            type="radio"
            name={label}
            value={r}
            checked={r === value}
            onChange={() => onChange(r)}
            className="sr-only"
          />
          {r}
        </label>
      ))}
    </fieldset>
  );
}
