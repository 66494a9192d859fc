"use client";
/**
 * /templates: every template with an animated preview (the Player with the
 * template's sample video, playing muted on hover or focus, at its settled
 * frame otherwise and when motion is reduced), stage, version, unpublished
 * changes and how much content was made with it.
 */
import { useState } from "react";
import Link from "next/link";
import { Layers } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { LazyPlayer } from "@/components/common/lazy-player";
import { usePreviewPlayback, useReducedMotion, useVisible } from "@/components/common/preview-playback";
import type { TemplateSummary } from "@/lib/studio/templates/contract";
import { useStudioPreview, useStudioTemplates } from "@/lib/client/hooks/use-studio-templates";
import { StageBadge } from "@/components/studio/stage-badge";

function Preview({ t, active }: { t: TemplateSummary; active: boolean }) {
  const still = useReducedMotion();
  const preview = useStudioPreview({ template_id: t.id, ratio: "1:1", sample: "short" });
  const props = preview.data?.props;
  const { player, stillFrame } = usePreviewPlayback(props, active, still);
  if (preview.error)
    return (
      <p className="flex size-full items-center justify-center p-2 text-center text-xs text-muted-foreground">
        No preview: {preview.error.message}
      </p>
    );
  if (!props) return <Skeleton className="size-full rounded-none" />;
  return (
    <LazyPlayer
      props={props}
      label={`Preview of the ${t.name} template`}
      loop
      muted
      playerRef={player}
      initialFrame={stillFrame}
      className="size-full"
      style={{ width: "100%", height: "100%" }}
    />
  );
}

function Card({ t }: { t: TemplateSummary }) {
  const [ref, visible] = useVisible<HTMLLIElement>();
  const [active, setActive] = useState(false);
  return (
    <li
      ref={ref}
      className="overflow-hidden rounded-xl border bg-card shadow-xs"
      onPointerEnter={() => setActive(true)}
      onPointerLeave={() => setActive(false)}
      onFocus={() => setActive(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setActive(false)}
    >
      <Link
        href={`/templates-pipeline/${encodeURIComponent(t.id)}`}
        className="block focus-visible:outline-2 focus-visible:outline-ring"
      >
        <div className="pointer-events-none aspect-square w-full" style={{ background: t.palette.background }}>
          {visible ? <Preview t={t} active={active} /> : null}
        </div>
        <div className="space-y-2 p-3">
          <div className="flex items-center justify-between gap-2">
            <h2 className="text-sm font-semibold">{t.name}</h2>
            <StageBadge stage={t.stage} />
          </div>
          <p className="line-clamp-2 text-xs text-muted-foreground">{t.description}</p>
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
            <div className="flex gap-1">
              <dt className="text-muted-foreground">Version</dt>
              <dd className="font-medium">v{t.current_version}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-muted-foreground">Used in</dt>
              <dd className="font-medium">
                {t.usage} {t.usage === 1 ? "item" : "items"}
              </dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-muted-foreground">Layouts</dt>
              <dd className="font-medium">{t.layout_count}</dd>
            </div>
          </dl>
          {t.has_draft ? <Badge variant="outline">Unpublished changes (v{t.current_version + 1})</Badge> : null}
        </div>
      </Link>
    </li>
  );
}

export function TemplateLibrary() {
  const { data, error, isLoading } = useStudioTemplates();
  if (error) {
    return (
      <Alert variant="destructive">
        <AlertDescription>The templates could not be loaded: {error.message}</AlertDescription>
      </Alert>
    );
  }
  if (isLoading || !data) {
    return (
      <ul aria-busy="true" aria-label="Loading templates" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <li key={i}>
            <Skeleton className="aspect-[3/4] w-full rounded-xl" />
          </li>
        ))}
      </ul>
    );
  }
  if (data.length === 0) {
    return (
      <EmptyState
        icon={Layers}
        heading="No templates yet"
        primaryAction={{ label: "Open templates dashboard", href: "/templates-dashboard" }}
      >
        Templates appear here once they are added.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Templates" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {data.map((t) => (
        <Card key={t.id} t={t} />
      ))}
    </ul>
  );
}
