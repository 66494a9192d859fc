"use client";

import { useId, useState } from "react";
import { Plus, X } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { Vibe, VibeInput } from "@/lib/media/images/contract";
import { createVibe, updateVibe } from "@/lib/client/hooks/use-vibes";
import { VIBE_NAME_MAX, VIBE_PALETTE_MAX, VIBE_TEXT_MAX, vibeInputSchema } from "@/lib/media/vibes/schema";

type Field = keyof VibeInput;

interface VibeFormProps {
  /** Editing this vibe; absent to create one. */
  vibe?: Vibe;
  onSaved(vibe: Vibe): void;
  onCancel(): void;
}

/** Create or edit one of my vibes, checked with the server's own zod schema before sending. */
export function VibeForm({ vibe, onSaved, onCancel }: VibeFormProps) {
  const id = useId();
  const [values, setValues] = useState<VibeInput>({
    name: vibe?.name ?? "",
    prompt_additions: vibe?.prompt_additions ?? "",
    negative_prompt: vibe?.negative_prompt ?? "",
    palette: vibe?.palette.length ? vibe.palette : ["#7c3aed", "#f59e0b"],
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = <K extends Field>(key: K, value: VibeInput[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async () => {
    const parsed = vibeInputSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field | undefined;
        if (key && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setSaving(true);
    setFormError(null);
    try {
      onSaved(vibe ? await updateVibe(vibe.id, parsed.data) : await createVibe(parsed.data));
    } catch (e) {
      setFormError(e instanceof Error ? e.message : "The vibe was not saved.");
    } finally {
      setSaving(false);
    }
  };

  const field = (key: Field) => ({
    id: `${id}-${key}`,
    "aria-invalid": errors[key] ? true : undefined,
    "aria-describedby": errors[key] ? `${id}-${key}-err` : undefined,
  });
  const error = (key: Field) =>
    errors[key] ? (
      <p id={`${id}-${key}-err`} className="text-xs text-destructive">
        {errors[key]}
      </p>
    ) : null;

  return (
    <form
      noValidate
      aria-label={vibe ? `Edit ${vibe.name}` : "New vibe"}
      className="space-y-4 rounded-xl border bg-card p-5 shadow-xs"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 className="font-semibold">{vibe ? `Edit “${vibe.name}”` : "New vibe"}</h2>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-name`} className="text-sm font-medium">
          Name
        </label>
        <Input
          {...field("name")}
          maxLength={VIBE_NAME_MAX}
          value={values.name}
          onChange={(e) => set("name", e.target.value)}
        />
        {error("name")}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-prompt_additions`} className="text-sm font-medium">
            Prompt additions
          </label>
          <Textarea
            {...field("prompt_additions")}
            rows={3}
            maxLength={VIBE_TEXT_MAX}
            placeholder="soft film grain, muted pastel tones"
            value={values.prompt_additions}
            onChange={(e) => set("prompt_additions", e.target.value)}
          />
          {error("prompt_additions")}
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-negative_prompt`} className="text-sm font-medium">
            Negative prompt
          </label>
          <Textarea
            {...field("negative_prompt")}
            rows={3}
            maxLength={VIBE_TEXT_MAX}
            placeholder="neon, harsh shadows"
            value={values.negative_prompt}
            onChange={(e) => set("negative_prompt", e.target.value)}
          />
          {error("negative_prompt")}
        </div>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Palette</legend>
        <div className="flex flex-wrap items-center gap-2">
          {values.palette.map((colour, i) => (
            <span key={i} className="inline-flex items-center gap-1 rounded-md border p-1">
              <input
                type="color"
                aria-label={`Colour ${i + 1}`}
                value={colour}
                onChange={(e) =>
                  set(
                    "palette",
                    values.palette.map((c, j) => (j === i ? e.target.value : c)),
                  )
                }
                className="size-7 cursor-pointer rounded border-0 bg-transparent p-0"
              />
              <Button
                variant="ghost"
                size="icon"
                className="size-6"
                aria-label={`Remove colour ${i + 1}`}
                disabled={values.palette.length <= 1}
                onClick={() =>
                  set(
                    "palette",
                    values.palette.filter((_, j) => j !== i),
                  )
                }
              >
                <X />
              </Button>
            </span>
          ))}
          {values.palette.length < VIBE_PALETTE_MAX ? (
            <Button variant="outline" size="sm" onClick={() => set("palette", [...values.palette, "#0ea5e9"])}>
              <Plus />
              Add colour
            </Button>
          ) : null}
        </div>
        {error("palette")}
      </fieldset>
      {formError ? (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
          {vibe ? "Save changes" : "Create vibe"}
        </Button>
      </div>
    </form>
  );
}
