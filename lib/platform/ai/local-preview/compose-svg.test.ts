import { sizeForAspectRatio } from "../aspect-ratios";
import { composeSvg } from "./compose-svg";
import { illustrationLibrary } from "./illustrations";
import { readPrompt } from "./prompt-features";
import { chooseIllustrations } from "./subject";

const library = illustrationLibrary();
const RATIOS = ["1:1", "16:9", "9:16", "4:5", "3:2"] as const;

function compose(prompt: string, seed: number, ratio: (typeof RATIOS)[number] = "16:9", palette?: string[]) {
  const size = sizeForAspectRatio(ratio);
  const picked = chooseIllustrations(prompt, library, seed);
  return {
    svg: composeSvg({ features: readPrompt(prompt, palette), seed, ...size, art: { ...picked, draw: library.draw } }),
    picked,
    size,
  };
}

/** The drawn icons: nested <svg x y width height viewBox> elements, shadows left out. */
function icons(svg: string) {
  return [
    ...svg.matchAll(
      /<svg x="([\d.-]+)" y="([\d.-]+)" width="([\d.]+)" height="([\d.]+)" viewBox="[^"]+" preserveAspectRatio="xMidYMid meet">/g,
    ),
  ].map((m) => ({
    x: Number(m[1]),
    y: Number(m[2]),
    size: Number(m[3]),
  }));
}

describe("composeSvg", () => {
  it("draws no text at all, whatever the prompt says", () => {
    for (const prompt of [
      "A 20-second upbeat ad for a reusable steel water bottle",
      "SALE 50% OFF with code SUMMER24",
      "zxqv blorf",
    ]) {
      const { svg } = compose(prompt, 4);
      expect(svg).not.toMatch(/<text|<tspan|font-family/);
      for (const word of ["upbeat", "SUMMER24", "blorf", "Local preview"]) expect(svg).not.toContain(word);
    }
  });

  it("draws the chosen illustration large: 55-70 % of the short side, inside the frame, in every ratio", () => {
    for (const ratio of RATIOS) {
      for (let seed = 0; seed < 40; seed++) {
        const { svg, size } = compose("fresh croissants from a bakery and coffee", seed, ratio);
        expect(
          svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}"`),
        ).toBe(true);
        const drawn = icons(svg);
        // The main one is drawn last (over its shadow and the supporting ones).
        const main = drawn[drawn.length - 1]!;
        const short = Math.min(size.width, size.height);
        expect(main.size / short).toBeGreaterThanOrEqual(0.55);
        expect(main.size / short).toBeLessThanOrEqual(0.7);
        for (const icon of drawn) {
          expect({
            ratio,
            seed,
            inside:
              icon.x >= -1 &&
              icon.y >= -1 &&
              icon.x + icon.size <= size.width + 1 &&
              icon.y + icon.size <= size.height + 1,
          }).toEqual({ ratio, seed, inside: true });
        }
      }
    }
  });

  it("the main illustration is the chosen subject's icon", () => {
    const { svg } = compose("a croissant", 1);
    const croissant = library.draw("croissant", { x: 0, y: 0, size: 1, idPrefix: "m-" });
    const body = croissant.slice(croissant.indexOf(">") + 1, croissant.lastIndexOf("</svg>"));
    expect(svg).toContain(body);
  });

  it("varies the layout and the ground across seeds, so a video's scenes differ", () => {
    const layouts = new Set<string>();
    const grounds = new Set<string>();
    for (let seed = 0; seed < 12; seed++) {
      const { svg } = compose("a cozy coffee shop at sunrise", seed);
      const main = icons(svg).pop()!;
      layouts.add(`${Math.round(main.x / 50)}:${Math.round(main.y / 50)}:${Math.round(main.size / 50)}`);
      grounds.add(svg.slice(svg.indexOf("</defs>"), svg.indexOf("<ellipse")).replace(/[\d.]+/g, "#"));
    }
    expect(layouts.size).toBeGreaterThanOrEqual(4);
    expect(grounds.size).toBeGreaterThanOrEqual(3);
  });

  it("with a focus (a mask's painted area) draws the subject inside it, alone", () => {
    const focus = { left: 600, top: 80, width: 300, height: 240 };
    const size = sizeForAspectRatio("16:9");
    const picked = chooseIllustrations("a laptop for students", library, 2);
    expect(picked.support.length).toBeGreaterThan(0);
    const svg = composeSvg({
      features: readPrompt("a laptop for students"),
      seed: 2,
      ...size,
      art: { ...picked, draw: library.draw },
      focus,
    });
    const drawn = icons(svg);
    expect(drawn).toHaveLength(1);
    const [main] = drawn;
    expect(main!.x).toBeGreaterThanOrEqual(focus.left);
    expect(main!.y).toBeGreaterThanOrEqual(focus.top);
    expect(main!.x + main!.size).toBeLessThanOrEqual(focus.left + focus.width);
    expect(main!.y + main!.size).toBeLessThanOrEqual(focus.top + focus.height);
  });

  it("with an area (where the picture will be seen) draws the subject and its support pictures inside it", () => {
    // A 9:16 picture under the full-bleed layout's band: the upper 55% shows.
    for (const ratio of ["9:16", "16:9", "1:1"] as const) {
      const size = sizeForAspectRatio(ratio);
      const area = { left: 0, top: 0, width: size.width, height: size.height * 0.55 };
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const picked = chooseIllustrations("a laptop for students, coffee and books", library, seed);
        const svg = composeSvg({
          features: readPrompt("a laptop for students"),
          seed,
          ...size,
          art: { ...picked, draw: library.draw },
          area,
        });
        const drawn = icons(svg);
        expect(drawn.length).toBe(1 + Math.min(2, picked.support.length));
        for (const icon of drawn) {
          expect({ ratio, seed, inside: icon.y >= area.top - 0.5 && icon.y + icon.size <= area.height + 0.5 }).toEqual({
            ratio,
            seed,
            inside: true,
          });
        }
        // Still the subject, large in its area.
        expect(drawn[drawn.length - 1]!.size).toBeGreaterThanOrEqual(Math.min(area.width, area.height) * 0.5);
      }
    }
    // Without an area the picture is as before: the same seed gives the same picture whether or not the option exists.
    const plain = compose("a laptop for students", 3, "9:16").svg;
    const size = sizeForAspectRatio("9:16");
    const picked = chooseIllustrations("a laptop for students", library, 3);
    expect(
      composeSvg({
        features: readPrompt("a laptop for students"),
        seed: 3,
        ...size,
        art: { ...picked, draw: library.draw },
      }),
    ).toBe(plain);
  });

  it("is a pure function of prompt, seed, size and palette", () => {
    expect(compose("running shoes", 8).svg).toBe(compose("running shoes", 8).svg);
    expect(compose("running shoes", 8).svg).not.toBe(compose("running shoes", 9).svg);
    expect(compose("running shoes", 8, "16:9", ["#112233"]).svg).not.toBe(compose("running shoes", 8).svg);
  });

  it("two icons with gradients in one picture keep their own ids", () => {
    const withIds = [...library.entries.keys()].find((name) =>
      /\sid="/.test(library.draw(name, { x: 0, y: 0, size: 1, idPrefix: "" })),
    )!;
    const a = library.draw(withIds, { x: 0, y: 0, size: 10, idPrefix: "a-" });
    const b = library.draw(withIds, { x: 0, y: 0, size: 10, idPrefix: "b-" });
    const ids = (s: string) => [...s.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);
    expect(ids(a).length).toBeGreaterThan(0);
    expect(ids(a).every((id) => id.startsWith("a-"))).toBe(true);
    expect(ids(a).filter((id) => ids(b).includes(id))).toEqual([]);
    // Every url(#…) reference points at an id of the same icon.
    for (const ref of a.matchAll(/url\(#([^)]+)\)/g)) expect(ids(a)).toContain(ref[1]);
  });
});

describe("readPrompt colours", () => {
  it("a colour before a thing is the thing's; the ground takes the other colours first", () => {
    const apple = readPrompt("a red apple on blue").palette;
    expect(apple[0]).toBe("#1d4ed8");
    expect(apple.slice(0, 2)).not.toContain("#d7263d");
    expect(apple).toContain("#d7263d");
    expect(readPrompt("a red apple on a blue background").palette[0]).toBe("#1d4ed8");
    expect(readPrompt("red fire").palette[0]).toBe("#d7263d");
  });

  it("a caller's palette comes after the prompt's colours and before made-up ones", () => {
    const base = ["#123456", "#abcdef"];
    expect(readPrompt("running shoes", base).palette.slice(0, 2)).toEqual(base);
    expect(readPrompt("a red apple", base).palette.slice(0, 3)).toEqual(["#d7263d", ...base]);
  });
});
