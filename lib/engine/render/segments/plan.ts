/**
 * The segment plan of a video and each segment's key.
 *
 * Scheme: the video's frames are cut wherever the set of scenes on screen
 * changes. A stretch showing one scene is that scene's own segment; a
 * stretch showing two (the overlap of a transition, ~12 frames at 30 fps)
 * is a transition segment. Segments are adjacent, in order, never empty,
 * and cover every frame once; a zero-length overlap gives no transition
 * segment. A scene's own stretch longer than MAX_SEGMENT_SECONDS is cut
 * into equal pieces (each keyed by its offset in the scene). Editing one
 * scene thus re-renders its own pieces and at most the two transitions
 * beside it.
 *
 * Key: SHA-256 of a canonical JSON of everything that decides the
 * segment's pixels: the format version below, the driver's encoder
 * settings (driver, x264 preset, crf, JPEG quality, pixel format, the
 * drawing code's identity), width, height, fps, the frame count, what
 * every scene draws over (background, fonts, motion, caption style,
 * captions on/off, watermark) and the scenes on screen, each with `from`
 * replaced by its offset from the segment's start. So a scene moved in time
 * (an earlier scene got longer) keeps its key. The absolute start is not in
 * the key: every scene draws from its own scene-relative frame (Sequence),
 * nothing drawn reads the video's frame. Narration and music are not in it
 * either (segments are video-only; the soundtrack is mixed once for the
 * whole video and muxed at the join): a scene's `narration` is left out,
 * its captions (which are drawn) stay in.
 *
 * Media URLs in the props are signed per render (expiry, signature, and for
 * a local render a loopback media server on a random port), so a URL counts
 * by its stable identity (`stableMediaId`): the URL without its query and
 * fragment, and a loopback origin without its port. Every drawn URL names a
 * blob key (prepare.ts), and a blob key's content never changes (new
 * pictures get new keys), so the identity stands for the content.
 */
import { createHash } from "node:crypto";
import type { RenderProps, RenderScene } from "../../composition/render-props";
import type { EncoderSettings } from "../types";
import type { Segment } from "./types";

/** Bump when segment files made by older code must not be reused (drawing, encoding or the key itself changed). */
export const SEGMENT_FORMAT_VERSION = 2;

/**
 * A scene's own frames are cut into pieces of at most this long: a render
 * that dies loses at most one piece, and other workers get pieces to share.
 * An edited scene re-renders all its pieces in the same pass, so the cut
 * costs an edit nothing but an encoder start (~50 ms) per piece.
 */
export const MAX_SEGMENT_SECONDS = 2;

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);
/** Fields holding a media URL (a slot's picture or clip, its poster, a brand font, the background picture). */
const URL_FIELDS = new Set(["src", "posterSrc", "url", "image"]);

/** A media URL without what changes per render (signature, expiry, the local media server's port). */
export function stableMediaId(src: string): string {
  if (!/^https?:\/\//i.test(src)) return src; // a data: URI or an app path: its own identity
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return src;
  }
  const origin = LOOPBACK.has(url.hostname) ? `${url.protocol}//loopback` : url.origin;
  return `${origin}${url.pathname}`;
}

/** JSON with sorted object keys and media URLs by their stable identity: equal for equal content, whatever the key order. */
function canonical(value: unknown, field = ""): string {
  if (value === null || typeof value !== "object") {
    if (typeof value === "string" && URL_FIELDS.has(field)) return JSON.stringify(stableMediaId(value));
    return JSON.stringify(value ?? null);
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v)).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v, k)}`).join(",")}}`;
}

/** What a scene draws, placed relative to the segment's start; its narration is sound, not pixels. */
function sceneInSegment(scene: RenderScene, start: number): Omit<RenderScene, "narration"> {
  const { narration: _sound, ...drawn } = scene;
  return { ...drawn, from: scene.from - start };
}

export function segmentKey(
  props: RenderProps,
  encoder: EncoderSettings,
  range: { start: number; end: number },
  scenes: readonly RenderScene[],
): string {
  const what = {
    version: SEGMENT_FORMAT_VERSION,
    encoder,
    width: props.width,
    height: props.height,
    fps: props.fps,
    frames: range.end - range.start,
    background: props.background,
    fonts: props.fonts,
    motion: props.motion,
    captionStyle: props.captionStyle,
    captions: props.captions.enabled,
    watermark: props.watermark,
    scenes: scenes.map((s) => sceneInSegment(s, range.start)),
  };
  return createHash("sha256").update(canonical(what)).digest("hex");
}

const onScreen = (scene: RenderScene, frame: number) =>
  frame >= scene.from && frame < scene.from + scene.durationInFrames;

/** The segments of a video, in order, covering frames 0 to `durationInFrames` once. */
export function planSegments(
  props: RenderProps,
  encoder: EncoderSettings,
  opts: { maxSeconds?: number } = {},
): Segment[] {
  const total = props.durationInFrames;
  // The set of scenes on screen changes only where a scene starts or ends.
  const cuts = new Set<number>([0, total]);
  for (const s of props.scenes) {
    for (const at of [s.from, s.from + s.durationInFrames]) if (at > 0 && at < total) cuts.add(at);
  }
  const bounds = [...cuts].sort((a, b) => a - b);
  const stretches: { start: number; end: number; scenes: RenderScene[] }[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const start = bounds[i]!;
    const end = bounds[i + 1]!;
    const scenes = props.scenes.filter((s) => onScreen(s, start));
    const last = stretches[stretches.length - 1];
    // Same scenes as the stretch before (a scene that ends where an identical id starts cannot happen; be safe): one segment.
    if (last && last.scenes.length === scenes.length && last.scenes.every((s, k) => s === scenes[k])) last.end = end;
    else stretches.push({ start, end, scenes });
  }
  // A long stretch of one scene in pieces of (nearly) equal length, none over the maximum.
  const max = Math.max(1, Math.round((opts.maxSeconds ?? MAX_SEGMENT_SECONDS) * props.fps));
  const pieces = stretches.flatMap((st) => {
    const length = st.end - st.start;
    const n = st.scenes.length === 1 ? Math.max(1, Math.ceil(length / max)) : 1;
    return Array.from({ length: n }, (_, k) => ({
      start: st.start + Math.round((k * length) / n),
      end: st.start + Math.round(((k + 1) * length) / n),
      scenes: st.scenes,
    }));
  });
  return pieces.map((st, index) => ({
    index,
    start: st.start,
    end: st.end,
    key: segmentKey(props, encoder, st, st.scenes),
    kind: st.scenes.length > 1 ? "transition" : "scene",
    sceneIds: st.scenes.map((s) => s.id),
  }));
}
