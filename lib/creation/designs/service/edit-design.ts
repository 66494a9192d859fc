import "server-only";
/**
 * Edits a design: a new revision of its composition (409 on a stale revision or while it exports).
 */
import { ApiError } from "@/lib/platform/api/errors";
import { compositions } from "@/lib/engine/composition/collections";
import { compositionBodySchema, type CompositionBody } from "@/lib/engine/composition/composition-schema";
import { getTemplateVersion } from "@/lib/engine/composition/library";
import { isClip } from "@/lib/engine/composition/clip";
import { assertOwnMedia } from "@/lib/engine/composition/media-access";
import { migrateComposition } from "@/lib/engine/composition/migrations";
import { content } from "@/lib/platform/db/collections";
import { logContentChange } from "@/lib/platform/update-log/content";
import { retemplate } from "@/lib/creation/video/compose";
import { compositionRevisions, revisionId } from "@/lib/creation/video/collections";
import { editDesignInputSchema, type DesignView } from "../contract";
import { getDesign } from "./get-design";
import { type DesignDeps, designSettingsOf, isExporting, nowOf, PAGE_MS, type Picked, pickTemplate } from "./shared";

export async function editDesign(deps: DesignDeps, uid: string, id: string, raw: unknown): Promise<DesignView> {
  const parsed = editDesignInputSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "That edit is not valid.");
  const edit = parsed.data;
  let switchTo: Picked | null = null;
  if (edit.template_id) switchTo = await pickTemplate(deps, edit.template_id, false);
  const at = nowOf(deps).toISOString();
  await deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(deps.db.collection(content).doc(id));
    const comp = await tx.get(deps.db.collection(compositions).doc(id));
    if (!snap || snap.data.owner_id !== uid || snap.data.kind !== "design" || !comp)
      throw new ApiError("not_found", "There is no such design.");
    if (isExporting(designSettingsOf(snap.data)))
      throw new ApiError("conflict", "This design is exporting. Edit it when the export has finished.", {
        issues: [{ path: "state", message: "rendering" }],
      });
    const body = migrateComposition(comp.data);
    if (body.revision !== edit.revision) {
      throw new ApiError(
        "conflict",
        `This design changed since you opened it (revision ${body.revision}, yours ${edit.revision}). Reload to get the latest version.`,
        { issues: [{ path: "revision", message: "revision_conflict" }] },
      );
    }
    let next: CompositionBody = { ...body };
    if (edit.title !== undefined) next.title = edit.title;
    const scenes = (edit.scenes ?? body.scenes).map((s) => ({ ...s, narration: "", duration_ms: PAGE_MS }));
    if (switchTo && switchTo.template.id !== body.template.id) {
      next.template = { id: switchTo.template.id, version: switchTo.template.version };
      next.scenes = retemplate(scenes, switchTo.layouts);
    } else {
      const layouts = (await getTemplateVersion(deps.db, body.template.id, body.template.version))?.layouts ?? [];
      for (const [i, s] of scenes.entries()) {
        if (!layouts.some((l) => l.id === s.layout_id)) {
          throw new ApiError("unprocessable_entity", `Page ${i + 1}: the template has no layout "${s.layout_id}".`, {
            issues: [{ path: `scenes.${i}.layout_id`, message: "unknown layout" }],
          });
        }
      }
      next.scenes = scenes;
    }
    // A page is a still picture: a video clip has no place on it (only videos' scenes play clips).
    for (const [i, s] of next.scenes.entries())
      for (const [slot, v] of Object.entries(s.values))
        if (v.type === "media" && isClip(v))
          throw new ApiError("unprocessable_entity", `Page ${i + 1}: a design takes pictures, not video clips.`, {
            issues: [{ path: `scenes.${i}.values.${slot}`, message: "video clip" }],
          });
    // With or without a template switch, every key the design will hold is checked.
    assertOwnMedia(
      next,
      { ownerId: uid, template: await getTemplateVersion(deps.db, next.template.id, next.template.version) },
      "Page",
    );
    next.revision = body.revision + 1;
    const checked = compositionBodySchema.safeParse(next);
    if (!checked.success) throw ApiError.fromZod(checked.error, "That edit would make the design invalid.");
    next = checked.data;
    tx.set(deps.db.collection(compositions).doc(id), { ...next, created_at: comp.data.created_at, updated_at: at });
    tx.set(deps.db.collection(compositionRevisions).doc(revisionId(id, next.revision)), {
      content_id: id,
      owner_id: uid,
      revision: next.revision,
      body: next,
      saved_at: at,
    });
    tx.update(deps.db.collection(content).doc(id), { title: next.title, updated_at: at });
    logContentChange(deps.db, tx, {
      id,
      action: "update",
      before: snap.data,
      after: { title: next.title, updated_at: at },
      composition: { before: body, after: next },
    });
  });
  return getDesign(deps, uid, id);
}
