import { STARTER_TEMPLATES, starterTemplateVersion } from "@/lib/engine/composition/starter";
import { COMPOSITION_RATIOS } from "@/lib/engine/composition/ratios";
import { checkTemplateVersion } from "./checks";
import { contrastPairs, contrastRatio } from "./contrast";

describe("template checks", () => {
  it("pass for every starter template: each layout in every ratio with short and long text", () => {
    for (const t of STARTER_TEMPLATES) {
      const body = starterTemplateVersion(t);
      const r = checkTemplateVersion(body);
      expect({ id: t.id, errors: r.cells.filter((c) => c.problems.some((p) => p.severity === "error")) }).toEqual({
        id: t.id,
        errors: [],
      });
      expect(r.cells).toHaveLength(body.layouts.length * COMPOSITION_RATIOS.length * 2);
    }
  });

  it("report text that overflows, shrinks too far, and slots with no box", () => {
    const body = starterTemplateVersion(STARTER_TEMPLATES[0]!);
    const big = checkTemplateVersion({ ...body, style: { ...body.style, typeScale: 2, spacing: 120 } });
    expect(big.passed).toBe(false);
    expect(big.cells.some((c) => c.sample === "long" && c.problems.some((p) => p.code === "overflow"))).toBe(true);

    const tiny = checkTemplateVersion({ ...body, style: { ...body.style, typeScale: 0.5 } });
    expect(tiny.cells.some((c) => c.problems.some((p) => p.code === "too-small"))).toBe(true);

    const l = body.layouts[0]!;
    const { [l.slots.find((s) => s.kind === "text")!.id]: _gone, ...rest } = l.boxes["9:16"];
    const missing = checkTemplateVersion({ ...body, layouts: [{ ...l, boxes: { ...l.boxes, "9:16": rest } }] });
    expect(
      missing.cells
        .filter((c) => c.ratio === "9:16")
        .every((c) => c.problems.some((p) => p.code === "missing-slot" && p.severity === "error")),
    ).toBe(true);
    expect(
      missing.cells.filter((c) => c.ratio === "1:1").every((c) => !c.problems.some((p) => p.code === "missing-slot")),
    ).toBe(true);
  });
});

describe("contrast", () => {
  it("computes WCAG ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });

  it("warns about the text/background pairs below AA", () => {
    const palette = {
      background: "#ffffff",
      surface: "#f1f4f9",
      text: "#0f172a",
      muted: "#64748b",
      accent: "#ffd400",
      accentText: "#ffffff",
    };
    const pairs = contrastPairs(palette);
    expect(pairs.find((p) => p.id === "text-background")!.ok).toBe(true);
    const bad = pairs.find((p) => p.id === "accent-text")!;
    expect(bad.ok).toBe(false);
    expect(bad.ratio).toBeLessThan(3);
    expect(contrastPairs({ ...palette, text: "#eeeeee" }).find((p) => p.id === "text-background")!.ok).toBe(false);
  });
});
