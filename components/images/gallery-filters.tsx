"use client";

import { useEffect, useState } from "react";
import { Search } from "lucide-react";

import { Input } from "@/components/ui/input";
import type { ImageFilters } from "@/lib/client/hooks/use-images";
import { useModels } from "@/lib/client/hooks/use-models";
import { useVibes } from "@/lib/client/hooks/use-vibes";

const SELECT = "flex h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs";

/** Model, vibe and prompt search; the search waits for a pause in typing. */
export function GalleryFilters({ value, onChange }: { value: ImageFilters; onChange(next: ImageFilters): void }) {
  const models = useModels();
  const vibes = useVibes();
  const [q, setQ] = useState(value.q ?? "");

  // "Clear filters" from outside empties the box too, or the debounce would put the old search back.
  const outerQ = value.q ?? "";
  useEffect(() => setQ(outerQ), [outerQ]);

  useEffect(() => {
    const t = setTimeout(() => {
      if ((value.q ?? "") !== q.trim()) onChange({ ...value, q: q.trim() || null });
    }, 300);
    return () => clearTimeout(t);
  }, [q, value, onChange]);

  return (
    <div role="search" className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem]">
      <div className="relative">
        <label htmlFor="gallery-q" className="sr-only">
          Search prompts
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-2.5 left-3 size-4 text-muted-foreground"
        />
        <Input
          id="gallery-q"
          type="search"
          placeholder="Search prompts"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          className="pl-9"
        />
      </div>
      <div>
        <label htmlFor="gallery-model" className="sr-only">
          Filter by model
        </label>
        <select
          id="gallery-model"
          className={SELECT}
          value={value.model ?? ""}
          onChange={(e) => onChange({ ...value, model: e.target.value || null })}
        >
          <option value="">All models</option>
          {models.data?.models.map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="gallery-vibe" className="sr-only">
          Filter by vibe
        </label>
        <select
          id="gallery-vibe"
          className={SELECT}
          value={value.vibe ?? ""}
          onChange={(e) => onChange({ ...value, vibe: e.target.value || null })}
        >
          <option value="">All vibes</option>
          {vibes.data?.vibes.map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
