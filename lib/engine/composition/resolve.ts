/**
 * resolveRenderProps: a composition + its template version -> RenderProps.
 * Pure (no I/O): the caller loads the documents and says how a blob key
 * becomes a URL; this picks each scene's layout and boxes for the ratio,
 * scales design units to the canvas, fits every text, times scenes from
 * their narration, lays out caption pages and applies the brand.
 * Browser-safe: the editor's Player calls it too.
 */
import { backgroundDataUri, backgroundNeedsImage } from "./background-svg";
import { assetCssFamily, brandAssetFonts, brandedTemplate, templateFontFaces, type AssetFontFace } from "./brand";
import { buildCaptionPages } from "./caption-pages";
import { captionPresetOf, timePageWords } from "./caption-presets";
import { applyScripts } from "./scripts";
import { captionZone } from "./caption-zone";
import type { CaptionCue } from "./cues";
import { clipTiming, isClip } from "./clip";
import type { CompositionBody, MediaValue, Scene, SlotValue } from "./composition-schema";
import { cssFamily, fontFaces, nearestWeight, type FontId } from "./fonts";
import type { Animation, Box, LayoutSlot, LayoutSnapshot } from "./layout-schema";
import { metricsMeasure, type MeasureFn } from "./measure";
import { canvasSize, designScale, type CanvasSize, type RenderQuality } from "./ratios";
import type {
  FrameAnimation,
  PxBox,
  RenderCaptionPage,
  RenderClip,
  RenderProps,
  RenderScene,
  RenderSlot,
} from "./render-props";
import { fitSlotText, HEADING_ROLES, slotPadding } from "./slot-text";
import type { Palette, TemplateVersionBody } from "./template-schema";
import { computeTiming, DEFAULT_FPS, estimateNarrationMs, msToFrames, type SceneTiming } from "./timing";

export interface ResolveInput {
  composition: CompositionBody;
  templateVersion: TemplateVersionBody;
  /** Blob key -> a URL the renderer (or the browser) can fetch. */
  mediaUrl: (key: string) => string;
  /** "1080p" (default), "720p" or an explicit canvas (previews, tests). */
  size?: RenderQuality | CanvasSize;
  fps?: number;
  /**
   * The pre-rendered background picture (server renders: lib/engine/render makes it).
   * Leave undefined in the browser: the background is then drawn from an SVG data: URI.
   */
  backgroundUrl?: string | null;
  /** The music track's URL (and length, to loop it) when the composition has one. */
  music?: { src: string; durationMs?: number | null } | null;
  /** A line drawn in a corner (e.g. "Made with Promptframe" on free plans). */
  watermark?: string | null;
  measure?: MeasureFn;
  /** Time scenes whose narration has no audio yet from an estimate of the words (default true). */
  estimateMissingNarration?: boolean;
  /** Editor previews: caption cues for scenes whose narration has no audio yet, by scene id (never for renders). */
  previewCues?: Readonly<Record<string, readonly CaptionCue[]>>;
}

export type ResolveWarningCode = "text-overflow" | "missing-value" | "missing-box" | "missing-voice";
export interface ResolveWarning {
  code: ResolveWarningCode;
  sceneId: string;
  slotId?: string;
  message: string;
}

export class ResolveError extends Error {
  constructor(
    readonly code: "unknown-layout" | "no-scenes",
    message: string,
  ) {
    super(message);
    this.name = "ResolveError";
  }
}

const WHITE = "#ffffff";

export { readableOn } from "./brand";

function pxBox(b: Box, size: CanvasSize): PxBox {
  return { x: b.x * size.width, y: b.y * size.height, w: b.w * size.width, h: b.h * size.height };
}

interface Ctx {
  input: ResolveInput;
  tv: TemplateVersionBody;
  size: CanvasSize;
  scale: number;
  fps: number;
  palette: Palette;
  measure: MeasureFn;
  warnings: ResolveWarning[];
  fontsUsed: { id: FontId; weight: number }[];
  /** Brand font assets replacing the template's heading / body font. */
  assetFonts: { heading: AssetFontFace | null; body: AssetFontFace | null };
}

function colorOf(ctx: Ctx, role: string): string {
  if (role === "onMedia") return WHITE;
  if (role === "scrim") return "#000000";
  return ctx.palette[role as keyof Palette] ?? ctx.palette.text;
}

function frameAnimation(
  ctx: Ctx,
  a: Animation | null,
  startBase: number,
  extraDelayMs: number,
  maxEnd: number,
  override?: { type: Animation["type"]; easing: Animation["easing"] },
): FrameAnimation | null {
  if (!a || a.type === "none") return null;
  const pacing = ctx.tv.motion.pacing;
  const type = override?.type ?? a.type;
  if (type === "none") return null;
  let durationInFrames = Math.max(1, msToFrames(a.durationMs * pacing, ctx.fps));
  let startFrame = startBase + msToFrames((a.delayMs + extraDelayMs) * pacing, ctx.fps);
  // Squeeze into short scenes: the entry must be over before the scene starts leaving.
  if (startFrame + durationInFrames > maxEnd) {
    durationInFrames = Math.max(1, Math.min(durationInFrames, Math.floor(maxEnd / 2)));
    startFrame = Math.max(0, Math.min(startFrame, maxEnd - durationInFrames));
  }
  return { type, startFrame, durationInFrames, easing: override?.easing ?? a.easing };
}

function resolveText(ctx: Ctx, scene: Scene, slot: LayoutSlot, box: PxBox, text: string): RenderSlot["text"] {
  const { fitted, fontId, font, treatment, paddingPx } = fitSlotText({
    slot,
    box,
    text,
    style: ctx.tv.style,
    scale: ctx.scale,
    measure: ctx.measure,
  });
  const assetFont = HEADING_ROLES.has(slot.role) ? ctx.assetFonts.heading : ctx.assetFonts.body;
  ctx.fontsUsed.push({ id: fontId, weight: font.weight });
  if (fitted.overflow) {
    ctx.warnings.push({
      code: "text-overflow",
      sceneId: scene.id,
      slotId: slot.id,
      message: `"${slot.label}" is too long for its box and was shortened`,
    });
  }
  const color = colorOf(ctx, slot.tone);
  return {
    lines: fitted.lines,
    fontFamily: assetFont ? assetCssFamily(assetFont, fontId) : cssFamily(fontId),
    fontWeight: font.weight,
    fontPx: fitted.fontPx,
    lineHeightPx: fitted.lineHeightPx,
    letterSpacingEm: font.letterSpacingEm ?? 0,
    uppercase: slot.fit.uppercase,
    align: slot.fit.align,
    valign: slot.fit.valign,
    color,
    paddingPx,
    indentPx: fitted.indentPx,
    treatment,
    treatmentColor: treatment === "box" ? ctx.palette.surface : ctx.palette.accent,
    treatmentTextColor:
      treatment === "highlight" ? ctx.palette.accentText : treatment === "box" ? ctx.palette.text : color,
    overflow: fitted.overflow,
  };
}

function valueFor(ctx: Ctx, scene: Scene, slot: LayoutSlot): SlotValue {
  const v = scene.values[slot.id];
  if (v && v.type !== "none") return v;
  const brand = ctx.input.composition.brand;
  const logo = brand?.apply ? brand.logo_key : undefined;
  if (slot.kind === "logo" && logo) return { type: "media", key: logo, media_type: "image/png", source: "asset" };
  return { type: "none" };
}

function resolveSlots(ctx: Ctx, scene: Scene, layout: LayoutSnapshot, timing: SceneTiming): RenderSlot[] {
  const ratio = ctx.input.composition.aspect_ratio;
  const boxes = layout.boxes[ratio] ?? {};
  const motion = ctx.tv.motion;
  const enterBase = Math.floor(timing.transitionInFrames / 2);
  const maxEnd = Math.max(2, timing.durationInFrames - timing.transitionOutFrames);
  const out: RenderSlot[] = [];
  let order = 0;
  for (const slot of layout.slots) {
    const b = boxes[slot.id];
    if (!b) {
      ctx.warnings.push({
        code: "missing-box",
        sceneId: scene.id,
        slotId: slot.id,
        message: `layout ${layout.id} has no ${ratio} box for "${slot.label}"`,
      });
      continue;
    }
    const box = pxBox(b, ctx.size);
    const value = valueFor(ctx, scene, slot);
    const hasSurface = slot.surface !== "none";
    if (slot.kind !== "shape" && (value.type === "none" || (value.type === "text" && value.text.trim() === ""))) {
      if (slot.required)
        ctx.warnings.push({
          code: "missing-value",
          sceneId: scene.id,
          slotId: slot.id,
          message: `"${slot.label}" is empty`,
        });
      continue;
    }
    const override =
      motion.enter !== "layout" && slot.kind === "text" ? { type: motion.enter, easing: motion.easing } : undefined;
    const enter = frameAnimation(ctx, slot.enter, enterBase, order * motion.staggerMs, maxEnd, override);
    if (enter) order++;
    const exitAnim = slot.exit && slot.exit.type !== "none" ? slot.exit : null;
    const exitFrames = exitAnim ? Math.max(1, msToFrames(exitAnim.durationMs * motion.pacing, ctx.fps)) : 0;
    const exit: FrameAnimation | null = exitAnim
      ? {
          type: exitAnim.type,
          startFrame: Math.max(0, timing.durationInFrames - timing.transitionOutFrames - exitFrames),
          durationInFrames: exitFrames,
          easing: exitAnim.easing,
        }
      : null;
    const radiusPx = ctx.tv.style.radius * ctx.scale;
    const surface =
      hasSurface || slot.kind === "shape"
        ? {
            color: colorOf(ctx, slot.surface === "none" ? "accent" : slot.surface),
            opacity: slot.opacity,
            radiusPx: slot.kind === "shape" && slot.role === "decoration" && (b.w >= 1 || b.h >= 1) ? 0 : radiusPx,
            paddingPx: 0,
          }
        : null;
    const rs: RenderSlot = {
      id: slot.id,
      kind: slot.kind,
      role: slot.role,
      z: slot.z,
      box,
      enter,
      exit,
      surface,
      text: null,
      media: null,
    };
    if (value.type === "text" && slot.kind === "text") {
      rs.text = resolveText(ctx, scene, slot, box, value.text);
      if (rs.surface) rs.surface.paddingPx = slotPadding(ctx.tv.style, ctx.scale, box);
    } else if (value.type === "media" && (slot.kind === "image" || slot.kind === "logo")) {
      const fullBleed = b.w >= 0.999 || b.h >= 0.999;
      rs.media = {
        src: ctx.input.mediaUrl(value.key),
        objectFit: slot.fit.objectFit,
        mediaType: value.media_type,
        radiusPx: fullBleed || slot.kind === "logo" ? 0 : radiusPx,
        ...(isClip(value) ? { clip: resolveClip(ctx, value, timing) } : {}),
      };
    } else if (slot.kind !== "shape") continue;
    out.push(rs);
  }
  return out.sort((a, b) => a.z - b.z);
}

/** A clip's trim and loop for its scene's length, and its poster for thumbnails. */
function resolveClip(ctx: Ctx, value: MediaValue, timing: SceneTiming): RenderClip {
  return {
    ...clipTiming({
      startMs: value.clip_start_ms,
      durationMs: value.clip_duration_ms,
      sceneFrames: timing.durationInFrames,
      fps: ctx.fps,
    }),
    posterSrc: value.poster_key ? ctx.input.mediaUrl(value.poster_key) : null,
  };
}

/**
 * Where this scene's captions sit: inside its layout's caption zone for the
 * ratio (caption-zone.ts: clear of the layout's text and of the platforms'
 * controls), at the template's position within it. A zone shorter than the
 * template's lines takes fewer lines, then a smaller font.
 */
function resolveCaptions(
  ctx: Ctx,
  scene: Scene,
  layout: LayoutSnapshot,
  timing: SceneTiming,
): { captionBox: PxBox; captions: RenderCaptionPage[] } {
  const cs = ctx.tv.captions;
  const fontId = cs.font === "heading" ? ctx.tv.style.fonts.heading : ctx.tv.style.fonts.body;
  const weight = nearestWeight(fontId, cs.weight);
  const zone = pxBox(captionZone(layout, ctx.input.composition.aspect_ratio).box, ctx.size);
  // A caption block is lines × 1.2 em plus 0.45 em of padding above and below.
  const blockPx = (font: number, lines: number) => font * (1.2 * lines + 0.9);
  let fontPx = cs.fontPx * ctx.scale;
  let maxLines = cs.maxLines;
  while (maxLines > 1 && blockPx(fontPx, maxLines) > zone.h) maxLines--;
  if (blockPx(fontPx, maxLines) > zone.h) fontPx = zone.h / (1.2 * maxLines + 0.9);
  const padding = fontPx * 0.45;
  const height = blockPx(fontPx, maxLines);
  const y =
    cs.position === "top"
      ? zone.y
      : cs.position === "center"
        ? zone.y + (zone.h - height) / 2
        : zone.y + zone.h - height;
  const captionBox: PxBox = { x: zone.x, y, w: zone.w, h: height };
  const cues = scene.voice?.cues ?? ctx.input.previewCues?.[scene.id] ?? [];
  if (!ctx.input.composition.audio.captions || cues.length === 0) return { captionBox, captions: [] };
  ctx.fontsUsed.push({ id: fontId, weight });
  const pages = buildCaptionPages(cues, {
    maxChars: cs.maxChars,
    maxLines,
    fontPx,
    minFontPx: fontPx * 0.75,
    width: captionBox.w - 2 * padding,
    measure: ctx.measure,
    font: { id: fontId, weight, uppercase: cs.uppercase },
  });
  const f = (ms: number) => timing.narrationStartFrame + msToFrames(ms, ctx.fps);
  const last = timing.durationInFrames;
  const captions = pages
    .map((p) => ({
      startFrame: Math.min(f(p.startMs), last),
      endFrame: Math.min(Math.max(f(p.endMs), f(p.startMs) + 1), last),
      fontPx: p.fontPx,
      phrases: p.phrases.map((ph) => ({ startFrame: f(ph.startMs), endFrame: f(ph.endMs) })),
      lines: timePageWords({ lines: p.lines, phrases: p.phrases }).map((l) =>
        l.map((w) => ({ text: w.text, phrase: w.phrase, startFrame: f(w.startMs), endFrame: f(w.endMs) })),
      ),
    }))
    .filter((p) => p.endFrame > p.startFrame);
  return { captionBox, captions };
}

/** The brand's font assets, else the template's uploaded fonts, per role. */
function withTemplateFonts(brand: Ctx["assetFonts"], template: Ctx["assetFonts"]): Ctx["assetFonts"] {
  return { heading: brand.heading ?? template.heading, body: brand.body ?? template.body };
}

export function resolveRenderPropsDetailed(input: ResolveInput): { props: RenderProps; warnings: ResolveWarning[] } {
  const { composition } = input;
  const tv = brandedTemplate(input.templateVersion, composition);
  if (composition.scenes.length === 0) throw new ResolveError("no-scenes", "the composition has no scenes");
  const size =
    typeof input.size === "object" ? input.size : canvasSize(composition.aspect_ratio, input.size ?? "1080p");
  const fps = input.fps ?? DEFAULT_FPS;
  const ctx: Ctx = {
    input,
    tv,
    size,
    scale: designScale(size),
    fps,
    palette: tv.style.palette,
    measure: input.measure ?? metricsMeasure,
    warnings: [],
    fontsUsed: [],
    assetFonts: withTemplateFonts(brandAssetFonts(composition), templateFontFaces(tv)),
  };
  const layouts = new Map(tv.layouts.map((l) => [l.id, l]));
  const estimate = input.estimateMissingNarration ?? true;
  const timing = computeTiming(
    composition.scenes.map((s) => ({
      durationMs: s.duration_ms,
      narrationMs: s.voice
        ? s.voice.duration_ms
        : estimate && s.narration.trim()
          ? estimateNarrationMs(s.narration)
          : null,
    })),
    { fps, transitionMs: tv.motion.transition === "none" ? 0 : tv.motion.transitionMs, pacing: tv.motion.pacing },
  );

  const scenes: RenderScene[] = composition.scenes.map((scene, i) => {
    const layout = layouts.get(scene.layout_id);
    if (!layout)
      throw new ResolveError(
        "unknown-layout",
        `scene ${i + 1} uses layout "${scene.layout_id}", which template version ${composition.template.id}@${composition.template.version} does not offer`,
      );
    const t = timing.scenes[i]!;
    const slots = resolveSlots(ctx, scene, layout, t);
    const { captionBox, captions } = resolveCaptions(ctx, scene, layout, t);
    if (!scene.voice && scene.narration.trim()) {
      ctx.warnings.push({
        code: "missing-voice",
        sceneId: scene.id,
        message: `scene ${i + 1} has narration text but no narration audio yet`,
      });
    }
    const entered = Math.max(
      t.transitionInFrames,
      ...slots.map((s) => (s.enter ? s.enter.startFrame + s.enter.durationInFrames : 0)),
    );
    const stillFrame = Math.max(0, Math.min(entered, t.durationInFrames - t.transitionOutFrames - 1));
    return {
      id: scene.id,
      layoutId: layout.id,
      from: t.from,
      durationInFrames: t.durationInFrames,
      transitionInFrames: t.transitionInFrames,
      transitionOutFrames: t.transitionOutFrames,
      slots,
      narration: scene.voice
        ? {
            src: input.mediaUrl(scene.voice.key),
            startFrame: t.narrationStartFrame,
            durationInFrames: Math.max(1, t.narrationFrames),
          }
        : null,
      captions,
      captionBox,
      stillFrame,
    };
  });

  const bg = tv.style.background;
  const backgroundImage =
    input.backgroundUrl !== undefined
      ? input.backgroundUrl
      : bg.kind === "image" && bg.image_key
        ? input.mediaUrl(bg.image_key)
        : backgroundNeedsImage(bg)
          ? backgroundDataUri(bg, size)
          : null;

  const cs = tv.captions;
  const capFont = cs.font === "heading" ? tv.style.fonts.heading : tv.style.fonts.body;
  const capAsset = cs.font === "heading" ? ctx.assetFonts.heading : ctx.assetFonts.body;
  const musicLevel = composition.audio.music.volume;
  const duckRatio = tv.music.volume > 0 ? tv.music.duckedVolume / tv.music.volume : 0.25;
  const props: RenderProps = {
    width: size.width,
    height: size.height,
    fps,
    durationInFrames: Math.max(1, timing.totalFrames),
    background: {
      color: bg.kind === "solid" || bg.kind === "pattern" ? bg.colors[0]! : ctx.palette.background,
      image: backgroundImage,
    },
    fonts: [
      ...fontFaces(ctx.fontsUsed),
      ...[ctx.assetFonts.heading, ctx.assetFonts.body]
        .filter((f, i, all): f is AssetFontFace => f !== null && all.findIndex((g) => g?.family === f.family) === i)
        .map((f) => ({
          family: f.family,
          weight: 400,
          file: "",
          unicodeRange: "U+0000-10FFFF",
          url: input.mediaUrl(f.key),
        })),
    ],
    motion: { transition: tv.motion.transition, easing: tv.motion.easing, imageMotion: tv.motion.imageMotion },
    captionStyle: {
      fontFamily: capAsset ? assetCssFamily(capAsset, capFont) : cssFamily(capFont),
      fontWeight: nearestWeight(capFont, cs.weight),
      uppercase: cs.uppercase,
      lineHeightPx: cs.fontPx * ctx.scale * 1.2,
      textColor: cs.textColor,
      highlightColor: cs.highlightColor,
      highlightTextColor: cs.highlightTextColor,
      highlight: cs.highlight,
      background: cs.background,
      backgroundColor: cs.backgroundColor,
      backgroundOpacity: cs.backgroundOpacity,
      radiusPx: Math.min(tv.style.radius * ctx.scale, cs.fontPx * ctx.scale * 0.6),
      paddingPx: cs.fontPx * ctx.scale * 0.45,
      preset: captionPresetOf(composition),
    },
    scenes,
    captions: { enabled: composition.audio.captions },
    music: input.music
      ? {
          src: input.music.src,
          volume: musicLevel,
          duckedVolume: Math.min(musicLevel, musicLevel * duckRatio),
          duckWindows: scenes
            .filter((s) => s.narration)
            .map((s) => ({
              start: s.from + s.narration!.startFrame,
              end: s.from + s.narration!.startFrame + s.narration!.durationInFrames,
            })),
          durationInFrames: input.music.durationMs ? Math.max(1, msToFrames(input.music.durationMs, fps)) : null,
        }
      : null,
    watermark: input.watermark ?? null,
  };
  return { props: applyScripts(props, composition.language), warnings: ctx.warnings };
}

/** The props only (see resolveRenderPropsDetailed for the warnings: overflowing text, empty required slots, missing narration audio). */
export function resolveRenderProps(input: ResolveInput): RenderProps {
  return resolveRenderPropsDetailed(input).props;
}
