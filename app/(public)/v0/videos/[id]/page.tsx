import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";

import { NativeVideo } from "@/components/video/native-video";
import { readIdParams } from "@/lib/access/routes/page-params";
import { titleFor } from "@/lib/access/routes/titles";
import { getPublicVideo } from "@/lib/creation/video/public";
import { BARE_PLAYER_STYLE } from "./bare-style";

const PATTERN = "/v0/videos/[id]";

/** Cached like the watch page (see /v1/videos/[id]). */
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams(): { id: string }[] {
  return [];
}

interface Props {
  params: Promise<{ id: string }>;
}

const load = cache((id: string) => getPublicVideo(id));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await readIdParams(params);
  const video = await load(id);
  // The embed is reached through the watch page; it is not a page of its own for search engines.
  return { title: video?.title || titleFor(PATTERN), robots: { index: false } };
}

/**
 * The bare player old embeds and iframes use: no chrome, the video filling
 * its frame (letterboxed on black). It sits in the public layout, whose
 * header BARE_PLAYER_STYLE hides while this page is shown.
 */
export default async function V0VideosDetailPage({ params }: Props) {
  const { id } = await readIdParams(params);
  const video = await load(id);
  if (!video) notFound();
  return (
    <div data-bare-player="" className="fixed inset-0 z-50 bg-black">
      <style>{BARE_PLAYER_STYLE}</style>
      <NativeVideo
        src={video.video_url}
        poster={video.poster_url}
        captions={video.captions_url}
        title={video.title || "Video"}
        style={{ display: "block", width: "100vw", height: "100vh", objectFit: "contain", background: "#000" }}
      />
    </div>
  );
}
