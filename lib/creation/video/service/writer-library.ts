import "server-only";
/**
 * The writer's library: the live templates at their current versions, or one template pinned at a published version.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { templates } from "@/lib/engine/composition/collections";
import { getTemplateVersion, listLiveTemplates } from "@/lib/engine/composition/library";
import type { TemplateVersionDoc } from "@/lib/engine/composition/collections";
import type { WriterLibrary } from "../writer";
import type { VideoDeps } from "./shared";

export async function loadWriterLibrary(deps: VideoDeps): Promise<WriterLibrary> {
  await deps.ready?.();
  const live = await listLiveTemplates(deps.db);
  const out: WriterLibrary["templates"] = [];
  for (const t of live) {
    const version = await getTemplateVersion(deps.db, t.id, t.current_version);
    if (version) out.push({ ...t, version: version as TemplateVersionDoc });
  }
  return { templates: out };
}

/**
 * The writer's library with one template held at a pinned version: the
 * writer sees only that template, at that version (live or not: published
 * versions are immutable snapshots). A version that was never published is a 422.
 */
export async function pinnedLibrary(deps: VideoDeps, templateId: string, version: number): Promise<WriterLibrary> {
  await deps.ready?.();
  const t = await deps.db.collection(templates).doc(templateId).get();
  const v = t ? await getTemplateVersion(deps.db, templateId, version) : null;
  if (!t || !v || !v.published_at) {
    throw new ApiError(
      "unprocessable_entity",
      `Template "${templateId}" has no published version ${version}. Pick another version.`,
      { issues: [{ path: "template_version", message: "unknown version" }] },
    );
  }
  return { templates: [{ ...t.data, id: templateId, version: v as TemplateVersionDoc }] };
}
