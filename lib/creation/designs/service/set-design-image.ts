import "server-only";
/**
 * Sets a page's picture: generated now, or one of my images or assets.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { sceneImageInputSchema } from "@/lib/creation/video/contract";
import { scenesWithPicture } from "@/lib/creation/video/media";
import { withScenePictureCharge } from "@/lib/creation/video/scene-picture";
import type { DesignView } from "../contract";
import { editDesign } from "./edit-design";
import { type DesignDeps, ownedDesign } from "./shared";

/** Sets a page's picture: generated now, or one of my images or assets (pictures only). */
export async function setDesignImage(
  deps: DesignDeps,
  uid: string,
  id: string,
  sceneId: string,
  raw: unknown,
): Promise<DesignView> {
  const parsed = sceneImageInputSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Say which picture to use.");
  const { body } = await ownedDesign(deps.db, uid, id);
  // A generated picture from a paid provider is debited first and refunded if the picture or the edit fails.
  return withScenePictureCharge({ db: deps.db, uid, contentId: id, input: parsed.data, noun: "page" }, async () => {
    const scenes = await scenesWithPicture(deps, {
      uid,
      id,
      body,
      sceneId,
      input: parsed.data,
      noun: "page",
      owner: "design",
      clips: false,
    });
    return editDesign(deps, uid, id, { revision: parsed.data.revision, scenes });
  });
}
