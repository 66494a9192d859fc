import { compositionBodySchema, COMPOSITION_SCHEMA_VERSION, slotValueSchema } from "./composition-schema";
import { layoutBodySchema, slotSchema } from "./layout-schema";
import { CompositionMigrationError, compositionVersionOf, migrateComposition } from "./migrations";
import { renderPropsSchema } from "./render-props";
import { STARTER_LAYOUTS, STARTER_TEMPLATES, starterTemplateVersion } from "./starter";
import { templateVersionBodySchema } from "./template-schema";
import { sampleRenderProps } from "@/remotion/sample-props";

const layout = STARTER_LAYOUTS[0]!;

function composition(over: Record<string, unknown> = {}) {
  return {
    schema_version: COMPOSITION_SCHEMA_VERSION,
    owner_id: "u1",
    kind: "video",
    title: "Launch",
    aspect_ratio: "9:16",
    template: { id: "starter-bold", version: 1 },
    scenes: [
      {
        id: "s1",
        layout_id: "starter-full-bleed",
        values: { headline: { type: "text", text: "Hi" } },
        narration: "Hello there.",
        duration_ms: null,
      },
    ],
    audio: { voice_id: null, captions: true, music: { track_id: null, volume: 0.3 } },
    brand: null,
    revision: 0,
    ...over,
  };
}

describe("layout schema", () => {
  it("accepts the starter layouts and applies slot defaults", () => {
    const { id: _id, ...body } = layout;
    expect(layoutBodySchema.parse(body).slots[0]!.tone).toBeDefined();
  });

  it("rejects a bad slot id, an unknown animation and a font range upside down", () => {
    const slot = layout.slots[0]!;
    expect(slotSchema.safeParse({ ...slot, id: "Head Line" }).success).toBe(false);
    expect(
      slotSchema.safeParse({ ...slot, enter: { type: "spin", durationMs: 100, delayMs: 0, easing: "linear" } }).success,
    ).toBe(false);
    const upsideDown = slotSchema.safeParse({ ...slot, fit: { ...slot.fit, minFontPx: 90, maxFontPx: 40 } });
    expect(upsideDown.success).toBe(false);
  });

  it("needs a box map for each of the four ratios", () => {
    const { id: _id, ...body } = layout;
    const { "4:5": _gone, ...three } = body.boxes;
    expect(layoutBodySchema.safeParse({ ...body, boxes: three }).success).toBe(false);
  });
});

describe("template version schema", () => {
  it("accepts every starter template and rejects a bad colour or font", () => {
    for (const t of STARTER_TEMPLATES)
      expect(templateVersionBodySchema.safeParse(starterTemplateVersion(t)).success).toBe(true);
    const tv = starterTemplateVersion(STARTER_TEMPLATES[0]!);
    expect(
      templateVersionBodySchema.safeParse({
        ...tv,
        style: { ...tv.style, palette: { ...tv.style.palette, accent: "yellow" } },
      }).success,
    ).toBe(false);
    expect(
      templateVersionBodySchema.safeParse({
        ...tv,
        style: { ...tv.style, fonts: { heading: "comic-sans", body: "inter" } },
      }).success,
    ).toBe(false);
  });
});

describe("composition schema", () => {
  it("accepts a valid composition", () => {
    expect(compositionBodySchema.parse(composition()).scenes).toHaveLength(1);
  });

  it("rejects no scenes, more than 30, duplicate scene ids, an unknown ratio and a bad media value", () => {
    const scene = composition().scenes[0]!;
    expect(compositionBodySchema.safeParse(composition({ scenes: [] })).success).toBe(false);
    expect(
      compositionBodySchema.safeParse(
        composition({ scenes: Array.from({ length: 31 }, (_, i) => ({ ...scene, id: `s${i}` })) }),
      ).success,
    ).toBe(false);
    expect(compositionBodySchema.safeParse(composition({ scenes: [scene, scene] })).success).toBe(false);
    expect(compositionBodySchema.safeParse(composition({ aspect_ratio: "2:1" })).success).toBe(false);
    expect(
      slotValueSchema.safeParse({ type: "media", key: "a.png", media_type: "text/html", source: "upload" }).success,
    ).toBe(false);
    expect(
      slotValueSchema.safeParse({ type: "media", key: "a.png", media_type: "image/png", source: "upload" }).success,
    ).toBe(true);
  });

  it("accepts the cached narration with its caption cues", () => {
    const scene = {
      ...composition().scenes[0]!,
      voice: {
        key: "voice/a.wav",
        duration_ms: 1200,
        cues: [{ text: "Hello there.", startMs: 0, endMs: 1200 }],
        voice_id: "en-1",
        text_hash: "abc",
      },
    };
    expect(compositionBodySchema.safeParse(composition({ scenes: [scene] })).success).toBe(true);
    const badCue = { ...scene, voice: { ...scene.voice, cues: [{ text: "x", startMs: 500, endMs: 100 }] } };
    expect(compositionBodySchema.safeParse(composition({ scenes: [badCue] })).success).toBe(false);
  });
});

describe("migrateComposition", () => {
  const v1 = {
    owner_id: "u1",
    kind: "video",
    title: "Old draft",
    aspect: "16:9",
    template_id: "starter-bold",
    template_version: 1,
    scenes: [
      {
        layout: "starter-split",
        text: { headline: "Fresh", body: "Coffee" },
        media: { image: "images/u1/a.jpg" },
        narration: "Fresh coffee.",
        seconds: 4.5,
        image_prompt: "coffee",
      },
      { id: "keep", layout: "starter-statement", text: { headline: "Now" }, seconds: null },
    ],
    voice: "en-us-1",
    captions: false,
    music: { track: "calm-1", volume: 40 },
    created_at: "2026-01-01T00:00:00.000Z",
  };

  it("treats a document without schema_version as version 1", () => {
    expect(compositionVersionOf(v1)).toBe(1);
  });

  it("upgrades a version 1 document to the current shape", () => {
    const c = migrateComposition(v1);
    expect(c.schema_version).toBe(COMPOSITION_SCHEMA_VERSION);
    expect(c.aspect_ratio).toBe("16:9");
    expect(c.template).toEqual({ id: "starter-bold", version: 1 });
    expect(c.scenes[0]).toMatchObject({
      id: "s1",
      layout_id: "starter-split",
      duration_ms: 4500,
      narration: "Fresh coffee.",
      image_prompt: "coffee",
      values: {
        headline: { type: "text", text: "Fresh" },
        body: { type: "text", text: "Coffee" },
        image: { type: "media", key: "images/u1/a.jpg", media_type: "image/jpeg", source: "generated" },
      },
    });
    expect(c.scenes[1]).toMatchObject({ id: "keep", duration_ms: null, narration: "" });
    expect(c.audio).toEqual({ voice_id: "en-us-1", captions: false, music: { track_id: "calm-1", volume: 0.4 } });
    expect(c.brand).toBeNull();
    expect(c.revision).toBe(0);
    expect("created_at" in c).toBe(false);
  });

  it("passes a current document through unchanged", () => {
    expect(migrateComposition(composition())).toEqual(compositionBodySchema.parse(composition()));
  });

  it("refuses a newer version and reports what is wrong with a broken one", () => {
    expect(() => migrateComposition(composition({ schema_version: 99 }))).toThrow(/newer/);
    try {
      migrateComposition({ ...v1, aspect: "3:1" });
      throw new Error("should have failed");
    } catch (e) {
      expect(e).toBeInstanceOf(CompositionMigrationError);
      expect((e as CompositionMigrationError).issues.some((i) => i.path === "aspect_ratio")).toBe(true);
    }
  });
});

describe("render props schema", () => {
  it("accepts the compositions' own default props", () => {
    expect(renderPropsSchema.safeParse(sampleRenderProps()).success).toBe(true);
  });
});
