/**
 * Accepting a generation: validate, then in ONE transaction check the user's
 * plan limits (lib/money/billing: the concurrent-job cap), debit the credits and
 * create the content documents and the job, so a run is either fully
 * accepted and paid for or not at all.
 *
 * One `content` document per requested image (not per run): each image is its
 * own gallery item, detail page, share link and like target, and each records
 * its own seed so it can be remade alone.
 */
import { randomInt } from "node:crypto";
import { ApiError } from "@/lib/platform/api/errors";
import { content, jobs, vibes, type ContentDoc } from "@/lib/platform/db/collections";
import { logContentChange } from "@/lib/platform/update-log/content";
import type { Db } from "@/lib/platform/db/db";
import { costPerImage } from "@/lib/money/credits/pricing";
import { prepareDebit } from "@/lib/money/credits/credits";
import { assertWithinPlan } from "@/lib/money/billing/enforce";
import { DOC_ID } from "@/lib/platform/db/ids";
import { canSeeImage } from "@/lib/media/likes/visible-image";
import { imageKeys } from "./blob-io";
import { generateInputSchema, MAX_SEED, type GenerateInput } from "./schema";
import { joinPrompt, seedFor, type ImageSettings } from "./settings";
import { checkMaskFits, resolveSource } from "./source-image";
import type { ImageDeps, ImageJobType, ImageModelInfo } from "./types";

export const IMAGE_JOB_MAX_ATTEMPTS = 3;

export interface GenerationDeps extends ImageDeps {
  /** Overrides the plan's cap on queued plus running jobs (lib/money/billing/plans.ts; more is a 429). */
  maxActiveJobs?: number;
  randomSeed?: () => number;
}

/** What the worker needs, stored on the job (the prompt parts are on each content doc too). */
export interface ImageJobInput {
  content_ids: string[];
  model_id: string;
  prompt: string;
  negative_prompt: string | null;
  aspect_ratio: GenerateInput["aspectRatio"];
  seeds: number[];
  source_key: string | null;
  mask_key: string | null;
  cost_per_image: number;
}

export interface StartedGeneration {
  jobId: string;
  contentIds: string[];
  cost: number;
  balance: number;
}

export async function startGeneration(a: {
  uid: string;
  input: unknown;
  deps: GenerationDeps;
}): Promise<StartedGeneration> {
  const { db, store } = a.deps;
  const parsed = generateInputSchema.safeParse(a.input);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Those generation settings are not valid.");
  const input = parsed.data;
  const model = findModel(a.deps.models(), input.modelId, Boolean(input.sourceImageId));
  const vibe = input.vibeId ? await readVibe(db, a.uid, input.vibeId) : null;
  const source = input.sourceImageId ? await resolveSource({ db, uid: a.uid, id: input.sourceImageId }) : null;
  if (input.remixOfId) await assertRemixable(db, a.uid, input.remixOfId);
  if (source && input.mask) await checkMaskFits({ store, source, mask: input.mask });

  const now = (a.deps.now ?? (() => new Date()))();
  const at = now.toISOString();
  const jobRef = db.collection(jobs).doc();
  const contentRefs = Array.from({ length: input.count }, () => db.collection(content).doc());
  const baseSeed = input.seed ?? (a.deps.randomSeed ?? (() => randomInt(0, MAX_SEED + 1)))();
  const perImage = costPerImage(model);
  const cost = perImage * input.count;
  const type: ImageJobType = source ? "image.edit" : "image.generate";
  const prompt = joinPrompt([input.prompt, vibe?.prompt_additions]);
  const negative = joinPrompt([input.negativePrompt, vibe?.negative_prompt]) || null;

  // The mask is bytes, not JSON: it goes to blob storage first and is removed again if the run is refused.
  const maskKey = input.mask ? imageKeys.mask(a.uid, jobRef.id) : null;
  if (maskKey) await store.put(maskKey, input.mask!, { allowedTypes: ["image/png"] });

  const settingsFor = (i: number): ImageSettings => ({
    mode: source ? "edit" : "generate",
    prompt: input.prompt,
    negative_prompt: input.negativePrompt || null,
    vibe_id: vibe?.id ?? null,
    vibe_name: vibe?.name ?? null,
    vibe_prompt_additions: vibe?.prompt_additions ?? null,
    vibe_negative_prompt: vibe?.negative_prompt || null,
    effective_prompt: prompt,
    effective_negative_prompt: negative,
    aspect_ratio: input.aspectRatio,
    model_id: model.id,
    model_label: model.label,
    provider: model.provider,
    seed: seedFor(baseSeed, i),
    base_seed: baseSeed,
    seed_locked: input.seed !== undefined,
    index: i,
    count: input.count,
    source_image_id: source?.id ?? null,
    source_kind: source?.kind ?? null,
    has_mask: Boolean(maskKey),
    remix_of: input.remixOfId ?? null,
    job_id: jobRef.id,
    cost: perImage,
    width: null,
    height: null,
    warnings: [],
  });
  const jobInput: ImageJobInput = {
    content_ids: contentRefs.map((r) => r.id),
    model_id: model.id,
    prompt,
    negative_prompt: negative,
    aspect_ratio: input.aspectRatio,
    seeds: contentRefs.map((_, i) => seedFor(baseSeed, i)),
    source_key: source?.key ?? null,
    mask_key: maskKey,
    cost_per_image: perImage,
  };

  try {
    const balance = await db.runTransaction(async (tx) => {
      await assertWithinPlan(tx, { db, uid: a.uid, kind: "image", maxActiveJobs: a.deps.maxActiveJobs });
      const stageDebit = await prepareDebit(tx, {
        db,
        uid: a.uid,
        amount: cost,
        reason: `${type}: ${input.count} × ${model.label}`,
        ref: { jobId: jobRef.id, contentId: contentRefs[0]!.id },
        now,
      });
      const { balance } = stageDebit();
      contentRefs.forEach((ref, i) => {
        const doc: ContentDoc = {
          owner_id: a.uid,
          kind: "image",
          title: input.prompt.slice(0, 200),
          status: "queued",
          visibility: "private",
          settings: settingsFor(i) as unknown as ContentDoc["settings"],
          blobs: { original: null, thumbnail: null, poster: null },
          error: null,
          created_at: at,
          updated_at: at,
        };
        tx.create(ref, doc);
        logContentChange(db, tx, { id: ref.id, action: "create", before: null, after: doc });
      });
      tx.create(jobRef, {
        type,
        owner_id: a.uid,
        content_id: contentRefs[0]!.id,
        state: "queued",
        progress: 0,
        attempts: 0,
        max_attempts: IMAGE_JOB_MAX_ATTEMPTS,
        error: null,
        worker_id: null,
        lease_expires_at: null,
        input: { ...jobInput },
        created_at: at,
        updated_at: at,
      });
      return balance;
    });
    return { jobId: jobRef.id, contentIds: contentRefs.map((r) => r.id), cost, balance };
  } catch (e) {
    if (maskKey) await store.delete(maskKey).catch(() => undefined);
    throw e;
  }
}

function findModel(models: ImageModelInfo[], id: string, isEdit: boolean): ImageModelInfo {
  const model = models.find((m) => m.id === id);
  if (!model || !model.enabled) {
    throw new ApiError("unprocessable_entity", `Unknown or unavailable model "${id}". Pick one from the model list.`, {
      issues: [{ path: "modelId", message: "unknown or disabled model" }],
    });
  }
  if (isEdit && !model.supportsEdit) {
    throw new ApiError("unprocessable_entity", `${model.label} cannot edit images. Pick a model that supports edits.`, {
      issues: [{ path: "modelId", message: "model does not support edits" }],
    });
  }
  return model;
}

/**
 * A remix names an image the caller may see (their own, or a public one):
 * the original's remix count is public, so an unseen id is a 404 like a
 * missing one, and nothing of it is recorded.
 */
async function assertRemixable(db: Db, uid: string, id: string): Promise<void> {
  const snap = DOC_ID.test(id) ? await db.collection(content).doc(id).get() : null;
  if (!snap || !canSeeImage(snap.data, uid)) {
    throw new ApiError("not_found", "The image to remix is not one of yours or a shared one.", {
      issues: [{ path: "remixOfId", message: "unknown image" }],
    });
  }
}

/** Built-in vibes, public ones and my own; anything else is unknown (422), not a leak of its existence. */
async function readVibe(db: Db, uid: string, id: string) {
  const snap = await db.collection(vibes).doc(id).get();
  const v = snap?.data;
  if (!v || !(v.owner_id === null || v.owner_id === uid || v.visibility === "public")) {
    throw new ApiError("unprocessable_entity", "Unknown vibe. Pick one from the vibe list.", {
      issues: [{ path: "vibeId", message: "unknown vibe" }],
    });
  }
  return { id, ...v };
}
