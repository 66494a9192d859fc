"use client";

import { useCallback, useState } from "react";
import { Download, Images, SearchX, Trash2 } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { bulkDeleteImages, useImages, type ImageFilters } from "@/lib/client/hooks/use-images";
import { downloadUrl } from "@/lib/client/hooks/use-image";
import { ConfirmDialog } from "./confirm-dialog";
import { GalleryFilters } from "./gallery-filters";
import { ImageGridSkeleton, ImageTile } from "./image-tile";
import { downloadSequentially, keepVisible, toggleId } from "./selection";
import { useInfiniteTrigger } from "./use-infinite-trigger";
import { LoadError } from "@/components/common/load-error";

function clickDownload(url: string) {
  const a = document.createElement("a");
  a.href = url;
  a.download = "";
  document.body.append(a);
  a.click();
  a.remove();
}

/** /image-gen/all: my images, newest first, filters, multi-select delete and download. */
export function Gallery() {
  const [filters, setFilters] = useState<ImageFilters>({});
  const pages = useImages(filters);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<"delete" | "download" | null>(null);
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const filtered = Boolean(filters.model || filters.vibe || filters.q);

  const onFilters = useCallback((next: ImageFilters) => {
    setFilters(next);
    setSelected(new Set());
  }, []);

  const { loadMore, hasMore, isLoadingMore } = pages;
  const sentinel = useInfiniteTrigger({
    enabled: hasMore && !isLoadingMore && !pages.error,
    onReach: () => void loadMore(),
  });

  const ids = [
    ...keepVisible(
      selected,
      pages.items.map((i) => i.id),
    ),
  ];

  const remove = async () => {
    setBusy("delete");
    try {
      const { deleted } = await bulkDeleteImages(ids);
      await pages.removeItems(ids);
      setSelected(new Set());
      setMessage({ kind: "ok", text: `Deleted ${deleted} image${deleted === 1 ? "" : "s"}.` });
    } catch (e) {
      setMessage({ kind: "error", text: e instanceof Error ? e.message : "The images were not deleted." });
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  };

  const download = async () => {
    setBusy("download");
    const ready = pages.items.filter((i) => selected.has(i.id) && i.status === "ready").map((i) => i.id);
    await downloadSequentially({ urls: ready.map((id) => downloadUrl(id, "png")), trigger: clickDownload });
    setMessage({ kind: "ok", text: `Started ${ready.length} download${ready.length === 1 ? "" : "s"}.` });
    setBusy(null);
  };

  return (
    <div className="space-y-6">
      <GalleryFilters value={filters} onChange={onFilters} />

      <div
        className="sticky top-16 z-10 flex min-h-11 flex-wrap items-center gap-2 rounded-lg border bg-background/95 px-3 py-1.5 backdrop-blur"
        aria-label="Selection"
        role="toolbar"
      >
        <span className="mr-auto text-sm text-muted-foreground" aria-live="polite">
          {ids.length
            ? `${ids.length} selected`
            : `${pages.items.length} image${pages.items.length === 1 ? "" : "s"} loaded`}
        </span>
        <Button
          variant="ghost"
          size="sm"
          disabled={pages.items.length === 0}
          onClick={() => setSelected(new Set(pages.items.map((i) => i.id)))}
        >
          Select all
        </Button>
        <Button variant="ghost" size="sm" disabled={ids.length === 0} onClick={() => setSelected(new Set())}>
          Clear selection
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={ids.length === 0 || busy !== null}
          onClick={() => void download()}
        >
          <Download />
          Download PNGs
        </Button>
        <Button
          variant="destructive"
          size="sm"
          disabled={ids.length === 0 || busy !== null}
          onClick={() => setConfirming(true)}
        >
          <Trash2 />
          Delete selected
        </Button>
      </div>

      {message ? (
        <Alert
          variant={message.kind === "error" ? "destructive" : "default"}
          role={message.kind === "error" ? "alert" : "status"}
        >
          <AlertDescription>
            <p>{message.text}</p>
          </AlertDescription>
        </Alert>
      ) : null}

      {pages.isLoading ? (
        <ImageGridSkeleton count={12} />
      ) : pages.error && pages.items.length === 0 ? (
        <LoadError title="We couldn't load your images" message={pages.error.message} onRetry={() => pages.reload()} />
      ) : pages.items.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={SearchX}
            heading="No images match"
            extra={
              <Button variant="outline" onClick={() => onFilters({})}>
                Clear filters
              </Button>
            }
          >
            Try another search or filter.
          </EmptyState>
        ) : (
          <EmptyState
            icon={Images}
            heading="No images yet"
            primaryAction={{ label: "Start generating", href: "/image-gen" }}
            secondaryAction={{ label: "Browse inspirations", href: "/image-gen/inspirations" }}
          >
            Images you generate will be saved here. Looking for a starting point? Browse inspirations.
          </EmptyState>
        )
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
          {pages.items.map((item) => {
            const checked = selected.has(item.id);
            return (
              <li key={item.id} className="relative">
                <ImageTile item={item} className={checked ? "ring-2 ring-primary ring-offset-2" : undefined} />
                <label className="absolute top-2 left-2 flex size-7 cursor-pointer items-center justify-center rounded-md bg-background/90 shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={checked}
                    onChange={() => setSelected((s) => toggleId(s, item.id))}
                    aria-label={`Select ${item.settings.prompt.slice(0, 60) || item.title}`}
                  />
                </label>
              </li>
            );
          })}
        </ul>
      )}

      <div ref={sentinel} aria-hidden="true" />
      {pages.items.length > 0 && (hasMore || isLoadingMore) ? (
        <div className="flex justify-center">
          {isLoadingMore ? (
            <Spinner label="Loading more images" />
          ) : (
            <Button variant="outline" onClick={() => void loadMore()}>
              Load more
            </Button>
          )}
        </div>
      ) : null}

      <ConfirmDialog
        open={confirming}
        title={`Delete ${ids.length} image${ids.length === 1 ? "" : "s"}?`}
        confirmLabel={ids.length === 1 ? "Delete image" : "Delete images"}
        busy={busy === "delete"}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      >
        They are removed for good with their files and public links. This cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
