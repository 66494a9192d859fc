import "server-only";
/**
 * A language version of a video: a provider language model translates its
 * title, on-screen texts and narration (structured output, as the writer
 * answers), and the copy becomes a new private draft in that language with
 * a voice that speaks it. Its narration and captions are made again when it
 * renders; its pictures are the storyboard's, copied under the new video
 * (deleting one version never takes the other's pictures). The render is
 * priced like any video from the translating model's provider. The Local
 * preview cannot translate: without a provider the request is refused
 * before anything is stored.
 */
import { generateText, NoObjectGeneratedError, Output } from "ai";
import { z } from "zod";
import { voicesForLanguage } from "@/lib/engine/audio/speech";
import type { CompositionBody, Scene, SlotValue } from "@/lib/engine/composition/composition-schema";
import { getTemplateVersion } from "@/lib/engine/composition/library";
import { assertOwnMedia } from "@/lib/engine/composition/media-access";
import { findLanguage, languageLabel } from "@/lib/engine/language/languages";
import { toAiError } from "@/lib/platform/ai/errors";
import { callsFromSteps, recordCalls, structuredCall, type CallContext } from "@/lib/platform/ai/calls/record";
import { findLanguageModel, getLanguageModel, listLanguageModels } from "@/lib/platform/ai/language/models";
import { ApiError } from "@/lib/platform/api/errors";
import { content, type ContentDoc } from "@/lib/platform/db/collections";
import type { VideoView } from "../contract";
import { translateVideoInputSchema } from "../contract";
import { stageNewComposition } from "../new-composition";
import { planLanguageMismatch } from "../plan-language";
import { getVideo } from "./get-video";
import { requestRender } from "./request-render";
import { ownedVideo, settingsOf, type VideoDeps } from "./shared";

export const TRANSLATE_FEATURE = "video.translate";

export const TRANSLATE_SYSTEM_PROMPT = [
  "You translate a short video's words into another language, for viewers who speak it natively.",
  "Translate the title, every on-screen text and every narration; answer with the same scene ids and slot ids.",
  "Keep product names, brand names, discount codes, web addresses, prices and numbers exactly as written.",
  "Each on-screen text stays a short whole phrase within its max_chars; shorten the wording rather than cut it.",
  "Narration is natural spoken language of about the same length as the original, so the video keeps its timing.",
].join(" ");

const translationSchema = z.object({
  title: z.string().describe("The video's title in the target language."),
  scenes: z.array(
    z.object({
      id: z.string(),
      texts: z.array(z.object({ slot: z.string(), text: z.string() })),
      narration: z.string(),
    }),
  ),
});
type Translation = z.infer<typeof translationSchema>;

/** The provider model that translates: the video's own writer model when it is a provider's, else the first configured. */
export function translationModelId(preferred: string | null | undefined): string | null {
  const models = listLanguageModels().filter((m) => m.enabled && m.provider !== "local");
  return (models.find((m) => m.id === preferred) ?? models[0])?.id ?? null;
}

function textsOf(scene: Scene): { slot: string; text: string }[] {
  return Object.entries(scene.values).flatMap(([slot, v]) =>
    v.type === "text" && v.text.trim() ? [{ slot, text: v.text }] : [],
  );
}

/** The translated words on the original's scenes; anything the model left out keeps the original. */
function applyTranslation(body: CompositionBody, t: Translation, maxChars: Map<string, number>): CompositionBody {
  const byId = new Map(t.scenes.map((s) => [s.id, s]));
  const scenes = body.scenes.map((scene): Scene => {
    const tr = byId.get(scene.id);
    const { voice: _voice, ...rest } = scene;
    if (!tr) return rest;
    const values: Record<string, SlotValue> = { ...scene.values };
    for (const { slot, text } of tr.texts) {
      const v = values[slot];
      if (v?.type !== "text" || !text.trim()) continue;
      const max = maxChars.get(`${scene.layout_id}/${slot}`) ?? 2000;
      values[slot] = {
        type: "text",
        text: text
          .trim()
          .slice(0, Math.max(max * 2, 40))
          .slice(0, 2000),
      };
    }
    return { ...rest, values, narration: tr.narration.trim().slice(0, 2000) || scene.narration };
  });
  return { ...body, title: t.title.trim().slice(0, 200) || body.title, scenes };
}

/** Copies the video's own pictures (under videos/{uid}/{id}/) to the new video, so each version owns its files. */
async function copyOwnMedia(
  deps: VideoDeps,
  body: CompositionBody,
  from: { uid: string; id: string },
  toId: string,
): Promise<CompositionBody> {
  const prefix = `videos/${from.uid}/${from.id}/`;
  const moved = new Map<string, string>();
  const copy = async (key: string): Promise<string> => {
    if (!key.startsWith(prefix)) return key; // assets and images live on their own; both versions may show them
    const known = moved.get(key);
    if (known) return known;
    const next = `videos/${from.uid}/${toId}/${key.slice(prefix.length)}`;
    const read = await deps.store.get(key);
    if (!read)
      throw new ApiError(
        "unprocessable_entity",
        "A picture of this video is missing. Replace it, then translate again.",
      );
    await deps.store.put(next, read.body, { allowedTypes: [read.info.contentType] });
    moved.set(key, next);
    return next;
  };
  const scenes: Scene[] = [];
  for (const scene of body.scenes) {
    const values: Record<string, SlotValue> = {};
    for (const [slot, v] of Object.entries(scene.values))
      values[slot] = v.type === "media" ? { ...v, key: await copy(v.key) } : v;
    scenes.push({ ...scene, values });
  }
  return { ...body, scenes };
}

export async function translateVideo(deps: VideoDeps, uid: string, id: string, raw: unknown): Promise<VideoView> {
  const parsed = translateVideoInputSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Pick a language to translate into.");
  const target = findLanguage(parsed.data.language)!;
  const { doc, body } = await ownedVideo(deps.db, uid, id);
  const source = findLanguage(body.language) ?? findLanguage("en")!;
  if (source.tag === target.tag)
    throw new ApiError("unprocessable_entity", `This video is already in ${target.name}. Pick another language.`, {
      issues: [{ path: "language", message: "same language" }],
    });
  const settings = settingsOf(doc);
  const modelId = translationModelId(settings.model_id);
  if (!modelId)
    throw new ApiError(
      "unprocessable_entity",
      "Translating a video needs an AI writer model, and none is set up here yet. The Local preview cannot translate.",
      { issues: [{ path: "language", message: "no_provider" }] },
    );
  const version = await getTemplateVersion(deps.db, body.template.id, body.template.version);
  assertOwnMedia(body, { ownerId: uid, template: version });
  const maxChars = new Map<string, number>();
  for (const l of version?.layouts ?? [])
    for (const s of l.slots) if (s.kind === "text") maxChars.set(`${l.id}/${s.id}`, s.fit.maxChars);

  const entry = findLanguageModel(modelId);
  const ref = deps.db.collection(content).doc();
  const ctx: CallContext = {
    feature: TRANSLATE_FEATURE,
    modelId,
    provider: entry.provider,
    ownerId: uid,
    refId: ref.id,
  };
  const words = {
    title: body.title,
    scenes: body.scenes.map((s) => ({
      id: s.id,
      texts: textsOf(s).map((t) => ({ ...t, max_chars: maxChars.get(`${s.layout_id}/${t.slot}`) ?? null })),
      narration: s.narration,
    })),
  };
  const prompt = [
    `Translate from ${source.name} into ${target.name} (${target.native}, ${target.tag}).`,
    `The video: ${JSON.stringify(words)}`,
  ].join("\n");
  const started = Date.now();
  let output: Translation | undefined;
  let failure: unknown = null;
  let steps: Awaited<ReturnType<typeof generateText>>["steps"] = [];
  try {
    const result = await generateText({
      model: getLanguageModel(modelId, {
        local: () => {
          throw new Error("the Local preview does not translate");
        },
      }),
      system: TRANSLATE_SYSTEM_PROMPT,
      prompt,
      output: Output.object({ schema: translationSchema, name: "video_translation" }),
      maxRetries: 1,
      abortSignal: AbortSignal.timeout(120_000),
    });
    steps = result.steps;
    output = result.output;
  } catch (error) {
    failure = error;
  }
  const last = steps[steps.length - 1];
  await recordCalls(deps.db, [
    ...callsFromSteps(ctx, steps, []),
    structuredCall(ctx, {
      schemaName: "video_translation",
      output,
      error: failure,
      latencyMs: Date.now() - started,
      inputTokens: last?.usage.inputTokens ?? null,
      outputTokens: last?.usage.outputTokens ?? null,
    }),
  ]);
  if (!output) {
    if (failure === null || NoObjectGeneratedError.isInstance(failure))
      throw new ApiError("service_unavailable", `${entry.label} did not return a usable translation. Try again.`);
    const ai = toAiError(failure, entry.label);
    const message =
      ai.code === "provider_error" ? `${entry.label} could not translate the video. Try again.` : ai.message;
    throw new ApiError(ai.code === "content_policy" ? "unprocessable_entity" : "service_unavailable", message, {
      cause: failure,
    });
  }
  const translated = applyTranslation(body, output, maxChars);
  const mismatch = planLanguageMismatch(
    {
      title: translated.title,
      scenes: translated.scenes.map((s) => ({ texts: textsOf(s), narration: s.narration })),
    },
    target.tag,
  );
  if (mismatch)
    throw new ApiError("service_unavailable", `${entry.label} did not translate the video: ${mismatch} Try again.`);

  // A voice that speaks the language: the current one when it does (provider voices speak them all).
  const voices = voicesForLanguage(target.tag).filter((v) => v.enabled);
  const current = voices.find((v) => v.id === body.audio.voice_id);
  // An offline voice is replaced by the language's offline voice, a provider's by a provider's (no new cost appears).
  const wasLocal = body.audio.voice_id?.startsWith("espeak:") ?? true;
  const voiceId =
    body.audio.voice_id === null
      ? null
      : ((current ?? voices.find((v) => v.local === wasLocal) ?? voices[0])?.id ?? null);

  const copied = await copyOwnMedia(deps, translated, { uid, id }, ref.id);
  const next: CompositionBody = {
    ...copied,
    language: target.tag,
    audio: { ...copied.audio, voice_id: voiceId, captions: copied.audio.captions && voiceId !== null },
    revision: 0,
  };
  const at = (deps.now ?? (() => new Date()))().toISOString();
  const created: ContentDoc = {
    owner_id: uid,
    kind: "video",
    title: next.title,
    status: "draft",
    visibility: "private",
    settings: {
      ...doc.settings,
      model_id: modelId,
      model_label: entry.label,
      provider: entry.provider,
      preview: false,
      notice: `Translated from ${languageLabel(source.tag)} by ${entry.label}.`,
      render: null,
      files: null,
      credits_spent: 0,
      duplicated_from: null,
      translated_from: id,
    },
    blobs: { original: null, thumbnail: null, poster: null },
    error: null,
    created_at: at,
    updated_at: at,
  };
  const batch = deps.db.batch();
  stageNewComposition(deps.db, batch, { id: ref.id, doc: created, body: next, at });
  await batch.commit();
  if (parsed.data.render_now) return requestRender(deps, uid, ref.id);
  return getVideo(deps, uid, ref.id);
}
