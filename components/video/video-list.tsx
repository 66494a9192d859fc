"use client";

import { Video } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useVideos } from "@/lib/hooks/use-videos";
import { VideoCard } from "./video-card";

/** /videos: my videos as cards, refreshed while any renders. */
export function VideoList() {
  const videos = useVideos();

  if (videos.error && videos.items.length === 0) {
    return (
      <Alert variant="destructive">
        <AlertTitle>We couldn&apos;t load your videos</AlertTitle>
        <AlertDescription>
          <p>{videos.error.message}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void videos.reload()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }

  if (videos.isLoading) {
    return (
      <div role="status" aria-busy="true" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
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
          <Button variant="outline" onClick={() => void videos.loadMore()} disabled={videos.isLoadingMore} aria-busy={videos.isLoadingMore || undefined}>
            {videos.isLoadingMore ? "Loading…" : "Show more"}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
