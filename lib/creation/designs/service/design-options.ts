import "server-only";
/**
 * What the design gallery offers: live templates with their layouts, ratios, prices, my balance and the product asked for.
 */
import { signedUrlTtl } from "@/lib/media/images/present-image";
import { getTemplateVersion, listLiveTemplates } from "@/lib/engine/composition/library";
import { COMPOSITION_RATIOS } from "@/lib/engine/composition/ratios";
import { users } from "@/lib/platform/db/collections";
import { scenePicturePrice } from "@/lib/creation/video/scene-picture";
import { DESIGN_EXPORT_COST, type DesignOptions } from "../contract";
import { formatPrice } from "../fill";
import { type DesignDeps, productFacts } from "./shared";

export async function designOptions(
  deps: DesignDeps,
  uid: string,
  productId: string | null = null,
): Promise<DesignOptions> {
  await deps.ready?.();
  const live = await listLiveTemplates(deps.db);
  const out: DesignOptions["templates"] = [];
  for (const t of live) {
    const v = await getTemplateVersion(deps.db, t.id, t.current_version);
    if (!v) continue;
    out.push({
      id: t.id,
      name: t.name,
      description: t.description,
      version: t.current_version,
      colors: { background: v.style.palette.background, accent: v.style.palette.accent, text: v.style.palette.text },
      layouts: v.layouts.map((l) => ({
        id: l.id,
        name: l.name,
        slots: l.slots.map((s) => ({
          id: s.id,
          kind: s.kind,
          role: s.role,
          label: s.label,
          required: s.required,
          max_chars: s.kind === "text" ? s.fit.maxChars : null,
        })),
        boxes: l.boxes,
      })),
    });
  }
  const user = await deps.db.collection(users).doc(uid).get();
  let product: DesignOptions["product"] = null;
  if (productId) {
    const facts = await productFacts(deps, uid, productId).catch(() => null);
    if (facts) {
      const picture = facts.picture
        ? await deps.store.signedUrl(facts.picture.key, { expiresInSeconds: signedUrlTtl() })
        : null;
      product = {
        id: facts.id,
        name: facts.name,
        price: formatPrice(facts.price_amount, facts.currency),
        picture_url: picture,
      };
    }
  }
  return {
    templates: out,
    product,
    ratios: COMPOSITION_RATIOS,
    export_cost: DESIGN_EXPORT_COST,
    scene_picture: scenePicturePrice(),
    balance: user?.data.credits ?? 0,
  };
}
