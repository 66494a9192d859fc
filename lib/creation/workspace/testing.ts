/**
 * Seeds for the workspace and pages tests: content documents as the video,
 * image and design domains write them, with real blobs in the store.
 */
import { compositions } from "@/lib/engine/composition/collections";
import { COMPOSITION_SCHEMA_VERSION } from "@/lib/engine/composition/composition-schema";
import { assets, content, jobs, type ContentDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { products } from "@/lib/creation/products/collections";
import type { BlobStore } from "@/lib/platform/storage/types";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082",
  "hex",
);

let clock = Date.parse("2026-03-01T00:00:00.000Z");
/** Strictly increasing timestamps, so "newest" has one right answer. */
export function tick(): string {
  clock += 1000;
  return new Date(clock).toISOString();
}

type Seed = Partial<Omit<ContentDoc, "owner_id" | "kind">> & { at?: string };

async function put(db: Db, id: string, doc: ContentDoc): Promise<string> {
  await db.collection(content).doc(id).create(doc);
  return id;
}

function base(uid: string, kind: ContentDoc["kind"], seed: Seed): ContentDoc {
  const at = seed.at ?? tick();
  return {
    owner_id: uid,
    kind,
    title: seed.title ?? `${kind} ${at}`,
    status: seed.status ?? "ready",
    visibility: seed.visibility ?? "private",
    settings: seed.settings ?? {},
    blobs: seed.blobs ?? { original: null, thumbnail: null, poster: null },
    error: null,
    created_at: at,
    updated_at: seed.updated_at ?? at,
  };
}

export async function seedImage(
  db: Db,
  store: BlobStore,
  uid: string,
  id: string,
  seed: Seed & { prompt?: string } = {},
): Promise<string> {
  const key = `images/${uid}/${id}.png`;
  await store.put(key, PNG, { allowedTypes: ["image/png"] });
  return put(
    db,
    id,
    base(uid, "image", {
      ...seed,
      settings: { prompt: seed.prompt ?? "a picture", ...seed.settings },
      blobs: { original: key, thumbnail: key, poster: null },
    }),
  );
}

/** A video; `rendered` stores an MP4-ish file and poster as the render worker does. */
export async function seedVideo(
  db: Db,
  store: BlobStore,
  uid: string,
  id: string,
  seed: Seed & { brief?: string; slotText?: string; rendered?: boolean; renderingJob?: { progress: number } } = {},
): Promise<string> {
  const at0 = seed.at ?? tick();
  await db
    .collection(compositions)
    .doc(id)
    .create({
      schema_version: COMPOSITION_SCHEMA_VERSION,
      owner_id: uid,
      kind: "video",
      title: seed.title ?? id,
      aspect_ratio: "16:9",
      template: { id: "bold-tpl", version: 1 },
      scenes: [
        {
          id: "s1",
          layout_id: "l1",
          values: { headline: { type: "text", text: seed.slotText ?? "" } },
          narration: "",
          duration_ms: 2000,
        },
      ],
      audio: { voice_id: null, captions: false, music: { track_id: null, volume: 0.3 } },
      brand: null,
      revision: 0,
      created_at: at0,
      updated_at: at0,
    });
  let files = null;
  if (seed.rendered) {
    const video_key = `videos/${uid}/${id}/video-r0.mp4`;
    const poster_key = `videos/${uid}/${id}/poster-r0.png`;
    // An ISO box header ("ftyp") is all the store's type sniffing looks at.
    await store.put(video_key, Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypisom0000mp41isom")]), {
      allowedTypes: ["video/mp4"],
    });
    await store.put(poster_key, PNG, { allowedTypes: ["image/png"] });
    files = {
      video_key,
      poster_key,
      captions_key: null,
      revision: 0,
      duration_ms: 1000,
      width: 64,
      height: 64,
      size_bytes: 24,
      rendered_at: tick(),
    };
  }
  let render = null;
  if (seed.renderingJob) {
    const jobRef = db.collection(jobs).doc();
    const at = tick();
    await jobRef.create({
      type: "video.render",
      owner_id: uid,
      content_id: id,
      state: "running",
      progress: seed.renderingJob.progress,
      attempts: 1,
      max_attempts: 3,
      error: null,
      worker_id: "w",
      lease_expires_at: null,
      input: {},
      created_at: at,
      updated_at: at,
    });
    render = {
      job_id: jobRef.id,
      state: "running",
      stage: "rendering",
      progress: 0.01,
      frames: null,
      error: null,
      revision: 0,
      credits: 0,
      refunded: false,
      quality: "720p",
      watermark: null,
      started_at: at,
    };
  }
  return put(
    db,
    id,
    base(uid, "video", {
      at: at0,
      status: files ? "ready" : render ? "running" : "draft",
      ...seed,
      settings: {
        brief: seed.brief ?? "a video",
        files,
        render,
        credits_spent: 0,
        aspect_ratio: "16:9",
        ...seed.settings,
      },
      blobs: files
        ? { original: files.video_key, thumbnail: files.poster_key, poster: files.poster_key }
        : { original: null, thumbnail: null, poster: null },
    }),
  );
}

export async function seedDesign(db: Db, store: BlobStore, uid: string, id: string, seed: Seed = {}): Promise<string> {
  const key = `designs/${uid}/${id}/still.png`;
  await store.put(key, PNG, { allowedTypes: ["image/png"] });
  return put(db, id, base(uid, "design", { ...seed, blobs: { original: key, thumbnail: key, poster: key } }));
}

export async function seedAsset(db: Db, store: BlobStore, uid: string, id: string): Promise<string> {
  const key = `assets/${uid}/${id}.png`;
  await store.put(key, PNG, { allowedTypes: ["image/png"] });
  await db
    .collection(assets)
    .doc(id)
    .create({
      owner_id: uid,
      filename: `${id}.png`,
      content_type: "image/png",
      size: PNG.length,
      storage_key: key,
      created_at: tick(),
    });
  return id;
}

export async function seedProduct(
  db: Db,
  uid: string,
  id: string,
  seed: { name: string; description?: string },
): Promise<string> {
  const at = tick();
  await db
    .collection(products)
    .doc(id)
    .create({
      owner_id: uid,
      name: seed.name,
      name_lower: seed.name.toLowerCase(),
      description: seed.description ?? "",
      price_amount: null,
      currency: null,
      brand: null,
      points: [],
      image_asset_ids: [],
      link: null,
      source: "manual",
      rating: null,
      created_at: at,
      updated_at: at,
    });
  return id;
}
