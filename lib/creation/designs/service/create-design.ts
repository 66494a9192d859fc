import "server-only";
/**
 * Creates a design from a template and layout with sample content, from one of my products, or from a video's scene.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { compositions } from "@/lib/engine/composition/collections";
import { stillOf } from "@/lib/engine/composition/clip";
import type { SlotValue } from "@/lib/engine/composition/composition-schema";
import { migrateComposition } from "@/lib/engine/composition/migrations";
import { ensureSampleMedia } from "@/lib/engine/composition/sample-media";
import { sampleValues } from "@/lib/engine/composition/starter";
import { content } from "@/lib/platform/db/collections";
import { createDesignInputSchema, type DesignView } from "../contract";
import { productValues } from "../fill";
import { DOC_ID } from "@/lib/platform/db/ids";
import { getDesign } from "./get-design";
import {
  assertDesignMedia,
  designBody,
  type DesignDeps,
  insertDesign,
  newSettings,
  ownMedia,
  page,
  pickLayout,
  pickTemplate,
  productFacts,
} from "./shared";

export async function createDesign(deps: DesignDeps, uid: string, raw: unknown): Promise<DesignView> {
  const parsed = createDesignInputSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Those design settings are not valid.");
  const input = parsed.data;

  if (input.from_video) {
    const { content_id, scene_id } = input.from_video;
    const video = DOC_ID.test(content_id) ? await deps.db.collection(content).doc(content_id).get() : null;
    const comp = video ? await deps.db.collection(compositions).doc(content_id).get() : null;
    if (!video || !comp || video.data.owner_id !== uid || video.data.kind !== "video") {
      throw new ApiError("unprocessable_entity", "There is no such video among yours.", {
        issues: [{ path: "from_video.content_id", message: "unknown video" }],
      });
    }
    const vbody = migrateComposition(comp.data);
    const scene = vbody.scenes.find((s) => s.id === scene_id);
    if (!scene)
      throw new ApiError("unprocessable_entity", "That video has no such scene.", {
        issues: [{ path: "from_video.scene_id", message: "unknown scene" }],
      });
    const index = vbody.scenes.indexOf(scene) + 1;
    // A page is a still: a scene's video clip becomes its poster picture (designs never take clips).
    const values = Object.fromEntries(
      Object.entries(scene.values).map(([slot, v]) => [
        slot,
        v.type === "media" ? (stillOf(v) ?? { type: "none" }) : v,
      ]),
    ) as Record<string, SlotValue>;
    await assertDesignMedia(deps.db, uid, {
      template: vbody.template,
      scenes: [page(scene.layout_id, values)],
      brand: null,
    });
    const newId = deps.db.collection(content).doc().id;
    const body = designBody({
      uid,
      title: input.title ?? `${vbody.title} – scene ${index}`,
      ratio: vbody.aspect_ratio,
      template: vbody.template,
      scenes: await ownMedia(deps, uid, newId, [page(scene.layout_id, values)]),
    });
    const id = await insertDesign(
      deps,
      uid,
      body,
      (own) => newSettings({ aspect_ratio: body.aspect_ratio, resize_set: own, from_video: { content_id, scene_id } }),
      newId,
    );
    return getDesign(deps, uid, id);
  }

  const product = input.product_id ? await productFacts(deps, uid, input.product_id) : null;
  const picked = await pickTemplate(deps, input.template_id, product !== null);
  const layout = pickLayout(picked, input.layout_id, product !== null);
  let values: Record<string, SlotValue>;
  if (product) values = productValues(layout, product);
  else {
    await ensureSampleMedia(deps.store);
    values = sampleValues(layout);
  }
  const body = designBody({
    uid,
    title: input.title ?? (product ? product.name : `${picked.template.name} design`),
    ratio: input.aspect_ratio,
    template: { id: picked.template.id, version: picked.template.version },
    scenes: [page(layout.id, values)],
  });
  await assertDesignMedia(deps.db, uid, body);
  const id = await insertDesign(deps, uid, body, (own) =>
    newSettings({ aspect_ratio: body.aspect_ratio, resize_set: own, product_id: product?.id ?? null }),
  );
  return getDesign(deps, uid, id);
}
