import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Sparkles } from "lucide-react";

import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { WatchVideo } from "@/components/video/public/watch-video";
import { readPublicImage } from "@/lib/media/images/public-image";
import { publicMediaPath } from "@/lib/creation/public-views/media";
import { readIdParams } from "@/lib/access/routes/page-params";
import { titleFor } from "@/lib/access/routes/titles";
import { getPublicVideo } from "@/lib/creation/video/public";
import { getPublicDesign } from "@/lib/creation/designs/public";

const PATTERN = "/content/[contentId]";

export const metadata: Metadata = { title: titleFor(PATTERN) };

/**
 * Served from the page cache: rendered on the first visit of an id, then kept
 * for 60 s (`revalidate`) or until sharing changes
 * (lib/creation/public-views/refresh.ts drops it at once). It links media through
 * stable public URLs, never signed ones that would expire in the cache.
 */
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams(): { contentId: string }[] {
  return [];
}

interface Props {
  params: Promise<{ contentId: string }>;
}

/** A shared creation, open to everyone: the image, how it was made, and a way to make one like it; or a shared video. */
export default async function ContentDetailPage({ params }: Props) {
  const { contentId } = await readIdParams(params);
  const image = await readPublicImage(contentId);
  if (!image) {
    // A shared video shows the same player as its watch page (/v1/videos/{id}).
    const video = await getPublicVideo(contentId);
    if (!video) {
      // A shared design: its first page as exported.
      const design = await getPublicDesign(contentId);
      if (!design) notFound();
      return (
        <>
          <PageHeader title={titleFor(PATTERN)} description={design.title} />
          <figure className="overflow-hidden rounded-xl border bg-card">
            {/* eslint-disable-next-line @next/next/no-img-element -- the stable URL redirects to a signed one; no optimizer in between */}
            <img
              src={design.image_url}
              alt={design.title}
              width={design.width}
              height={design.height}
              className="mx-auto h-auto max-h-[75vh] w-auto"
            />
            <figcaption className="flex flex-wrap items-center gap-2 border-t p-4 text-sm text-muted-foreground">
              <Badge variant="secondary">Design</Badge>
              <span>{design.aspect_ratio}</span>
              {design.pages > 1 ? <span>· page 1 of {design.pages}</span> : null}
            </figcaption>
          </figure>
        </>
      );
    }
    return (
      <>
        <PageHeader title={titleFor(PATTERN)} />
        <WatchVideo video={video} headingLevel="h2" />
      </>
    );
  }
  const s = image.settings;
  const remix = new URLSearchParams({ prompt: s.prompt, aspect: s.aspect_ratio, remix: image.id });
  if (s.vibe_id) remix.set("vibe", s.vibe_id);
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description={s.prompt} />
      <figure className="overflow-hidden rounded-xl border bg-card">
        {image.urls ? (
          // eslint-disable-next-line @next/next/no-img-element -- the stable URL redirects to a signed one; no optimizer in between
          <img
            src={publicMediaPath(image.id, "original")}
            alt={s.prompt}
            width={s.width ?? undefined}
            height={s.height ?? undefined}
            className="mx-auto h-auto max-h-[70vh] w-auto"
          />
        ) : null}
        <figcaption className="flex flex-wrap items-center gap-2 border-t p-4 text-sm text-muted-foreground">
          <Badge variant="secondary">{s.model_label}</Badge>
          <span>{s.aspect_ratio}</span>
          {s.vibe_name ? <span>· {s.vibe_name}</span> : null}
          <span>· seed {s.seed}</span>
          <Button asChild size="sm" className="ml-auto">
            <Link href={`/image-gen?${remix.toString()}`}>
              <Sparkles aria-hidden="true" />
              Make one like this
            </Link>
          </Button>
        </figcaption>
      </figure>
    </>
  );
}
