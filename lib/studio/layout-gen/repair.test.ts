import { localLayout } from "./local-layouts";
import { repairLayout } from "./repair";

const good = () =>
  JSON.parse(
    JSON.stringify(
      localLayout({
        brief: "product hero with price badge, three bullet points, logo bottom right",
        variant: 0,
        count: 1,
      }),
    ),
  );

describe("repairLayout", () => {
  it("keeps a valid layout as it is, with nothing to report", () => {
    const layout = good();
    expect(repairLayout(layout)).toEqual({ ok: true, layout, repairs: [] });
  });

  it("clamps boxes onto the canvas, swaps min/max font sizes, fills a missing ratio and dedupes slot ids", () => {
    const raw = good();
    raw.boxes["9:16"].logo = { x: 0.95, y: 1.2, w: 0.2, h: 0.06 };
    const headline = raw.slots.find((s: { id: string }) => s.id === "headline");
    headline.fit.minFontPx = 130;
    headline.fit.maxFontPx = 60;
    delete raw.boxes["4:5"];
    raw.slots.push({ ...raw.slots.find((s: { id: string }) => s.id === "logo") });
    const out = repairLayout(raw);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const box = out.layout.boxes["9:16"].logo!;
    expect(box.x + box.w).toBeLessThanOrEqual(1);
    expect(box.y + box.h).toBeLessThanOrEqual(1);
    const h = out.layout.slots.find((s) => s.id === "headline")!;
    expect([h.fit.minFontPx, h.fit.maxFontPx]).toEqual([60, 130]);
    expect(Object.keys(out.layout.boxes["4:5"]).sort()).toEqual(out.layout.slots.map((s) => s.id).sort());
    expect(out.layout.slots.map((s) => s.id)).toContain("logo-2");
    expect(out.repairs.join("\n")).toMatch(/onto the canvas[\s\S]*swapped|swapped[\s\S]*onto the canvas/);
    expect(out.repairs.join("\n")).toMatch(/missing 4:5 boxes were filled from/);
    expect(out.repairs.join("\n")).toMatch(/second is now "logo-2"/);
  });

  it("maps ids that are not slugs and unknown enums", () => {
    const out = repairLayout({
      name: "X",
      slots: [{ id: "Main Title!", kind: "TEXT", role: "headline", label: "T" }],
      boxes: { "1:1": { "Main Title!": [0.1, 0.1, 0.8, 0.3] } },
    });
    expect(out.ok).toBe(true);
    if (out.ok) {
      expect(out.layout.slots[0]!.id).toBe("main-title");
      expect(out.layout.boxes["16:9"]["main-title"]).toEqual({ x: 0.1, y: 0.1, w: 0.8, h: 0.3 });
    }
  });

  it("refuses what needs judgement, with the reason", () => {
    expect(repairLayout("not json")).toMatchObject({ ok: false, reason: "The answer was not JSON." });
    expect(repairLayout({ name: "x", slots: [], boxes: {} })).toMatchObject({
      ok: false,
      reason: "The layout has no slots.",
    });
    const overlapping = good();
    for (const r of Object.keys(overlapping.boxes)) overlapping.boxes[r].points = { ...overlapping.boxes[r].headline };
    const out = repairLayout(overlapping);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.reason).toMatch(/overlap/);
    expect(
      repairLayout({ name: "x", slots: [{ id: "a", kind: "text", role: "body", label: "A" }], boxes: {} }),
    ).toMatchObject({ ok: false, reason: 'No aspect ratio gives a box for "a".' });
  });
});
