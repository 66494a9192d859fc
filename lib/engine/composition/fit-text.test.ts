import { fitText, toParagraphs } from "./fit-text";
import type { MeasureFn } from "./measure";
import { metricsMeasure } from "./measure";

/** Every character is half an em wide: widths are easy to reason about. */
const mono: MeasureFn = (text, px) => [...text].length * px * 0.5;
const font = { id: "inter" as const, weight: 400 };
const base = { measure: mono, font, lineHeight: 1 };

describe("fitText", () => {
  it("uses the largest size when the text fits on one line", () => {
    const r = fitText({ ...base, text: "Hello", box: { width: 1000, height: 100 }, minFontPx: 10, maxFontPx: 40 });
    expect(r.fontPx).toBe(40);
    expect(r.lines.map((l) => l.text)).toEqual(["Hello"]);
    expect(r.overflow).toBe(false);
  });

  it("finds the largest size at which the wrapped lines fit both width and height", () => {
    // 20 characters; box 100 wide, 60 tall.
    const r = fitText({
      ...base,
      text: "aaaa bbbb cccc dddd",
      box: { width: 100, height: 60 },
      minFontPx: 5,
      maxFontPx: 60,
    });
    expect(r.overflow).toBe(false);
    expect(r.height).toBeLessThanOrEqual(60 + 1e-6);
    for (const l of r.lines) expect(mono(l.text, r.fontPx, font)).toBeLessThanOrEqual(100 + 1e-6);
    // One step bigger would not fit.
    const bigger = fitText({
      ...base,
      text: "aaaa bbbb cccc dddd",
      box: { width: 100, height: 60 },
      minFontPx: r.fontPx + 0.2,
      maxFontPx: r.fontPx + 0.2,
    });
    expect(bigger.overflow || bigger.hyphenated).toBe(true);
  });

  it("wraps between words, never inside one, while a size allows it", () => {
    const r = fitText({
      ...base,
      text: "one two three four five six",
      box: { width: 60, height: 1000 },
      minFontPx: 10,
      maxFontPx: 10,
    });
    expect(r.lines.map((l) => l.text)).toEqual(["one two", "three four", "five six"]);
    expect(r.hyphenated).toBe(false);
  });

  it("keeps explicit line breaks as paragraphs and indents continuation lines after a prefix", () => {
    const r = fitText({
      ...base,
      text: "alpha beta gamma\ndelta",
      box: { width: 70, height: 1000 },
      minFontPx: 10,
      maxFontPx: 10,
      paragraphPrefix: "• ",
    });
    expect(r.lines).toEqual([
      { text: "• alpha beta", continuation: false },
      { text: "gamma", continuation: true },
      { text: "• delta", continuation: false },
    ]);
    expect(r.indentPx).toBe(10);
  });

  it("hyphenates a word longer than the line only at the minimum size", () => {
    const r = fitText({
      ...base,
      text: "supercalifragilistic",
      box: { width: 50, height: 1000 },
      minFontPx: 10,
      maxFontPx: 40,
    });
    expect(r.fontPx).toBe(10);
    expect(r.hyphenated).toBe(true);
    expect(r.lines[0]!.text.endsWith("-")).toBe(true);
    expect(r.lines.map((l) => l.text.replace(/-$/, "")).join("")).toBe("supercalifragilistic");
    for (const l of r.lines) expect(mono(l.text, 10, font)).toBeLessThanOrEqual(50);
  });

  it("cuts with an ellipsis and reports overflow when even the minimum does not fit", () => {
    const text = "word ".repeat(40).trim();
    const r = fitText({ ...base, text, box: { width: 100, height: 25 }, minFontPx: 10, maxFontPx: 20 });
    expect(r.overflow).toBe(true);
    expect(r.fontPx).toBe(10);
    expect(r.lines).toHaveLength(2);
    expect(r.lines[1]!.text.endsWith("…")).toBe(true);
    expect(r.height).toBeLessThanOrEqual(25);
    for (const l of r.lines) expect(mono(l.text, 10, font)).toBeLessThanOrEqual(100);
  });

  it("respects maxLines", () => {
    const r = fitText({
      ...base,
      text: "aa bb cc",
      box: { width: 1000, height: 1000 },
      minFontPx: 10,
      maxFontPx: 400,
      maxLines: 1,
    });
    expect(r.lines).toHaveLength(1);
    expect(mono(r.lines[0]!.text, r.fontPx, font)).toBeLessThanOrEqual(1000);
  });

  it("returns no lines for empty text", () => {
    expect(
      fitText({ ...base, text: "  \n ", box: { width: 10, height: 10 }, minFontPx: 5, maxFontPx: 9 }).lines,
    ).toEqual([]);
    expect(toParagraphs("a  b\n\nc")).toEqual([["a", "b"], ["c"]]);
  });

  it("rejects an impossible size range", () => {
    expect(() => fitText({ ...base, text: "x", box: { width: 10, height: 10 }, minFontPx: 20, maxFontPx: 10 })).toThrow(
      RangeError,
    );
  });
});

describe("metricsMeasure (the shipped fonts' own advance widths)", () => {
  it("scales with the size and knows that Bebas Neue is narrower than Inter", () => {
    const inter = metricsMeasure("Fresh coffee", 100, { id: "inter", weight: 400 });
    expect(metricsMeasure("Fresh coffee", 50, { id: "inter", weight: 400 })).toBeCloseTo(inter / 2, 5);
    expect(metricsMeasure("Fresh coffee", 100, { id: "bebas-neue", weight: 400 })).toBeLessThan(inter);
    expect(metricsMeasure("WWW", 100, { id: "inter", weight: 700 })).toBeGreaterThan(
      metricsMeasure("iii", 100, { id: "inter", weight: 700 }) * 2,
    );
  });

  it("measures capitals for uppercase slots and adds letter spacing per character", () => {
    const lower = metricsMeasure("coffee", 100, { id: "inter", weight: 400 });
    expect(metricsMeasure("coffee", 100, { id: "inter", weight: 400, uppercase: true })).toBeGreaterThan(lower);
    expect(metricsMeasure("coffee", 100, { id: "inter", weight: 400, letterSpacingEm: 0.1 })).toBeCloseTo(
      lower + 6 * 10,
      5,
    );
  });

  it("counts a glyph the fonts do not have as a full em", () => {
    expect(metricsMeasure("漢", 100, { id: "inter", weight: 400 })).toBe(100);
  });
});
