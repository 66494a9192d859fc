/**
 * Inspirations: the curated prompts of data.ts, each served with an example
 * picture. The pictures are made once, by the local preview model, the first
 * time anyone asks, and kept in blob storage under `inspirations/…`.
 *
 * Making them is guarded by a lease in `seed_locks`: of all requests and
 * processes asking at once, one holder makes the missing pictures while the
 * others poll for them; a holder that dies stops renewing and its lease runs
 * out, so another takes over. Each picture's document names a fingerprint of
 * what it was made from, so a prompt edited in code is remade, not reused.
 */
import { createHash, randomUUID } from "node:crypto";
import sharp from "sharp";
import type { Inspiration } from "@/lib/media/images/contract";
import { signedUrlTtl } from "@/lib/media/images/present-image";
import { inspirationImages, seedLocks, type InspirationImageDoc } from "@/lib/platform/db/collections-library";
import type { Db } from "@/lib/platform/db/db";
import { joinPrompt } from "@/lib/media/images/settings";
import type { ImageGenerator } from "@/lib/media/images/types";
import type { BlobStore } from "@/lib/platform/storage/types";
import { builtInVibe } from "@/lib/media/vibes/builtin";
import { INSPIRATIONS, type InspirationSeed } from "./data";
import { LOCAL_PREVIEW_LABEL } from "./local-generator";

export const LOCK_ID = "inspirations";
export const LEASE_MS = 60_000;
/** The served picture: big enough for a detail view, a fraction of the PNG's bytes. */
export const PREVIEW_PX = 768;
/** How long a request waits for another holder's pictures before answering with those that are ready. */
export const WAIT_MS = 45_000;
const POLL_MS = 150;
/** Pictures made at once: the model is CPU-bound sharp work, a few in parallel keep the first request short. */
const PARALLEL = 4;

export interface InspirationDeps {
  db: Db;
  store: BlobStore;
  generate: ImageGenerator;
  /** Identifies this process (and call) as a lease holder. */
  holderId?: string;
  now?: () => Date;
  seeds?: readonly InspirationSeed[];
  waitMs?: number;
}

/** What the picture is made from: the prompt with its vibe's additions, as a run with these settings would send. */
export function effectivePrompt(s: InspirationSeed): string {
  return joinPrompt([s.prompt, s.vibe_id ? builtInVibe(s.vibe_id)?.prompt_additions : null]);
}

export function fingerprint(s: InspirationSeed): string {
  const basis = JSON.stringify({
    v: 1,
    model: "local-preview",
    prompt: effectivePrompt(s),
    ratio: s.aspect_ratio,
    seed: s.seed,
    px: PREVIEW_PX,
  });
  return createHash("sha256").update(basis).digest("hex").slice(0, 16);
}

type ImageDocs = Map<string, InspirationImageDoc>;

async function readReady(db: Db, seeds: readonly InspirationSeed[]): Promise<ImageDocs> {
  const rows = await db.collection(inspirationImages).get();
  const byId = new Map(rows.map((r) => [r.id, r.data]));
  const ready: ImageDocs = new Map();
  for (const s of seeds) {
    const d = byId.get(s.id);
    if (d && d.fingerprint === fingerprint(s)) ready.set(s.id, d);
  }
  return ready;
}

/** Takes or renews the lease; false while someone else holds an unexpired one. */
async function acquireLease(db: Db, holder: string, now: Date): Promise<boolean> {
  const ref = db.collection(seedLocks).doc(LOCK_ID);
  return db.runTransaction(async (tx) => {
    const lock = await tx.get(ref);
    if (lock && lock.data.holder !== holder && Date.parse(lock.data.lease_expires_at) > now.getTime()) return false;
    tx.set(ref, {
      holder,
      lease_expires_at: new Date(now.getTime() + LEASE_MS).toISOString(),
      updated_at: now.toISOString(),
    });
    return true;
  });
}

async function releaseLease(db: Db, holder: string): Promise<void> {
  const ref = db.collection(seedLocks).doc(LOCK_ID);
  await db.runTransaction(async (tx) => {
    const lock = await tx.get(ref);
    if (lock?.data.holder === holder) tx.delete(ref);
  });
}

async function makePicture(deps: InspirationDeps, s: InspirationSeed, now: Date): Promise<InspirationImageDoc> {
  const result = await deps.generate({
    modelId: "local-preview",
    prompt: effectivePrompt(s),
    n: 1,
    aspectRatio: s.aspect_ratio,
    seed: s.seed,
  });
  const bytes = result.images[0];
  if (!bytes) throw new Error(`the local preview model made no picture for inspiration ${s.id}`);
  const { data, info } = await sharp(bytes)
    .resize({ width: PREVIEW_PX, height: PREVIEW_PX, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  const fp = fingerprint(s);
  const key = `inspirations/${s.id}/${fp}.webp`;
  await deps.store.put(key, data, { allowedTypes: ["image/webp"] });
  return {
    fingerprint: fp,
    storage_key: key,
    width: info.width,
    height: info.height,
    model_label: LOCAL_PREVIEW_LABEL,
    created_at: now.toISOString(),
  };
}

async function storePicture(deps: InspirationDeps, s: InspirationSeed, now: Date): Promise<void> {
  const doc = await makePicture(deps, s, now);
  const ref = deps.db.collection(inspirationImages).doc(s.id);
  const previous = (await ref.get())?.data.storage_key;
  await ref.set(doc);
  if (previous && previous !== doc.storage_key) await deps.store.delete(previous).catch(() => undefined);
}

/**
 * Makes every missing picture, exactly once across racing callers.
 * Resolves with the pictures that are ready: all of them, unless another
 * holder is still working when `waitMs` runs out.
 */
export async function ensureInspirationImages(deps: InspirationDeps): Promise<ImageDocs> {
  const seeds = deps.seeds ?? INSPIRATIONS;
  const now = deps.now ?? (() => new Date());
  const holder = deps.holderId ?? randomUUID();
  const deadline = Date.now() + (deps.waitMs ?? WAIT_MS);
  for (;;) {
    const ready = await readReady(deps.db, seeds);
    if (ready.size === seeds.length) return ready;
    if (await acquireLease(deps.db, holder, now())) {
      try {
        // Re-read under the lease: the previous holder may have finished between our read and our lease.
        const done = await readReady(deps.db, seeds);
        const missing = seeds.filter((s) => !done.has(s.id));
        for (let i = 0; i < missing.length; i += PARALLEL) {
          await Promise.all(missing.slice(i, i + PARALLEL).map((s) => storePicture(deps, s, now())));
          // Renew after every few pictures; a lost lease means someone else took over: stop writing.
          if (!(await acquireLease(deps.db, holder, now()))) break;
        }
        return await readReady(deps.db, seeds);
      } finally {
        await releaseLease(deps.db, holder).catch(() => undefined);
      }
    }
    if (Date.now() >= deadline) return ready;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

const inFlight = new WeakMap<Db, Promise<ImageDocs>>();

/** One seeding run per process and database at a time; callers in the same process share it. */
function sharedEnsure(deps: InspirationDeps): Promise<ImageDocs> {
  let p = inFlight.get(deps.db);
  if (!p) {
    p = ensureInspirationImages(deps).finally(() => inFlight.delete(deps.db));
    inFlight.set(deps.db, p);
  }
  return p;
}

/** The inspirations whose pictures are ready (all of them once seeded), with signed URLs. */
export async function listInspirations(deps: InspirationDeps & { nowDate?: Date }): Promise<Inspiration[]> {
  const seeds = deps.seeds ?? INSPIRATIONS;
  let ready = await readReady(deps.db, seeds);
  if (ready.size < seeds.length) {
    ready = await sharedEnsure(deps).catch(async (error) => {
      // A broken seeding run must not take the page down: serve what exists, the next request tries again.
      console.error("[inspirations] making the example pictures failed:", error);
      return readReady(deps.db, seeds);
    });
  }
  const ttl = signedUrlTtl(deps.nowDate);
  const out: Inspiration[] = [];
  for (const s of seeds) {
    const doc = ready.get(s.id);
    if (!doc) continue;
    out.push({
      id: s.id,
      title: s.title,
      prompt: s.prompt,
      negative_prompt: s.negative_prompt,
      aspect_ratio: s.aspect_ratio,
      vibe_id: s.vibe_id,
      seed: s.seed,
      image_url: await deps.store.signedUrl(doc.storage_key, { expiresInSeconds: ttl }),
    });
  }
  return out;
}
