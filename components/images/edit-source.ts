"use client";

import { useEffect } from "react";

import { useAssets } from "@/lib/client/hooks/use-assets";
import { useImage } from "@/lib/client/hooks/use-image";

export interface EditSource {
  kind: "image" | "asset";
  /** Sent as `source_image_id`: a content id or an asset id. */
  id: string;
  url: string;
  label: string;
}

export type EditSourceState =
  | { status: "none" }
  | { status: "loading" }
  | { status: "missing"; message: string }
  | { status: "ready"; source: EditSource };

/** Resolves `?source=` (one of my images) or `?asset=` (one of my assets) to a file to edit. */
export function useEditSource(input: { imageId: string | null; assetId: string | null }): EditSourceState {
  const image = useImage(input.imageId);
  // There is no single-asset endpoint in the contract: page through my assets until it turns up.
  const wantAsset = !input.imageId && input.assetId;
  const assets = useAssets(Boolean(wantAsset));
  const asset = wantAsset ? assets.items.find((a) => a.id === input.assetId) : undefined;
  const { hasMore, isLoadingMore, loadMore } = assets;
  useEffect(() => {
    if (wantAsset && !asset && hasMore && !isLoadingMore) void loadMore();
  }, [wantAsset, asset, hasMore, isLoadingMore, loadMore]);

  if (input.imageId) {
    if (image.error) {
      return {
        status: "missing",
        message:
          image.error.status === 404 || image.error.status === 403
            ? "That image is not one of yours, or it was deleted."
            : image.error.message,
      };
    }
    if (!image.data) return { status: "loading" };
    if (image.data.status !== "ready" || !image.data.urls) {
      return { status: "missing", message: "That image is not finished, so it cannot be edited yet." };
    }
    return {
      status: "ready",
      source: {
        kind: "image",
        id: image.data.id,
        url: image.data.urls.original,
        label: image.data.settings.prompt || image.data.title,
      },
    };
  }
  if (wantAsset) {
    if (asset)
      return { status: "ready", source: { kind: "asset", id: asset.id, url: asset.urls.original, label: asset.name } };
    if (assets.error) return { status: "missing", message: assets.error.message };
    if (assets.isLoading || hasMore || isLoadingMore) return { status: "loading" };
    return { status: "missing", message: "That reference image is not in your assets any more." };
  }
  return { status: "none" };
}
