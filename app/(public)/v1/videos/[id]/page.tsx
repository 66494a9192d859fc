import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";

import { WatchVideo } from "@/components/video/public/watch-video";
import { readIdParams } from "@/lib/access/routes/page-params";
import { titleFor } from "@/lib/access/routes/titles";
import { getPublicVideo } from "@/lib/creation/video/public";
import { watchMetadata } from "./watch-metadata";

const PATTERN = "/v1/videos/[id]";

/**
 * Served from the page cache like /content/{id}: rendered on the first visit
 * of an id, kept for 60 s or until sharing changes (lib/creation/public-views/refresh.ts
 * drops it at once). Media go through stable public URLs, never signed ones.
 */
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams(): { id: string }[] {
  return [];
}

interface Props {
  params: Promise<{ id: string }>;
}

// One read per request for the metadata and the page.
const load = cache((id: string) => getPublicVideo(id));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await readIdParams(params);
  const video = await load(id);
  return video ? watchMetadata(video) : { title: titleFor(PATTERN), robots: { index: false } };
}

/** The public watch page: the video with its captions, its title, and "Make your own". */
export default async function V1VideosDetailPage({ params }: Props) {
  const { id } = await readIdParams(params);
  const video = await load(id);
  if (!video) notFound();
  return <WatchVideo video={video} />;
}
