import "server-only";
/**
 * Font files staff upload for templates: checked to be a real font
 * (lib/media/assets/font.ts parses the tables and reads the family name), stored
 * by content hash, and handed back for the style editor to put in the
 * draft's `style.fontFiles`. A file that is not a font is a 422 that says why.
 */
import { createHash } from "node:crypto";
import { ApiError } from "@/lib/platform/api/errors";
import { signedUrlTtl } from "@/lib/media/images/present-image";
import { FontError, parseFont } from "@/lib/media/assets/font";
import { templates } from "@/lib/engine/composition/collections";
import type { TemplateFontFile } from "@/lib/engine/composition/template-schema";
import type { StudioDeps } from "./service";

export const MAX_FONT_BYTES = 5 * 1024 * 1024;

export async function uploadTemplateFont(
  deps: StudioDeps,
  templateId: string,
  bytes: Uint8Array,
): Promise<TemplateFontFile & { url: string }> {
  await deps.ready?.();
  if (!(await deps.db.collection(templates).doc(templateId).get()))
    throw new ApiError("not_found", `There is no template "${templateId}".`);
  let info;
  try {
    info = parseFont(bytes);
  } catch (e) {
    if (e instanceof FontError)
      throw new ApiError("unprocessable_entity", e.message, { issues: [{ path: "file", message: e.message }] });
    throw e;
  }
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 24);
  const key = `studio/fonts/${hash}.${info.format}`;
  if (!(await deps.store.head(key)))
    await deps.store.put(key, Buffer.from(bytes), { allowedTypes: [info.contentType], maxBytes: MAX_FONT_BYTES });
  const family =
    info.subfamily && !/^regular$/i.test(info.subfamily) ? `${info.family} ${info.subfamily}` : info.family;
  return {
    key,
    family: family.slice(0, 120),
    format: info.format,
    url: await deps.store.signedUrl(key, { expiresInSeconds: signedUrlTtl() }),
  };
}
