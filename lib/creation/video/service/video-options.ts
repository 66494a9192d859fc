import "server-only";
/**
 * What the create form offers: templates, voices, music, models, lengths, ratios, prices and my balance.
 */
import { listLanguageModels } from "@/lib/platform/ai/language/models";
import { listVoices } from "@/lib/engine/audio/speech";
import { listMusicTracks } from "@/lib/engine/audio/music";
import { COMPOSITION_RATIOS } from "@/lib/engine/composition/ratios";
import { users } from "@/lib/platform/db/collections";
import { cheapestPlanAbove, isPlanId, planLimits } from "@/lib/money/billing/plans";
import { VIDEO_LENGTHS, type VideoOptions } from "../contract";
import { VIDEO_COST_PER_15S } from "../pricing";
import { scenePicturePrice } from "../scene-picture";
import type { VideoDeps } from "./shared";
import { loadWriterLibrary } from "./writer-library";
import { translationModelId } from "./translate-video";

/**
 * `staff`: company staff also see the voices and models this server cannot use, each with why (the key it lacks);
 * customers see only what works, never an environment variable's name.
 */
export async function videoOptions(deps: VideoDeps, uid: string, a: { staff?: boolean } = {}): Promise<VideoOptions> {
  const library = await loadWriterLibrary(deps);
  const user = await deps.db.collection(users).doc(uid).get();
  const allModels = listLanguageModels();
  const models = a.staff ? allModels : allModels.filter((m) => m.enabled);
  const voices = listVoices().filter((v) => v.enabled || (a.staff && !v.local));
  const plan = isPlanId(user?.data.plan) ? user.data.plan : "free";
  const maxSeconds = planLimits(plan).maxVideoSeconds;
  const lengthPlans = VIDEO_LENGTHS.flatMap((length_s) => {
    if (length_s <= maxSeconds) return [];
    const better = cheapestPlanAbove(plan, (l) => l.maxVideoSeconds >= length_s);
    return better ? [{ length_s, plan: better.name, max_seconds: maxSeconds }] : [];
  });
  const defaultModel =
    models.find((m) => m.provider !== "local" && m.enabled) ?? allModels.find((m) => m.provider === "local")!;
  return {
    templates: library.templates.map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      version: t.current_version,
      layouts: t.version.layouts.map((l) => ({
        id: l.id,
        name: l.name,
        slots: l.slots.map((slot) => ({
          id: slot.id,
          kind: slot.kind,
          role: slot.role,
          label: slot.label,
          required: slot.required,
          max_chars: slot.kind === "text" ? slot.fit.maxChars : null,
        })),
      })),
    })),
    voices: voices.map((v) => ({
      id: v.id,
      label: v.label,
      language: v.language,
      provider: v.provider,
      sample_url: `/api/v1/voices/${encodeURIComponent(v.id)}/sample`,
      preview: v.local,
      ...(v.enabled ? {} : { label: `${v.label} (${v.note ?? "not configured"})` }),
    })),
    music: listMusicTracks().map((m) => ({
      id: m.id,
      label: m.label,
      mood: m.mood,
      url: `/api/v1/music/${encodeURIComponent(m.id)}`,
    })),
    models: models.map((m) => ({
      id: m.id,
      label: m.label,
      provider: m.provider,
      available: m.enabled,
      reason: m.enabled ? null : m.note,
      preview: m.provider === "local",
    })),
    translate: (() => {
      const id = translationModelId(null);
      return { available: id !== null, model: id ? (allModels.find((m) => m.id === id)?.label ?? null) : null };
    })(),
    default_model_id: defaultModel.id,
    default_voice_id: voices.find((v) => v.enabled)?.id ?? null,
    lengths: VIDEO_LENGTHS,
    length_plans: lengthPlans,
    ratios: COMPOSITION_RATIOS,
    pricing: { per_15s: { ...VIDEO_COST_PER_15S } },
    scene_picture: scenePicturePrice(),
    balance: user?.data.credits ?? 0,
  };
}
