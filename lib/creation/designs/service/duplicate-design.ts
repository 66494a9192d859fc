import "server-only";
/**
 * Copies a design into a new draft in its own resize set.
 */
import { content } from "@/lib/platform/db/collections";
import type { DesignView } from "../contract";
import { getDesign } from "./get-design";
import {
  assertDesignMedia,
  type DesignDeps,
  designSettingsOf,
  insertDesign,
  newSettings,
  ownedDesign,
  ownMedia,
} from "./shared";

export async function duplicateDesign(deps: DesignDeps, uid: string, id: string): Promise<DesignView> {
  const { doc, body } = await ownedDesign(deps.db, uid, id);
  const s = designSettingsOf(doc);
  await assertDesignMedia(deps.db, uid, body);
  const ref = deps.db.collection(content).doc();
  const copy = {
    ...body,
    title: `${body.title} (copy)`.slice(0, 200),
    scenes: await ownMedia(deps, uid, ref.id, body.scenes),
    revision: 0,
  };
  const newId = await insertDesign(
    deps,
    uid,
    copy,
    (own) =>
      newSettings({
        aspect_ratio: body.aspect_ratio,
        resize_set: own,
        product_id: s.product_id,
        from_video: s.from_video,
        duplicated_from: id,
      }),
    ref.id,
  );
  return getDesign(deps, uid, newId);
}
