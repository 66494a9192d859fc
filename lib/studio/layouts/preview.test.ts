import { COMPOSITION_RATIOS } from "@/lib/engine/composition/ratios";
import { STARTER_LAYOUTS } from "@/lib/engine/composition/starter";
import { layoutPreviewProps } from "./preview";

const media = { photo: "https://m/photo.jpg", product: "https://m/product.png", logo: "https://m/logo.png" };

describe("layoutPreviewProps", () => {
  it("draws every starter layout in every ratio with sample content, through the renderer's resolver", () => {
    for (const l of STARTER_LAYOUTS) {
      for (const ratio of COMPOSITION_RATIOS) {
        const props = layoutPreviewProps({ layout: l, ratio, media, width: 120 });
        expect(props.scenes[0]!.slots).toHaveLength(l.slots.length);
      }
    }
    const split = STARTER_LAYOUTS.find((l) => l.id === "starter-split")!;
    const p = layoutPreviewProps({ layout: split, ratio: "1:1", media, width: 200 });
    expect(p.width).toBe(200);
    expect(p.scenes[0]!.slots.find((s) => s.id === "image")!.media!.src).toBe(media.photo);
    expect(
      layoutPreviewProps({ layout: split, ratio: "1:1", media: null, width: 200 }).scenes[0]!.slots.find(
        (s) => s.id === "image",
      )?.media ?? null,
    ).toBeNull();
  });

  it("plays the layout's own entrances (the template's text entrance does not replace them) and long samples are longer", () => {
    const split = STARTER_LAYOUTS.find((l) => l.id === "starter-split")!;
    const popped = {
      ...split,
      slots: split.slots.map((s) =>
        s.id === "headline"
          ? { ...s, enter: { type: "pop" as const, durationMs: 500, delayMs: 0, easing: "linear" as const } }
          : s,
      ),
    };
    for (const styleId of ["starter-bold", "starter-elegant", "starter-corporate", "starter-playful"]) {
      const props = layoutPreviewProps({
        layout: popped,
        ratio: "9:16",
        media,
        width: 180,
        durationMs: 4000,
        fps: 30,
        styleId,
      });
      expect(props.scenes[0]!.slots.find((s) => s.id === "headline")!.enter).toMatchObject({
        type: "pop",
        durationInFrames: 15,
      });
    }
    const text = (long: boolean) =>
      layoutPreviewProps({ layout: split, ratio: "9:16", media, width: 180, long })
        .scenes[0]!.slots.find((s) => s.id === "body")!
        .text!.lines.map((l) => l.text)
        .join(" ");
    expect(text(true).length).toBeGreaterThan(text(false).length);
  });
});
