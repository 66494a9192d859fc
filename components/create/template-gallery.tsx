"use client";
/**
 * The template gallery on /create: every live template with a live preview
 * (the Remotion Player, loaded only once the card scrolls into view, playing
 * while pointed at or focused, held at a still frame otherwise and when
 * motion is reduced). Picking one starts a design draft with it, or a video.
 */
import { useState } from "react";
import { LayoutTemplate, LoaderCircle, Video } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { LazyPlayer } from "@/components/common/lazy-player";
import { usePreviewPlayback, useReducedMotion, useVisible } from "@/components/common/preview-playback";
import type { DesignTemplateOption } from "@/lib/creation/designs/contract";
import { useTemplatePreview } from "@/lib/client/hooks/use-videos";

function Preview({ template, active, still }: { template: DesignTemplateOption; active: boolean; still: boolean }) {
  const preview = useTemplatePreview(template.id, "1:1");
  const props = preview.data?.props;
  const { player, stillFrame } = usePreviewPlayback(props, active, still);
  if (preview.error)
    return (
      <p className="flex size-full items-center justify-center text-xs text-muted-foreground">No preview available</p>
    );
  if (!props) return <Skeleton className="size-full rounded-none" />;
  return (
    <LazyPlayer
      props={props}
      label={`Preview of the ${template.name} template`}
      loop
      muted
      playerRef={player}
      initialFrame={stillFrame}
      className="size-full"
      style={{ width: "100%", height: "100%" }}
    />
  );
}

interface TemplateCardProps {
  template: DesignTemplateOption;
  busy: "design" | null;
  disabled: boolean;
  onDesign(): void;
  onVideo(): void;
}

function TemplateCard({ template, busy, disabled, onDesign, onVideo }: TemplateCardProps) {
  const [ref, visible] = useVisible<HTMLLIElement>();
  const [active, setActive] = useState(false);
  const still = useReducedMotion();
  return (
    <li
      ref={ref}
      className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-xs"
      onPointerEnter={() => setActive(true)}
      onPointerLeave={() => setActive(false)}
      onFocus={() => setActive(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setActive(false);
      }}
    >
      <div className="pointer-events-none aspect-square w-full" style={{ background: template.colors.background }}>
        {visible ? <Preview template={template} active={active} still={still} /> : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h3 className="text-sm font-semibold">{template.name}</h3>
        <p className="line-clamp-2 flex-1 text-xs text-muted-foreground">{template.description}</p>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            size="sm"
            onClick={onDesign}
            disabled={disabled}
            aria-busy={busy === "design" || undefined}
            aria-label={`Start a design with ${template.name}`}
          >
            {busy === "design" ? <LoaderCircle className="animate-spin" /> : <LayoutTemplate />}
            Design
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={onVideo}
            disabled={disabled}
            aria-label={`Start a video with ${template.name}`}
          >
            <Video />
            Video
          </Button>
        </div>
      </div>
    </li>
  );
}

interface TemplateGalleryProps {
  templates: readonly DesignTemplateOption[] | undefined;
  loading: boolean;
  starting: string | null;
  onDesign(template: DesignTemplateOption): void;
  onVideo(template: DesignTemplateOption): void;
}

export function TemplateGallery({ templates, loading, starting, onDesign, onVideo }: TemplateGalleryProps) {
  return (
    <section aria-labelledby="gallery-title" className="space-y-3">
      <div>
        <h2 id="gallery-title" className="text-lg font-semibold tracking-tight">
          Templates
        </h2>
        <p className="text-sm text-muted-foreground">Point at one to see it move. Start a design or a video with it.</p>
      </div>
      {loading ? (
        <div className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4" role="status" aria-busy="true">
          <span className="sr-only">Loading the templates</span>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="aspect-[3/4] rounded-xl" />
          ))}
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4" aria-label="Templates">
          {(templates ?? []).map((t) => (
            <TemplateCard
              key={t.id}
              template={t}
              busy={starting === t.id ? "design" : null}
              disabled={starting !== null}
              onDesign={() => onDesign(t)}
              onVideo={() => onVideo(t)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
