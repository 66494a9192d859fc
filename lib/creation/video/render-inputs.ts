import "server-only";
/**
 * What a render needs before its frames, shared by the render job (worker.ts)
 * and the quick preview job (preview-job.ts): the pictures the plan asked for
 * and nobody has supplied yet (own media, stock, else the image model), the
 * narration (redone only for scenes whose text or voice changed) and the
 * music track (rendered once per track and kept). Pictures and voice are
 * saved into the composition as they are made, so whichever job made them,
 * the other reuses them.
 */
import { createHash } from "node:crypto";
import { synthesizeNarration } from "@/lib/engine/audio/speech";
import { MUSIC_SYNTH_VERSION, findMusicTrack, renderMusicTrack } from "@/lib/engine/audio/music";
import { compositions } from "@/lib/engine/composition/collections";
import type { CompositionBody, Scene } from "@/lib/engine/composition/composition-schema";
import { getTemplateVersion } from "@/lib/engine/composition/library";
import { migrateComposition } from "@/lib/engine/composition/migrations";
import type { TemplateVersionBody } from "@/lib/engine/composition/template-schema";
import type { MusicSource } from "@/lib/engine/render/prepare";
import type { Db } from "@/lib/platform/db/db";
import type { BlobStore } from "@/lib/platform/storage/types";
import type { StockProvider } from "@/lib/media/stock/provider";
import { generateScenePicture, scenePalette } from "./media";
import { chooseSceneMedia } from "./scene-media";

export function narrationHash(text: string, voiceId: string): string {
  return createHash("sha256").update(`${voiceId}\n${text.trim()}`).digest("hex").slice(0, 16);
}

/**
 * The video's composition (migrated to the current shape) and its template
 * version, as a render or a preview starts. `gone` makes the error for a
 * deleted video (the job's lease-lost); a missing template version fails with
 * a message that ends with `then` (what to do after switching templates).
 */
export async function loadRenderSource(
  db: Db,
  contentId: string,
  o: { gone: (why: string) => Error; then: string },
): Promise<{ body: CompositionBody; version: TemplateVersionBody }> {
  const snap = await db.collection(compositions).doc(contentId).get();
  if (!snap) throw o.gone("the video was deleted");
  const body = migrateComposition(snap.data);
  const version = await getTemplateVersion(db, body.template.id, body.template.version);
  if (!version)
    throw Object.assign(new Error("template version missing"), {
      userMessage: `This video's template version no longer exists. Switch the video to another template ${o.then}.`,
    });
  return { body, version };
}

/**
 * Keeps the pictures and voice a job made in the composition, unless the
 * video was edited meanwhile (its revision moved): then the user's edit
 * stands. `gone` makes the error for a deleted video.
 */
export async function saveRenderComposition(
  db: Db,
  contentId: string,
  body: CompositionBody,
  o: { gone: (why: string) => Error; now: Date },
): Promise<void> {
  await db.runTransaction(async (tx) => {
    const ref = db.collection(compositions).doc(contentId);
    const snap = await tx.get(ref);
    if (!snap) throw o.gone("the video was deleted");
    if (snap.data.revision !== body.revision) return;
    tx.set(ref, { ...body, created_at: snap.data.created_at, updated_at: o.now.toISOString() });
  });
}

export interface RenderInputsDeps {
  db: Db;
  store: BlobStore;
  /** Tests may swap the picture maker. */
  makePicture?: typeof generateScenePicture;
  /** Stock providers instead of the configured ones (tests). */
  stockProviders?: StockProvider[];
  /** Where the decisions go (why a scene got own media, stock or a generated picture). */
  note?: (msg: string) => void;
}

export interface RenderInputs {
  /** The composition with its pictures and voice filled in. */
  body: CompositionBody;
  music: MusicSource | null;
}

export async function prepareRenderInputs(a: {
  deps: RenderInputsDeps;
  uid: string;
  contentId: string;
  /** For the notes ("job … scene …"). */
  jobId: string;
  body: CompositionBody;
  version: TemplateVersionBody;
  signal: AbortSignal;
  /** Progress of a stage, 0..1 (rejecting stops the preparation: a lost lease). */
  step: (stage: "images" | "voice", fraction: number) => Promise<void>;
  /** Keeps the composition as it is now (pictures, voice) for later renders. */
  save: (body: CompositionBody) => Promise<void>;
}): Promise<RenderInputs> {
  const { deps, uid, contentId, jobId, version, signal, step, save } = a;
  const { db, store } = deps;
  const makePicture = deps.makePicture ?? generateScenePicture;
  const note = deps.note ?? ((msg: string) => console.info(`[video-worker] ${msg}`));
  let body = a.body;

  // Pictures the plan asked for and nobody has supplied yet.
  await step("images", 0);
  const missing = body.scenes.filter((s) => s.image_prompt && !Object.values(s.values).some((v) => v.type === "media"));
  const layouts = new Map(version.layouts.map((l) => [l.id, l]));
  const slotOf = (scene: Scene) => layouts.get(scene.layout_id)?.slots.find((s) => s.kind === "image");
  // Own assets that match the scene's words first, then stock (copied in), else the image model below.
  const chosen = new Map(
    (
      await chooseSceneMedia({
        db,
        store,
        uid,
        body,
        sceneIds: missing.filter((s) => slotOf(s)).map((s) => s.id),
        signal,
        providers: deps.stockProviders,
      })
    ).map((c) => [c.sceneId, c]),
  );
  for (const [i, scene] of missing.entries()) {
    const slot = slotOf(scene);
    if (!slot) continue;
    const choice = chosen.get(scene.id);
    if (choice)
      note(
        `job ${jobId} scene ${scene.id}: ${choice.value ? `used ${choice.from} media` : "generating"}: ${choice.reason}`,
      );
    const value =
      choice?.value ??
      (await makePicture({
        store,
        uid,
        contentId,
        sceneId: scene.id,
        prompt: scene.image_prompt!,
        ratio: body.aspect_ratio,
        palette: scenePalette(version, body),
        layout: layouts.get(scene.layout_id),
        abortSignal: signal,
      }));
    body = {
      ...body,
      scenes: body.scenes.map((s) => (s.id === scene.id ? { ...s, values: { ...s.values, [slot.id]: value } } : s)),
    };
    await save(body);
    await step("images", (i + 1) / missing.length);
  }

  // Narration, redone only for scenes whose text or voice changed.
  await step("voice", 0);
  const voiceId = body.audio.voice_id;
  const scenes: Scene[] = [];
  for (const [i, scene] of body.scenes.entries()) {
    const text = scene.narration.trim();
    if (!voiceId || !text) {
      const { voice: _drop, ...rest } = scene;
      scenes.push(rest);
      continue;
    }
    const hash = narrationHash(text, voiceId);
    if (scene.voice && scene.voice.text_hash === hash && (await store.head(scene.voice.key))) {
      scenes.push(scene);
      continue;
    }
    const spoken = await synthesizeNarration({ text, voiceId, abortSignal: signal });
    const key = `videos/${uid}/${contentId}/voice/${scene.id}-${hash}.wav`;
    await store.put(key, spoken.audio, { allowedTypes: ["audio/wav"] });
    scenes.push({
      ...scene,
      voice: {
        key,
        duration_ms: Math.round(spoken.durationMs),
        cues: spoken.cues.slice(0, 500),
        voice_id: voiceId,
        text_hash: hash,
      },
    });
    await step("voice", (i + 1) / body.scenes.length);
  }
  body = { ...body, scenes };
  await save(body);

  // Music: rendered once per track and kept.
  let music: MusicSource | null = null;
  if (body.audio.music.track_id) {
    const track = findMusicTrack(body.audio.music.track_id);
    const key = `music/${track.id}-v${MUSIC_SYNTH_VERSION}.wav`;
    if (!(await store.head(key)))
      await store.put(key, await renderMusicTrack(track.id), { allowedTypes: ["audio/wav"] });
    music = { key, durationMs: track.durationMs };
  }
  return { body, music };
}
