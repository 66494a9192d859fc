import { hasErrors, validateLayout, validateTemplateVersion } from "../layout-validation";
import { metricsMeasure } from "../measure";
import { CANVAS_SIZES, COMPOSITION_RATIOS, designScale, sizeForWidth } from "../ratios";
import { fitSlotText } from "../slot-text";
import { STARTER_LAYOUTS, STARTER_TEMPLATES, sampleText, sampleValues, starterTemplateVersion, trimToChars } from ".";

describe("starter library", () => {
  it("has at least 8 layouts and 4 templates with ids that are unique", () => {
    expect(STARTER_LAYOUTS.length).toBeGreaterThanOrEqual(8);
    expect(STARTER_TEMPLATES.length).toBeGreaterThanOrEqual(4);
    expect(new Set(STARTER_LAYOUTS.map((l) => l.id)).size).toBe(STARTER_LAYOUTS.length);
  });

  it.each(STARTER_LAYOUTS.map((l) => [l.id, l] as const))("layout %s is valid in every ratio", (_id, l) => {
    for (const r of COMPOSITION_RATIOS) expect(Object.keys(l.boxes[r]).sort()).toEqual(l.slots.map((s) => s.id).sort());
    expect(validateLayout(l).filter((i) => i.severity === "error")).toEqual([]);
  });

  it("gives each template at least five layouts, and clearly different looks and motion", () => {
    const versions = STARTER_TEMPLATES.map(starterTemplateVersion);
    for (const v of versions) {
      expect(v.layouts.length).toBeGreaterThanOrEqual(5);
      expect(hasErrors(validateTemplateVersion(v))).toBe(false);
    }
    expect(new Set(versions.map((v) => v.style.fonts.heading)).size).toBe(4);
    expect(new Set(versions.map((v) => v.motion.transition)).size).toBe(4);
    expect(new Set(versions.map((v) => v.style.palette.accent)).size).toBe(4);
    expect(new Set(versions.map((v) => v.style.textTreatment)).size).toBe(4);
  });

  it("fits the long sample of every text slot without shortening it, in every template, layout, ratio and size", () => {
    const failures: string[] = [];
    for (const t of STARTER_TEMPLATES) {
      const v = starterTemplateVersion(t);
      for (const l of v.layouts) {
        for (const ratio of COMPOSITION_RATIOS) {
          for (const size of [CANVAS_SIZES["1080p"][ratio], CANVAS_SIZES["720p"][ratio], sizeForWidth(ratio, 256)]) {
            for (const s of l.slots) {
              const b = l.boxes[ratio][s.id];
              if (s.kind !== "text" || !b) continue;
              const box = { x: 0, y: 0, w: b.w * size.width, h: b.h * size.height };
              const { fitted } = fitSlotText({
                slot: s,
                box,
                text: sampleText(s, true),
                style: v.style,
                scale: designScale(size),
                measure: metricsMeasure,
              });
              if (fitted.overflow || fitted.hyphenated)
                failures.push(`${t.id} ${l.id} ${ratio} ${size.width}px ${s.id}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("samples: long texts respect maxChars, every slot gets a value", () => {
    for (const l of STARTER_LAYOUTS) {
      const values = sampleValues(l, { long: true });
      for (const s of l.slots) {
        expect(values[s.id]).toBeDefined();
        const v = values[s.id]!;
        if (v.type === "text") expect(v.text.length).toBeLessThanOrEqual(s.fit.maxChars);
        if (s.kind === "image" || s.kind === "logo") expect(v.type).toBe("media");
      }
    }
    expect(trimToChars("one two three", 8)).toBe("one two");
  });
});
