import { COMPOSITION_SCHEMA_VERSION, type CompositionBody, type Scene } from "./composition-schema";
import { collectMediaKeys } from "./media-keys";
import { captionZone } from "./caption-zone";
import { COMPOSITION_RATIOS } from "./ratios";
import { renderPropsSchema, type PxBox } from "./render-props";
import { readableOn, ResolveError, resolveRenderProps, resolveRenderPropsDetailed } from "./resolve";
import { sampleValues, starterTemplate, starterTemplateVersion } from "./starter";
import type { TemplateVersionBody } from "./template-schema";

const tv: TemplateVersionBody = starterTemplateVersion(starterTemplate("starter-corporate")!);
const layout = (id: string) => tv.layouts.find((l) => l.id === id)!;
const mediaUrl = (k: string) => `https://media.test/${k}`;

function comp(scenes: Scene[], over: Partial<CompositionBody> = {}): CompositionBody {
  return {
    schema_version: COMPOSITION_SCHEMA_VERSION,
    owner_id: "u1",
    kind: "video",
    title: "t",
    aspect_ratio: "9:16",
    template: { id: "starter-corporate", version: 1 },
    scenes,
    audio: { voice_id: "v", captions: true, music: { track_id: null, volume: 0.5 } },
    brand: null,
    revision: 0,
    ...over,
  };
}

const voice = (ms: number): Scene["voice"] => ({
  key: `voice/${ms}.wav`,
  duration_ms: ms,
  voice_id: "v",
  text_hash: "h",
  cues: [
    { text: "Fresh coffee roasted today", startMs: 0, endMs: ms / 2 },
    { text: "and at your door by noon", startMs: ms / 2, endMs: ms },
  ],
});

const scene = (id: string, layoutId: string, extra: Partial<Scene> = {}): Scene => ({
  id,
  layout_id: layoutId,
  values: sampleValues(layout(layoutId)),
  narration: "",
  duration_ms: null,
  ...extra,
});

describe("resolveRenderProps", () => {
  it("gives valid props at the requested size, with boxes in canvas pixels", () => {
    const props = resolveRenderProps({
      composition: comp([scene("a", "starter-split")]),
      templateVersion: tv,
      mediaUrl,
      size: "720p",
    });
    expect(renderPropsSchema.safeParse(props).success).toBe(true);
    expect([props.width, props.height]).toEqual([720, 1280]);
    const image = props.scenes[0]!.slots.find((s) => s.id === "image")!;
    expect(image.box).toEqual({ x: 0, y: 0, w: 720, h: 640 });
    expect(image.media!.src).toBe("https://media.test/samples/starter/photo.jpg");
  });

  it("scales font sizes with the canvas", () => {
    const big = resolveRenderProps({
      composition: comp([scene("a", "starter-title")]),
      templateVersion: tv,
      mediaUrl,
      size: "1080p",
    });
    const small = resolveRenderProps({
      composition: comp([scene("a", "starter-title")]),
      templateVersion: tv,
      mediaUrl,
      size: { width: 270, height: 480 },
    });
    const px = (p: typeof big) => p.scenes[0]!.slots.find((s) => s.id === "headline")!.text!.fontPx;
    expect(px(small)).toBeCloseTo(px(big) / 4, 0);
  });

  it("times scenes from their narration and places it and its captions", () => {
    const props = resolveRenderProps({
      composition: comp([
        scene("a", "starter-title", { narration: "x", voice: voice(4000) }),
        scene("b", "starter-bullets", { narration: "y", voice: voice(2000) }),
      ]),
      templateVersion: tv,
      mediaUrl,
      size: "720p",
    });
    const [a, b] = props.scenes;
    expect(a!.narration).toEqual({ src: "https://media.test/voice/4000.wav", startFrame: 0, durationInFrames: 120 });
    expect(b!.from).toBe(a!.durationInFrames - a!.transitionOutFrames);
    expect(b!.narration!.startFrame).toBe(b!.transitionInFrames);
    expect(a!.captions.length).toBeGreaterThan(0);
    expect(a!.captions[0]!.startFrame).toBe(0);
    expect(props.durationInFrames).toBe(b!.from + b!.durationInFrames);
  });

  it("keeps captions inside the layout's caption zone, off the scene's text, in every layout, ratio and position", () => {
    const ctv = starterTemplateVersion(starterTemplate("starter-bold")!);
    const inside = (a: PxBox, b: PxBox) =>
      a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.w <= b.x + b.w + 0.5 && a.y + a.h <= b.y + b.h + 0.5;
    const apart = (a: PxBox, b: PxBox) =>
      a.x + a.w <= b.x + 0.5 || b.x + b.w <= a.x + 0.5 || a.y + a.h <= b.y + 0.5 || b.y + b.h <= a.y + 0.5;
    let checked = 0;
    for (const l of ctv.layouts) {
      for (const ratio of COMPOSITION_RATIOS) {
        for (const position of ["top", "center", "bottom"] as const) {
          const s: Scene = {
            id: "a",
            layout_id: l.id,
            values: sampleValues(l),
            narration: "x",
            duration_ms: null,
            voice: voice(2000),
          };
          const props = resolveRenderProps({
            composition: comp([s], { aspect_ratio: ratio }),
            templateVersion: { ...ctv, captions: { ...ctv.captions, position } },
            mediaUrl,
            size: "720p",
          });
          const sc = props.scenes[0]!;
          expect(sc.captions.length).toBeGreaterThan(0);
          const z = captionZone(l, ratio).box;
          const zone = { x: z.x * props.width, y: z.y * props.height, w: z.w * props.width, h: z.h * props.height };
          const where = `${l.id} ${ratio} ${position}`;
          expect({ where, inside: inside(sc.captionBox, zone) }).toEqual({ where, inside: true });
          for (const t of sc.slots.filter((x) => x.text))
            expect({ where, slot: t.id, apart: apart(sc.captionBox, t.box) }).toEqual({
              where,
              slot: t.id,
              apart: true,
            });
          checked++;
        }
      }
    }
    expect(checked).toBe(ctv.layouts.length * COMPOSITION_RATIOS.length * 3);
  });

  it("ducks the music under the narration windows", () => {
    const props = resolveRenderProps({
      composition: comp([scene("a", "starter-title", { narration: "x", voice: voice(3000) })]),
      templateVersion: tv,
      mediaUrl,
      music: { src: "https://m/t.wav", durationMs: 10_000 },
    });
    expect(props.music).toMatchObject({ src: "https://m/t.wav", volume: 0.5, durationInFrames: 300 });
    expect(props.music!.duckedVolume).toBeLessThan(0.5);
    expect(props.music!.duckWindows).toEqual([{ start: 0, end: 90 }]);
  });

  it("applies the brand: accent colour with readable text, logo in empty logo slots", () => {
    const values = { ...sampleValues(layout("starter-end-card")), logo: { type: "none" as const } };
    const props = resolveRenderProps({
      composition: comp([scene("a", "starter-end-card", { values })], {
        brand: { apply: true, colors: ["#00ff88"], logo_key: "brand/logo.png" },
      }),
      templateVersion: tv,
      mediaUrl,
    });
    const slots = props.scenes[0]!.slots;
    expect(slots.find((s) => s.id === "cta")!.surface!.color).toBe("#00ff88");
    expect(slots.find((s) => s.id === "cta")!.text!.color).toBe("#111111");
    expect(slots.find((s) => s.id === "logo")!.media!.src).toBe("https://media.test/brand/logo.png");
  });

  it("warns about overflowing text, empty required slots and narration without audio", () => {
    const values = {
      ...sampleValues(layout("starter-split")),
      headline: { type: "text" as const, text: "word ".repeat(200) },
      body: { type: "none" as const },
    };
    const bullets = { ...sampleValues(layout("starter-bullets")), points: { type: "none" as const } };
    const { props, warnings } = resolveRenderPropsDetailed({
      composition: comp([
        scene("a", "starter-split", { values, narration: "Hello" }),
        scene("b", "starter-bullets", { values: bullets }),
      ]),
      templateVersion: tv,
      mediaUrl,
    });
    expect(warnings.map((w) => `${w.code}:${w.sceneId}:${w.slotId ?? ""}`)).toEqual(
      expect.arrayContaining(["text-overflow:a:headline", "missing-voice:a:", "missing-value:b:points"]),
    );
    const head = props.scenes[0]!.slots.find((s) => s.id === "headline")!.text!;
    expect(head.overflow).toBe(true);
    expect(head.lines[head.lines.length - 1]!.text.endsWith("…")).toBe(true);
    // Timed from an estimate until the narration exists.
    expect(props.scenes[0]!.narration).toBeNull();
  });

  it("draws the background from SVG in the browser and uses the pre-rendered picture on the server", () => {
    const browser = resolveRenderProps({
      composition: comp([scene("a", "starter-title")]),
      templateVersion: tv,
      mediaUrl,
    });
    expect(browser.background.image!.startsWith("data:image/svg+xml")).toBe(true);
    const server = resolveRenderProps({
      composition: comp([scene("a", "starter-title")]),
      templateVersion: tv,
      mediaUrl,
      backgroundUrl: "https://media.test/bg.jpg",
    });
    expect(server.background.image).toBe("https://media.test/bg.jpg");
  });

  it("refuses a layout the template version does not offer", () => {
    expect(() =>
      resolveRenderProps({
        composition: comp([scene("a", "starter-split", { layout_id: "starter-photo-card" })]),
        templateVersion: tv,
        mediaUrl,
      }),
    ).toThrow(ResolveError);
  });

  it("lists every blob key to sign", () => {
    const c = comp([scene("a", "starter-split", { voice: voice(1000) })], {
      brand: { apply: true, logo_key: "brand/l.png" },
    });
    expect(collectMediaKeys(c, tv).sort()).toEqual(["brand/l.png", "samples/starter/photo.jpg", "voice/1000.wav"]);
    // A brand kit that is not applied draws nothing, so nothing of it is fetched.
    expect(collectMediaKeys({ ...c, brand: { apply: false, logo_key: "brand/l.png" } }, tv)).not.toContain(
      "brand/l.png",
    );
  });

  it("picks readable text colours", () => {
    expect(readableOn("#ffffff")).toBe("#111111");
    expect(readableOn("#1a1a40")).toBe("#ffffff");
  });
});
