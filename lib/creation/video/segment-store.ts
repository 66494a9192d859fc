import "server-only";
/**
 * A video's rendered segments in blob storage, at
 * `videos/{uid}/{videoId}/segments/{key}.mp4`: what a render keeps so the
 * next one (after an edit, or after a crash) renders only what changed.
 * Only the latest rendered revision's segments are kept
 * (`pruneSegments` after a successful render); deleting the video deletes
 * its whole `videos/{uid}/{videoId}/` folder, segments included.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import type { SegmentStore } from "@/lib/engine/render/segments/types";
import type { BlobStore } from "@/lib/platform/storage/types";

/** A segment key is a hex SHA-256; anything else never names a file. */
const SEGMENT_KEY = /^[0-9a-f]{64}$/;

/** A segment of the longest video at 1080p stays far below this. */
const SEGMENT_MAX_BYTES = 200 * 1024 * 1024;

export function segmentsPrefix(uid: string, videoId: string): string {
  return `videos/${uid}/${videoId}/segments/`;
}

function segmentKey(uid: string, videoId: string, key: string): string {
  if (!SEGMENT_KEY.test(key)) throw new Error(`not a segment key: ${key.slice(0, 80)}`);
  return `${segmentsPrefix(uid, videoId)}${key}.mp4`;
}

export function blobSegmentStore(store: BlobStore, uid: string, videoId: string): SegmentStore {
  return {
    async fetch(key, toPath) {
      const read = await store.get(segmentKey(uid, videoId, key));
      if (!read) return false;
      await pipeline(read.body, createWriteStream(toPath));
      return true;
    },
    async save(key, fromPath) {
      await store.put(segmentKey(uid, videoId, key), createReadStream(fromPath), {
        allowedTypes: ["video/mp4"],
        maxBytes: SEGMENT_MAX_BYTES,
      });
    },
  };
}

/** Deletes the video's segment files that `keep` (the keys the latest render used) does not name; returns how many went. */
export async function pruneSegments(
  store: BlobStore,
  uid: string,
  videoId: string,
  keep: readonly string[],
): Promise<number> {
  const prefix = segmentsPrefix(uid, videoId);
  const wanted = new Set(keep.map((k) => `${prefix}${k}.mp4`));
  let deleted = 0;
  for (const blob of await store.list(prefix)) {
    if (wanted.has(blob.key)) continue;
    await store.delete(blob.key).catch(() => undefined);
    deleted += 1;
  }
  return deleted;
}
