"use client";

import { useState } from "react";
import Link from "next/link";
import { AudioLines, FolderOpen, Type } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ASSET_KINDS, formatBytes, KIND_LABELS, type AssetKind, type AssetView } from "@/lib/media/assets/contract";
import { useAssets } from "@/lib/client/hooks/use-assets";
import { cn } from "@/lib/platform/utils";
import { UploadQueue } from "./upload-queue";

type Tab = AssetKind | "all";
const TABS: Tab[] = ["all", ...ASSET_KINDS];

export function formatDuration(ms: number | null): string {
  if (ms === null) return "";
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function Thumb({ a }: { a: AssetView }) {
  if (a.kind === "font") {
    return (
      <div className="flex size-full flex-col items-center justify-center gap-1 bg-muted text-muted-foreground">
        <Type className="size-6" aria-hidden />
        <span className="px-2 text-center text-xs">{a.font_family}</span>
      </div>
    );
  }
  if (a.kind === "audio") {
    return (
      <div className="flex size-full items-center justify-center bg-muted text-muted-foreground">
        <AudioLines className="size-8" aria-hidden />
      </div>
    );
  }
  if (a.kind === "video" && !a.urls.poster) return <div className="size-full bg-muted" />;
  // eslint-disable-next-line @next/next/no-img-element
  return (
    <img
      src={a.urls.thumbnail}
      alt=""
      loading="lazy"
      className={cn("size-full", a.kind === "logo" ? "object-contain p-3" : "object-cover")}
    />
  );
}

/** /assets: filter tabs by kind, multi-file upload with progress, the grid. */
export function AssetsLibrary() {
  const [tab, setTab] = useState<Tab>("all");
  const list = useAssets(true, tab === "all" ? null : [tab]);

  return (
    <div className="space-y-6">
      <UploadQueue onUploaded={() => void list.reload()} />
      <div role="tablist" aria-label="Filter by type" className="flex flex-wrap gap-1 border-b">
        {TABS.map((t) => (
          <button
            key={t}
            role="tab"
            type="button"
            aria-selected={tab === t}
            onClick={() => setTab(t)}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 text-sm",
              tab === t
                ? "border-primary font-medium"
                : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {t === "all" ? "All" : KIND_LABELS[t].many}
          </button>
        ))}
      </div>
      {list.error ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>
            <p>{list.error.message}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void list.reload()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : list.isLoading ? (
        <div className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner /> Loading your assets…
        </div>
      ) : list.items.length === 0 ? (
        <EmptyState
          icon={FolderOpen}
          heading={tab === "all" ? "No assets yet" : `No ${KIND_LABELS[tab].many.toLowerCase()} yet`}
        >
          Drop files above: they are checked, given thumbnails and ready to use in your videos and designs.
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6" aria-label="Assets">
          {list.items.map((a) => (
            <li key={a.id}>
              <Link
                href={`/assets/${a.id}`}
                className="group block rounded-lg border focus-visible:outline-2 focus-visible:outline-ring"
              >
                <div className="aspect-square overflow-hidden rounded-t-lg bg-muted/40">
                  <Thumb a={a} />
                </div>
                <div className="space-y-0.5 p-2">
                  <p className="truncate text-sm font-medium group-hover:underline">{a.name}</p>
                  <p className="text-xs text-muted-foreground">
                    {KIND_LABELS[a.kind].one} · {formatBytes(a.size)}
                    {a.duration_ms !== null ? ` · ${formatDuration(a.duration_ms)}` : ""}
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {list.hasMore ? (
        <Button variant="outline" onClick={() => void list.loadMore()} disabled={list.isLoadingMore}>
          {list.isLoadingMore ? "Loading…" : "Load more"}
        </Button>
      ) : null}
    </div>
  );
}
