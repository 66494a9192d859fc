import "server-only";
/**
 * Edits a video: a new revision of its composition (409 on a stale revision or while it renders).
 */
import { ApiError } from "@/lib/platform/api/errors";
import { findMusicTrack } from "@/lib/engine/audio/music";
import { compositions } from "@/lib/engine/composition/collections";
import { compositionBodySchema, type CompositionBody } from "@/lib/engine/composition/composition-schema";
import { getTemplateVersion } from "@/lib/engine/composition/library";
import { assertOwnMedia } from "@/lib/engine/composition/media-access";
import { migrateComposition } from "@/lib/engine/composition/migrations";
import type { TemplateVersionDoc } from "@/lib/engine/composition/collections";
import { content } from "@/lib/platform/db/collections";
import { retemplate } from "../compose";
import { compositionRevisions, revisionId } from "../collections";
import { logContentChange } from "@/lib/platform/update-log/content";
import { editVideoInputSchema, type VideoView } from "../contract";
import { getVideo } from "./get-video";
import { findLanguage } from "@/lib/engine/language/languages";
import { assertVoice, isRendering, settingsOf, type VideoDeps } from "./shared";
import { loadWriterLibrary } from "./writer-library";

/** `internal.brand`: a brand snapshot set by lib/creation/brand (never from the request body: it names blob keys). */
export async function editVideo(
  deps: VideoDeps,
  uid: string,
  id: string,
  raw: unknown,
  internal: { brand?: CompositionBody["brand"] } = {},
): Promise<VideoView> {
  const parsed = editVideoInputSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "That edit is not valid.");
  const edit = parsed.data;
  const library = edit.template_id ? await loadWriterLibrary(deps) : null;
  const now = (deps.now ?? (() => new Date()))();
  const at = now.toISOString();
  await deps.db.runTransaction(async (tx) => {
    const snap = await tx.get(deps.db.collection(content).doc(id));
    const comp = await tx.get(deps.db.collection(compositions).doc(id));
    if (!snap || snap.data.owner_id !== uid || snap.data.kind !== "video" || !comp)
      throw new ApiError("not_found", "There is no such video.");
    if (isRendering(settingsOf(snap.data)))
      throw new ApiError(
        "conflict",
        "This video is rendering. Edit it when the render has finished, or cancel the render.",
        { issues: [{ path: "state", message: "rendering" }] },
      );
    const body = migrateComposition(comp.data);
    if (body.revision !== edit.revision) {
      throw new ApiError(
        "conflict",
        `This video changed since you opened it (revision ${body.revision}, yours ${edit.revision}). Reload to get the latest version.`,
        { issues: [{ path: "revision", message: "revision_conflict" }] },
      );
    }
    let next: CompositionBody = { ...body };
    if (edit.title !== undefined) next.title = edit.title;
    if (edit.aspect_ratio) next.aspect_ratio = edit.aspect_ratio;
    if (edit.language) next.language = findLanguage(edit.language)!.tag;
    if (edit.audio) {
      assertVoice(edit.audio.voice_id);
      if (edit.audio.music.track_id) {
        try {
          findMusicTrack(edit.audio.music.track_id);
        } catch {
          throw new ApiError("unprocessable_entity", `There is no music track called "${edit.audio.music.track_id}".`, {
            issues: [{ path: "audio.music.track_id", message: "unknown track" }],
          });
        }
      }
      next.audio = edit.audio;
    }
    let version: TemplateVersionDoc | null = await getTemplateVersion(deps.db, next.template.id, next.template.version);
    let layouts = version?.layouts ?? [];
    if (edit.template_id && edit.template_id !== body.template.id) {
      const t = library!.templates.find((x) => x.id === edit.template_id);
      if (!t)
        throw new ApiError("unprocessable_entity", `There is no template called "${edit.template_id}".`, {
          issues: [{ path: "template_id", message: "unknown template" }],
        });
      next.template = { id: t.id, version: t.current_version };
      version = t.version;
      layouts = t.version.layouts;
      next.scenes = retemplate(edit.scenes ?? body.scenes, layouts);
    } else if (edit.scenes) {
      const known = new Map(body.scenes.map((s) => [s.id, s]));
      next.scenes = edit.scenes.map((s, i) => {
        if (!layouts.some((l) => l.id === s.layout_id)) {
          throw new ApiError("unprocessable_entity", `Scene ${i + 1}: the template has no layout "${s.layout_id}".`, {
            issues: [{ path: `scenes.${i}.layout_id`, message: "unknown layout" }],
          });
        }
        // Keep the generated narration audio: the worker redoes it only when the text or voice changed.
        const voice = known.get(s.id)?.voice;
        return voice ? { ...s, voice } : s;
      });
    }
    if (internal.brand !== undefined) next.brand = internal.brand;
    // Whatever branch built it (scenes, template switch, restore, brand), every key the video will hold is checked.
    assertOwnMedia(next, { ownerId: uid, template: version });
    next.revision = body.revision + 1;
    const checked = compositionBodySchema.safeParse(next);
    if (!checked.success) throw ApiError.fromZod(checked.error, "That edit would make the video invalid.");
    next = checked.data;
    tx.set(deps.db.collection(compositions).doc(id), { ...next, created_at: comp.data.created_at, updated_at: at });
    tx.set(deps.db.collection(compositionRevisions).doc(revisionId(id, next.revision)), {
      content_id: id,
      owner_id: uid,
      revision: next.revision,
      body: next,
      saved_at: at,
    });
    const patch = {
      title: next.title,
      settings: { ...snap.data.settings, aspect_ratio: next.aspect_ratio },
      updated_at: at,
    };
    tx.update(deps.db.collection(content).doc(id), patch);
    logContentChange(deps.db, tx, {
      id,
      action: internal.brand !== undefined ? "apply_brand" : "update",
      before: snap.data,
      after: patch,
      composition: { before: body, after: next },
    });
  });
  return getVideo(deps, uid, id);
}
