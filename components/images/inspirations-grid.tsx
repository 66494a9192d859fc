"use client";

import Link from "next/link";
import { Lightbulb, Wand2 } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useInspirations } from "@/lib/client/hooks/use-inspirations";
import { generatorHref, settingsOfInspiration } from "./generator-params";
import { aspectStyle, imageBox } from "./image-size";
import { LoadError } from "@/components/common/load-error";

/** /image-gen/inspirations: curated prompts with their example images; "Try this" fills the generator. */
export function InspirationsGrid() {
  const { data, error, isLoading, mutate } = useInspirations();
  if (isLoading) {
    return (
      <div role="status" aria-busy="true" className="columns-1 gap-4 sm:columns-2 lg:columns-3">
        <span className="sr-only">Loading inspirations</span>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className={`mb-4 rounded-xl ${i % 2 ? "h-80" : "h-64"}`} />
        ))}
      </div>
    );
  }
  if (error) {
    return <LoadError title="We couldn't load inspirations" message={error.message} onRetry={() => mutate()} />;
  }
  const items = data?.inspirations ?? [];
  if (items.length === 0) {
    return (
      <EmptyState
        icon={Lightbulb}
        heading="No inspirations yet"
        primaryAction={{ label: "Start from a blank prompt", href: "/image-gen" }}
      >
        The curated examples are made on first run; check back in a minute, or start with your own prompt.
      </EmptyState>
    );
  }
  return (
    <ul className="columns-1 gap-4 sm:columns-2 lg:columns-3">
      {items.map((item) => {
        const box = imageBox({ aspectRatio: item.aspect_ratio });
        return (
          <li key={item.id} className="mb-4 break-inside-avoid">
            <article
              aria-labelledby={`insp-${item.id}`}
              className="overflow-hidden rounded-xl border bg-card shadow-xs"
            >
              <div className="bg-muted" style={aspectStyle(item.aspect_ratio)}>
                {/* eslint-disable-next-line @next/next/no-img-element -- signed URLs change on every fetch; no optimizer. */}
                <img
                  src={item.image_url}
                  alt={item.prompt}
                  width={box.width}
                  height={box.height}
                  loading="lazy"
                  className="size-full object-cover"
                />
              </div>
              <div className="space-y-3 p-4">
                <h2 id={`insp-${item.id}`} className="font-semibold tracking-tight">
                  {item.title}
                </h2>
                <p className="line-clamp-3 text-sm text-muted-foreground">{item.prompt}</p>
                <div className="flex items-center justify-between gap-2">
                  <span className="text-xs text-muted-foreground tabular-nums">
                    {item.aspect_ratio} · seed {item.seed}
                  </span>
                  <Button asChild size="sm">
                    <Link href={generatorHref(settingsOfInspiration(item))} aria-describedby={`insp-${item.id}`}>
                      <Wand2 />
                      Try this
                    </Link>
                  </Button>
                </div>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
