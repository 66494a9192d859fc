import "server-only";
/**
 * Creates a video from a brief: the writer's plan → a composition saved as content (revision 0), rendered at once when asked.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { listMusicTracks } from "@/lib/engine/audio/music";
import { assertWithinPlan } from "@/lib/money/billing/enforce";
import type { CompositionBody, MediaValue } from "@/lib/engine/composition/composition-schema";
import { assertOwnMedia, mediaOrigin } from "@/lib/engine/composition/media-access";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import { content, type ContentDoc } from "@/lib/platform/db/collections";
import { composeFromPlan } from "../compose";
import { createVideoInputSchema, type VideoView } from "../contract";
import { writePlan } from "../writer";
import { detectLanguage } from "@/lib/engine/language/detect";
import { findLanguage } from "@/lib/engine/language/languages";
import { getVideo } from "./get-video";
import { requestRender } from "./request-render";
import { assertModel, assertVoice, type VideoDeps, type VideoSettings } from "./shared";
import { loadWriterLibrary, pinnedLibrary } from "./writer-library";
import { stageNewComposition } from "../new-composition";
import type { WriterProduct } from "../local-writer";

export interface CreateVideoExtra {
  /** Product facts the writer must use (name in the title and scenes). */
  product?: WriterProduct | null;
  /** The product the video is made from: saved as `settings.product_id` with the video. */
  productId?: string | null;
  /** The owner's pictures for the scenes' picture slots, in order (repeated when there are more slots). */
  pictures?: readonly MediaValue[];
  /**
   * Server-side only (production pipelines): render with this published
   * version of `template_id` rather than its current one. Allowed for a
   * template that is no longer live: the version is an immutable snapshot.
   */
  templateVersion?: number | null;
}

function musicFor(mood: string): string | null {
  const tracks = listMusicTracks();
  return (tracks.find((t) => t.mood === mood) ?? tracks[0])?.id ?? null;
}

/** Puts pictures into the scenes' picture slots in order; scenes keep their image prompt for when a picture is removed. */
function placePictures(
  body: CompositionBody,
  layouts: readonly { id: string; slots: readonly { id: string; kind: string }[] }[],
  pictures: readonly MediaValue[],
): CompositionBody {
  if (pictures.length === 0) return body;
  let next = 0;
  const scenes = body.scenes.map((scene) => {
    const slot = layouts.find((l) => l.id === scene.layout_id)?.slots.find((s) => s.kind === "image");
    if (!slot) return scene;
    const picture = pictures[next++ % pictures.length]!;
    return { ...scene, values: { ...scene.values, [slot.id]: picture } };
  });
  return { ...body, scenes };
}

export async function createVideo(
  deps: VideoDeps,
  uid: string,
  raw: unknown,
  extra: CreateVideoExtra = {},
): Promise<VideoView> {
  const parsed = createVideoInputSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Those video settings are not valid.");
  const input = parsed.data;
  const model = assertModel(input.model_id);
  assertVoice(input.voice_id);
  const library =
    extra.templateVersion && input.template_id
      ? await pinnedLibrary(deps, input.template_id, extra.templateVersion)
      : await loadWriterLibrary(deps);
  if (input.template_id && !library.templates.some((t) => t.id === input.template_id)) {
    throw new ApiError(
      "unprocessable_entity",
      `There is no template called "${input.template_id}". Pick one from the list.`,
      { issues: [{ path: "template_id", message: "unknown template" }] },
    );
  }
  // Pictures come from the caller's own items (links, bulk rows, pipelines): refused before any model time is spent.
  const foreignPicture = (extra.pictures ?? []).findIndex(
    (p) => mediaOrigin(p.key, { ownerId: uid, template: null }) === null,
  );
  if (foreignPicture >= 0) {
    throw new ApiError(
      "unprocessable_entity",
      "A picture for the scenes is not one of yours. Pick it from your images or assets.",
      { issues: [{ path: `pictures.${foreignPicture}`, message: "foreign media" }] },
    );
  }
  const now = (deps.now ?? (() => new Date()))();
  const ref = deps.db.collection(content).doc();
  // A render's plan limits before any model time is spent (length over the plan is a 402 plan_limit naming the way
  // up). Only when it renders now: the storyboard is free and no render limit blocks it; its render is checked then.
  if (input.render_now) {
    await deps.db.runTransaction((tx) =>
      assertWithinPlan(tx, {
        db: deps.db,
        uid,
        kind: "video",
        seconds: input.length_s,
        maxActiveJobs: Number.MAX_SAFE_INTEGER,
      }),
    );
  }

  // The language: the one asked for, else the brief's (detected); it goes to the writer and onto the composition.
  const language = findLanguage(input.language)?.tag ?? detectLanguage(input.brief).tag;
  const written = await writePlan({
    db: deps.db,
    library,
    request: {
      brief: input.brief,
      length_s: input.length_s,
      aspect_ratio: input.aspect_ratio,
      template_id: input.template_id,
      product: extra.product ?? null,
      language,
    },
    modelId: input.model_id,
    ownerId: uid,
    refId: ref.id,
  });
  const template = library.templates.find((t) => t.id === written.plan.template_id)!;
  const composed = composeFromPlan({
    plan: written.plan,
    ownerId: uid,
    aspectRatio: input.aspect_ratio,
    lengthS: input.length_s,
    template: { id: template.id, version: template.version.version, layouts: template.version.layouts },
    voiceId: input.voice_id,
    captions: input.captions && input.voice_id !== null,
    musicTrackId: input.music ? musicFor(template.version.music.mood) : null,
    musicVolume: template.version.music.volume,
  });
  const body = { ...placePictures(composed, template.version.layouts, extra.pictures ?? []), language };
  assertOwnMedia(body, { ownerId: uid, template: template.version });
  const at = now.toISOString();
  const settings: VideoSettings & { aspect_ratio: CompositionRatio; product_id?: string } = {
    brief: input.brief,
    length_s: input.length_s,
    model_id: input.model_id,
    model_label: written.modelLabel,
    provider: model.provider,
    preview: written.preview,
    notice: written.notice,
    repairs: written.repairs.slice(0, 50),
    credits_spent: 0,
    render: null,
    files: null,
    duplicated_from: null,
    aspect_ratio: input.aspect_ratio,
    ...(extra.productId ? { product_id: extra.productId } : {}),
  };
  const batch = deps.db.batch();
  const created: ContentDoc = {
    owner_id: uid,
    kind: "video",
    title: body.title,
    status: "draft",
    visibility: "private",
    settings: settings as unknown as Record<string, unknown>,
    blobs: { original: null, thumbnail: null, poster: null },
    error: null,
    created_at: at,
    updated_at: at,
  };
  stageNewComposition(deps.db, batch, { id: ref.id, doc: created, body, at });
  await batch.commit();
  if (input.render_now) return requestRender(deps, uid, ref.id);
  return getVideo(deps, uid, ref.id);
}
