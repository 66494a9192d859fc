import { activePhrase, buildCaptionPages } from "./caption-pages";
import type { CaptionCue } from "./cues";
import type { MeasureFn } from "./measure";

const mono: MeasureFn = (text, px) => [...text].length * px * 0.5;
const base = {
  maxChars: 30,
  maxLines: 2,
  fontPx: 20,
  minFontPx: 15,
  width: 200,
  measure: mono,
  font: { id: "inter" as const, weight: 700 },
};

describe("buildCaptionPages", () => {
  it("groups short phrases into one page and keeps each word's phrase", () => {
    const cues: CaptionCue[] = [
      { text: "Fresh coffee", startMs: 0, endMs: 800 },
      { text: "every morning", startMs: 800, endMs: 1600 },
    ];
    const pages = buildCaptionPages(cues, base);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.phrases).toEqual([
      { startMs: 0, endMs: 800 },
      { startMs: 800, endMs: 1600 },
    ]);
    expect(pages[0]!.lines.flat().map((w) => `${w.text}:${w.phrase}`)).toEqual([
      "Fresh:0",
      "coffee:0",
      "every:1",
      "morning:1",
    ]);
    expect(pages[0]!.endMs).toBe(1600 + 400);
  });

  it("starts a new page past maxChars and ends a page when the next one starts", () => {
    const cues: CaptionCue[] = [
      { text: "Small batch coffee roasted", startMs: 0, endMs: 1000 },
      { text: "every single morning", startMs: 1000, endMs: 2000 },
    ];
    const pages = buildCaptionPages(cues, base);
    expect(pages).toHaveLength(2);
    expect(pages[0]!.endMs).toBe(1000);
    expect(pages[1]!.startMs).toBe(1000);
  });

  it("cuts a phrase longer than a page into timed pieces", () => {
    const cue: CaptionCue = {
      text: "one two three four five six seven eight nine ten eleven twelve",
      startMs: 0,
      endMs: 6000,
    };
    const pages = buildCaptionPages([cue], base);
    expect(pages.length).toBeGreaterThan(1);
    for (const p of pages)
      expect(
        p.lines
          .flat()
          .map((w) => w.text)
          .join(" ").length,
      ).toBeLessThanOrEqual(30);
    expect(pages[0]!.startMs).toBe(0);
    expect(pages[pages.length - 1]!.phrases[0]!.endMs).toBeCloseTo(6000);
  });

  it("uses word timings when the cue has them", () => {
    const cue: CaptionCue = {
      text: "alpha beta gamma delta epsilon zeta eta theta",
      startMs: 0,
      endMs: 4000,
      words: ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"].map((text, i) => ({
        text,
        startMs: i * 500,
        endMs: i * 500 + 450,
      })),
    };
    const pages = buildCaptionPages([cue], { ...base, maxChars: 20 });
    expect(pages[1]!.startMs).toBe(pages[1]!.phrases[0]!.startMs);
    expect(pages[1]!.startMs % 500).toBe(0);
  });

  it("shrinks the size for a page that would need more lines, down to the minimum", () => {
    const pages = buildCaptionPages([{ text: "aaaaaaaaa bbbbbbbbb cccccc", startMs: 0, endMs: 1000 }], {
      ...base,
      width: 110,
    });
    expect(pages[0]!.fontPx).toBeLessThan(20);
    expect(pages[0]!.fontPx).toBeGreaterThanOrEqual(15);
    expect(pages[0]!.lines.length).toBeLessThanOrEqual(2);
  });
});

describe("activePhrase", () => {
  it("is the last phrase that has started", () => {
    const page = {
      phrases: [
        { startMs: 0, endMs: 500 },
        { startMs: 700, endMs: 1000 },
      ],
    };
    expect(activePhrase(page, 600)).toBe(0);
    expect(activePhrase(page, 700)).toBe(1);
    expect(activePhrase({ phrases: [{ startMs: 100, endMs: 200 }] }, 50)).toBe(-1);
  });
});
