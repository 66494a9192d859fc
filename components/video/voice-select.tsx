"use client";

import { useId } from "react";

import type { VoiceOption } from "@/lib/creation/video/contract";
import { voiceLanguageName } from "@/lib/creation/video/voice-language";

const SELECT =
  "flex h-9 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm shadow-xs aria-invalid:border-destructive";

function groupByLanguage(voices: readonly VoiceOption[]): [string, VoiceOption[]][] {
  const groups = new Map<string, VoiceOption[]>();
  for (const v of voices) {
    const name = voiceLanguageName(v.language);
    groups.set(name, [...(groups.get(name) ?? []), v]);
  }
  return [...groups];
}

/** The compact voice choice (as in the editor's toolbar): one select instead of a row per voice, for dialogs. */
export function VoiceSelect({
  voices,
  value,
  onChange,
  error,
  label = "Voice-over",
}: {
  voices: readonly VoiceOption[];
  value: string | null;
  onChange(id: string | null): void;
  error?: string;
  label?: string;
}) {
  const id = useId();
  return (
    <div className="min-w-0 space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ""}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value || null)}
        className={SELECT}
      >
        <option value="">No narration</option>
        {/* Grouped by language: with an offline voice pair for every language the list is long. */}
        {groupByLanguage(voices).map(([name, group]) => (
          <optgroup key={name} label={name}>
            {group.map((v) => (
              <option key={v.id} value={v.id}>
                {v.label}
                {v.preview ? " · Local preview" : ""}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {error ? <p className="text-xs text-destructive">{error}</p> : null}
    </div>
  );
}

/** The compact template choice: "Let the writer choose" or one of the templates by name. */
export function TemplateSelect({
  templates,
  value,
  onChange,
}: {
  templates: readonly { id: string; name: string }[];
  value: string | null;
  onChange(id: string | null): void;
}) {
  const id = useId();
  return (
    <div className="min-w-0 space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Template
      </label>
      <select id={id} value={value ?? ""} onChange={(e) => onChange(e.target.value || null)} className={SELECT}>
        <option value="">Let the writer choose</option>
        {templates.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </select>
    </div>
  );
}
