import "server-only";
/**
 * What a picture generated in the editor (a video's scene, a design's page)
 * is made with and what it costs. A paid provider's picture is debited
 * before the model is called (so parallel clicks cannot spend past the
 * balance) and refunded when anything after fails: the model, storing the
 * file, or saving the edit. The Local preview is free. The render pipeline's
 * own pictures are paid for by the render and never come through here.
 */
import { randomUUID } from "node:crypto";
import { listImageModels } from "@/lib/platform/ai";
import { ApiError } from "@/lib/platform/api/errors";
import { debit, refund } from "@/lib/money/credits/credits";
import { scenePictureCost } from "@/lib/money/credits/pricing";
import { users } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { ScenePicturePrice } from "./contract";

/** The image model scene pictures use: the first configured provider, else the local preview. */
export function sceneImageModel(): { id: string; label: string; provider: string } {
  const models = listImageModels().filter((m) => m.enabled);
  return models.find((m) => m.provider !== "local") ?? models.find((m) => m.provider === "local") ?? models[0]!;
}

/** For the editors' "Generate picture" buttons (the options endpoints). */
export function scenePicturePrice(): ScenePicturePrice {
  const model = sceneImageModel();
  return { model: model.label, credits: scenePictureCost(model) };
}

/**
 * Runs `run` (generate the picture and save the edit) with a generated
 * picture's price debited first and refunded if `run` throws. Other picks
 * (my images, assets) and the free Local preview run as they are.
 */
export async function withScenePictureCharge<T>(
  a: { db: Db; uid: string; contentId: string; input: { source: string }; noun: "scene" | "page" },
  run: () => Promise<T>,
): Promise<T> {
  if (a.input.source !== "generate") return run();
  const model = sceneImageModel();
  const cost = scenePictureCost(model);
  if (cost === 0) return run();
  // The ledger's idempotency key: one debit and at most one refund for this picture.
  const chargeId = `picture-${randomUUID()}`;
  try {
    await debit({
      db: a.db,
      uid: a.uid,
      amount: cost,
      reason: `${a.noun} picture: 1 × ${model.label}`,
      ref: { jobId: chargeId, contentId: a.contentId },
    });
  } catch (e) {
    if (!(e instanceof ApiError && e.code === "insufficient_credits")) throw e;
    const balance = (await a.db.collection(users).doc(a.uid).get())?.data.credits ?? 0;
    throw new ApiError(
      "insufficient_credits",
      `Not enough credits: a picture from ${model.label} costs ${cost} and your balance is ${balance}. Pick one of your images or assets instead, or add credits to continue.`,
    );
  }
  try {
    return await run();
  } catch (error) {
    const why = (error as { message?: string }).message ?? "it failed";
    await refund({
      db: a.db,
      uid: a.uid,
      jobId: chargeId,
      contentId: a.contentId,
      reason: `${a.noun} picture not made: ${why}`,
    }).catch((e: unknown) => console.error(`[credits] refund of ${chargeId} for ${a.uid} failed:`, e));
    throw error;
  }
}
