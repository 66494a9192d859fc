/**
 * Caption zones: every starter layout has, in every ratio, a band for
 * captions inside the platforms' safe area that covers none of its text; a
 * layout without one is flagged, and a declared zone is checked like a box.
 */
import { CAPTION_SAFE_AREA, captionZone, deriveCaptionZone, MIN_CAPTION_ZONE_H, zoneProblems } from "./caption-zone";
import type { LayoutBody } from "./layout-schema";
import { validateLayout } from "./layout-validation";
import { COMPOSITION_RATIOS } from "./ratios";
import { STARTER_LAYOUTS } from "./starter";

it("every starter layout has a clear caption zone in every ratio, at least one line tall", () => {
  const rows = STARTER_LAYOUTS.flatMap((l) =>
    COMPOSITION_RATIOS.map((ratio) => {
      const z = captionZone(l, ratio);
      return {
        layout: l.id,
        ratio,
        clear: z.clear,
        problems: zoneProblems(l, ratio, z.box),
        tallEnough: z.box.h >= MIN_CAPTION_ZONE_H[ratio] - 1e-9,
      };
    }),
  );
  expect(rows.filter((r) => !r.clear || r.problems.length || !r.tallEnough)).toEqual([]);
  expect(rows).toHaveLength(STARTER_LAYOUTS.length * 4);
});

it("keeps 9:16 captions clear of the platforms' buttons on the right and the description at the bottom", () => {
  const safe = CAPTION_SAFE_AREA["9:16"];
  expect(safe.x + safe.w).toBeLessThanOrEqual(0.85);
  expect(safe.y + safe.h).toBeLessThanOrEqual(0.8);
  for (const l of STARTER_LAYOUTS) {
    const z = captionZone(l, "9:16").box;
    expect(z.x + z.w).toBeLessThanOrEqual(0.85);
    expect(z.y + z.h).toBeLessThanOrEqual(0.8);
  }
});

const textSlot = (id: string) =>
  ({
    id,
    kind: "text",
    role: "body",
    label: id,
    required: true,
    fit: {
      maxChars: 100,
      minFontPx: 24,
      maxFontPx: 60,
      lineHeight: 1.2,
      align: "left",
      weight: 400,
      uppercase: false,
      objectFit: "cover",
      valign: "middle",
    },
    z: 10,
    enter: null,
    exit: null,
    tone: "text",
    surface: "none",
    opacity: 1,
  }) as const;

const allRatios = (box: { x: number; y: number; w: number; h: number }): LayoutBody["boxes"] => ({
  "9:16": { body: box },
  "1:1": { body: box },
  "4:5": { body: box },
  "16:9": { body: box },
});

it("finds the free band beside and between text, and flags a layout with none", () => {
  const split: LayoutBody = {
    name: "Split",
    description: "",
    slots: [textSlot("body")],
    // Text on the right half from top to bottom: captions go on the left half.
    boxes: allRatios({ x: 0.5, y: 0, w: 0.5, h: 1 }),
  };
  const z = deriveCaptionZone(split, "16:9");
  expect(z.clear).toBe(true);
  expect(z.box.x + z.box.w).toBeLessThanOrEqual(0.5);

  const full: LayoutBody = { ...split, name: "Wall of text", boxes: allRatios({ x: 0, y: 0, w: 1, h: 1 }) };
  expect(deriveCaptionZone(full, "1:1").clear).toBe(false);
  expect(validateLayout(full).filter((i) => i.code === "caption-zone")).toEqual(
    COMPOSITION_RATIOS.map((ratio) => expect.objectContaining({ severity: "warning", ratio })),
  );
});

it("a declared zone wins, and one over text or past the safe area is an error", () => {
  const layout: LayoutBody = {
    name: "Top text",
    description: "",
    slots: [textSlot("body")],
    boxes: allRatios({ x: 0.1, y: 0.1, w: 0.8, h: 0.3 }),
  };
  const declared = { x: 0.1, y: 0.5, w: 0.6, h: 0.1 };
  expect(captionZone({ ...layout, caption_zones: { "9:16": declared } }, "9:16")).toEqual({
    box: declared,
    clear: true,
  });
  const bad = {
    ...layout,
    caption_zones: { "1:1": { x: 0.1, y: 0.2, w: 0.8, h: 0.1 }, "9:16": { x: 0.1, y: 0.85, w: 0.9, h: 0.1 } },
  };
  const issues = validateLayout(bad).filter((i) => i.code === "caption-zone");
  expect(issues).toEqual([
    expect.objectContaining({ severity: "error", ratio: "9:16", message: expect.stringContaining("safe area") }),
    expect.objectContaining({ severity: "error", ratio: "1:1", message: expect.stringContaining("covers text") }),
  ]);
});
