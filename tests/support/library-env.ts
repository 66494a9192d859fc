/**
 * Test fixtures for the image library (vibes, inspirations, likes, trending,
 * assets): a temp embedded database registering the library's collections
 * next to the core ones, a local blob store, and content documents shaped
 * like lib/media/images writes them.
 */
import sharp from "sharp";
import { Db } from "@/lib/platform/db/db";
import { content } from "@/lib/platform/db/collections";
import { allCollections } from "@/lib/registry/collections";
import type { AnyCollectionDef } from "@/lib/platform/db/define";
import { openTestEnv, type TestEnv } from "@/tests/support/data-env";
import type { BlobStore } from "@/lib/platform/storage/types";

/** The registry the library tests use: allCollections, which now includes the library's own collections. */
export const libraryRegistry: readonly AnyCollectionDef[] = allCollections;

/** A temp embedded database and blob store: the image domain's test environment, shared. */
export type LibraryEnv = TestEnv;
export const openLibraryEnv = (): LibraryEnv => openTestEnv();

export interface SeedImage {
  id: string;
  owner: string;
  visibility?: "private" | "public";
  status?: "queued" | "running" | "ready" | "failed";
  createdAt: Date;
  vibeId?: string | null;
  remixOf?: string | null;
  withBlobs?: boolean;
}

/** Writes an image content document (and tiny blobs when asked) the way lib/media/images leaves a finished one. */
export async function seedImage(env: { db: Db; store: BlobStore }, s: SeedImage): Promise<void> {
  const at = s.createdAt.toISOString();
  let blobs = { original: null as string | null, thumbnail: null as string | null, poster: null };
  if (s.withBlobs) {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const webp = await sharp(png).webp().toBuffer();
    blobs = {
      original: `images/${s.owner}/${s.id}/original.png`,
      thumbnail: `images/${s.owner}/${s.id}/thumb.webp`,
      poster: null,
    };
    await env.store.put(blobs.original!, png);
    await env.store.put(blobs.thumbnail!, webp);
  }
  await env.db
    .collection(content)
    .doc(s.id)
    .set({
      owner_id: s.owner,
      kind: "image",
      title: `image ${s.id}`,
      status: s.status ?? "ready",
      visibility: s.visibility ?? "private",
      settings: {
        mode: "generate",
        prompt: `prompt of ${s.id}`,
        negative_prompt: null,
        vibe_id: s.vibeId ?? null,
        vibe_name: s.vibeId ? `Vibe ${s.vibeId}` : null,
        aspect_ratio: "1:1",
        model_id: "local-preview",
        model_label: "Local preview",
        seed: 7,
        source_image_id: null,
        remix_of: s.remixOf ?? null,
        job_id: `job-${s.id}`,
        width: 8,
        height: 8,
      },
      blobs,
      error: null,
      created_at: at,
      updated_at: at,
    });
}
