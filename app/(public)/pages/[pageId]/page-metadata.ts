import "server-only";
/**
 * Open Graph and Twitter tags of a published page: its title, its first text
 * block as the description, its first video poster or picture as the image.
 * Crawlers need absolute URLs and a cached page cannot read the request's
 * host, so they are made from APP_BASE_URL like the watch page's tags.
 */
import type { Metadata } from "next";

import type { PublicPage } from "@/lib/creation/pages/public";

function publicOrigin(): string {
  const raw = process.env.APP_BASE_URL;
  if (raw) {
    try {
      return new URL(raw).origin;
    } catch {
      // An invalid value: fall back below.
    }
  }
  return `http://localhost:${process.env.PORT ?? 3000}`;
}

export function pageMetadata(page: PublicPage): Metadata {
  const origin = publicOrigin();
  const abs = (path: string) => new URL(path, origin).toString();
  const url = abs(`/pages/${encodeURIComponent(page.id)}`);
  const description = page.description || `${page.title}, made with Promptframe.`;
  const images = page.image ? [{ url: abs(page.image), alt: page.title }] : undefined;
  return {
    metadataBase: new URL(origin),
    title: page.title,
    description,
    alternates: { canonical: url },
    openGraph: { type: "website", siteName: "Promptframe", title: page.title, description, url, images },
    twitter: { card: images ? "summary_large_image" : "summary", title: page.title, description, images },
  };
}
