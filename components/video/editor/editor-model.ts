/**
 * The storyboard editor's model: the part of a video the editor changes (a
 * draft), the edits it makes, and the PATCH that saves a draft. Pure, so the
 * rules are unit-tested; the React state lives in use-storyboard.ts.
 */
import { compositionLanguage } from "@/lib/creation/video/voice-language";
import { clipText } from "@/lib/platform/utils";
import type { CompositionAudio, Scene, SlotValue } from "@/lib/engine/composition/composition-schema";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import type { RenderScene } from "@/lib/engine/composition/render-props";
import type { EditVideoInput, VideoView } from "@/lib/creation/video/contract";

export const MAX_SCENES = 30;
export const MIN_SCENE_MS = 500;
export const MAX_SCENE_MS = 120_000;

/** A scene as the editor sends it: its cached narration audio stays server-side. */
export type DraftScene = Omit<Scene, "voice">;

export interface Draft {
  title: string;
  aspect_ratio: CompositionRatio;
  template_id: string;
  scenes: DraftScene[];
  audio: CompositionAudio;
  /** The composition's language (English for one saved before languages). */
  language: string;
}

export function stripVoice(scene: Scene | DraftScene): DraftScene {
  const { voice, ...rest } = scene as Scene;
  return rest;
}

export function draftOf(view: Pick<VideoView, "composition">): Draft {
  const c = view.composition;
  return {
    title: c.title,
    aspect_ratio: c.aspect_ratio,
    template_id: c.template.id,
    scenes: c.scenes.map(stripVoice),
    audio: c.audio,
    language: compositionLanguage(c.language),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The PATCH fields (without `revision`) that turn `saved` into `draft`, or null when nothing changed. An empty title is not sent. */
export function patchFor(draft: Draft, saved: Draft): Omit<EditVideoInput, "revision"> | null {
  const patch: Omit<EditVideoInput, "revision"> = {};
  const title = draft.title.trim();
  if (title && title !== saved.title) patch.title = title;
  if (draft.aspect_ratio !== saved.aspect_ratio) patch.aspect_ratio = draft.aspect_ratio;
  if (draft.template_id !== saved.template_id) patch.template_id = draft.template_id;
  if (!same(draft.scenes, saved.scenes)) patch.scenes = draft.scenes;
  if (!same(draft.audio, saved.audio)) patch.audio = draft.audio;
  if (draft.language !== saved.language) patch.language = draft.language;
  return Object.keys(patch).length > 0 ? patch : null;
}

/* ----------------------------------------------------------------- scenes */

export function moveScene(draft: Draft, index: number, by: -1 | 1): Draft {
  return moveSceneTo(draft, index, index + by);
}

/** Moves the scene at `from` to position `to` (a drag in the scene strip); out-of-range or no-op moves return the draft unchanged. */
export function moveSceneTo(draft: Draft, from: number, to: number): Draft {
  const n = draft.scenes.length;
  if (from === to || from < 0 || from >= n || to < 0 || to >= n) return draft;
  const scenes = [...draft.scenes];
  const [scene] = scenes.splice(from, 1);
  scenes.splice(to, 0, scene!);
  return { ...draft, scenes };
}

/** A fresh scene id (the schema's SCENE_ID: URL-safe, up to 64 characters). */
export function newSceneId(existing: readonly { id: string }[], random: () => string = defaultRandom): string {
  const taken = new Set(existing.map((s) => s.id));
  let id = `s-${random()}`;
  while (taken.has(id)) id = `s-${random()}`;
  return id;
}

function defaultRandom(): string {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(36).padStart(2, "0"))
    .join("")
    .slice(0, 10);
}

/** A new scene after `index` with the same layout: its texts empty, its pictures kept, narration empty, length automatic. */
export function addSceneAfter(draft: Draft, index: number, id: string = newSceneId(draft.scenes)): Draft {
  if (draft.scenes.length >= MAX_SCENES) return draft;
  const model = draft.scenes[index] ?? draft.scenes[draft.scenes.length - 1];
  if (!model) return draft;
  const values: Record<string, SlotValue> = {};
  for (const [slot, value] of Object.entries(model.values))
    values[slot] = value.type === "text" ? { type: "text", text: "" } : value;
  const scene: DraftScene = { id, layout_id: model.layout_id, values, narration: "", duration_ms: null };
  const scenes = [...draft.scenes];
  scenes.splice(Math.min(index + 1, scenes.length), 0, scene);
  return { ...draft, scenes };
}

export function removeScene(draft: Draft, index: number): Draft {
  if (draft.scenes.length <= 1 || index < 0 || index >= draft.scenes.length) return draft;
  return { ...draft, scenes: draft.scenes.filter((_, i) => i !== index) };
}

export function updateScene(draft: Draft, sceneId: string, change: (scene: DraftScene) => DraftScene): Draft {
  return { ...draft, scenes: draft.scenes.map((s) => (s.id === sceneId ? change(s) : s)) };
}

export function setSlotText(scene: DraftScene, slot: string, text: string): DraftScene {
  return { ...scene, values: { ...scene.values, [slot]: { type: "text", text } } };
}

/** Seconds typed into the length field -> duration_ms; "" (or nonsense) is automatic (null). */
export function durationFromInput(raw: string): number | null {
  const s = raw.trim();
  if (!s) return null;
  const n = Number(s);
  if (!Number.isFinite(n) || n <= 0) return null;
  return Math.min(MAX_SCENE_MS, Math.max(MIN_SCENE_MS, Math.round(n * 1000)));
}

/** One step of a scene's length handle: half a second. */
export const LENGTH_STEP_MS = 500;

/**
 * A scene's length in ms as the editor shows it: the length set on the scene,
 * else the automatic length the preview drew (frames at `fps`), else null.
 */
export function sceneLengthMs(scene: DraftScene, drawn?: RenderScene | null, fps = 30): number | null {
  if (scene.duration_ms !== null) return scene.duration_ms;
  if (!drawn || fps <= 0) return null;
  return Math.round((drawn.durationInFrames / fps) * 1000);
}

/**
 * The scene after its length handle moved by `steps` (±1: half a second) from
 * `currentMs` (its shown length; automatic scenes start from what the preview
 * drew): snapped to the step and kept within the allowed bounds.
 */
export function nudgeLength(scene: DraftScene, currentMs: number | null, steps: number): DraftScene {
  const base = currentMs ?? scene.duration_ms ?? 4000;
  const snapped = Math.round(base / LENGTH_STEP_MS) * LENGTH_STEP_MS;
  const next = Math.min(MAX_SCENE_MS, Math.max(MIN_SCENE_MS, snapped + steps * LENGTH_STEP_MS));
  return next === scene.duration_ms ? scene : { ...scene, duration_ms: next };
}

/** "4.5 s": a length for the strip and the total. */
export function formatSeconds(ms: number): string {
  return `${(Math.round(ms / 100) / 10).toFixed(1)} s`;
}

export function durationToInput(ms: number | null): string {
  return ms === null ? "" : String(Math.round(ms / 100) / 10);
}

/* ------------------------------------------------------------------ slots */

/** A layout's slot as the options may describe it (id, kind, label, max characters). */
export interface LayoutSlotInfo {
  id: string;
  kind: string;
  role?: string;
  label?: string;
  /** Null for slots that hold no text. */
  max_chars?: number | null;
}

/** A template's layout from the options; `slots` when the API describes them. */
export interface LayoutOption {
  id: string;
  name: string;
  slots?: readonly LayoutSlotInfo[];
}

export interface TextSlot {
  id: string;
  label: string;
  /** Several lines make sense (bullets, body, quotes). */
  multiline: boolean;
  maxChars?: number;
}

/**
 * Moves a scene to another layout. When the layout's slots are known every
 * slot gets a value: texts of slots with the same id, then the remaining
 * texts in order; the picture follows to the picture slot. Otherwise the
 * values stay as they are.
 */
export function changeLayout(scene: DraftScene, layout: LayoutOption): DraftScene {
  if (!layout.slots?.length) return { ...scene, layout_id: layout.id };
  const texts = Object.entries(scene.values).flatMap(([k, v]) => (v.type === "text" ? [[k, v.text] as const] : []));
  const taken = new Set<string>();
  const values: Record<string, SlotValue> = {};
  const textSlots = layout.slots.filter((s) => s.kind === "text");
  for (const slot of textSlots) {
    const same = texts.find(([k]) => k === slot.id);
    if (same) {
      values[slot.id] = { type: "text", text: same[1] };
      taken.add(same[0]);
    }
  }
  const rest = texts.filter(([k]) => !taken.has(k) && !textSlots.some((s) => s.id === k));
  for (const slot of textSlots) {
    if (values[slot.id]) continue;
    const next = rest.shift();
    const text = next?.[1] ?? "";
    values[slot.id] = { type: "text", text: slot.max_chars ? text.slice(0, slot.max_chars) : text };
  }
  const media = Object.values(scene.values).find((v) => v.type === "media");
  for (const slot of layout.slots) {
    if (slot.kind !== "image" && slot.kind !== "logo") continue;
    const same = scene.values[slot.id];
    values[slot.id] = same?.type === "media" ? same : slot.kind === "image" && media ? media : { type: "none" };
  }
  return { ...scene, layout_id: layout.id, values };
}

const ROLE_LABELS: Record<string, string> = {
  headline: "Headline",
  subhead: "Supporting line",
  body: "Paragraph",
  bullets: "Points (one per line)",
  price: "Price",
  cta: "Button",
  badge: "Badge",
  quote: "Quote",
  attribution: "Who said it",
  stat: "Number",
  label: "Label",
};
const MULTILINE_ROLES = new Set(["body", "bullets", "quote"]);

function humanize(id: string): string {
  const words = id.replace(/[-_]+/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : id;
}

/**
 * The on-screen text slots of a scene: every text value it holds (the server
 * gives each slot of the layout a value), plus any text slot the preview
 * draws that the values lack. Labels come from the slot's role when the
 * preview knows it.
 */
export function textSlotsOf(scene: DraftScene, drawn?: RenderScene | null, layout?: LayoutOption | null): TextSlot[] {
  if (layout?.id === scene.layout_id && layout.slots?.length) {
    return layout.slots
      .filter((s) => s.kind === "text")
      .map((s) => ({
        id: s.id,
        label: s.label ?? (s.role && ROLE_LABELS[s.role]) ?? humanize(s.id),
        multiline: MULTILINE_ROLES.has(s.role ?? s.id),
        ...(s.max_chars ? { maxChars: s.max_chars } : {}),
      }));
  }
  const roles = new Map<string, string>();
  if (drawn && drawn.layoutId === scene.layout_id)
    for (const s of drawn.slots) if (s.kind === "text") roles.set(s.id, s.role);
  const ids = Object.entries(scene.values)
    .filter(([, v]) => v.type === "text")
    .map(([k]) => k);
  for (const id of roles.keys()) if (!ids.includes(id)) ids.push(id);
  return ids.map((id) => {
    const role = roles.get(id);
    const byId = ROLE_LABELS[id];
    const base = byId ?? (role && ROLE_LABELS[role] && id === role ? ROLE_LABELS[role]! : humanize(id));
    return {
      id,
      label: role === "bullets" && !base.includes("one per line") ? `${base} (one per line)` : base,
      multiline:
        MULTILINE_ROLES.has(role ?? id) ||
        (scene.values[id]?.type === "text" && (scene.values[id] as { text: string }).text.includes("\n")),
    };
  });
}

export function textOf(scene: DraftScene, slot: string): string {
  const v = scene.values[slot];
  return v?.type === "text" ? v.text : "";
}

/** The scene has a picture slot (a value that is a picture or still empty). */
export function hasPictureSlot(scene: DraftScene, drawn?: RenderScene | null): boolean {
  if (Object.values(scene.values).some((v) => v.type === "media" || v.type === "none")) return true;
  return Boolean(drawn?.slots.some((s) => s.kind === "image"));
}

/** The picture the preview draws for the scene (a signed URL), if any. */
export function pictureOf(drawn?: RenderScene | null): string | null {
  const slot = drawn?.slots.find(
    (s) =>
      (s.kind === "image" || s.kind === "logo") &&
      s.media &&
      (s.media.mediaType.startsWith("image/") || s.media.clip?.posterSrc),
  );
  // A clip is shown by its poster picture.
  return slot?.media?.clip?.posterSrc ?? slot?.media?.src ?? null;
}

/** A line that names a scene in lists and announcements. */
export function sceneSummary(scene: DraftScene): string {
  const text = Object.values(scene.values).find(
    (v): v is Extract<SlotValue, { type: "text" }> => v.type === "text" && v.text.trim() !== "",
  );
  const s = (text?.text ?? scene.narration).replace(/\s+/g, " ").trim();
  return clipText(s, 58);
}
