import "server-only";
/**
 * Open Graph and Twitter player-card tags of a public video. Crawlers need
 * absolute URLs, and a cached page cannot read the request's host: they are
 * made from APP_BASE_URL (the public origin, see .env.example), else from
 * the same fallback Next uses for metadata (http://localhost:PORT).
 */
import type { Metadata } from "next";

import type { PublicVideo } from "@/components/video/public/watch-video";

function publicOrigin(): string {
  const raw = process.env.APP_BASE_URL;
  if (raw) {
    try {
      return new URL(raw).origin;
    } catch {
      // An invalid value: billing's config warns about it; fall back below.
    }
  }
  return `http://localhost:${process.env.PORT ?? 3000}`;
}

export function watchPath(id: string): string {
  return `/v1/videos/${encodeURIComponent(id)}`;
}

export function embedPath(id: string): string {
  return `/v0/videos/${encodeURIComponent(id)}`;
}

export function watchMetadata(video: PublicVideo): Metadata {
  const origin = publicOrigin();
  const abs = (path: string) => new URL(path, origin).toString();
  const title = video.title || "Untitled video";
  const description = `Watch “${title}”, made with Promptframe.`;
  const poster = video.poster_url
    ? [{ url: abs(video.poster_url), width: video.width, height: video.height, alt: title }]
    : undefined;
  const stream = abs(video.video_url);
  return {
    metadataBase: new URL(origin),
    title,
    description,
    alternates: { canonical: abs(watchPath(video.id)) },
    openGraph: {
      type: "video.other",
      siteName: "Promptframe",
      title,
      description,
      url: abs(watchPath(video.id)),
      images: poster,
      videos: [{ url: stream, type: "video/mp4", width: video.width, height: video.height }],
    },
    twitter: {
      card: "player",
      title,
      description,
      images: poster,
      players: [{ playerUrl: abs(embedPath(video.id)), streamUrl: stream, width: video.width, height: video.height }],
    },
  };
}
