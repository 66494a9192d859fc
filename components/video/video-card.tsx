"use client";

import Link from "next/link";
import { Clapperboard, Globe } from "lucide-react";

import { renderPercent } from "@/lib/client/hooks/use-videos";
import type { VideoSummary } from "@/lib/creation/video/contract";
import { formatDuration } from "@/components/common/format";
import { VideoStatusBadge } from "./status-badge";
import { useStableUrl } from "@/components/common/use-stable-url";

/** One video in the grid: poster (or a placeholder), title, status, progress while rendering, length. */
export function VideoCard({ video }: { video: VideoSummary }) {
  const percent = renderPercent(video.progress);
  const rendering = video.status === "rendering";
  const title = video.title || "Untitled video";
  const poster = useStableUrl(video.poster_url);
  return (
    <article
      aria-labelledby={`video-${video.id}-title`}
      className="group relative flex flex-col overflow-hidden rounded-xl border bg-card shadow-xs transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md"
    >
      <div className="relative flex aspect-video items-center justify-center bg-muted">
        {poster ? (
          // eslint-disable-next-line @next/next/no-img-element -- signed URL; no optimizer in between
          <img src={poster} alt="" loading="lazy" className="size-full object-contain" />
        ) : (
          <Clapperboard aria-hidden="true" className="size-8 text-muted-foreground/60" />
        )}
        {video.duration_ms ? (
          <span className="absolute right-2 bottom-2 rounded bg-black/70 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums">
            <span className="sr-only">Length </span>
            {formatDuration(video.duration_ms)}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h2 id={`video-${video.id}-title`} className="line-clamp-2 text-sm font-medium">
          {/* The link covers the card; the other controls sit above it. */}
          <Link href={`/videos/${encodeURIComponent(video.id)}`} className="outline-none after:absolute after:inset-0">
            {title}
          </Link>
        </h2>
        <div className="mt-auto flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <VideoStatusBadge status={video.status} percent={rendering ? percent : null} />
          <span>{video.aspect_ratio}</span>
          {video.visibility === "public" ? (
            <span className="inline-flex items-center gap-1">
              <Globe aria-hidden="true" className="size-3" />
              Public
            </span>
          ) : null}
        </div>
        {rendering ? (
          <div
            role="progressbar"
            aria-label={`Rendering ${title}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full bg-primary transition-[width] duration-700"
              style={{ width: `${Math.max(percent, 3)}%` }}
            />
          </div>
        ) : null}
      </div>
    </article>
  );
}
