import "server-only";
/**
 * Open Graph and Twitter player-card tags of a public video. Crawlers need
 * absolute URLs: they are resolved against APP_BASE_URL (the public origin,
 * see .env.example) when it is set, else against Next's default base.
 */
import type { Metadata } from "next";

import type { PublicVideo } from "@/components/video/public/watch-video";

function metadataBase(): URL | undefined {
  const raw = process.env.APP_BASE_URL;
  if (!raw) return undefined;
  try {
    return new URL(new URL(raw).origin);
  } catch {
    return undefined;
  }
}

export function watchPath(id: string): string {
  return `/v1/videos/${encodeURIComponent(id)}`;
}

export function embedPath(id: string): string {
  return `/v0/videos/${encodeURIComponent(id)}`;
}

export function watchMetadata(video: PublicVideo): Metadata {
  const title = video.title || "Untitled video";
  const description = `Watch “${title}”, made with Promptframe.`;
  const poster = video.poster_url ? [{ url: video.poster_url, width: video.width, height: video.height, alt: title }] : undefined;
  return {
    metadataBase: metadataBase(),
    title,
    description,
    alternates: { canonical: watchPath(video.id) },
    openGraph: {
      type: "video.other",
      siteName: "Promptframe",
      title,
      description,
      url: watchPath(video.id),
      images: poster,
      videos: [{ url: video.video_url, type: "video/mp4", width: video.width, height: video.height }],
    },
    twitter: {
      card: "player",
      title,
      description,
      images: poster,
      players: [{ playerUrl: embedPath(video.id), streamUrl: video.video_url, width: video.width, height: video.height }],
    },
  };
}
