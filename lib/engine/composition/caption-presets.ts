/**
 * Caption presets: how burned-in captions show the words being spoken, as
 * data. `captionFrame` says, for a caption page and a frame, which words are
 * shown, which is being spoken and how far its motion is; remotion/
 * caption-presets.tsx draws exactly that, and remotion/frame-state.ts uses its
 * `key` so the local renderer captures a frame again only when a caption looks
 * different. Presets whose words only change colour change at word boundaries
 * (cheap); those with motion (karaoke fill, pop, bounce, typewriter) change on
 * the frames where something moves. Pure, browser-safe.
 */
import { z } from "zod";
import { hexColorSchema } from "./template-schema";

export const CAPTION_PRESETS = [
  "word",
  "phrase",
  "karaoke",
  "pop",
  "bounce",
  "typewriter",
  "outline",
  "boxed",
  "lower-third",
  "single",
] as const;
export type CaptionPreset = (typeof CAPTION_PRESETS)[number];
export const captionPresetSchema = z.enum(CAPTION_PRESETS);

/** A brand kit's caption style: a preset and its colours (text, the spoken word, the box behind). */
export const brandCaptionStyleSchema = z.object({
  preset: captionPresetSchema,
  text_color: hexColorSchema,
  highlight_color: hexColorSchema,
  background_color: hexColorSchema,
});
export type BrandCaptionStyle = z.infer<typeof brandCaptionStyleSchema>;

/** Changes only at word boundaries, so a still stretch of speech is still captured once. */
export const DEFAULT_CAPTION_PRESET: CaptionPreset = "word";

/** How often a preset's picture changes: at pages, phrases, words, or on frames while a word moves. */
export type CaptionCadence = "page" | "phrase" | "word" | "frame";

export const CAPTION_PRESET_INFO: Record<
  CaptionPreset,
  { label: string; description: string; cadence: CaptionCadence }
> = {
  word: { label: "Active word", description: "The word being spoken lights up.", cadence: "word" },
  phrase: { label: "Phrase", description: "The phrase being spoken lights up.", cadence: "phrase" },
  karaoke: { label: "Karaoke fill", description: "Words fill with colour as they are sung.", cadence: "frame" },
  pop: { label: "Pop-in", description: "Each word pops in as it is spoken.", cadence: "frame" },
  bounce: { label: "Bounce", description: "The spoken word jumps and lights up.", cadence: "frame" },
  typewriter: { label: "Typewriter", description: "Letters appear as they are spoken.", cadence: "frame" },
  outline: { label: "Outline", description: "Bold outlined words, no box.", cadence: "word" },
  boxed: { label: "Boxed", description: "Words on a solid box, the spoken one inverted.", cadence: "word" },
  "lower-third": { label: "Lower third", description: "Small, quiet text at the bottom.", cadence: "page" },
  single: { label: "One word", description: "One big word at a time.", cadence: "word" },
};

/** A pop-in lasts this long; a bounce's jump this long. */
export const POP_MS = 150;
export const BOUNCE_MS = 250;

export interface TimedCaptionWord {
  text: string;
  phrase: number;
  /** Frames relative to the scene, like the page's. */
  startFrame: number;
  endFrame: number;
}

export interface CaptionWordState {
  /** Drawn at all (pop-in and typewriter hide words not yet spoken; they still take their place). */
  visible: boolean;
  /** Being spoken (the last word that has started). */
  active: boolean;
  /** Already spoken or being spoken. */
  spoken: boolean;
  /** Karaoke: share of the word filled, 0..1. */
  fill: number;
  /** Typewriter: letters shown (the whole word otherwise). */
  chars: number;
  /** Pop-in: scale, 0.6..1. */
  scale: number;
  /** Bounce: lift, 0..1 of the jump's height. */
  lift: number;
}

export interface CaptionFrame {
  /** Index (in the page's words, line after line) of the word being spoken, or -1 before the first. */
  active: number;
  /** The phrase being spoken (-1: none yet). */
  phrase: number;
  words: CaptionWordState[];
  /** Equal for two frames of one page exactly when this preset draws them the same. */
  key: string;
}

/** Words of a page that carry frames. */
export interface TimedPage {
  phrases: readonly { startFrame: number; endFrame: number }[];
  lines: readonly (readonly TimedCaptionWord[])[];
}

const progress = (frame: number, start: number, length: number) =>
  length <= 0 ? 1 : Math.max(0, Math.min(1, (frame - start) / length));

export function captionFrame(a: { page: TimedPage; frame: number; preset: CaptionPreset; fps: number }): CaptionFrame {
  const { page, frame, preset } = a;
  const words = page.lines.flat();
  let active = -1;
  words.forEach((w, i) => {
    if (w.startFrame <= frame) active = i;
  });
  let phrase = -1;
  page.phrases.forEach((p, i) => {
    if (p.startFrame <= frame) phrase = i;
  });
  const popFrames = Math.max(1, Math.round((POP_MS * a.fps) / 1000));
  const bounceFrames = Math.max(1, Math.round((BOUNCE_MS * a.fps) / 1000));
  const current = active >= 0 ? words[active]! : null;
  const since = current ? frame - current.startFrame : 0;
  const states = words.map((w, i): CaptionWordState => {
    const spoken = i <= active;
    const isActive = i === active;
    const base: CaptionWordState = {
      visible: true,
      active: isActive,
      spoken,
      fill: spoken ? 1 : 0,
      chars: w.text.length,
      scale: 1,
      lift: 0,
    };
    switch (preset) {
      case "karaoke":
        return { ...base, fill: isActive ? progress(frame, w.startFrame, w.endFrame - w.startFrame) : base.fill };
      case "pop":
        return {
          ...base,
          visible: spoken,
          scale: isActive && since < popFrames ? 0.6 + 0.4 * progress(frame, w.startFrame, popFrames) : 1,
        };
      case "bounce":
        return { ...base, lift: isActive && since < bounceFrames ? Math.sin((Math.PI * since) / bounceFrames) : 0 };
      case "typewriter": {
        // Letters come over most of the word's time, so the word is whole a little before the next starts.
        const length = Math.max(1, Math.round((w.endFrame - w.startFrame) * 0.8));
        const chars = isActive ? Math.max(1, Math.ceil(w.text.length * progress(frame + 1, w.startFrame, length))) : 0;
        return {
          ...base,
          visible: spoken,
          chars: isActive ? Math.min(w.text.length, chars) : spoken ? w.text.length : 0,
        };
      }
      case "single":
        return { ...base, visible: i === Math.max(0, active) };
      default:
        return base;
    }
  });
  let key: string;
  switch (preset) {
    case "lower-third":
      key = "";
      break;
    case "phrase":
      key = `p${phrase}`;
      break;
    case "karaoke":
      key = `k${active}:${current && states[active]!.fill < 1 ? states[active]!.fill.toFixed(4) : "-"}`;
      break;
    case "pop":
      key = `o${active}:${since < popFrames ? since : "-"}`;
      break;
    case "bounce":
      key = `b${active}:${since < bounceFrames ? since : "-"}`;
      break;
    case "typewriter":
      key = `t${active}:${active >= 0 ? states[active]!.chars : 0}`;
      break;
    default:
      key = `w${active}`;
  }
  return { active, phrase, words: states, key };
}

/**
 * Frames for every word of a page: a word's own timing when the cue had one,
 * else its phrase's time shared among its words by letters (older cues, estimates).
 */
export function timePageWords<W extends { text: string; phrase: number; startMs?: number; endMs?: number }>(a: {
  lines: readonly (readonly W[])[];
  phrases: readonly { startMs: number; endMs: number }[];
}): (W & { startMs: number; endMs: number })[][] {
  const flat = a.lines.flat();
  const byPhrase = new Map<number, W[]>();
  for (const w of flat) byPhrase.set(w.phrase, [...(byPhrase.get(w.phrase) ?? []), w]);
  const estimated = new Map<W, { startMs: number; endMs: number }>();
  for (const [p, ws] of byPhrase) {
    const ph = a.phrases[p];
    if (!ph) continue;
    const weights = ws.map((w) => Math.max(1, w.text.length));
    const total = weights.reduce((x, y) => x + y, 0);
    let at = ph.startMs;
    ws.forEach((w, i) => {
      const len = ((ph.endMs - ph.startMs) * weights[i]!) / total;
      estimated.set(w, { startMs: at, endMs: at + len });
      at += len;
    });
  }
  return a.lines.map((line) =>
    line.map((w) => {
      const timed = w.startMs !== undefined && w.endMs !== undefined;
      const e = estimated.get(w) ?? { startMs: 0, endMs: 0 };
      return { ...w, startMs: timed ? w.startMs! : e.startMs, endMs: timed ? w.endMs! : e.endMs };
    }),
  );
}

/** The preset a composition draws with: its own choice, else its applied brand kit's, else the default. */
export function captionPresetOf(composition: {
  audio: { caption_preset?: CaptionPreset };
  brand: { apply: boolean; caption_style?: { preset: CaptionPreset } } | null;
}): CaptionPreset {
  return (
    composition.audio.caption_preset ??
    (composition.brand?.apply ? composition.brand.caption_style?.preset : undefined) ??
    DEFAULT_CAPTION_PRESET
  );
}
