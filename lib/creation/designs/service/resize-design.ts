import "server-only";
/**
 * Resizes a design into other ratios: one new design per ratio, all in its resize set.
 */
import { ApiError } from "@/lib/platform/api/errors";
import type { CompositionBody } from "@/lib/engine/composition/composition-schema";
import { content, type ContentDoc } from "@/lib/platform/db/collections";
import { resizeDesignInputSchema, type DesignView } from "../contract";
import { getDesign } from "./get-design";
import {
  assertDesignMedia,
  type DesignDeps,
  designSettingsOf,
  newSettings,
  nowOf,
  ownedDesign,
  ownMedia,
} from "./shared";
import { stageNewComposition } from "@/lib/creation/video/new-composition";
import { sizeTitle } from "../size-title";

/** Canva-style Resize: one new design per ratio asked, same pages and template, linked to this one's resize set, each named by its size. */
export async function resizeDesign(deps: DesignDeps, uid: string, id: string, raw: unknown): Promise<DesignView[]> {
  const parsed = resizeDesignInputSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Pick the sizes to make.");
  const { doc, body } = await ownedDesign(deps.db, uid, id);
  const ratios = parsed.data.aspect_ratios;
  const own = ratios.indexOf(body.aspect_ratio);
  if (own >= 0)
    throw new ApiError("unprocessable_entity", `This design is already ${body.aspect_ratio}: pick the other sizes.`, {
      issues: [{ path: `aspect_ratios.${own}`, message: "same ratio" }],
    });
  const s = designSettingsOf(doc);
  await assertDesignMedia(deps.db, uid, body);
  const at = nowOf(deps).toISOString();
  const batch = deps.db.batch();
  const ids: string[] = [];
  for (const ratio of ratios) {
    const ref = deps.db.collection(content).doc();
    ids.push(ref.id);
    const copy: CompositionBody = {
      ...body,
      title: sizeTitle(body.title, ratio),
      aspect_ratio: ratio,
      scenes: await ownMedia(deps, uid, ref.id, body.scenes),
      revision: 0,
    };
    const settings = newSettings({
      aspect_ratio: ratio,
      resize_set: s.resize_set,
      resize_of: id,
      product_id: s.product_id,
      from_video: s.from_video,
    });
    const created: ContentDoc = {
      owner_id: uid,
      kind: "design",
      title: sizeTitle(doc.title || body.title, ratio),
      status: "draft",
      visibility: "private",
      settings: settings as unknown as Record<string, unknown>,
      blobs: { original: null, thumbnail: null, poster: null },
      error: null,
      created_at: at,
      updated_at: at,
    };
    stageNewComposition(deps.db, batch, { id: ref.id, doc: created, body: copy, at });
  }
  // All sizes or none (copied pictures of a failed batch are orphans, never missing files).
  await batch.commit();
  return Promise.all(ids.map((x) => getDesign(deps, uid, x)));
}
