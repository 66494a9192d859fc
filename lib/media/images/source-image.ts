/**
 * Resolves the image an edit starts from: one of the user's own ready images
 * (`content`) or one of their uploaded assets. Anything else, including
 * another user's image, is a 404 so ids of other people's images leak nothing.
 */
import sharp from "sharp";
import { ApiError } from "@/lib/platform/api/errors";
import { assets, content } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { BlobStore } from "@/lib/platform/storage/types";
import { readBlob } from "./blob-io";
import { readPngSize } from "./png-size";

export interface SourceImage {
  id: string;
  kind: "content" | "asset";
  key: string;
}

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]);

export async function resolveSource(a: { db: Db; uid: string; id: string }): Promise<SourceImage> {
  const c = await a.db.collection(content).doc(a.id).get();
  if (c && c.data.owner_id === a.uid && c.data.kind === "image" && c.data.status === "ready" && c.data.blobs.original) {
    return { id: a.id, kind: "content", key: c.data.blobs.original };
  }
  if (!c) {
    const asset = await a.db.collection(assets).doc(a.id).get();
    if (asset && asset.data.owner_id === a.uid && IMAGE_TYPES.has(asset.data.content_type)) {
      return { id: a.id, kind: "asset", key: asset.data.storage_key };
    }
  }
  throw new ApiError("not_found", "That source image is not one of your images.");
}

/** 422 unless the mask has exactly the source image's width and height. */
export async function checkMaskFits(a: { store: BlobStore; source: SourceImage; mask: Uint8Array }): Promise<void> {
  const mask = readPngSize(a.mask);
  const bytes = await readBlob(a.store, a.source.key);
  if (!bytes) throw new ApiError("not_found", "That source image's file is missing.");
  const meta = await sharp(bytes).metadata();
  if (!mask || mask.width !== meta.width || mask.height !== meta.height) {
    throw new ApiError(
      "unprocessable_entity",
      `The mask must be ${meta.width}×${meta.height} pixels, like the source image.`,
      {
        issues: [
          {
            path: "mask",
            message: `expected ${meta.width}×${meta.height}, got ${mask ? `${mask.width}×${mask.height}` : "not a PNG"}`,
          },
        ],
      },
    );
  }
}
