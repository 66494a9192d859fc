"use client";

import { useId } from "react";
import { Clapperboard, ImageOff, X } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import {
  httpUrlSchema,
  mediaKey,
  type MediaPreview,
  type MediaRef,
  type PageBlock,
} from "@/lib/creation/pages/contract";

interface Props {
  block: PageBlock;
  media: Readonly<Record<string, MediaPreview>>;
  /** Server messages for this block's fields, keyed by the field ("url", "media", "items.1"). */
  issues: Readonly<Record<string, string>>;
  onChange(next: PageBlock): void;
  onPick(): void;
}

function Thumb({ preview, label }: { preview: MediaPreview | undefined; label: string }) {
  const Icon = preview?.kind === "video" ? Clapperboard : ImageOff;
  return (
    <span className="relative flex aspect-video w-40 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted">
      {preview?.thumbnail_url ? (
        // eslint-disable-next-line @next/next/no-img-element -- signed URL
        <img src={preview.thumbnail_url} alt={label} className="size-full object-cover" />
      ) : (
        <Icon aria-label={label} className="size-6 text-muted-foreground" />
      )}
    </span>
  );
}

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className="text-xs text-destructive">
      {text}
    </p>
  ) : null;
}

/** The inline fields of one block. */
export function BlockFields({ block, media, issues, onChange, onPick }: Props) {
  const id = useId();
  switch (block.type) {
    case "heading":
      return (
        <div className="flex flex-wrap gap-2">
          <label htmlFor={`${id}-t`} className="sr-only">
            Heading text
          </label>
          <Input
            id={`${id}-t`}
            value={block.text}
            maxLength={200}
            placeholder="Heading"
            className="min-w-48 flex-1 text-base font-semibold"
            onChange={(e) => onChange({ ...block, text: e.target.value })}
          />
          <label htmlFor={`${id}-l`} className="sr-only">
            Heading level
          </label>
          <select
            id={`${id}-l`}
            value={block.level}
            onChange={(e) => onChange({ ...block, level: Number(e.target.value) as 1 | 2 | 3 })}
            className="h-9 rounded-md border border-input bg-background px-2 text-sm"
          >
            <option value={1}>Large</option>
            <option value={2}>Medium</option>
            <option value={3}>Small</option>
          </select>
        </div>
      );
    case "text":
      return (
        <div className="space-y-1">
          <label htmlFor={`${id}-t`} className="sr-only">
            Text
          </label>
          <Textarea
            id={`${id}-t`}
            rows={4}
            value={block.text}
            maxLength={10_000}
            placeholder="Write something…"
            onChange={(e) => onChange({ ...block, text: e.target.value })}
            aria-describedby={`${id}-hint`}
          />
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            Blank line for a new paragraph · **bold** · *italic* · [link](https://…) · “- ” for a list
          </p>
        </div>
      );
    case "video": {
      const preview = media[mediaKey({ content_id: block.content_id })];
      return (
        <div className="flex flex-wrap items-center gap-3">
          <Thumb preview={preview} label={preview?.title ?? "Video"} />
          <div className="space-y-1">
            <p className="text-sm font-medium">
              {preview?.missing ? "This video was deleted" : (preview?.title ?? "Video")}
            </p>
            <Button type="button" size="sm" variant="outline" onClick={onPick}>
              Change video
            </Button>
            <FieldError id={`${id}-e`} text={issues.content_id} />
          </div>
        </div>
      );
    }
    case "image": {
      const preview = media[mediaKey(block.media)];
      return (
        <div className="flex flex-wrap items-start gap-3">
          <Thumb preview={preview} label={preview?.title ?? "Picture"} />
          <div className="min-w-48 flex-1 space-y-2">
            <label htmlFor={`${id}-alt`} className="text-xs font-medium">
              Description for screen readers
            </label>
            <Input
              id={`${id}-alt`}
              value={block.alt}
              maxLength={300}
              placeholder={preview?.title ?? ""}
              onChange={(e) => onChange({ ...block, alt: e.target.value })}
            />
            <Button type="button" size="sm" variant="outline" onClick={onPick}>
              Change picture
            </Button>
            <FieldError id={`${id}-e`} text={issues.media} />
          </div>
        </div>
      );
    }
    case "gallery":
      return (
        <div className="space-y-2">
          <ul className="flex flex-wrap gap-2">
            {block.items.map((item: MediaRef, n) => {
              const preview = media[mediaKey(item)];
              return (
                <li key={`${mediaKey(item)}-${n}`} className="relative">
                  <Thumb preview={preview} label={preview?.title ?? `Picture ${n + 1}`} />
                  <button
                    type="button"
                    aria-label={`Remove ${preview?.title ?? `picture ${n + 1}`}`}
                    disabled={block.items.length === 1}
                    onClick={() => onChange({ ...block, items: block.items.filter((_, i) => i !== n) })}
                    className="absolute top-1 right-1 rounded-full bg-background/90 p-0.5 shadow disabled:opacity-40"
                  >
                    <X aria-hidden="true" className="size-3.5" />
                  </button>
                  <FieldError id={`${id}-e${n}`} text={issues[`items.${n}`]} />
                </li>
              );
            })}
          </ul>
          <Button type="button" size="sm" variant="outline" onClick={onPick} disabled={block.items.length >= 12}>
            Add pictures
          </Button>
        </div>
      );
    case "button": {
      const urlCheck = block.url ? httpUrlSchema.safeParse(block.url) : null;
      const urlError = issues.url ?? (urlCheck && !urlCheck.success ? urlCheck.error.issues[0]?.message : undefined);
      return (
        <div className="grid gap-2 sm:grid-cols-2">
          <div className="space-y-1">
            <label htmlFor={`${id}-label`} className="text-xs font-medium">
              Button label
            </label>
            <Input
              id={`${id}-label`}
              value={block.label}
              maxLength={60}
              onChange={(e) => onChange({ ...block, label: e.target.value })}
            />
          </div>
          <div className="space-y-1">
            <label htmlFor={`${id}-url`} className="text-xs font-medium">
              Link
            </label>
            <Input
              id={`${id}-url`}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={block.url}
              aria-invalid={urlError ? true : undefined}
              aria-describedby={urlError ? `${id}-ue` : undefined}
              onChange={(e) => onChange({ ...block, url: e.target.value })}
            />
            <FieldError id={`${id}-ue`} text={urlError} />
          </div>
        </div>
      );
    }
  }
}
