"use client";

import Link from "next/link";
import { Sparkles } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/common/load-error";
import { PosterGridSkeleton } from "@/components/common/poster-grid-skeleton";
import { useStableUrl } from "@/components/common/use-stable-url";
import { useRecentWork } from "@/lib/client/hooks/use-workspace";
import type { WorkspaceItem } from "@/lib/creation/workspace/contract";
import { KIND_LABEL, statusText } from "./kind";

const GRID = "grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4";

function RecentCard({ item }: { item: WorkspaceItem }) {
  const kind = KIND_LABEL[item.kind];
  const KindIcon = kind.icon;
  const title = item.title || `Untitled ${kind.one.toLowerCase()}`;
  const thumb = useStableUrl(item.thumbnail_url ?? item.poster_url);
  return (
    <li>
      <Link
        href={item.href}
        className="group block h-full overflow-hidden rounded-xl border bg-card shadow-xs transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <span className="flex aspect-video items-center justify-center bg-muted">
          {thumb ? (
            // eslint-disable-next-line @next/next/no-img-element -- signed URL; no optimizer in between
            <img src={thumb} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
          ) : (
            <KindIcon aria-hidden="true" className="size-8 text-muted-foreground/60" />
          )}
        </span>
        <span className="block min-w-0 p-3">
          <span className="block truncate text-sm font-medium group-hover:underline">{title}</span>
          <span className="mt-0.5 flex items-center gap-1 text-xs text-muted-foreground">
            <KindIcon aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="truncate">
              {kind.one} · {statusText(item)}
            </span>
          </span>
        </span>
      </Link>
    </li>
  );
}

/** Home's "Recent work": my newest videos, designs and images (the workspace list), each opening its page. */
export function RecentWork() {
  const { data, error, mutate } = useRecentWork();
  if (error && !data) {
    return <LoadError title="We couldn't load your recent work" message={error.message} onRetry={() => mutate()} />;
  }
  if (!data) {
    return <PosterGridSkeleton label="Loading your recent work" gridClassName={GRID} lines={2} />;
  }
  if (data.length === 0) {
    return (
      <EmptyState
        icon={Sparkles}
        heading="Nothing here yet"
        headingLevel="h3"
        primaryAction={{ label: "Create a video", href: "/prompt-to-video" }}
        secondaryAction={{ label: "Generate an image", href: "/image-gen" }}
      >
        The videos and images you make will show up here, so you can pick up where you left off.
      </EmptyState>
    );
  }
  return (
    <ul className={GRID}>
      {data.map((item) => (
        <RecentCard key={`${item.kind}:${item.id}`} item={item} />
      ))}
    </ul>
  );
}
