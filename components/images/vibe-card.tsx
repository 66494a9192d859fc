"use client";

import { useRouter } from "next/navigation";
import { Pencil, Trash2, Wand2 } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { Vibe } from "@/lib/media/images/contract";
import { generatorHref } from "./generator-params";
import { PaletteSwatches } from "./palette-swatches";

interface VibeCardProps {
  vibe: Vibe;
  mine: boolean;
  onEdit?(): void;
  onDelete?(): void;
}

export function VibeCard({ vibe, mine, onEdit, onDelete }: VibeCardProps) {
  const router = useRouter();
  return (
    <article
      aria-labelledby={`vibe-${vibe.id}`}
      className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-xs"
    >
      {vibe.example_image_urls.length ? (
        <div className="grid grid-cols-3 gap-px bg-border">
          {vibe.example_image_urls.slice(0, 3).map((url, i) => (
            // eslint-disable-next-line @next/next/no-img-element -- signed URLs change on every fetch; no optimizer.
            <img
              key={url}
              src={url}
              alt={`${vibe.name} example ${i + 1}`}
              width={256}
              height={256}
              loading="lazy"
              className="aspect-square w-full object-cover"
            />
          ))}
        </div>
      ) : (
        <div
          aria-hidden="true"
          className="h-20"
          style={{
            background: `linear-gradient(120deg, ${(vibe.palette.length > 1 ? vibe.palette : [...vibe.palette, ...vibe.palette]).join(", ")})`,
          }}
        />
      )}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-center justify-between gap-2">
          <h3 id={`vibe-${vibe.id}`} className="font-semibold tracking-tight">
            {vibe.name}
          </h3>
          {mine ? <Badge variant="accent">Mine</Badge> : null}
        </div>
        <PaletteSwatches colors={vibe.palette} />
        <dl className="space-y-1.5 text-sm">
          <div>
            <dt className="text-xs font-medium text-muted-foreground">Adds to the prompt</dt>
            <dd className="line-clamp-3">{vibe.prompt_additions || "Nothing"}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-muted-foreground">Negative prompt</dt>
            <dd className="line-clamp-2">{vibe.negative_prompt || "None"}</dd>
          </div>
        </dl>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Button
            size="sm"
            onClick={() => router.push(generatorHref({ vibeId: vibe.id }))}
            aria-describedby={`vibe-${vibe.id}`}
          >
            <Wand2 />
            Apply
          </Button>
          {mine ? (
            <>
              <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${vibe.name}`}>
                <Pencil />
                Edit
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={onDelete}
                aria-label={`Delete ${vibe.name}`}
                className="text-destructive hover:text-destructive"
              >
                <Trash2 />
                Delete
              </Button>
            </>
          ) : null}
        </div>
      </div>
    </article>
  );
}
