"use client";

/** An asset's tags (what "My assets" suggestions match scenes by) and, for a stock copy, its credit and licence. */
import { useId, useState } from "react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { AssetView } from "@/lib/media/assets/contract";
import { TAG_MAX, TAG_MAX_CHARS, normaliseTags } from "@/lib/media/assets/words";

/** "red shoes, trail" → ["red shoes", "trail"], or the sentence that says what is wrong. */
export function parseTags(text: string): { tags: string[] } | { problem: string } {
  const tags = normaliseTags(text.split(","));
  if (tags.length > TAG_MAX) return { problem: `At most ${TAG_MAX} tags; remove ${tags.length - TAG_MAX}.` };
  const long = tags.find((t) => t.length > TAG_MAX_CHARS);
  if (long) return { problem: `“${long.slice(0, 20)}…” is longer than ${TAG_MAX_CHARS} characters.` };
  return { tags };
}

export function AssetTags({ asset, onSave }: { asset: AssetView; onSave(tags: string[]): Promise<void> }) {
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = text ?? asset.tags.join(", ");
  const changed = text !== null && text !== asset.tags.join(", ");

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = parseTags(shown);
    if ("problem" in parsed) return setProblem(parsed.problem);
    setBusy(true);
    setProblem(null);
    try {
      await onSave(parsed.tags);
      setText(null);
    } catch (err) {
      setProblem(err instanceof Error ? err.message : "The tags were not saved.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={save} className="space-y-2">
      <Label htmlFor={`${id}-tags`}>Tags</Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-tags`}
          value={shown}
          maxLength={TAG_MAX * (TAG_MAX_CHARS + 2)}
          aria-describedby={`${id}-hint`}
          aria-invalid={problem ? true : undefined}
          placeholder="e.g. red shoes, trail"
          onChange={(e) => {
            setText(e.target.value);
            setProblem(null);
          }}
        />
        <Button type="submit" variant="outline" disabled={!changed || busy} aria-busy={busy || undefined}>
          Save tags
        </Button>
      </div>
      <p id={`${id}-hint`} className={problem ? "text-xs text-destructive" : "text-xs text-muted-foreground"}>
        {problem ?? `Separate tags with commas (up to ${TAG_MAX}). Scenes whose words match them suggest this asset.`}
      </p>
    </form>
  );
}

/** Where a stock copy came from, shown wherever it is seen: its credit, its page and its licence. */
export function AssetCredit({ asset }: { asset: AssetView }) {
  const s = asset.stock;
  if (!s) return null;
  return (
    <section aria-labelledby={`credit-${asset.id}`} className="space-y-1 text-sm">
      <h2 id={`credit-${asset.id}`} className="text-sm font-semibold">
        Credit
      </h2>
      <p>
        {s.author_url ? (
          <a href={s.author_url} target="_blank" rel="noreferrer" className="underline underline-offset-2">
            {s.credit}
          </a>
        ) : (
          s.credit
        )}
      </p>
      <p className="text-muted-foreground">
        {s.page_url ? (
          <a href={s.page_url} target="_blank" rel="noreferrer" className="underline underline-offset-2">
            Original page
          </a>
        ) : null}
        {s.page_url && s.licence ? " · " : null}
        {s.licence_url ? (
          <a href={s.licence_url} target="_blank" rel="noreferrer" className="underline underline-offset-2">
            {s.licence}
          </a>
        ) : (
          s.licence
        )}
      </p>
    </section>
  );
}
