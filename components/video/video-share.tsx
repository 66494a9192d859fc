"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import { Download, ExternalLink, Info } from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { MakePageButton } from "@/components/pages/make-page-button";
import { shareVideo } from "@/lib/client/hooks/use-videos";
import type { VideoView } from "@/lib/creation/video/contract";
import { CopyField } from "@/components/ui/copy-field";
import { NativeVideo } from "./native-video";
import { VideoFrame } from "./video-frame";
import { SocialCardPreview } from "./social-card-preview";
import { ToggleSwitch } from "@/components/ui/toggle-switch";
import { ActionErrorPanel } from "@/components/common/action-error-panel";
import { GallerySwitch } from "@/components/gallery/gallery-switch";

/** The page's origin, once in the browser (links and embed code need it absolute). */
function useOrigin(): string {
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  return origin;
}

export function embedCode(input: {
  origin: string;
  embedPath: string;
  title: string;
  width: number;
  height: number;
}): string {
  // 560 px wide (or tall, for vertical videos) like common embeds; the frame keeps the video's shape.
  const scale = 560 / Math.max(input.width, input.height);
  const w = Math.round(input.width * scale);
  const h = Math.round(input.height * scale);
  const title = input.title.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return `<iframe src="${input.origin}${input.embedPath}" width="${w}" height="${h}" title="${title}" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`;
}

/** /content/{id}/share for a video: public link on/off, the watch link, embed code, download, the social card. */
export function VideoShare({ video, onChange }: { video: VideoView; onChange(video: VideoView): void }) {
  const origin = useOrigin();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const isPublic = video.visibility === "public";
  const files = video.files;
  const title = video.title || "Untitled video";

  const toggle = async (next: boolean) => {
    setBusy(true);
    setError(null);
    try {
      onChange(await shareVideo(video.id, next));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  const watchUrl = video.share && origin ? `${origin}${video.share.watch_path}` : null;

  return (
    <div className="grid gap-8 lg:grid-cols-12">
      <div className="space-y-6 lg:col-span-7">
        <div className="space-y-1">
          <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
          <p className="text-sm text-muted-foreground">
            <Link href={`/videos/${encodeURIComponent(video.id)}`} className="text-primary hover:underline">
              Back to the video
            </Link>
          </p>
        </div>

        <div className="space-y-4 rounded-xl border bg-card p-4 sm:p-5">
          <ToggleSwitch
            label="Public link"
            description={
              isPublic
                ? "Anyone with the link can watch this video, and websites can embed it. Turn it off to take both down at once."
                : files
                  ? "Only you can see this video. Turn this on to get a watch page and an embed code."
                  : "Render the video first: there is nothing to watch yet."
            }
            checked={isPublic}
            disabled={busy || (!isPublic && !files)}
            onChange={(next) => void toggle(next)}
          />
          <GallerySwitch id={video.id} isPublic={isPublic} />
        </div>

        {error ? (
          <ActionErrorPanel error={error} action="Sharing did not change" onDismiss={() => setError(null)} />
        ) : null}

        {isPublic && !files ? (
          <Alert role="status">
            <Info aria-hidden="true" />
            <AlertDescription>
              <p>This video has not been rendered yet. Its public pages show it as soon as a render finishes.</p>
            </AlertDescription>
          </Alert>
        ) : null}

        {isPublic && video.share && origin ? (
          <div className="space-y-5">
            <div className="space-y-1">
              <CopyField label="Watch page" value={watchUrl!} copyLabel="Copy link" />
              <a
                href={video.share.watch_path}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 text-xs text-primary hover:underline"
              >
                <ExternalLink aria-hidden="true" className="size-3" />
                Open the watch page
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </div>
            <CopyField
              label="Embed code"
              multiline
              copyLabel="Copy embed code"
              description="Paste it into a web page: it shows the bare player, sized to its frame."
              value={embedCode({
                origin,
                embedPath: video.share.embed_path,
                title,
                width: files?.width ?? 1920,
                height: files?.height ?? 1080,
              })}
            />
          </div>
        ) : null}

        {files ? (
          <Button asChild variant="outline">
            <a href={files.video_url} download>
              <Download />
              Download MP4
            </a>
          </Button>
        ) : null}
        <MakePageButton videoId={video.id} title={title} />
      </div>

      <div className="space-y-6 lg:col-span-5">
        <SocialCardPreview
          title={title}
          posterUrl={files?.poster_url ?? null}
          domain={origin ? new URL(origin).host : ""}
        />
        {files ? (
          <VideoFrame width={files.width} height={files.height} maxHeightVh={50} className="border">
            <NativeVideo
              src={files.video_url}
              poster={files.poster_url}
              captions={files.captions_url}
              title={title}
              width={files.width}
              height={files.height}
              className="block size-full object-contain"
            />
          </VideoFrame>
        ) : null}
      </div>
    </div>
  );
}
