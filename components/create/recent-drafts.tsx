"use client";

import Link from "next/link";
import { FileVideo, LayoutTemplate, PanelsTopLeft } from "lucide-react";

import { Skeleton } from "@/components/ui/skeleton";
import { cssRatio, formatDate } from "@/components/common/format";
import { useRecentDrafts } from "@/lib/client/hooks/use-designs";

const ICONS = { video: FileVideo, design: LayoutTemplate, page: PanelsTopLeft, image: LayoutTemplate } as const;
const KIND_NAMES = { video: "Video", design: "Design", page: "Page", image: "Image" } as const;

/** My drafts (made, never rendered or exported), newest first, each opening its editor. */
export function RecentDrafts() {
  const { data, error } = useRecentDrafts();
  if (error && !data) return null;
  return (
    <section aria-labelledby="drafts-title" className="space-y-3">
      <h2 id="drafts-title" className="text-lg font-semibold tracking-tight">
        Recent drafts
      </h2>
      {!data ? (
        <div className="flex gap-3" role="status" aria-busy="true">
          <span className="sr-only">Loading your drafts</span>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-40 w-36 rounded-xl" />
          ))}
        </div>
      ) : data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No drafts yet. What you start and have not finished shows up here.
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-label="Recent drafts">
          {data.map((d) => {
            const Icon = ICONS[d.kind];
            return (
              <li key={d.id}>
                <Link
                  href={d.edit_path}
                  className="group flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-xs hover:border-primary/50"
                >
                  <span className="flex h-28 items-center justify-center bg-muted/60 p-2">
                    {d.thumbnail_url ? (
                      // eslint-disable-next-line @next/next/no-img-element -- signed URLs; no optimizer
                      <img src={d.thumbnail_url} alt="" className="max-h-full max-w-full rounded object-contain" />
                    ) : (
                      <span
                        className="flex max-h-full items-center justify-center rounded border border-dashed bg-background text-muted-foreground"
                        style={{ aspectRatio: d.aspect_ratio ? cssRatio(d.aspect_ratio) : "1 / 1", height: "100%" }}
                      >
                        <Icon aria-hidden="true" className="size-5" />
                      </span>
                    )}
                  </span>
                  <span className="flex flex-1 flex-col p-2">
                    <span className="line-clamp-2 text-sm font-medium group-hover:underline">
                      {d.title || "Untitled"}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {KIND_NAMES[d.kind]}
                      {d.aspect_ratio ? ` · ${d.aspect_ratio}` : ""} · {formatDate(d.created_at)}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
