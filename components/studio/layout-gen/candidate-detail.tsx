"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";

import { Boxes } from "lucide-react";

import { MissingItem } from "@/components/missing-item";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useGeneratedLayout } from "@/lib/client/hooks/use-generated-layouts";
import { BriefQuote, CandidateMeta } from "./candidate-meta";
import { RatioPreviews } from "./layout-preview";
import { ReviewActions } from "./review-actions";

/** /generated-layouts/{layoutId}: one candidate with its previews, slots, brief and model, and the review actions. Approving opens it in the pipeline. */
export function CandidateDetail({ layoutId }: { layoutId: string }) {
  const router = useRouter();
  const { data: layout, error, isLoading, mutate } = useGeneratedLayout(layoutId);
  const [long, setLong] = useState(false);

  if (isLoading) return <Skeleton className="h-96 w-full" />;
  if (error?.status === 404 || (!layout && !error)) {
    return (
      <MissingItem
        icon={Boxes}
        noun="generated layout"
        ids={[{ label: "Layout ID", value: layoutId }]}
        back={{ label: "Back to generated layouts", href: "/generated-layouts" }}
        reason="It may have been made under another id, or the link is wrong."
      />
    );
  }
  if (error || !layout) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {error?.message}{" "}
        <button type="button" className="underline" onClick={() => void mutate()}>
          Try again
        </button>
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h2 className="text-xl font-semibold">{layout.name}</h2>
        <CandidateMeta layout={layout} />
        <BriefQuote brief={layout.generation.brief} />
        <p className="text-sm text-muted-foreground">{layout.description}</p>
        {layout.generation.status === "rejected" && layout.generation.reason ? (
          <p className="text-sm">
            <span className="font-medium">Reason for rejecting:</span> {layout.generation.reason}
          </p>
        ) : null}
      </div>

      <ReviewActions
        layout={layout}
        onReviewed={(next, decision) => {
          if (next && decision === "approve") router.push(next.pipeline_path);
          else void mutate(next ?? undefined);
        }}
      />

      <section aria-labelledby="previews" className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <h3 id="previews" className="text-base font-semibold">
            Previews with sample content
          </h3>
          <label className="flex items-center gap-1.5 text-sm">
            <input type="checkbox" checked={long} onChange={(e) => setLong(e.target.checked)} />
            Long sample text
          </label>
        </div>
        <RatioPreviews layout={layout} long={long} size="lg" />
      </section>

      <section aria-labelledby="slots" className="space-y-2">
        <h3 id="slots" className="text-base font-semibold">
          Slots
        </h3>
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-sm">
            <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
              <tr>
                <th className="px-3 py-2">Slot</th>
                <th className="px-3 py-2">Kind</th>
                <th className="px-3 py-2">Role</th>
                <th className="px-3 py-2">Text fit</th>
                <th className="px-3 py-2">Layer</th>
              </tr>
            </thead>
            <tbody>
              {layout.slots.map((s) => (
                <tr key={s.id} className="border-t">
                  <td className="px-3 py-2">
                    {s.label} <span className="text-xs text-muted-foreground">({s.id})</span>
                  </td>
                  <td className="px-3 py-2">{s.kind}</td>
                  <td className="px-3 py-2">{s.role}</td>
                  <td className="px-3 py-2">
                    {s.kind === "text"
                      ? `${s.fit.maxChars} chars, ${s.fit.minFontPx}–${s.fit.maxFontPx}px${s.fit.maxLines ? `, ≤ ${s.fit.maxLines} lines` : ""}`
                      : s.fit.objectFit}
                  </td>
                  <td className="px-3 py-2">{s.z}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <Button asChild variant="ghost" size="sm">
        <Link href="/generated-layouts">Back to the review queue</Link>
      </Button>
    </div>
  );
}
