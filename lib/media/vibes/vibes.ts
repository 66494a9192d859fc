/**
 * Vibes (style presets): the built-in ones, seeded on first use, and each
 * user's own. A user sees the built-ins and their own; changes and deletes
 * touch only their own (another user's vibe is a 404, a built-in a 403).
 */
import type { Vibe } from "@/lib/media/images/contract";
import { ApiError } from "@/lib/platform/api/errors";
import { signedUrlTtl } from "@/lib/media/images/present-image";
import { content, vibes, type ContentDoc, type VibeDoc } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { isDbError } from "@/lib/platform/db/errors";
import type { DocSnapshot } from "@/lib/platform/db/refs";
import type { BlobStore } from "@/lib/platform/storage/types";
import { BUILT_IN_VIBES } from "./builtin";
import { vibeInputSchema, vibePatchSchema } from "./schema";
import { DOC_ID } from "@/lib/platform/db/ids";

/** Enough for any real workflow; stops a script from filling the collection. */
export const MAX_VIBES_PER_USER = 50;
export const VIBE_EXAMPLES = 3;

const seeded = new WeakMap<Db, Promise<void>>();

/**
 * Creates missing built-ins and brings changed ones in line with the code.
 * Idempotent and safe to race: a lost `create` means someone else made it.
 */
export function ensureBuiltInVibes(db: Db, now: () => Date = () => new Date()): Promise<void> {
  let p = seeded.get(db);
  if (!p) {
    p = seedBuiltIns(db, now).catch((e) => {
      seeded.delete(db); // let the next request try again
      throw e;
    });
    seeded.set(db, p);
  }
  return p;
}

async function seedBuiltIns(db: Db, now: () => Date): Promise<void> {
  await Promise.all(
    BUILT_IN_VIBES.map(async (b, i) => {
      const ref = db.collection(vibes).doc(b.id);
      const snap = await ref.get();
      const fields = {
        name: b.name,
        description: b.description,
        prompt_additions: b.prompt_additions,
        negative_prompt: b.negative_prompt,
        palette: b.palette,
      };
      if (!snap) {
        // Creation times a second apart keep the code's order when listed by created_at.
        const at = new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString();
        try {
          await ref.create({
            owner_id: null,
            ...fields,
            example_content_ids: [],
            visibility: "public",
            created_at: at,
            updated_at: at,
          });
        } catch (e) {
          if (!isDbError(e, "already-exists")) throw e;
        }
        return;
      }
      const d = snap.data;
      const same =
        d.owner_id === null &&
        d.name === b.name &&
        d.description === b.description &&
        d.prompt_additions === b.prompt_additions &&
        d.negative_prompt === b.negative_prompt &&
        d.palette.join() === b.palette.join();
      if (!same) await ref.update({ owner_id: null, ...fields, visibility: "public", updated_at: now().toISOString() });
    }),
  );
}

/** Thumbnail URLs of my newest ready images made with this vibe (one indexed query each). */
async function exampleUrls(a: {
  db: Db;
  store: BlobStore;
  uid: string;
  vibeId: string;
  ttl: number;
}): Promise<string[]> {
  const rows = await a.db
    .collection(content)
    .where("owner_id", "==", a.uid)
    .where("kind", "==", "image")
    // Query.where types top-level fields only, hence the cast for this nested settings path.
    .where("settings.vibe_id" as keyof ContentDoc & string, "==", a.vibeId as never)
    .orderBy("created_at", "desc")
    .limit(VIBE_EXAMPLES * 2)
    .get();
  const keys = rows
    .filter((r) => r.data.status === "ready")
    .map((r) => r.data.blobs.thumbnail ?? r.data.blobs.original)
    .filter((k): k is string => k !== null)
    .slice(0, VIBE_EXAMPLES);
  return Promise.all(keys.map((k) => a.store.signedUrl(k, { expiresInSeconds: a.ttl })));
}

export function toVibe(snap: DocSnapshot<VibeDoc>, exampleImageUrls: string[] = []): Vibe {
  const d = snap.data;
  return {
    id: snap.id,
    owner_id: d.owner_id,
    name: d.name,
    prompt_additions: d.prompt_additions,
    negative_prompt: d.negative_prompt,
    palette: d.palette,
    example_image_urls: exampleImageUrls,
    created_at: d.created_at,
  };
}

/** Built-ins in the code's order, then mine newest first, each with up to three of my images made with it. */
export async function listVibes(a: { db: Db; store: BlobStore; uid: string; now?: Date }): Promise<Vibe[]> {
  await ensureBuiltInVibes(a.db);
  const col = a.db.collection(vibes);
  const [builtIns, mine] = await Promise.all([
    // Descending to use the declared (owner_id, created_at desc) index; reversed below into the code's order.
    col.where("owner_id", "==", null).orderBy("created_at", "desc").get(),
    col.where("owner_id", "==", a.uid).orderBy("created_at", "desc").limit(MAX_VIBES_PER_USER).get(),
  ]);
  const all = [...builtIns.reverse(), ...mine];
  const ttl = signedUrlTtl(a.now);
  const examples = await Promise.all(
    all.map((v) => exampleUrls({ db: a.db, store: a.store, uid: a.uid, vibeId: v.id, ttl })),
  );
  return all.map((v, i) => toVibe(v, examples[i]));
}

export async function createVibe(a: { db: Db; uid: string; input: unknown; now?: Date }): Promise<Vibe> {
  const parsed = vibeInputSchema.safeParse(a.input);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "That vibe is not valid.");
  const input = parsed.data;
  const at = (a.now ?? new Date()).toISOString();
  const col = a.db.collection(vibes);
  const ref = col.doc();
  await a.db.runTransaction(async (tx) => {
    // Read my vibes inside the transaction so two parallel creates cannot both pass the cap or the name check.
    const mine = await tx.get(col.where("owner_id", "==", a.uid).limit(MAX_VIBES_PER_USER + 1));
    if (mine.length >= MAX_VIBES_PER_USER) {
      throw new ApiError("conflict", `You have ${MAX_VIBES_PER_USER} vibes already. Delete one to make room.`);
    }
    assertNameFree(mine, input.name, null);
    tx.create(ref, {
      owner_id: a.uid,
      ...input,
      description: "",
      example_content_ids: [],
      visibility: "private",
      created_at: at,
      updated_at: at,
    });
  });
  const snap = await ref.get();
  return toVibe(snap!);
}

export async function updateVibe(a: { db: Db; uid: string; id: string; patch: unknown; now?: Date }): Promise<Vibe> {
  const parsed = vibePatchSchema.safeParse(a.patch);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Those vibe changes are not valid.");
  const patch = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
  const col = a.db.collection(vibes);
  const ref = myVibeRef(a.db, a.id);
  await a.db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const mine =
      parsed.data.name !== undefined
        ? await tx.get(col.where("owner_id", "==", a.uid).limit(MAX_VIBES_PER_USER + 1))
        : [];
    assertMine(snap, a.uid);
    if (parsed.data.name !== undefined) assertNameFree(mine, parsed.data.name, a.id);
    tx.update(ref, { ...patch, updated_at: (a.now ?? new Date()).toISOString() });
  });
  const snap = await ref.get();
  return toVibe(snap!);
}

export async function deleteVibe(a: { db: Db; uid: string; id: string }): Promise<void> {
  const ref = myVibeRef(a.db, a.id);
  await a.db.runTransaction(async (tx) => {
    assertMine(await tx.get(ref), a.uid);
    tx.delete(ref);
  });
}

function myVibeRef(db: Db, id: string) {
  if (!DOC_ID.test(id)) throw new ApiError("not_found", "There is no such vibe.");
  return db.collection(vibes).doc(id);
}

function assertMine(snap: DocSnapshot<VibeDoc> | null, uid: string): asserts snap is DocSnapshot<VibeDoc> {
  if (snap && snap.data.owner_id === null) {
    throw new ApiError("forbidden", "Built-in vibes cannot be changed. Create your own vibe from it instead.");
  }
  if (!snap || snap.data.owner_id !== uid) throw new ApiError("not_found", "There is no such vibe.");
}

function assertNameFree(mine: DocSnapshot<VibeDoc>[], name: string, exceptId: string | null): void {
  const key = name.trim().toLowerCase();
  if (mine.some((v) => v.id !== exceptId && v.data.name.trim().toLowerCase() === key)) {
    throw new ApiError("conflict", `You already have a vibe called "${name.trim()}".`, {
      issues: [{ path: "name", message: "already used" }],
    });
  }
}
