import "server-only";
/**
 * The stored design as player props (signed URLs), for the editor's still preview.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { signedUrlTtl } from "@/lib/media/images/present-image";
import { getTemplateVersion } from "@/lib/engine/composition/library";
import { withoutForeignMedia } from "@/lib/engine/composition/media-access";
import { sizeForWidth } from "@/lib/engine/composition/ratios";
import type { RenderProps } from "@/lib/engine/composition/render-props";
import { resolveRenderProps } from "@/lib/engine/composition/resolve";
import { ensureSampleMedia } from "@/lib/engine/composition/sample-media";
import { type DesignDeps, ownedDesign, PREVIEW_WIDTH } from "./shared";

/** Player props of the stored design (signed URLs), for the editor's still preview. */
export async function designPlayerProps(
  deps: DesignDeps,
  uid: string,
  id: string,
): Promise<{ props: RenderProps; revision: number }> {
  const { body: stored } = await ownedDesign(deps.db, uid, id);
  const version = await getTemplateVersion(deps.db, stored.template.id, stored.template.version);
  if (!version)
    throw new ApiError(
      "unprocessable_entity",
      "This design's template version is missing; switch it to another template.",
    );
  // A foreign key that reached the store (written before the check existed, or by hand) is never signed.
  const body = withoutForeignMedia(stored, { ownerId: uid, template: version }, `player of design ${id}`);
  if (body.scenes.some((s) => Object.values(s.values).some((v) => v.type === "media" && v.key.startsWith("samples/"))))
    await ensureSampleMedia(deps.store);
  const ttl = signedUrlTtl();
  const urls = new Map<string, string>();
  for (const s of body.scenes)
    for (const v of Object.values(s.values))
      if (v.type === "media" && !urls.has(v.key))
        urls.set(v.key, await deps.store.signedUrl(v.key, { expiresInSeconds: ttl }));
  const props = resolveRenderProps({
    composition: body,
    templateVersion: version,
    mediaUrl: (k) => urls.get(k) ?? "",
    size: sizeForWidth(body.aspect_ratio, PREVIEW_WIDTH),
    estimateMissingNarration: false,
  });
  return { props, revision: body.revision };
}
