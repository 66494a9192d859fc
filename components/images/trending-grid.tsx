"use client";

import Link from "next/link";
import { Flame, Repeat2 } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useTrending } from "@/lib/client/hooks/use-trending";
import { generatorHref, settingsOfImage } from "./generator-params";
import { ImageGridSkeleton, ImageTile } from "./image-tile";
import { LikeButton } from "./like-button";
import { useInfiniteTrigger } from "./use-infinite-trigger";
import { LoadError } from "@/components/common/load-error";

/** /image-gen/trending: public images ranked by the server; like (optimistic) and remix. */
export function TrendingGrid() {
  const t = useTrending();
  const sentinel = useInfiniteTrigger({
    enabled: t.hasMore && !t.isLoadingMore && !t.error,
    onReach: () => void t.loadMore(),
  });

  if (t.isLoading) return <ImageGridSkeleton count={12} label="Loading trending images" />;
  if (t.error && t.items.length === 0) {
    return <LoadError title="We couldn't load trending images" message={t.error.message} onRetry={() => t.reload()} />;
  }
  if (t.items.length === 0) {
    return (
      <EmptyState
        icon={Flame}
        heading="Nothing trending yet"
        primaryAction={{ label: "Generate an image", href: "/image-gen" }}
      >
        Images people share publicly show up here, ranked by likes and remixes. Share one of yours to start.
      </EmptyState>
    );
  }

  return (
    <div className="space-y-6">
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {t.items.map((item, rank) => (
          <li key={item.id}>
            <article
              aria-label={`#${rank + 1}: ${item.settings.prompt}`}
              className="overflow-hidden rounded-xl border bg-card shadow-xs"
            >
              <ImageTile item={item} className="rounded-none border-0" />
              <div className="space-y-3 p-3">
                <p className="line-clamp-2 text-sm">{item.settings.prompt}</p>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <LikeButton
                    size="sm"
                    item={item}
                    onChange={(state) => void t.patchItem(item.id, (i) => ({ ...i, ...state }))}
                  />
                  <span className="text-xs text-muted-foreground tabular-nums">
                    {item.remixes} remix{item.remixes === 1 ? "" : "es"}
                  </span>
                  <Button asChild size="sm" variant="outline">
                    <Link href={generatorHref({ ...settingsOfImage(item.settings), remixOfId: item.id })}>
                      <Repeat2 />
                      Remix
                    </Link>
                  </Button>
                </div>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" />
      {t.hasMore || t.isLoadingMore ? (
        <div className="flex justify-center">
          {t.isLoadingMore ? (
            <Spinner label="Loading more images" />
          ) : (
            <Button variant="outline" onClick={() => void t.loadMore()}>
              Load more
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}
