"use client";

import { useId, useMemo } from "react";

import { languageChoices } from "@/lib/creation/video/voice-language";
import { cn } from "@/lib/platform/utils";

const SELECT =
  "flex h-9 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm shadow-xs aria-invalid:border-destructive";

/** The video's language: a labelled select of the languages videos are made in, with a line saying where it came from. */
export function LanguageSelect({
  value,
  onChange,
  hint,
  label = "Language",
  compact = false,
  disabled,
}: {
  value: string;
  onChange(tag: string): void;
  /** "Detected from your brief", "You picked it", …; read with the select. */
  hint?: string;
  label?: string;
  /** The editor toolbar's smaller label. */
  compact?: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  const choices = useMemo(() => languageChoices(), []);
  return (
    <div className="min-w-0 space-y-1.5">
      <label htmlFor={id} className={cn(compact ? "text-xs" : "text-sm", "font-medium")}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={SELECT}
        data-testid="language-select"
      >
        {choices.map((c) => (
          <option key={c.tag} value={c.tag}>
            {c.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} aria-live="polite" className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
