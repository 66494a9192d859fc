"use client";

import { Video } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useVideos } from "@/lib/client/hooks/use-videos";
import { VideoCard } from "./video-card";
import { LoadError } from "@/components/common/load-error";

/** /videos: my videos as cards, refreshed while any renders. */
export function VideoList() {
  const videos = useVideos();

  if (videos.error && videos.items.length === 0) {
    return (
      <LoadError title="We couldn't load your videos" message={videos.error.message} onRetry={() => videos.reload()} />
    );
  }

  if (videos.isLoading) {
    return (
      <div
        role="status"
        aria-busy="true"
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      >
        <span className="sr-only">Loading your videos</span>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="aspect-[4/3] rounded-xl" />
        ))}
      </div>
    );
  }

  if (videos.items.length === 0) {
    return (
      <EmptyState
        icon={Video}
        heading="No videos yet"
        primaryAction={{ label: "Create a video from a prompt", href: "/prompt-to-video" }}
        secondaryAction={{ label: "Use a link", href: "/url-to-video" }}
      >
        Make your first video from a prompt, or from a link to a web page.
      </EmptyState>
    );
  }

  return (
    <div className="space-y-6">
      <ul aria-label="My videos" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {videos.items.map((video) => (
          <li key={video.id} className="flex">
            <div className="flex-1">
              <VideoCard video={video} />
            </div>
          </li>
        ))}
      </ul>
      {videos.hasMore ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            onClick={() => void videos.loadMore()}
            disabled={videos.isLoadingMore}
            aria-busy={videos.isLoadingMore || undefined}
          >
            {videos.isLoadingMore ? "Loading…" : "Show more"}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
