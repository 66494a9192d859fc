"use client";

import Link from "next/link";
import { SearchX } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { SharePanel } from "@/components/images/share-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { useAuth } from "@/lib/client/hooks/auth-provider";
import { useImage } from "@/lib/client/hooks/use-image";
import { useContentRef } from "@/lib/client/hooks/use-designs";
import { DesignShare } from "@/components/designs/design-share";
import { useVideo } from "@/lib/client/hooks/use-videos";
import { VideoShare } from "@/components/video/video-share";
import { LoadError } from "@/components/common/load-error";

function Loading() {
  return (
    <div role="status" aria-busy="true" className="space-y-4">
      <span className="sr-only">Loading</span>
      <Skeleton className="h-8 w-1/2" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/** The image's own share controls (the same ones as on its detail page). */
function ImageShare({ id }: { id: string }) {
  const { user } = useAuth();
  const { data: item, error, mutate } = useImage(id);
  // A public image of someone else's is not mine to share.
  if ((error && !item) || (item && user && !item.is_mine)) {
    return (
      <EmptyState
        icon={SearchX}
        heading="We couldn't find this content"
        primaryAction={{ label: "Back to videos", href: "/videos" }}
        secondaryAction={{ label: "My images", href: "/image-gen/all" }}
      >
        It may have been deleted, or the link may be wrong.
      </EmptyState>
    );
  }
  if (!item) return <Loading />;
  return (
    <div className="grid gap-8 lg:grid-cols-12">
      <div className="lg:col-span-5">
        {item.urls ? (
          // eslint-disable-next-line @next/next/no-img-element -- signed URLs change on every fetch; no optimizer.
          <img src={item.urls.thumbnail} alt={item.settings.prompt} className="w-full rounded-xl border" />
        ) : null}
      </div>
      <div className="space-y-4 lg:col-span-7">
        <h2 className="text-lg font-semibold">{item.title || item.settings.prompt}</h2>
        <SharePanel
          item={item}
          onChange={(visibility) => void mutate({ ...item, visibility }, { revalidate: false })}
        />
        <Link href={`/image-gen/${encodeURIComponent(item.id)}`} className="text-sm text-primary hover:underline">
          Open the image
        </Link>
      </div>
    </div>
  );
}

/** Not a video: a design's share screen, or an image's share controls. */
function OtherShare({ id }: { id: string }) {
  const ref = useContentRef(id);
  if (!ref.data && !ref.error) return <Loading />;
  return ref.data?.kind === "design" ? <DesignShare id={id} /> : <ImageShare id={id} />;
}

/** /content/{id}/share: a video's sharing screen, or a design's or an image's when the id is one of those. */
export function ContentShare({ id }: { id: string }) {
  const { data: video, error, mutate } = useVideo(id);
  if (error && !video) {
    // Not a video of mine: it may be one of my images.
    if (error.status === 404 || error.status === 403) return <OtherShare id={id} />;
    return <LoadError title="We couldn't load this content" message={error.message} onRetry={() => mutate()} />;
  }
  if (!video) return <Loading />;
  return <VideoShare video={video} onChange={(next) => void mutate(next, { revalidate: false })} />;
}
