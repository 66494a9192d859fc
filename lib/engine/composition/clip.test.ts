import { clipSourceFrame, clipSourceMs, clipTiming, MIN_CLIP_LOOP_MS, stillOf } from "./clip";
import { COMPOSITION_SCHEMA_VERSION, mediaValueSchema, type CompositionBody, type Scene } from "./composition-schema";
import { collectMediaKeys } from "./media-keys";
import { withoutForeignMedia } from "./media-access";
import { renderPropsSchema } from "./render-props";
import { resolveRenderProps } from "./resolve";
import { sampleValues, starterTemplate, starterTemplateVersion } from "./starter";

describe("clipTiming (trim and loop, in composition frames)", () => {
  it("plays a long enough source once from its start offset", () => {
    const t = clipTiming({ startMs: 1500, durationMs: 10_000, sceneFrames: 40, fps: 10 });
    expect(t).toEqual({ trimBeforeFrames: 15, loopFrames: null });
    expect(clipSourceFrame(t, 0)).toBe(15);
    expect(clipSourceMs(t, 39, 10)).toBe(5400);
  });

  it("loops what is left after the offset when the scene outlasts it", () => {
    // 3 s source, starting at 1 s: 2 s (20 frames at 10 fps) loop over a 5 s scene.
    const t = clipTiming({ startMs: 1000, durationMs: 3000, sceneFrames: 50, fps: 10 });
    expect(t).toEqual({ trimBeforeFrames: 10, loopFrames: 20 });
    expect([0, 19, 20, 21, 40, 49].map((f) => clipSourceFrame(t, f))).toEqual([10, 29, 10, 11, 10, 19]);
    expect(clipSourceMs(t, 25, 10)).toBe(1500);
  });

  it("loops a short source from its beginning without an offset", () => {
    const t = clipTiming({ durationMs: 2000, sceneFrames: 90, fps: 30 });
    expect(t).toEqual({ trimBeforeFrames: 0, loopFrames: 60 });
    expect(clipSourceFrame(t, 60)).toBe(0);
    expect(clipSourceFrame(t, 89)).toBe(29);
  });

  it("never asks for a frame past the source's end (whole frames only)", () => {
    // 2.05 s at 10 fps: frames 0..19 exist (frame 20 would be at 2.0 s, 20.5 frames long -> 20 whole frames).
    const t = clipTiming({ durationMs: 2050, sceneFrames: 100, fps: 10 });
    expect(t.loopFrames).toBe(20);
    const worst = Math.max(...Array.from({ length: 100 }, (_, f) => clipSourceMs(t, f, 10)));
    expect(worst).toBeLessThan(2050);
  });

  it("pulls an offset at or past the end back so at least half a second plays", () => {
    const t = clipTiming({ startMs: 9_000, durationMs: 4000, sceneFrames: 30, fps: 10 });
    expect(t.trimBeforeFrames).toBe(((4000 - MIN_CLIP_LOOP_MS) / 1000) * 10);
    expect(t.loopFrames).toBe(5);
  });

  it("plays straight on (no loop) when the source's length is unknown", () => {
    expect(clipTiming({ startMs: 250, sceneFrames: 300, fps: 30 })).toEqual({
      trimBeforeFrames: 7,
      loopFrames: null,
    });
  });

  it("does not loop when the source is exactly as long as the scene", () => {
    expect(clipTiming({ durationMs: 3000, sceneFrames: 30, fps: 10 }).loopFrames).toBeNull();
    expect(clipTiming({ durationMs: 3000, sceneFrames: 31, fps: 10 }).loopFrames).toBe(30);
  });
});

describe("clip media values", () => {
  const clip = {
    type: "media" as const,
    key: "assets/u1/a1/original.mp4",
    media_type: "video/mp4",
    source: "asset" as const,
    asset_id: "a1",
    clip_start_ms: 1000,
    clip_duration_ms: 3000,
    poster_key: "assets/u1/a1/thumb.webp",
  };

  it("accepts the clip fields as optional (older values stay valid) and refuses nonsense", () => {
    expect(mediaValueSchema.safeParse(clip).success).toBe(true);
    const { clip_start_ms: _s, clip_duration_ms: _d, poster_key: _p, ...plain } = clip;
    expect(mediaValueSchema.safeParse(plain).success).toBe(true);
    expect(mediaValueSchema.safeParse({ ...clip, clip_start_ms: -1 }).success).toBe(false);
    expect(mediaValueSchema.safeParse({ ...clip, clip_duration_ms: 0 }).success).toBe(false);
    expect(mediaValueSchema.safeParse({ ...clip, clip_start_ms: 1.5 }).success).toBe(false);
  });

  const tv = starterTemplateVersion(starterTemplate("starter-bold")!);
  const layout = tv.layouts.find((l) => l.id === "starter-full-bleed")!;
  const scene = (id: string, values: Scene["values"], ms: number): Scene => ({
    id,
    layout_id: layout.id,
    values: { ...sampleValues(layout), ...values },
    narration: "",
    duration_ms: ms,
  });
  const body = (scenes: Scene[]): CompositionBody => ({
    schema_version: COMPOSITION_SCHEMA_VERSION,
    owner_id: "u1",
    kind: "video",
    title: "t",
    aspect_ratio: "16:9",
    template: { id: "starter-bold", version: 1 },
    scenes,
    audio: { voice_id: null, captions: false, music: { track_id: null, volume: 0.3 } },
    brand: null,
    revision: 0,
  });

  it("resolve gives a clip slot its trim, loop and poster; a picture gets none", () => {
    const props = resolveRenderProps({
      composition: body([scene("a", { image: clip }, 5000), scene("b", {}, 3000)]),
      templateVersion: tv,
      mediaUrl: (k) => `https://media.test/${k}`,
      size: { width: 320, height: 180 },
      fps: 10,
    });
    expect(renderPropsSchema.safeParse(props).success).toBe(true);
    const media = props.scenes[0]!.slots.find((s) => s.id === "image")!.media!;
    expect(media.src).toBe("https://media.test/assets/u1/a1/original.mp4");
    expect(media.clip).toEqual({
      trimBeforeFrames: 10,
      loopFrames: 20,
      posterSrc: "https://media.test/assets/u1/a1/thumb.webp",
    });
    expect(props.scenes[1]!.slots.find((s) => s.id === "image")!.media!.clip).toBeUndefined();
  });

  it("signs the poster with the clip, and drops a foreign poster but keeps the clip", () => {
    expect(collectMediaKeys(body([scene("a", { image: clip }, 5000)]))).toEqual(
      expect.arrayContaining([clip.key, clip.poster_key]),
    );
    const foreign = body([scene("a", { image: { ...clip, poster_key: "assets/u2/x/thumb.webp" } }, 5000)]);
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    const kept = withoutForeignMedia(foreign, { ownerId: "u1", template: null }, "test").scenes[0]!.values.image;
    warn.mockRestore();
    expect(kept).toMatchObject({ type: "media", key: clip.key });
    expect(kept && "poster_key" in kept).toBe(false);
  });

  it("a still page takes a clip's poster picture, or nothing without one", () => {
    expect(stillOf(clip)).toEqual({
      type: "media",
      key: clip.poster_key,
      media_type: "image/webp",
      source: "asset",
      asset_id: "a1",
    });
    const { poster_key: _p, ...noPoster } = clip;
    expect(stillOf(noPoster)).toBeNull();
    const picture = {
      type: "media" as const,
      key: "images/u1/p.png",
      media_type: "image/png",
      source: "content" as const,
    };
    expect(stillOf(picture)).toBe(picture);
  });
});
