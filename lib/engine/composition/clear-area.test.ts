import { pictureClearArea } from "./clear-area";
import type { LayoutBody } from "./layout-schema";
import { STARTER_TEMPLATES, starterTemplateVersion } from "./starter";

const layout = (id: string) => {
  for (const t of STARTER_TEMPLATES) {
    const found = starterTemplateVersion(t).layouts.find((l) => l.id === id);
    if (found) return found;
  }
  throw new Error(id);
};

describe("pictureClearArea: where a scene's picture is seen", () => {
  it("is above the full-bleed layout's band, and the middle half of a 9:16 picture in the split layout's top half", () => {
    expect(pictureClearArea(layout("starter-full-bleed"), "9:16")).toEqual({ x: 0, y: 0, w: 1, h: 0.55 });
    expect(pictureClearArea(layout("starter-full-bleed"), "1:1")).toEqual({ x: 0, y: 0, w: 1, h: 0.5 });
    // The picture is made at 9:16 and covers a 1080×960 box: its middle rows show.
    expect(pictureClearArea(layout("starter-split"), "9:16")).toEqual({ x: 0, y: 0.25, w: 1, h: 0.5 });
    // 16:9: the right half of the frame shows the picture's middle columns.
    expect(pictureClearArea(layout("starter-split"), "16:9")).toEqual({ x: 0.25, y: 0, w: 0.5, h: 1 });
  });

  it("says nothing where the whole picture shows, or there is none", () => {
    expect(pictureClearArea(layout("starter-statement"), "9:16")).toBeNull();
    const whole: Pick<LayoutBody, "slots" | "boxes"> = {
      slots: [{ ...layout("starter-full-bleed").slots[0]! }],
      boxes: { "9:16": { image: { x: 0, y: 0, w: 1, h: 1 } }, "1:1": {}, "4:5": {}, "16:9": {} },
    };
    expect(pictureClearArea(whole, "9:16")).toBeNull();
  });

  it("keeps the larger side beside each cover: text over the right of a full picture leaves the left", () => {
    const base = layout("starter-full-bleed");
    const image = base.slots.find((s) => s.kind === "image")!;
    const headline = base.slots.find((s) => s.id === "headline")!;
    const side: Pick<LayoutBody, "slots" | "boxes"> = {
      slots: [image, headline],
      boxes: {
        "16:9": { image: { x: 0, y: 0, w: 1, h: 1 }, headline: { x: 0.6, y: 0.1, w: 0.35, h: 0.8 } },
        "9:16": {},
        "1:1": {},
        "4:5": {},
      },
    };
    expect(pictureClearArea(side, "16:9")).toEqual({ x: 0, y: 0, w: 0.6, h: 1 });
  });
});
