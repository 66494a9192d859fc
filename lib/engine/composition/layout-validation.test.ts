import {
  checkTextCapacity,
  hasErrors,
  overlapFraction,
  validateLayout,
  validateTemplateVersion,
} from "./layout-validation";
import type { LayoutBody } from "./layout-schema";
import { STARTER_TEMPLATES, starterLayout, starterTemplateVersion } from "./starter";

function clone(id: string): LayoutBody {
  const { id: _id, ...body } = structuredClone(starterLayout(id)!);
  return body;
}

const codes = (l: LayoutBody) =>
  validateLayout(l).map(
    (i) => `${i.code}:${i.severity}${i.ratio ? `:${i.ratio}` : ""}${i.slotId ? `:${i.slotId}` : ""}`,
  );

describe("validateLayout", () => {
  it("finds nothing wrong with a starter layout", () => {
    expect(validateLayout(clone("starter-split"))).toEqual([]);
  });

  it("reports a box that runs off the canvas (error for text, allowed for an image bleeding out)", () => {
    const l = clone("starter-split");
    l.boxes["9:16"].headline = { x: 0.5, y: 0.5, w: 0.8, h: 0.1 };
    l.boxes["9:16"].image = { x: -0.1, y: -0.1, w: 1.2, h: 0.7 };
    expect(codes(l)).toEqual(["off-canvas:error:9:16:headline"]);
  });

  it("reports overlapping text slots", () => {
    const l = clone("starter-split");
    l.boxes["1:1"].body = { ...l.boxes["1:1"].headline! };
    expect(codes(l)).toContain("text-overlap:error:1:1:headline");
  });

  it("reports text that may shrink too small to read", () => {
    const l = clone("starter-split");
    l.slots[1] = { ...l.slots[1]!, fit: { ...l.slots[1]!.fit, minFontPx: 14 } };
    expect(codes(l)).toContain("text-too-small:warning:headline");
    l.slots[1] = { ...l.slots[1]!, fit: { ...l.slots[1]!.fit, minFontPx: 8 } };
    expect(codes(l)).toContain("text-too-small:error:headline");
  });

  it("reports a missing box and a box for a slot that does not exist", () => {
    const l = clone("starter-split");
    delete l.boxes["4:5"].body;
    l.boxes["16:9"].ghost = { x: 0, y: 0, w: 0.1, h: 0.1 };
    expect(codes(l)).toEqual(expect.arrayContaining(["missing-box:error:4:5:body", "unknown-slot:error:16:9:ghost"]));
    expect(hasErrors(validateLayout(l))).toBe(true);
  });

  it("reports duplicate slot ids and boxes too small for one line", () => {
    const l = clone("starter-split");
    l.slots.push({ ...l.slots[1]! });
    l.boxes["9:16"].body = { x: 0.07, y: 0.72, w: 0.86, h: 0.005 };
    expect(codes(l)).toEqual(
      expect.arrayContaining(["duplicate-slot:error:headline", "box-too-small:error:9:16:body"]),
    );
  });

  it("measures overlap against the smaller box", () => {
    expect(overlapFraction({ x: 0, y: 0, w: 1, h: 1 }, { x: 0.25, y: 0.25, w: 0.5, h: 0.5 })).toBe(1);
    expect(overlapFraction({ x: 0, y: 0, w: 0.5, h: 0.5 }, { x: 0.5, y: 0, w: 0.5, h: 0.5 })).toBe(0);
  });
});

describe("text capacity", () => {
  it("flags a slot that cannot hold its maxChars at its smallest size", () => {
    const tv = starterTemplateVersion(STARTER_TEMPLATES[0]!);
    const l = clone("starter-split");
    l.slots[1] = { ...l.slots[1]!, fit: { ...l.slots[1]!.fit, maxChars: 600 } };
    const issues = checkTextCapacity({ layout: l, style: tv.style });
    expect(issues.some((i) => i.code === "text-capacity" && i.slotId === "headline")).toBe(true);
  });

  it("finds no errors in any starter template", () => {
    for (const t of STARTER_TEMPLATES) expect(validateTemplateVersion(starterTemplateVersion(t))).toEqual([]);
  });
});
