import { layoutBodySchema } from "@/lib/engine/composition/layout-schema";
import { validateLayout } from "@/lib/engine/composition/layout-validation";
import { COMPOSITION_RATIOS } from "@/lib/engine/composition/ratios";
import { readBrief } from "./brief";
import { layoutRequestBlock, localLayout, localLayoutResponder } from "./local-layouts";

const BRIEFS = [
  "A product hero with price badge, three bullet points, logo bottom right",
  "Event announcement: a date label, big headline, photo and a sign-up button",
  "A customer quote with their name and our logo top left",
  "Just a bold headline and a subtitle",
  "87% of customers order again: a big number, a paragraph and a logo top center",
  "Sale badge on a product photo, price, shop now button, five features list",
];

describe("the Local preview layout generator", () => {
  it.each(BRIEFS)("makes valid, usable layouts for %p in every variant", (brief) => {
    for (let variant = 0; variant < 6; variant++) {
      const layout = localLayout({ brief, variant, count: 6 });
      expect(layoutBodySchema.safeParse(layout).success).toBe(true);
      expect(validateLayout(layout).filter((i) => i.severity === "error")).toEqual([]);
      for (const ratio of COMPOSITION_RATIOS)
        expect(Object.keys(layout.boxes[ratio]).sort()).toEqual(layout.slots.map((s) => s.id).sort());
      expect(layout.description).toMatch(/^Local preview, not AI/);
    }
  });

  it("honours a price badge, three bullet points and a logo bottom right", () => {
    const layout = localLayout({ brief: BRIEFS[0]!, variant: 0, count: 2 });
    const price = layout.slots.find((s) => s.role === "price")!;
    expect(price).toMatchObject({ kind: "text", surface: "accent" });
    const points = layout.slots.find((s) => s.role === "bullets")!;
    expect(points.label).toBe("3 points (one per line)");
    expect(layout.slots.find((s) => s.kind === "image")).toBeDefined();
    for (const ratio of COMPOSITION_RATIOS) {
      const logo = layout.boxes[ratio].logo!;
      expect(logo.x + logo.w).toBeGreaterThan(0.9);
      expect(logo.y + logo.h).toBeGreaterThan(0.9);
      expect(logo.x).toBeGreaterThan(0.5);
    }
  });

  it("reads corners and counts from the brief's words", () => {
    expect(readBrief("logo in the top left, two points").logo).toEqual({ corner: "top-left" });
    expect(readBrief("a top-right logo").logo).toEqual({ corner: "top-right" });
    expect(readBrief("5 bullet points").bullets).toBe(5);
    expect(readBrief("a headline only")).toMatchObject({ bullets: null, price: null, logo: null, image: null });
  });

  it("varies the arrangement between candidates and is deterministic", () => {
    const a = localLayout({ brief: BRIEFS[0]!, variant: 0, count: 3 });
    const b = localLayout({ brief: BRIEFS[0]!, variant: 1, count: 3 });
    expect(JSON.stringify(a.boxes)).not.toBe(JSON.stringify(b.boxes));
    expect(a.name).not.toBe(b.name);
    expect(localLayout({ brief: BRIEFS[0]!, variant: 1, count: 3 })).toEqual(b);
  });

  it("answers the structured-output call with the layout for the request in the prompt", () => {
    const answer = localLayoutResponder({
      userTexts: [`Brief: x\n${layoutRequestBlock({ brief: BRIEFS[1]!, variant: 2, count: 3 })}`],
    } as never);
    expect(JSON.parse(answer.text!)).toEqual(localLayout({ brief: BRIEFS[1]!, variant: 2, count: 3 }));
  });
});
