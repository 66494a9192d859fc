/**
 * The segment plan: adjacent segments covering every frame once (scenes and
 * the transitions between them), and keys that change exactly when a
 * segment's pixels could: its scene's text or media, the size, fps,
 * template, caption style, a neighbour during a transition, the encoder;
 * not another scene's text, a re-signed URL, a move in time, or the sound.
 */
import type { CompositionBody, Scene } from "../../composition/composition-schema";
import type { RenderProps } from "../../composition/render-props";
import { resolveRenderProps } from "../../composition/resolve";
import type { TemplateVersionBody } from "../../composition/template-schema";
import { STARTER_TEMPLATES } from "../../composition/starter";
import { sampleComposition } from "@/tests/support/render-env";
import type { EncoderSettings } from "../types";
import { planSegments, stableMediaId } from "./plan";
import type { Segment } from "./types";

const ENCODER: EncoderSettings = {
  driver: "local",
  x264Preset: "veryfast",
  crf: 23,
  jpegQuality: 80,
  pixelFormat: "yuv420p",
  renderer: "bundle-1",
};

interface Build {
  composition: CompositionBody;
  templateVersion: TemplateVersionBody;
  /** What the signed URLs of this render look like. */
  port?: number;
  expires?: number;
  size?: { width: number; height: number };
  fps?: number;
  music?: boolean;
}

function props(b: Build): RenderProps {
  const url = (key: string) =>
    `http://127.0.0.1:${b.port ?? 40001}/blobs/${key}?expires=${b.expires ?? 1_900_000_000}&sig=${(b.expires ?? 1).toString(36)}x`;
  return resolveRenderProps({
    composition: b.composition,
    templateVersion: b.templateVersion,
    mediaUrl: url,
    size: b.size ?? { width: 240, height: 136 },
    fps: b.fps ?? 10,
    backgroundUrl: url("backgrounds/bg-240.jpg"),
    music: b.music ? { src: url("music/bed.m4a"), durationMs: 2000 } : null,
  });
}

function video(scenes = 3, templateId?: string): Build {
  const { composition, templateVersion } = sampleComposition({
    ratio: "16:9",
    scenes,
    durationMs: 2000,
    captions: false,
    templateId,
  });
  return { composition, templateVersion };
}

function edit(b: Build, sceneIndex: number, change: (s: Scene) => void): Build {
  const composition = structuredClone(b.composition);
  change(composition.scenes[sceneIndex]!);
  return { ...b, composition };
}

const firstText = (s: Scene) => Object.values(s.values).find((v) => v.type === "text") as { text: string };
const keys = (segs: Segment[]) => segs.map((s) => s.key);
/** Indexes of the segments whose keys differ. */
function changed(a: Segment[], b: Segment[]): number[] {
  expect(b.map((s) => [s.start, s.end])).toEqual(a.map((s) => [s.start, s.end]));
  return a.flatMap((s, i) => (s.key === b[i]!.key ? [] : [i]));
}

function expectCovers(segs: Segment[], total: number) {
  expect(segs[0]!.start).toBe(0);
  expect(segs[segs.length - 1]!.end).toBe(total);
  segs.forEach((s, i) => {
    expect(s.index).toBe(i);
    expect(s.end).toBeGreaterThan(s.start);
    if (i > 0) expect(s.start).toBe(segs[i - 1]!.end);
    expect(s.key).toMatch(/^[0-9a-f]{64}$/);
  });
}

describe("the plan", () => {
  it("is each scene's own frames and each transition between two, adjacent and in order", () => {
    const p = props(video(3));
    const segs = planSegments(p, ENCODER);
    expectCovers(segs, p.durationInFrames);
    expect(segs.map((s) => [s.kind, s.sceneIds])).toEqual([
      ["scene", ["s1"]],
      ["transition", ["s1", "s2"]],
      ["scene", ["s2"]],
      ["transition", ["s2", "s3"]],
      ["scene", ["s3"]],
    ]);
    const [s1, t12, , t23] = p.scenes.length === 3 ? segs : [];
    expect(s1!.end).toBe(p.scenes[1]!.from);
    expect(t12!.end - t12!.start).toBe(p.scenes[0]!.transitionOutFrames);
    expect(t23!.start).toBe(p.scenes[2]!.from);
  });

  it("makes a one-scene video one segment", () => {
    const p = props(video(1));
    const segs = planSegments(p, ENCODER, { maxSeconds: Infinity });
    expect(segs.map((s) => [s.start, s.end, s.kind, s.sceneIds])).toEqual([[0, p.durationInFrames, "scene", ["s1"]]]);
  });

  it("cuts a long scene into equal pieces of at most two seconds, each with its own key", () => {
    const p = props(video(1));
    p.scenes[0]!.durationInFrames = 73; // 7.3 s at 10 fps
    p.durationInFrames = 73;
    const segs = planSegments(p, ENCODER);
    expectCovers(segs, 73);
    expect(segs.map((s) => s.end - s.start)).toEqual([18, 19, 18, 18]);
    expect(segs.every((s) => s.kind === "scene" && s.sceneIds[0] === "s1")).toBe(true);
    expect(new Set(segs.map((s) => s.key)).size).toBe(4);
    // The transitions are never cut.
    const three = planSegments(props(video(3)), ENCODER, { maxSeconds: 0.1 });
    expect(three.filter((s) => s.kind === "transition").every((s) => s.end - s.start > 1)).toBe(true);
  });

  it("gives no transition segment where scenes meet without overlapping", () => {
    const p = props(video(3));
    // Cut between the scenes: each starts where the one before ends.
    let at = 0;
    for (const s of p.scenes) {
      s.transitionInFrames = 0;
      s.transitionOutFrames = 0;
      s.from = at;
      at += s.durationInFrames;
    }
    p.durationInFrames = at;
    const segs = planSegments(p, ENCODER, { maxSeconds: Infinity });
    expectCovers(segs, at);
    expect(segs.map((s) => [s.kind, s.sceneIds])).toEqual([
      ["scene", ["s1"]],
      ["scene", ["s2"]],
      ["scene", ["s3"]],
    ]);
  });

  it("covers frames no scene shows, and three scenes at once", () => {
    const p = props(video(3));
    p.durationInFrames = p.scenes[2]!.from + p.scenes[2]!.durationInFrames + 5; // 5 frames of background at the end
    p.scenes[1]!.durationInFrames = p.scenes[2]!.from + 2 - p.scenes[1]!.from; // scene 2 ends 2 frames into scene 3
    p.scenes[0]!.durationInFrames = p.scenes[2]!.from + 1 - p.scenes[0]!.from; // scene 1 too, 1 frame in
    const segs = planSegments(p, ENCODER);
    expectCovers(segs, p.durationInFrames);
    expect(segs.map((s) => s.sceneIds)).toContainEqual(["s1", "s2", "s3"]);
    expect(segs[segs.length - 1]!.sceneIds).toEqual([]);
  });
});

describe("the keys", () => {
  const base = video(4);
  const before = planSegments(props(base), ENCODER);
  // 4 scenes: s1 t12 s2 t23 s3 t34 s4
  const S2 = 2;
  const T12 = 1;
  const T23 = 3;

  it("change for the edited scene and its two transitions only, when its text changes", () => {
    const after = planSegments(props(edit(base, 1, (s) => (firstText(s).text = "A brand new headline"))), ENCODER);
    expect(changed(before, after)).toEqual([T12, S2, T23]);
  });

  it("change for the scene whose picture changed (the last scene: its own and the one transition before it)", () => {
    const withPicture = (key: string) =>
      edit(base, 3, (s) => {
        const slot = Object.keys(s.values).find((k) => s.values[k]!.type === "media")!;
        s.values[slot] = { type: "media", key, media_type: "image/jpeg", source: "upload" };
      });
    const a = planSegments(props(withPicture("images/u/one.jpg")), ENCODER);
    const b = planSegments(props(withPicture("images/u/two.jpg")), ENCODER);
    expect(changed(a, b)).toEqual([5, 6]);
  });

  it("change everywhere with the size, fps, template, caption style or encoder", () => {
    const all = before.map((_, i) => i);
    const bigger = planSegments(props({ ...base, size: { width: 256, height: 144 } }), ENCODER);
    expect(changed(before, bigger)).toEqual(all);
    const otherEncoder = planSegments(props(base), { ...ENCODER, crf: 28 });
    expect(changed(before, otherEncoder)).toEqual(all);
    expect(changed(before, planSegments(props(base), { ...ENCODER, renderer: "bundle-2" }))).toEqual(all);
    expect(changed(before, planSegments(props(base), { ...ENCODER, driver: "lambda" }))).toEqual(all);
    const captions = structuredClone(base.templateVersion);
    captions.captions.textColor = captions.captions.textColor === "#ff0000" ? "#00ff00" : "#ff0000";
    expect(changed(before, planSegments(props({ ...base, templateVersion: captions }), ENCODER))).toEqual(all);

    // Another fps or template times the scenes differently: compare the keys as sets.
    const fps = planSegments(props({ ...base, fps: 12 }), ENCODER);
    expect(keys(fps).filter((k) => keys(before).includes(k))).toEqual([]);
    const otherId = STARTER_TEMPLATES.find((t) => t.id !== base.composition.template.id)!.id;
    const t = planSegments(props(video(4, otherId)), ENCODER);
    expect(keys(t).filter((k) => keys(before).includes(k))).toEqual([]);
    const motion = structuredClone(base.templateVersion);
    motion.motion.transition = motion.motion.transition === "fade" ? "slide" : "fade";
    expect(changed(before, planSegments(props({ ...base, templateVersion: motion }), ENCODER))).toEqual(all);
  });

  it("change for a transition when the neighbour it shows changes, not for the scene beyond", () => {
    const after = planSegments(props(edit(base, 0, (s) => (firstText(s).text = "Another first scene"))), ENCODER);
    expect(changed(before, after)).toEqual([0, T12]);
  });

  it("stay with a re-signed URL (another expiry, signature or media server port)", () => {
    const again = planSegments(props({ ...base, port: 45123, expires: 1_999_999_999 }), ENCODER);
    expect(keys(again)).toEqual(keys(before));
  });

  it("stay for a scene moved in time: an earlier scene got longer", () => {
    const longer = planSegments(props(edit(base, 0, (s) => (s.duration_ms = 3500))), ENCODER, { maxSeconds: Infinity });
    expect(longer[2]!.start).toBeGreaterThan(before[2]!.start);
    // s1 and t12 show the longer scene; s2 onwards only moved.
    expect(
      changed(
        before.slice(2),
        longer.slice(2).map((s, i) => ({ ...s, start: before[i + 2]!.start, end: before[i + 2]!.end })),
      ),
    ).toEqual([]);
    expect(longer[0]!.key).not.toBe(before[0]!.key);
  });

  it("stay when the narration or the music changes (sound is not in a segment)", () => {
    const voice = (key: string): Scene["voice"] => ({
      key,
      duration_ms: 1200,
      cues: [],
      voice_id: "v",
      text_hash: "h",
    });
    const a = planSegments(props(edit(base, 1, (s) => (s.voice = voice("videos/u/voice/a.wav")))), ENCODER);
    const b = planSegments(
      props({ ...edit(base, 1, (s) => (s.voice = voice("videos/u/voice/b.wav"))), music: true }),
      ENCODER,
    );
    expect(keys(b)).toEqual(keys(a));
  });
});

describe("stableMediaId", () => {
  it("drops the signature, the expiry and a loopback port; keeps the object's path and a real host", () => {
    expect(stableMediaId("http://127.0.0.1:40001/blobs/images/u/a.jpg?expires=1&sig=abc")).toBe(
      "http://loopback/blobs/images/u/a.jpg",
    );
    expect(
      stableMediaId(
        "https://storage.googleapis.com/bucket/images/u/a.jpg?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Expires=21600&X-Goog-Signature=ff",
      ),
    ).toBe("https://storage.googleapis.com/bucket/images/u/a.jpg");
    expect(stableMediaId("data:image/svg+xml;base64,AAAA")).toBe("data:image/svg+xml;base64,AAAA");
    expect(stableMediaId("/fonts/inter-400.woff2")).toBe("/fonts/inter-400.woff2");
  });
});
