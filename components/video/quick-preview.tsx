"use client";

import { useId, useState } from "react";
import { Eye } from "lucide-react";

import { ActionErrorPanel } from "@/components/common/action-error-panel";
import { formatBytes, formatDate } from "@/components/common/format";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
import { isPreviewing, requestVideoPreview, useVideoPreview } from "@/lib/client/hooks/use-video-preview";
import { renderPercent } from "@/lib/client/hooks/use-videos";
import type { VideoPreviewView } from "@/lib/creation/video/preview-contract";
import { NativeVideo } from "./native-video";
import { VideoFrame } from "./video-frame";

const STAGE_WORDS: Record<VideoPreviewView["stage"], string> = {
  queued: "Waiting to start",
  images: "Finding pictures",
  voice: "Recording the voice",
  rendering: "Drawing frames",
  encoding: "Encoding",
  saving: "Saving",
};

/** A link that works outside this site: signed URLs of local storage are paths on it. */
function absolute(url: string): string {
  if (typeof window === "undefined" || /^https?:\/\//.test(url)) return url;
  return new URL(url, window.location.origin).toString();
}

/**
 * "Quick preview": a small, low-frame-rate draft of the video (watermarked
 * "Draft", free, limited per hour) to watch and share before rendering; it
 * never replaces the rendered file. Shared by the video page and the editor.
 */
export function QuickPreview({
  videoId,
  rendering,
  beforeStart,
}: {
  videoId: string;
  /** A render is under way: a preview waits until it is done. */
  rendering: boolean;
  /** Runs first (the editor saves pending edits); a rejection stops the preview and is shown. */
  beforeStart?: () => Promise<void>;
}) {
  const id = useId();
  const { data: preview, error: loadError, mutate } = useVideoPreview(videoId);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const working = isPreviewing(preview);
  const file = preview?.file ?? null;

  // Rendered on the client only (the preview is fetched after mount), so the page's origin is known.
  const shareUrl = file ? absolute(file.share_url) : null;

  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      await beforeStart?.();
      await mutate(await requestVideoPreview(videoId), { revalidate: false });
    } catch (e) {
      setError(e);
    } finally {
      setStarting(false);
    }
  };

  const percent = renderPercent(preview?.progress);
  const stale = file && preview ? file.revision < preview.video_revision : false;

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-xl border bg-card p-4 shadow-xs">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0 space-y-0.5">
          <h2 id={`${id}-title`} className="text-sm font-semibold">
            Quick preview
          </h2>
          <p className="text-xs text-muted-foreground">
            A small draft to watch and share in seconds, marked “Draft”. Free; it never replaces your rendered video.
          </p>
        </div>
        <Button
          type="button"
          variant="outline"
          onClick={() => void start()}
          disabled={starting || working || rendering || preview === undefined}
          aria-busy={starting || working || undefined}
        >
          <Eye />
          Quick preview
        </Button>
      </div>

      {rendering && !working ? (
        <p className="text-xs text-muted-foreground">The video is rendering; make a quick preview after it is done.</p>
      ) : null}

      {working && preview ? (
        <div className="space-y-1.5">
          <div
            role="progressbar"
            aria-label="Quick preview progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${STAGE_WORDS[preview.stage]}; ${percent}%`}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full bg-primary transition-[width] duration-500"
              style={{ width: `${Math.max(percent, 2)}%` }}
            />
          </div>
          <p role="status" aria-live="polite" className="text-xs text-muted-foreground tabular-nums">
            {STAGE_WORDS[preview.stage]} · {percent}%
          </p>
        </div>
      ) : null}

      {preview?.state === "failed" ? (
        <Alert variant="destructive">
          <AlertTitle>The quick preview failed</AlertTitle>
          <AlertDescription>
            <p>{preview.error ?? "Something went wrong while making the quick preview. Try again."}</p>
            {file ? <p>The earlier preview is still below.</p> : null}
          </AlertDescription>
        </Alert>
      ) : null}

      {error ? (
        <ActionErrorPanel error={error} action="The quick preview did not start" onDismiss={() => setError(null)} />
      ) : null}
      {loadError && !preview ? (
        <ActionErrorPanel error={loadError} action="We couldn't load the quick preview" />
      ) : null}

      {file ? (
        <div className="space-y-3">
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <Badge variant="secondary">Draft preview</Badge>
            <span>
              {file.width}×{file.height} · {file.fps} fps · {formatBytes(file.size_bytes)} · made{" "}
              {formatDate(file.rendered_at)}
            </span>
          </div>
          {stale ? (
            <p role="note" className="text-xs font-medium text-amber-700 dark:text-amber-400">
              This preview shows an earlier version (revision {file.revision}); the video has changed since. Make a new
              quick preview to see the latest edits.
            </p>
          ) : null}
          <VideoFrame width={file.width} height={file.height} maxHeightVh={50} className="border">
            <NativeVideo
              key={`${file.revision}-${file.rendered_at}`}
              src={file.video_url}
              poster={null}
              captions={null}
              title="Draft preview"
              width={file.width}
              height={file.height}
              className="block size-full object-contain"
            />
          </VideoFrame>
          {shareUrl ? (
            <CopyField
              label="Share link (draft preview)"
              value={shareUrl}
              copyLabel="Copy link"
              description={`Anyone with this link can watch or download this draft, without an account, until ${formatDate(file.share_expires_at)}.`}
            />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
