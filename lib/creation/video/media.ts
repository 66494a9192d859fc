import "server-only";
/**
 * Pictures and previews: a scene's picture (generated, or one of my images
 * or assets), the Player's props for a stored composition, a template's
 * animated preview, and what the public pages read.
 */
import { createHash } from "node:crypto";
import { generateImages } from "@/lib/platform/ai";
import { ApiError } from "@/lib/platform/api/errors";
import { signedUrlTtl } from "@/lib/media/images/present-image";
import { brandedTemplate } from "@/lib/engine/composition/brand";
import type { MediaValue } from "@/lib/engine/composition/composition-schema";
import type { CaptionCue } from "@/lib/engine/composition/cues";
import { estimateNarrationMs } from "@/lib/engine/composition/timing";
import { estimateCues } from "@/lib/engine/audio/captions";
import { getTemplateVersion } from "@/lib/engine/composition/library";
import type { TemplateVersionBody } from "@/lib/engine/composition/template-schema";
import type { LayoutBody } from "@/lib/engine/composition/layout-schema";
import { pictureClearArea } from "@/lib/engine/composition/clear-area";
import { compositionRatioSchema, sizeForWidth } from "@/lib/engine/composition/ratios";
import type { RenderProps } from "@/lib/engine/composition/render-props";
import { resolveRenderProps } from "@/lib/engine/composition/resolve";
import { collectMediaKeys } from "@/lib/engine/composition/media-keys";
import { mayServe, withoutForeignMedia } from "@/lib/engine/composition/media-access";
import { ensureSampleMedia } from "@/lib/engine/composition/sample-media";
import { sampleNarration, sampleValues } from "@/lib/engine/composition/starter";
import {
  COMPOSITION_SCHEMA_VERSION,
  DEFAULT_AUDIO,
  type CompositionBody,
} from "@/lib/engine/composition/composition-schema";
import { assets, content } from "@/lib/platform/db/collections";
import { templates } from "@/lib/engine/composition/collections";
import { compositionBodySchema } from "@/lib/engine/composition/composition-schema";
import { sceneImageInputSchema, type PlayerPropsView, type SceneImageInput } from "./contract";
import { editVideo } from "./service/edit-video";
import { readOwnedComposition, type FilesState, type VideoDeps } from "./service/shared";
import { sceneImageModel, withScenePictureCharge } from "./scene-picture";
import { clipFacts } from "./clips";
import type { VideoView } from "./contract";
import { DOC_ID } from "@/lib/platform/db/ids";
import { stockPicture } from "./scene-stock";

const PREVIEW_WIDTH = 480;

export function sceneImageKey(uid: string, contentId: string, sceneId: string, prompt: string): string {
  const h = createHash("sha256").update(prompt).digest("hex").slice(0, 12);
  return `videos/${uid}/${contentId}/scenes/${sceneId}-${h}.png`;
}

/** Generates a picture for a prompt at the composition's ratio and stores it; returns the slot value. */
/** The colours a generated scene picture is drawn in: the template's, or the brand kit's when applied (accent first). */
export function scenePalette(version: TemplateVersionBody, body: Pick<CompositionBody, "brand">): string[] {
  const p = brandedTemplate(version, body).style.palette;
  return [p.accent, p.surface, p.background, p.muted];
}

export async function generateScenePicture(a: {
  store: VideoDeps["store"];
  uid: string;
  contentId: string;
  sceneId: string;
  prompt: string;
  ratio: CompositionBody["aspect_ratio"];
  palette?: string[];
  /** The scene's layout: the picture's subject is drawn where the layout shows it (not under its text). */
  layout?: Pick<LayoutBody, "slots" | "boxes">;
  abortSignal?: AbortSignal;
}): Promise<MediaValue> {
  const model = sceneImageModel();
  const made = await generateImages({
    modelId: model.id,
    prompt: a.prompt,
    n: 1,
    aspectRatio: a.ratio,
    palette: a.palette,
    subjectArea: (a.layout && pictureClearArea(a.layout, a.ratio)) || undefined,
    abortSignal: a.abortSignal,
  });
  const bytes = made.images[0];
  if (!bytes) throw new ApiError("service_unavailable", `${model.label} answered without a picture. Try again.`);
  const key = sceneImageKey(a.uid, a.contentId, a.sceneId, a.prompt);
  const info = await a.store.put(key, bytes, { allowedTypes: ["image/png", "image/jpeg", "image/webp"] });
  return { type: "media", key, media_type: info.contentType, source: "generated", prompt: a.prompt.slice(0, 2000) };
}

/**
 * The scenes of `body` with one scene's picture set from `input`: generated
 * now, or one of my images or assets (`clips` lets a video clip asset in).
 * Shared by videos (scenes) and designs (pages); the caller saves the edit.
 */
export async function scenesWithPicture(
  deps: Pick<VideoDeps, "db" | "store">,
  a: {
    uid: string;
    id: string;
    body: CompositionBody;
    sceneId: string;
    input: SceneImageInput;
    noun: "scene" | "page";
    owner: "video" | "design";
    clips: boolean;
  },
): Promise<Omit<CompositionBody["scenes"][number], "voice">[]> {
  const { uid, id, body, sceneId, input } = a;
  const scene = body.scenes.find((s) => s.id === sceneId);
  if (!scene) throw new ApiError("not_found", `This ${a.owner} has no such ${a.noun}.`);
  const version = await getTemplateVersion(deps.db, body.template.id, body.template.version);
  const slot = version?.layouts.find((l) => l.id === scene.layout_id)?.slots.find((s) => s.kind === "image");
  if (!slot)
    throw new ApiError(
      "unprocessable_entity",
      `This ${a.noun}'s layout has no picture. Pick a layout with a picture first.`,
    );
  let value: MediaValue;
  if (input.source === "generate") {
    try {
      value = await generateScenePicture({
        store: deps.store,
        uid,
        contentId: id,
        sceneId,
        prompt: input.prompt,
        ratio: body.aspect_ratio,
        palette: version ? scenePalette(version, body) : undefined,
        layout: version?.layouts.find((l) => l.id === scene.layout_id),
      });
    } catch (e) {
      if (e instanceof ApiError) throw e;
      const message = (e as { message?: string }).message ?? "The image model failed.";
      throw new ApiError(
        (e as { code?: string }).code === "content_policy" ? "unprocessable_entity" : "service_unavailable",
        message,
      );
    }
  } else if (input.source === "stock") {
    value = await stockPicture(deps, { uid, ratio: body.aspect_ratio, input, clips: a.clips });
  } else if (input.source === "content") {
    const img = await deps.db.collection(content).doc(input.id).get();
    if (!img || img.data.owner_id !== uid || img.data.kind !== "image" || !img.data.blobs.original)
      throw new ApiError("not_found", "There is no such image among yours.");
    value = {
      type: "media",
      key: img.data.blobs.original,
      media_type: "image/png",
      source: "content",
      content_id: input.id,
    };
  } else {
    const asset = await deps.db.collection(assets).doc(input.id).get();
    if (!asset || asset.data.owner_id !== uid) throw new ApiError("not_found", "There is no such asset among yours.");
    if (a.clips ? !/^(image|video)\//.test(asset.data.content_type) : !asset.data.content_type.startsWith("image/")) {
      throw new ApiError(
        "unprocessable_entity",
        a.clips ? "That asset is not a picture or a clip." : "That asset is not a picture.",
      );
    }
    value = {
      type: "media",
      key: asset.data.storage_key,
      media_type: asset.data.content_type,
      source: "asset",
      asset_id: input.id,
      ...clipFacts(asset.data),
    };
  }
  return body.scenes.map(({ voice: _v, ...s }) =>
    s.id === sceneId
      ? {
          ...s,
          values: { ...s.values, [slot.id]: value },
          ...(input.source === "generate" ? { image_prompt: input.prompt } : {}),
        }
      : s,
  );
}

/** Sets a scene's picture: generated now, or one of my images or assets (pictures or clips). */
export async function setSceneImage(
  deps: VideoDeps,
  uid: string,
  id: string,
  sceneId: string,
  raw: unknown,
): Promise<VideoView> {
  const parsed = sceneImageInputSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Say which picture to use.");
  const { body } = await readOwnedComposition(deps.db, uid, id);
  // A generated picture from a paid provider is debited first and refunded if the picture or the edit fails.
  return withScenePictureCharge({ db: deps.db, uid, contentId: id, input: parsed.data, noun: "scene" }, async () => {
    const scenes = await scenesWithPicture(deps, {
      uid,
      id,
      body,
      sceneId,
      input: parsed.data,
      noun: "scene",
      owner: "video",
      clips: true,
    });
    // Own files, resolved above; editVideo checks every key again (lib/engine/composition/media-access.ts).
    return editVideo(deps, uid, id, { revision: parsed.data.revision, scenes });
  });
}

/**
 * Before the first render a storyboard has no narration audio: the preview
 * shows its captions anyway, timed by an estimate of the words (as the scene's
 * length is), so the caption style can be seen while it is chosen.
 */
function previewCaptionCues(body: CompositionBody): Record<string, CaptionCue[]> {
  if (!body.audio.voice_id || !body.audio.captions) return {};
  return Object.fromEntries(
    body.scenes
      .filter((s) => !s.voice && s.narration.trim())
      .map((s) => [s.id, estimateCues(s.narration, estimateNarrationMs(s.narration))]),
  );
}

/** Player props for the stored composition (signed URLs; the browser draws the background itself). */
export async function playerProps(deps: VideoDeps, uid: string, id: string): Promise<PlayerPropsView> {
  const { body: stored } = await readOwnedComposition(deps.db, uid, id);
  const version = await getTemplateVersion(deps.db, stored.template.id, stored.template.version);
  if (!version)
    throw new ApiError(
      "unprocessable_entity",
      "This video's template version is missing; switch it to another template.",
    );
  // A foreign key that reached the store (written before the check existed, or by hand) is never signed.
  const body = withoutForeignMedia(stored, { ownerId: uid, template: version }, `player of video ${id}`);
  const ttl = signedUrlTtl();
  const urls = new Map<string, string>();
  // Every key the Player fetches: scene media and narration, and the brand's logo and font files.
  const keys = new Set(collectMediaKeys(body));
  await Promise.all([...keys].map(async (k) => urls.set(k, await deps.store.signedUrl(k, { expiresInSeconds: ttl }))));
  const props = resolveRenderProps({
    composition: body,
    templateVersion: version,
    mediaUrl: (k) => urls.get(k) ?? "",
    size: sizeForWidth(body.aspect_ratio, PREVIEW_WIDTH),
    previewCues: previewCaptionCues(body),
  });
  return { props, revision: body.revision };
}

/** A template's look with sample scenes (every layout once), for the picker's animated preview. */
export async function templatePreview(
  deps: VideoDeps,
  templateId: string,
  ratioRaw: string | null,
): Promise<{ props: RenderProps }> {
  const ratio = compositionRatioSchema.safeParse(ratioRaw ?? "16:9");
  if (!ratio.success) throw new ApiError("unprocessable_entity", "ratio is one of 9:16, 1:1, 4:5, 16:9.");
  await deps.ready?.();
  const t = await deps.db.collection(templates).doc(templateId).get();
  if (!t || t.data.stage !== "live") throw new ApiError("not_found", "There is no such template.");
  const version = await getTemplateVersion(deps.db, templateId, t.data.current_version);
  if (!version) throw new ApiError("not_found", "There is no such template.");
  await ensureSampleMedia(deps.store);
  const layouts = version.layouts.slice(0, 4);
  const body = compositionBodySchema.parse({
    schema_version: COMPOSITION_SCHEMA_VERSION,
    owner_id: "system",
    kind: "video",
    title: t.data.name,
    aspect_ratio: ratio.data,
    template: { id: templateId, version: t.data.current_version },
    scenes: layouts.map((l, i) => ({
      id: `s${i}`,
      layout_id: l.id,
      values: sampleValues(l),
      narration: sampleNarration(i),
      duration_ms: 2200,
    })),
    audio: { ...DEFAULT_AUDIO, captions: false },
    brand: null,
    revision: 0,
  });
  const ttl = signedUrlTtl();
  const urls = new Map<string, string>();
  for (const s of body.scenes)
    for (const v of Object.values(s.values))
      if (v.type === "media" && !urls.has(v.key))
        urls.set(v.key, await deps.store.signedUrl(v.key, { expiresInSeconds: ttl }));
  return {
    props: resolveRenderProps({
      composition: body,
      templateVersion: version,
      mediaUrl: (k) => urls.get(k) ?? "",
      size: sizeForWidth(ratio.data, 320),
      estimateMissingNarration: false,
    }),
  };
}

// ---------------------------------------------------------------- public

export interface PublicVideo {
  id: string;
  title: string;
  poster_url: string;
  video_url: string;
  captions_url: string | null;
  width: number;
  height: number;
  duration_ms: number;
  aspect_ratio: string;
}

export const PUBLIC_VIDEO_VARIANTS = ["video", "poster", "captions"] as const;

export function publicVideoPath(id: string, variant: (typeof PUBLIC_VIDEO_VARIANTS)[number]): string {
  return `/api/v1/public/videos/${id}/${variant}`;
}

async function publicFiles(
  db: VideoDeps["db"],
  id: string,
): Promise<{ title: string; owner: string; files: FilesState; ratio: string } | null> {
  if (!DOC_ID.test(id)) return null;
  const snap = await db.collection(content).doc(id).get();
  if (!snap || snap.data.kind !== "video" || snap.data.visibility !== "public") return null;
  const files = (snap.data.settings as { files?: FilesState | null }).files;
  if (!files) return null;
  return {
    title: snap.data.title,
    owner: snap.data.owner_id,
    files,
    ratio: String((snap.data.settings as { aspect_ratio?: string }).aspect_ratio ?? "16:9"),
  };
}

/** A public, rendered video for the watch page and the embed player (stable same-origin media URLs), or null. */
export async function readPublicVideo(db: VideoDeps["db"], id: string): Promise<PublicVideo | null> {
  const found = await publicFiles(db, id);
  if (!found) return null;
  const { files } = found;
  return {
    id,
    title: found.title,
    poster_url: publicVideoPath(id, "poster"),
    video_url: publicVideoPath(id, "video"),
    captions_url: files.captions_key ? publicVideoPath(id, "captions") : null,
    width: files.width,
    height: files.height,
    duration_ms: files.duration_ms,
    aspect_ratio: found.ratio,
  };
}

/** The signed URL behind a public video's stable media URL, or null (not public, not rendered, no such file). */
export async function signedPublicVideoMedia(deps: VideoDeps, id: string, variant: string): Promise<string | null> {
  if (!(PUBLIC_VIDEO_VARIANTS as readonly string[]).includes(variant)) return null;
  const found = await publicFiles(deps.db, id);
  if (!found) return null;
  const key =
    variant === "video"
      ? found.files.video_key
      : variant === "poster"
        ? found.files.poster_key
        : found.files.captions_key;
  if (!key || !mayServe(key, { ownerId: found.owner, template: null }, `public video ${id}`)) return null;
  return deps.store.signedUrl(key, { expiresInSeconds: signedUrlTtl() });
}
