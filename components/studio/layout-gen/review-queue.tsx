"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { Boxes, Columns2 } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { COMPOSITION_RATIOS, type CompositionRatio } from "@/lib/engine/composition/ratios";
import { useGeneratedLayouts } from "@/lib/client/hooks/use-generated-layouts";
import type { GeneratedLayoutView, ReviewFilter } from "@/lib/studio/layout-gen/contract";
import { cn } from "@/lib/platform/utils";
import { BriefQuote, CandidateMeta } from "./candidate-meta";
import { LayoutPreview, RatioPreviews } from "./layout-preview";
import { ReviewActions } from "./review-actions";

const FILTERS: { value: ReviewFilter; label: string }[] = [
  { value: "pending", label: "Waiting for review" },
  { value: "accepted", label: "Approved" },
  { value: "rejected", label: "Rejected" },
  { value: "all", label: "All" },
];

/** /generated-layouts: the review queue, with approve / reject on each candidate and a side-by-side comparison of two. */
export function ReviewQueue() {
  const id = useId();
  const [filter, setFilter] = useState<ReviewFilter>("pending");
  const [compare, setCompare] = useState<string[]>([]);
  const [notice, setNotice] = useState<{ text: string; href?: string } | null>(null);
  const list = useGeneratedLayouts({ status: filter });
  const items = list.data ?? [];
  const compared = compare.map((c) => items.find((l) => l.id === c)).filter((l): l is GeneratedLayoutView => !!l);

  function toggleCompare(layoutId: string) {
    setCompare((cur) => (cur.includes(layoutId) ? cur.filter((x) => x !== layoutId) : [...cur.slice(-1), layoutId]));
  }

  return (
    <div className="space-y-6">
      <div role="group" aria-label="Show" className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Button
            key={f.value}
            size="sm"
            variant={filter === f.value ? "default" : "outline"}
            aria-pressed={filter === f.value}
            onClick={() => setFilter(f.value)}
          >
            {f.label}
          </Button>
        ))}
        <Button asChild size="sm" variant="ghost" className="ml-auto">
          <Link href="/layout-gen">Generate more</Link>
        </Button>
      </div>

      <p role="status" className="min-h-5 text-sm">
        {notice ? (
          <>
            {notice.text}{" "}
            {notice.href ? (
              <Link href={notice.href} className="underline underline-offset-2">
                Open it in the layout pipeline
              </Link>
            ) : null}
          </>
        ) : null}
      </p>

      {compared.length === 2 ? (
        <Compare layouts={compared as [GeneratedLayoutView, GeneratedLayoutView]} onClose={() => setCompare([])} />
      ) : null}

      {list.error ? (
        <p role="alert" className="text-sm text-destructive">
          {list.error.message}{" "}
          <button type="button" className="underline" onClick={() => void list.mutate()}>
            Try again
          </button>
        </p>
      ) : list.isLoading ? (
        <div className="grid gap-4 xl:grid-cols-2" aria-busy="true">
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          icon={Boxes}
          heading={filter === "pending" ? "Nothing waiting for review" : "No layouts here"}
          primaryAction={{ label: "Open layout generator", href: "/layout-gen" }}
        >
          {filter === "pending"
            ? "Every generated layout has been reviewed. Generate more from a brief."
            : "Generated layouts you review show up here."}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 xl:grid-cols-2" aria-label="Generated layouts">
          {items.map((l) => (
            <li key={l.id}>
              <Card data-testid="generated-layout" data-layout-id={l.id}>
                <CardHeader className="space-y-2">
                  <div className="flex items-start justify-between gap-2">
                    <CardTitle className="text-base">
                      <Link href={`/generated-layouts/${l.id}`} className="hover:underline">
                        {l.name}
                      </Link>
                    </CardTitle>
                    <label className="flex shrink-0 items-center gap-1.5 text-xs">
                      <input
                        type="checkbox"
                        checked={compare.includes(l.id)}
                        onChange={() => toggleCompare(l.id)}
                        aria-describedby={`${id}-compare-hint`}
                      />
                      Compare
                    </label>
                  </div>
                  <CandidateMeta layout={l} />
                </CardHeader>
                <CardContent className="space-y-3">
                  <RatioPreviews layout={l} size="sm" />
                  <BriefQuote brief={l.generation.brief} />
                  <ReviewActions
                    layout={l}
                    onReviewed={(next, decision) => {
                      if (next)
                        setNotice(
                          decision === "approve"
                            ? {
                                text: `Approved "${next.name}": it is a draft in the layout pipeline.`,
                                href: next.pipeline_path,
                              }
                            : { text: `Rejected "${next.name}".` },
                        );
                      setCompare((c) => c.filter((x) => x !== l.id));
                      void list.mutate();
                    }}
                  />
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <p id={`${id}-compare-hint`} className="text-xs text-muted-foreground">
        Tick two candidates to compare them side by side.
      </p>
    </div>
  );
}

function Compare({ layouts, onClose }: { layouts: [GeneratedLayoutView, GeneratedLayoutView]; onClose(): void }) {
  const [ratio, setRatio] = useState<CompositionRatio>("9:16");
  const [long, setLong] = useState(false);
  return (
    <section aria-label="Comparison" className="space-y-4 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="mr-auto flex items-center gap-2 text-base font-semibold">
          <Columns2 className="size-4" aria-hidden="true" />
          Side by side
        </h2>
        <div role="group" aria-label="Aspect ratio" className="flex gap-1">
          {COMPOSITION_RATIOS.map((r) => (
            <Button
              key={r}
              size="sm"
              variant={ratio === r ? "default" : "outline"}
              aria-pressed={ratio === r}
              onClick={() => setRatio(r)}
            >
              {r}
            </Button>
          ))}
        </div>
        <label className="flex items-center gap-1.5 text-sm">
          <input type="checkbox" checked={long} onChange={(e) => setLong(e.target.checked)} />
          Long sample text
        </label>
        <Button size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {layouts.map((l) => (
          <figure key={l.id} className="space-y-2">
            <div className={cn("mx-auto", ratio === "16:9" ? "w-full" : ratio === "9:16" ? "w-1/2" : "w-3/4")}>
              <LayoutPreview layout={l} ratio={ratio} long={long} />
            </div>
            <figcaption className="space-y-1 text-sm">
              <span className="font-medium">{l.name}</span>
              <span className="block text-xs text-muted-foreground">
                {l.slots.length} slots · {l.preview ? "Local preview (not AI)" : l.model_label}
              </span>
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
