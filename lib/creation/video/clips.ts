import "server-only";
/**
 * Video clips in scenes: the facts a clip's media value carries from its
 * asset (its length, so it loops when the scene outlasts it, and its poster
 * frame for editor thumbnails), set when the clip is picked and read again
 * before a render, since replacing an asset keeps its key but may change
 * its length.
 */
import type { CompositionBody, MediaValue } from "@/lib/engine/composition/composition-schema";
import { isClip } from "@/lib/engine/composition/clip";
import type { Db } from "@/lib/platform/db";
import { assets } from "@/lib/platform/db/collections";
import { DOC_ID } from "@/lib/platform/db/ids";

/** A clip's length and poster, as probed when it was uploaded (nothing for a picture). */
export function clipFacts(a: {
  content_type: string;
  duration_ms?: number | null;
  thumbnail_key?: string | null;
}): Pick<MediaValue, "clip_duration_ms" | "poster_key"> {
  if (!a.content_type.startsWith("video/")) return {};
  return {
    ...(a.duration_ms && a.duration_ms > 0 ? { clip_duration_ms: Math.round(a.duration_ms) } : {}),
    ...(a.thumbnail_key ? { poster_key: a.thumbnail_key } : {}),
  };
}

/** The composition with every asset clip's length and poster read again from its asset (unchanged when gone). */
export async function withCurrentClipFacts(db: Db, uid: string, body: CompositionBody): Promise<CompositionBody> {
  const ids = new Set<string>();
  for (const s of body.scenes)
    for (const v of Object.values(s.values))
      if (v.type === "media" && isClip(v) && v.asset_id && DOC_ID.test(v.asset_id)) ids.add(v.asset_id);
  if (ids.size === 0) return body;
  type Facts = Pick<MediaValue, "clip_duration_ms" | "poster_key"> & { key: string };
  const facts = new Map<string, Facts>();
  for (const id of ids) {
    const snap = await db.collection(assets).doc(id).get();
    // Only the owner's asset that still holds the same file: a deleted asset's file stays for the videos using it.
    if (snap && snap.data.owner_id === uid) facts.set(id, { ...clipFacts(snap.data), key: snap.data.storage_key });
  }
  return {
    ...body,
    scenes: body.scenes.map((s) => ({
      ...s,
      values: Object.fromEntries(
        Object.entries(s.values).map(([slot, v]) => {
          const f = v.type === "media" && v.asset_id ? facts.get(v.asset_id) : undefined;
          if (!f || v.type !== "media" || f.key !== v.key) return [slot, v];
          return [
            slot,
            {
              ...v,
              ...(f.clip_duration_ms ? { clip_duration_ms: f.clip_duration_ms } : {}),
              ...(f.poster_key ? { poster_key: f.poster_key } : {}),
            },
          ];
        }),
      ),
    })),
  };
}
