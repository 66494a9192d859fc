"use client";
import { useMemo } from "react";
import type { LayoutBody } from "@/lib/engine/composition/layout-schema";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import type { SampleMediaUrls } from "@/lib/studio/layouts/contract";
import { layoutPreviewProps } from "@/lib/studio/layouts/preview";
import { LazyLayoutStill } from "./lazy-layout-still";

interface Props {
  layout: LayoutBody;
  ratio: CompositionRatio;
  media: SampleMediaUrls | null;
  long?: boolean;
  width?: number;
  styleId?: string;
  className?: string;
}

/** The layout with its sample content as the renderer draws it (a still frame), or a note when it cannot be resolved. */
export function LayoutPreview({ layout, ratio, media, long, width = 320, styleId, className }: Props) {
  const result = useMemo(() => {
    try {
      return { props: layoutPreviewProps({ layout, ratio, media, long, width, styleId }), error: null };
    } catch (e) {
      return { props: null, error: e instanceof Error ? e.message : "cannot be drawn" };
    }
  }, [layout, ratio, media, long, width, styleId]);
  if (!result.props) {
    return (
      <div
        role="note"
        className="flex w-full items-center justify-center border border-dashed p-3 text-center text-xs text-muted-foreground"
        style={{ aspectRatio: ratio.replace(":", " / ") }}
      >
        {layout.name} cannot be drawn in {ratio}: {result.error}
      </div>
    );
  }
  return (
    <LazyLayoutStill
      props={result.props}
      label={`${layout.name} at ${ratio} with ${long ? "long" : "short"} sample content`}
      className={className}
    />
  );
}
