"use client";

import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useId, useState } from "react";
import { FlaskConical, WandSparkles } from "lucide-react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import type { LanguageModelInfo } from "@/lib/platform/ai/language/models";
import { generateLayouts, useGeneratedLayouts } from "@/lib/client/hooks/use-generated-layouts";
import { MAX_CANDIDATES, type CandidateOutcome, type GenerateLayoutsResult } from "@/lib/studio/layout-gen/contract";
import { CandidateMeta } from "./candidate-meta";
import { RatioPreviews } from "./layout-preview";

interface LayoutGenScreenProps {
  models: LanguageModelInfo[];
  defaultModelId: string;
}

const EXAMPLE = "A product hero with price badge, three bullet points, logo bottom right";

/**
 * /layout-gen: a brief, a count and a model → candidate layouts with previews
 * in all four ratios. The answer comes back in the request (one call per
 * candidate, side by side); the batch id goes into the address so a reload
 * shows the same candidates again.
 */
export function LayoutGenScreen({ models, defaultModelId }: LayoutGenScreenProps) {
  const id = useId();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const batchParam = params.get("batch");
  const [brief, setBrief] = useState("");
  const [count, setCount] = useState(3);
  const [modelId, setModelId] = useState(defaultModelId);
  const [running, setRunning] = useState<{ count: number; label: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<GenerateLayoutsResult | null>(null);
  // After a reload: the batch's saved candidates from the store.
  const stored = useGeneratedLayouts(
    batchParam && result?.batch_id !== batchParam ? { status: "all", batch: batchParam } : null,
  );
  const model = models.find((m) => m.id === modelId) ?? null;
  const briefTooShort = brief.trim().length < 8;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (briefTooShort || !model?.enabled) return;
    setRunning({ count, label: model.label });
    setError(null);
    try {
      const r = await generateLayouts({ brief: brief.trim(), count, model_id: modelId });
      setResult(r);
      router.replace(`${pathname}?batch=${encodeURIComponent(r.batch_id)}`, { scroll: false });
    } catch (err) {
      setError(err instanceof Error ? err.message : "The layouts could not be generated.");
    } finally {
      setRunning(null);
    }
  }

  // This session's answer (with repairs and refusals), else the stored batch named in the address.
  const fresh = result && (!batchParam || result.batch_id === batchParam) ? result : null;
  const outcomes: CandidateOutcome[] | null = fresh
    ? fresh.candidates
    : stored.data
      ? stored.data.map((layout, i) => ({ index: i, status: "saved" as const, layout, repairs: [] }))
      : null;

  return (
    <div className="space-y-8">
      <form
        onSubmit={submit}
        className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6 lg:grid-cols-[1fr_16rem]"
        aria-describedby={`${id}-about`}
      >
        <div className="space-y-2">
          <label htmlFor={`${id}-brief`} className="text-sm font-medium">
            Brief
          </label>
          <Textarea
            id={`${id}-brief`}
            value={brief}
            onChange={(e) => setBrief(e.target.value)}
            rows={4}
            maxLength={1000}
            placeholder={EXAMPLE}
            aria-invalid={error !== null && briefTooShort}
            aria-describedby={`${id}-brief-hint`}
          />
          <p id={`${id}-brief-hint`} className="text-xs text-muted-foreground">
            Name the slots and where they go: a picture, a headline, a price badge, bullet points, a button, a logo in a
            corner.{" "}
            <button type="button" className="underline underline-offset-2" onClick={() => setBrief(EXAMPLE)}>
              Use the example
            </button>
          </p>
        </div>
        <div className="space-y-4">
          <div className="space-y-2">
            <label htmlFor={`${id}-count`} className="text-sm font-medium">
              How many layouts
            </label>
            <select
              id={`${id}-count`}
              value={count}
              onChange={(e) => setCount(Number(e.target.value))}
              className="flex h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs"
            >
              {Array.from({ length: MAX_CANDIDATES }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-2">
            <label htmlFor={`${id}-model`} className="text-sm font-medium">
              Model
            </label>
            <select
              id={`${id}-model`}
              value={modelId}
              onChange={(e) => setModelId(e.target.value)}
              aria-describedby={`${id}-model-note`}
              className="flex h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs"
            >
              {models.map((m) => (
                <option key={m.id} value={m.id} disabled={!m.enabled}>
                  {m.enabled ? m.label : `${m.label} (${m.note ?? "not configured"})`}
                </option>
              ))}
            </select>
            <p id={`${id}-model-note`} className="flex items-start gap-1 text-xs text-muted-foreground">
              {model?.provider === "local" ? (
                <FlaskConical className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
              ) : null}
              {model?.note ?? "Answers as structured output against the layout schema."}
            </p>
          </div>
          <Button type="submit" className="w-full" disabled={running !== null || briefTooShort || !model?.enabled}>
            <WandSparkles aria-hidden="true" />
            {running ? "Generating…" : "Generate layouts"}
          </Button>
        </div>
        <p id={`${id}-about`} className="text-xs text-muted-foreground lg:col-span-2">
          Every candidate is checked against the layout schema; small faults are repaired and listed, unusable answers
          are reported and never saved. Saved candidates wait in{" "}
          <Link href="/generated-layouts" className="underline underline-offset-2">
            Generated layouts
          </Link>{" "}
          for review.
        </p>
      </form>

      {error ? (
        <Alert variant="destructive">
          <AlertTitle>No layouts this time</AlertTitle>
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}

      {running ? (
        <section aria-label="Generating" className="space-y-3">
          <Spinner
            label={`Generating ${running.count} layout${running.count === 1 ? "" : "s"} with ${running.label}`}
          />
          <p className="text-sm text-muted-foreground">
            Generating {running.count} layout{running.count === 1 ? "" : "s"} with {running.label}…
          </p>
          <div className="grid gap-4 md:grid-cols-2">
            {Array.from({ length: running.count }, (_, i) => (
              <Skeleton key={i} className="h-56 w-full" />
            ))}
          </div>
        </section>
      ) : null}

      {!running && outcomes ? (
        <section aria-labelledby={`${id}-results`} className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={`${id}-results`} className="text-lg font-semibold">
              Candidates
            </h2>
            <Button asChild variant="outline" size="sm">
              <Link href="/generated-layouts">Open the review queue</Link>
            </Button>
          </div>
          {fresh?.notice ? (
            <Alert role="status">
              <FlaskConical aria-hidden="true" />
              <AlertDescription>{fresh.notice}</AlertDescription>
            </Alert>
          ) : null}
          {stored.error ? (
            <p role="alert" className="text-sm text-destructive">
              {stored.error.message}
            </p>
          ) : null}
          {outcomes.length === 0 ? (
            <p className="text-sm text-muted-foreground">This batch has no saved candidates.</p>
          ) : null}
          <ol className="grid gap-4 xl:grid-cols-2">
            {outcomes.map((c) => (
              <li key={c.index}>
                <OutcomeCard outcome={c} />
              </li>
            ))}
          </ol>
        </section>
      ) : !running && batchParam && stored.isLoading ? (
        <Spinner label="Loading the candidates" />
      ) : null}
    </div>
  );
}

function OutcomeCard({ outcome }: { outcome: CandidateOutcome }) {
  if (outcome.status === "rejected") {
    return (
      <Card className="border-destructive/40" data-testid="candidate-refused">
        <CardHeader>
          <CardTitle className="text-base">Candidate {outcome.index + 1}: not saved</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2 text-sm">
          <p>{outcome.reason}</p>
          <Repairs repairs={outcome.repairs} label="Repairs tried" />
        </CardContent>
      </Card>
    );
  }
  const l = outcome.layout;
  return (
    <Card data-testid="candidate">
      <CardHeader className="space-y-2">
        <CardTitle className="text-base">
          <Link href={`/generated-layouts/${l.id}`} className="hover:underline">
            {l.name}
          </Link>
        </CardTitle>
        <CandidateMeta layout={l} />
      </CardHeader>
      <CardContent className="space-y-3">
        <RatioPreviews layout={l} size="sm" />
        <p className="text-sm text-muted-foreground">{l.description}</p>
        <Repairs repairs={outcome.repairs} label="Repaired" />
        <Button asChild size="sm" variant="outline">
          <Link href={`/generated-layouts/${l.id}`} aria-label={`Review ${l.name}`}>
            Review
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function Repairs({ repairs, label }: { repairs: string[]; label: string }) {
  if (repairs.length === 0) return null;
  return (
    <details className="text-xs text-muted-foreground">
      <summary className="cursor-pointer">
        {label} ({repairs.length})
      </summary>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {repairs.map((r, i) => (
          <li key={i}>{r}</li>
        ))}
      </ul>
    </details>
  );
}
