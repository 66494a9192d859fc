"use client";
/**
 * /layouts: the layout library. Every layout drawn by the renderer with its
 * sample content at the chosen ratio; filters by ratio, slot kind, stage
 * and text; usage counts; a new draft; each opens in the pipeline.
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useDeferredValue, useState, type FormEvent } from "react";
import { LayoutTemplate, Plus } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { LIBRARY_STAGES, SLOT_KINDS, type LibraryStage, type SlotKind } from "@/lib/engine/composition/layout-schema";
import { COMPOSITION_RATIOS, type CompositionRatio } from "@/lib/engine/composition/ratios";
import { STAGE_LABELS } from "@/lib/engine/composition/stages";
import { createStudioLayout, useStudioLayouts } from "@/lib/client/hooks/use-studio-layouts";
import { LayoutPreview } from "./layout-preview";
import { StageBadge } from "@/components/studio/stage-badge";

const SELECT = "h-9 rounded-md border border-input bg-background px-2 text-sm";

export function LayoutLibrary() {
  const router = useRouter();
  const [ratio, setRatio] = useState<CompositionRatio | "">("");
  const [kind, setKind] = useState<SlotKind | "">("");
  const [stage, setStage] = useState<LibraryStage | "">("");
  const [q, setQ] = useState("");
  const search = useDeferredValue(q.trim());
  const { data, error, isLoading } = useStudioLayouts({
    ratio: ratio || undefined,
    kind: kind || undefined,
    stage: stage || undefined,
    q: search || undefined,
  });
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState("");
  const [createError, setCreateError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown: CompositionRatio = ratio || "9:16";

  async function create(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setCreateError(null);
    try {
      const made = await createStudioLayout({ name });
      router.push(`/layouts-pipeline/${made.id}`);
    } catch (err) {
      setCreateError(err instanceof Error ? err.message : "Could not create the layout.");
      setBusy(false);
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-3" role="search" aria-label="Filter layouts">
        <div className="space-y-1">
          <Label htmlFor="layout-search">Search</Label>
          <Input
            id="layout-search"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Name, slot, role…"
            className="w-56"
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="layout-ratio">Aspect ratio</Label>
          <select
            id="layout-ratio"
            className={SELECT}
            value={ratio}
            onChange={(e) => setRatio(e.target.value as CompositionRatio | "")}
          >
            <option value="">Any (shown 9:16)</option>
            {COMPOSITION_RATIOS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="layout-kind">Has a slot of kind</Label>
          <select
            id="layout-kind"
            className={SELECT}
            value={kind}
            onChange={(e) => setKind(e.target.value as SlotKind | "")}
          >
            <option value="">Any</option>
            {SLOT_KINDS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="layout-stage">Stage</Label>
          <select
            id="layout-stage"
            className={SELECT}
            value={stage}
            onChange={(e) => setStage(e.target.value as LibraryStage | "")}
          >
            <option value="">Any</option>
            {LIBRARY_STAGES.map((s) => (
              <option key={s} value={s}>
                {STAGE_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="ml-auto flex gap-2">
          <Button variant="outline" asChild>
            <Link href="/layouts/progress">Progress board</Link>
          </Button>
          <Button onClick={() => setCreating((v) => !v)} aria-expanded={creating}>
            <Plus aria-hidden="true" /> New layout
          </Button>
        </div>
      </div>

      {creating ? (
        <form
          onSubmit={create}
          className="flex flex-wrap items-end gap-3 rounded-lg border p-4"
          aria-label="New layout"
        >
          <div className="space-y-1">
            <Label htmlFor="new-layout-name">Name</Label>
            <Input
              id="new-layout-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              maxLength={80}
              className="w-72"
              autoFocus
            />
          </div>
          <Button type="submit" disabled={busy || !name.trim()}>
            {busy ? "Creating…" : "Create draft"}
          </Button>
          <p className="text-sm text-muted-foreground">
            Starts as a picture with a headline; you arrange it in the pipeline.
          </p>
          {createError ? (
            <p role="alert" className="w-full text-sm text-destructive">
              {createError}
            </p>
          ) : null}
        </form>
      ) : null}

      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{error.message}</AlertDescription>
        </Alert>
      ) : isLoading && !data ? (
        <div
          className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5"
          aria-busy="true"
          aria-label="Loading layouts"
        >
          {Array.from({ length: 10 }, (_, i) => (
            <Skeleton key={i} className="aspect-[9/16] w-full" />
          ))}
        </div>
      ) : data && data.layouts.length === 0 ? (
        <EmptyState
          icon={LayoutTemplate}
          heading="No layouts match"
          primaryAction={{ label: "Open layout generator", href: "/layout-gen" }}
        >
          Change the filters, or make a new layout.
        </EmptyState>
      ) : data ? (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" aria-label="Layouts">
          {data.layouts.map((l) => (
            <li key={l.id} className="flex flex-col overflow-hidden rounded-lg border bg-card">
              {/* A second way in for the pointer; keyboards and screen readers use the name's link below (one link per layout). */}
              <Link href={`/layouts-pipeline/${l.id}`} className="block bg-muted" aria-hidden="true" tabIndex={-1}>
                <LayoutPreview layout={l} ratio={shown} media={data.sample_media} width={240} />
              </Link>
              <div className="space-y-1 p-3 text-sm">
                <div className="flex items-start justify-between gap-2">
                  <Link href={`/layouts-pipeline/${l.id}`} className="font-medium hover:underline">
                    {l.name}
                  </Link>
                  <StageBadge stage={l.stage} />
                </div>
                <p className="text-xs text-muted-foreground">
                  v{l.version} · {l.origin} · {l.slots.length} slots · used in {l.usage}{" "}
                  {l.usage === 1 ? "item" : "items"}
                </p>
                {l.error_count > 0 ? (
                  <p className="text-xs text-destructive">
                    {l.error_count} {l.error_count === 1 ? "error" : "errors"}
                  </p>
                ) : l.warning_count > 0 ? (
                  <p className="text-xs text-amber-700 dark:text-amber-400">
                    {l.warning_count} {l.warning_count === 1 ? "warning" : "warnings"}
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
