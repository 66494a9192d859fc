"use client";

import { useState } from "react";
import Link from "next/link";
import { FolderOpen, Pencil, Trash2 } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { AssetItem } from "@/lib/media/images/contract";
import { deleteAsset, useAssets } from "@/lib/client/hooks/use-assets";
import { AssetDropzone } from "./asset-dropzone";
import { ConfirmDialog } from "./confirm-dialog";
import { ImageGridSkeleton } from "./image-tile";
import { useInfiniteTrigger } from "./use-infinite-trigger";
import { LoadError } from "@/components/common/load-error";

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** /image-gen/assets: upload by drag and drop, list, delete, use one in an edit. */
export function AssetsManager() {
  const assets = useAssets();
  const [deleting, setDeleting] = useState<AssetItem | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const sentinel = useInfiniteTrigger({
    enabled: assets.hasMore && !assets.isLoadingMore && !assets.error,
    onReach: () => void assets.loadMore(),
  });

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteAsset(deleting.id);
      await assets.removeItems([deleting.id]);
      setMessage({ error: false, text: `Deleted ${deleting.name}.` });
    } catch (e) {
      setMessage({ error: true, text: e instanceof Error ? e.message : "The file was not deleted." });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  return (
    <div className="space-y-8">
      <AssetDropzone multiple onUploaded={() => void assets.reload()} />
      {message ? (
        <Alert variant={message.error ? "destructive" : "default"} role={message.error ? "alert" : "status"}>
          <AlertDescription>
            <p>{message.text}</p>
          </AlertDescription>
        </Alert>
      ) : null}

      {assets.isLoading ? (
        <ImageGridSkeleton count={8} label="Loading reference images" />
      ) : assets.error && assets.items.length === 0 ? (
        <LoadError title="We couldn't load your reference images" message={assets.error.message} />
      ) : assets.items.length === 0 ? (
        <EmptyState icon={FolderOpen} heading="No reference images yet">
          Drop a product shot, a logo or a sketch above; you can then edit it or use it as a starting point.
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {assets.items.map((a) => (
            <li key={a.id}>
              <article
                aria-labelledby={`asset-${a.id}`}
                className="overflow-hidden rounded-xl border bg-card shadow-xs"
              >
                <a href={a.urls.original} target="_blank" rel="noreferrer" className="block aspect-square bg-muted">
                  {/* eslint-disable-next-line @next/next/no-img-element -- signed URLs change on every fetch; no optimizer. */}
                  <img
                    src={a.urls.thumbnail}
                    alt={a.name}
                    width={a.width ?? 384}
                    height={a.height ?? 384}
                    loading="lazy"
                    className="size-full object-cover"
                  />
                </a>
                <div className="space-y-2 p-3">
                  <h2 id={`asset-${a.id}`} className="truncate text-sm font-medium" title={a.name}>
                    {a.name}
                  </h2>
                  <p className="text-xs text-muted-foreground tabular-nums">
                    {a.width && a.height ? `${a.width} × ${a.height} · ` : ""}
                    {formatBytes(a.size)}
                  </p>
                  <div className="flex flex-wrap gap-1.5">
                    <Button asChild size="sm" variant="outline">
                      <Link href={`/image-gen/edit?asset=${encodeURIComponent(a.id)}`}>
                        <Pencil />
                        Use in an edit
                      </Link>
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Delete ${a.name}`}
                      className="text-destructive hover:text-destructive"
                      onClick={() => setDeleting(a)}
                    >
                      <Trash2 />
                    </Button>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}

      <div ref={sentinel} aria-hidden="true" />
      {assets.items.length > 0 && (assets.hasMore || assets.isLoadingMore) ? (
        <div className="flex justify-center">
          {assets.isLoadingMore ? (
            <Spinner label="Loading more reference images" />
          ) : (
            <Button variant="outline" onClick={() => void assets.loadMore()}>
              Load more
            </Button>
          )}
        </div>
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? "this file"}?`}
        confirmLabel="Delete file"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      >
        It leaves your reference images and /assets. Images already made from it are kept.
      </ConfirmDialog>
    </div>
  );
}
