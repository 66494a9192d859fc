"use client";

import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useSWRConfig } from "swr";
import { Clapperboard, Coins, Copy, Download, Pencil, RotateCcw, Share2, Trash2 } from "lucide-react";
import { CaptionDownloads } from "./caption-downloads";

import { ConfirmDialog } from "@/components/images/confirm-dialog";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { isProfileKey } from "@/lib/client/hooks/use-profile";
import {
  cancelRender,
  deleteVideo,
  duplicateVideo,
  isRendering,
  renderVideo,
  useVideo,
  VIDEO_LIST_KEY,
  type VideoPage,
} from "@/lib/client/hooks/use-videos";
import type { VideoView } from "@/lib/creation/video/contract";
import { credits, cssRatio, formatBytes, formatDate, formatDuration } from "@/components/common/format";
import { MadeWith } from "./made-with";
import { TranslateVideo } from "./translate-video";
import { NativeVideo } from "./native-video";
import { VideoFrame } from "./video-frame";
import { RenderProgress } from "./render-progress";
import { QuickPreview } from "./quick-preview";
import { VideoStatusBadge } from "./status-badge";
import { ActionErrorPanel } from "@/components/common/action-error-panel";
import { VideoNotFound } from "./video-not-found";
import { useStableUrl } from "@/components/common/use-stable-url";
import { LoadError } from "@/components/common/load-error";

type Busy = "render" | "cancel" | "duplicate" | "delete" | null;

function FailedRender({ video, onRetry, busy }: { video: VideoView; onRetry(): void; busy: boolean }) {
  const render = video.render;
  return (
    <Alert variant="destructive">
      <AlertTitle>{render?.state === "cancelled" ? "The render was cancelled" : "The render failed"}</AlertTitle>
      <AlertDescription className="space-y-3">
        <p>{render?.error ?? "Something went wrong while rendering your video."}</p>
        {render?.refunded ? <p>Your {credits(render.credits)} were refunded.</p> : null}
        {video.files ? <p>The previous version is still below.</p> : null}
        <Button size="sm" onClick={onRetry} disabled={busy} aria-busy={busy || undefined}>
          <RotateCcw />
          Retry render
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** /videos/{id}: the video, its render progress, how it was made, and what can be done with it. */
export function VideoDetail({ id }: { id: string }) {
  const router = useRouter();
  const { mutate: globalMutate } = useSWRConfig();
  const { data: video, error, mutate } = useVideo(id);
  const [busy, setBusy] = useState<Busy>(null);
  const [actionError, setActionError] = useState<{ error: unknown; action: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  // While a new version renders the page polls, and each answer signs the old file's URLs anew.
  const videoUrl = useStableUrl(video?.files?.video_url);
  const posterUrl = useStableUrl(video?.files?.poster_url);
  const captionsUrl = useStableUrl(video?.files?.captions_url);

  // A render that settles changes the balance (a refund) and the list.
  const wasRendering = useRef(false);
  const rendering = video ? isRendering(video) : false;
  useEffect(() => {
    if (wasRendering.current && !rendering) void globalMutate(isProfileKey);
    wasRendering.current = rendering;
  }, [rendering, globalMutate]);

  if (error && !video) {
    if (error.status === 404 || error.status === 403) return <VideoNotFound />;
    return <LoadError title="We couldn't load this video" message={error.message} onRetry={() => mutate()} />;
  }

  if (!video) {
    return (
      <div role="status" aria-busy="true" className="grid gap-8 lg:grid-cols-12">
        <span className="sr-only">Loading the video</span>
        <Skeleton className="aspect-video w-full rounded-xl lg:col-span-7" />
        <div className="space-y-3 lg:col-span-5">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      </div>
    );
  }

  const run = async (what: Exclude<Busy, null>, action: string, fn: () => Promise<void>) => {
    setBusy(what);
    setActionError(null);
    try {
      await fn();
    } catch (e) {
      setActionError({ error: e, action });
    } finally {
      setBusy(null);
    }
  };

  const render = () =>
    run("render", "The render did not start", async () => {
      const next = await renderVideo(video.id);
      await mutate(next, { revalidate: false });
      void globalMutate(isProfileKey);
    });
  const cancel = () =>
    run("cancel", "The render was not cancelled", async () => {
      await mutate(await cancelRender(video.id), { revalidate: true });
    });
  const duplicate = () =>
    run("duplicate", "The video was not duplicated", async () => {
      const copy = await duplicateVideo(video.id);
      void globalMutate(VIDEO_LIST_KEY);
      router.push(`/videos/${encodeURIComponent(copy.id)}`);
    });
  const remove = () =>
    run("delete", "The video was not deleted", async () => {
      try {
        await deleteVideo(video.id);
      } finally {
        setConfirming(false);
      }
      // The list may be cached from moments ago (its refetch on mount is then deduplicated): drop the video from it.
      await globalMutate(
        VIDEO_LIST_KEY,
        (pages?: VideoPage[]) => pages?.map((p) => ({ ...p, items: p.items.filter((i) => i.id !== video.id) })),
        { revalidate: false },
      );
      router.push("/videos");
    });

  const files = video.files;
  const failed = !rendering && (video.render?.state === "failed" || video.render?.state === "cancelled");
  const title = video.title || "Untitled video";

  return (
    <div className="grid gap-8 lg:grid-cols-12">
      <div className="space-y-4 lg:col-span-7">
        {rendering ? (
          <RenderProgress
            render={video.render}
            hasPreviousFile={Boolean(files)}
            onCancel={() => void cancel()}
            cancelling={busy === "cancel"}
          />
        ) : null}
        {failed ? <FailedRender video={video} onRetry={() => void render()} busy={busy === "render"} /> : null}
        {files ? (
          <VideoFrame width={files.width} height={files.height} maxHeightVh={70} className="border">
            <NativeVideo
              // A new render is a new file: remount so the element loads it.
              key={`${files.revision}-${files.rendered_at}`}
              src={videoUrl ?? files.video_url}
              poster={posterUrl ?? files.poster_url}
              captions={captionsUrl ?? null}
              title={title}
              width={files.width}
              height={files.height}
              className="block size-full object-contain"
            />
          </VideoFrame>
        ) : !rendering && !failed ? (
          <div
            className="flex max-h-[60vh] flex-col items-center justify-center gap-3 rounded-xl border border-dashed bg-card/60 p-8 text-center"
            style={{ aspectRatio: cssRatio(video.aspect_ratio) }}
          >
            <Clapperboard aria-hidden="true" className="size-8 text-primary" />
            <p className="max-w-xs text-sm text-muted-foreground">
              This video is a storyboard: edit its scenes, then render it.
            </p>
            <div className="flex flex-wrap justify-center gap-2">
              <Button asChild variant="outline">
                <Link href={`/content/${encodeURIComponent(video.id)}/edit`}>
                  <Pencil />
                  Edit storyboard
                </Link>
              </Button>
              <Button onClick={() => void render()} disabled={busy !== null} aria-busy={busy === "render" || undefined}>
                <Clapperboard />
                Render
              </Button>
            </div>
          </div>
        ) : null}
        {actionError ? (
          <ActionErrorPanel
            error={actionError.error}
            action={actionError.action}
            onDismiss={() => setActionError(null)}
          />
        ) : null}
        <QuickPreview videoId={video.id} rendering={rendering} />
      </div>

      <div className="space-y-6 lg:col-span-5">
        <div className="space-y-2">
          <h2 className="text-xl font-semibold tracking-tight text-balance">{title}</h2>
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <VideoStatusBadge status={video.status} />
            <span>{video.aspect_ratio}</span>
            {files ? <span>· {formatDuration(files.duration_ms)}</span> : null}
            {files ? <span>· {formatBytes(files.size_bytes)}</span> : null}
            <span>· {video.visibility === "public" ? "Public" : "Private"}</span>
          </div>
        </div>

        <div role="group" aria-label="Video actions" className="flex flex-wrap gap-2">
          {files ? (
            <Button asChild>
              <a href={files.video_url} download={`${title.replace(/[^\w\- ]+/g, "").trim() || "video"}.mp4`}>
                <Download />
                Download MP4
              </a>
            </Button>
          ) : null}
          {files?.captions_url ? <CaptionDownloads videoId={video.id} /> : null}
          <Button asChild variant="outline">
            <Link href={`/content/${encodeURIComponent(video.id)}/edit`}>
              <Pencil />
              Edit
            </Link>
          </Button>
          <Button
            variant="outline"
            onClick={() => void duplicate()}
            disabled={busy !== null}
            aria-busy={busy === "duplicate" || undefined}
          >
            <Copy />
            Duplicate
          </Button>
          <Button asChild variant="outline">
            <Link href={`/content/${encodeURIComponent(video.id)}/share`}>
              <Share2 />
              Share
            </Link>
          </Button>
          {files && !rendering ? (
            <Button
              variant="outline"
              onClick={() => void render()}
              disabled={busy !== null}
              aria-busy={busy === "render" || undefined}
            >
              <RotateCcw />
              Render again
            </Button>
          ) : null}
        </div>

        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Coins aria-hidden="true" className="size-4" />
          <span>
            Credits spent: <strong className="text-foreground tabular-nums">{video.credits_spent}</strong>
          </span>
        </p>

        <MadeWith made={video.made_with} />

        <TranslateVideo video={video} />

        <p className="text-xs text-muted-foreground">
          Created {formatDate(video.created_at)}
          {files ? ` · rendered ${formatDate(files.rendered_at)}` : ""}
        </p>

        <div className="border-t pt-4">
          <Button
            variant="ghost"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            onClick={() => setConfirming(true)}
          >
            <Trash2 />
            Delete
          </Button>
        </div>
      </div>

      <ConfirmDialog
        open={confirming}
        title="Delete this video?"
        confirmLabel="Delete video"
        busy={busy === "delete"}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      >
        The video, its storyboard, its files and its revisions are removed for good, and its public links stop working.
        This cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
