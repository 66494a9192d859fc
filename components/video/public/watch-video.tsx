import Link from "next/link";
import { Sparkles } from "lucide-react";

import { buttonVariants } from "@/components/ui/button-variants";
import type { PublicVideo } from "@/lib/creation/video/public";
import { NativeVideo } from "../native-video";
import { VideoFrame } from "../video-frame";

export type { PublicVideo };

/**
 * The watch view of a public video (/v1/videos/{id} and /content/{id}): the
 * browser's own player with the captions track, the title, and a way to make
 * one. A server component: the page ships no JavaScript for it.
 */
export function WatchVideo({
  video,
  headingLevel: Heading = "h1",
}: {
  video: PublicVideo;
  headingLevel?: "h1" | "h2";
}) {
  const title = video.title || "Untitled video";
  return (
    <article className="mx-auto w-full max-w-4xl space-y-5">
      <VideoFrame width={video.width} height={video.height} maxHeightVh={75}>
        <NativeVideo
          src={video.video_url}
          poster={video.poster_url}
          captions={video.captions_url}
          title={title}
          width={video.width}
          height={video.height}
          className="block size-full object-contain"
        />
      </VideoFrame>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <Heading className="text-2xl font-semibold tracking-tight text-balance">{title}</Heading>
        <Link href="/prompt-to-video" className={buttonVariants({ className: "shrink-0" })}>
          <Sparkles aria-hidden="true" />
          Make your own
        </Link>
      </div>
    </article>
  );
}
