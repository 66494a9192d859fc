import {
  captionFrame,
  captionPresetOf,
  DEFAULT_CAPTION_PRESET,
  timePageWords,
  type CaptionPreset,
  type TimedPage,
} from "./caption-presets";

// Three words at 10 fps: "Fresh" 0-5, "coffee" 5-12, "today" 15-20 (a pause before the last).
const page: TimedPage = {
  phrases: [
    { startFrame: 0, endFrame: 12 },
    { startFrame: 15, endFrame: 20 },
  ],
  lines: [
    [
      { text: "Fresh", phrase: 0, startFrame: 0, endFrame: 5 },
      { text: "coffee", phrase: 0, startFrame: 5, endFrame: 12 },
    ],
    [{ text: "today", phrase: 1, startFrame: 15, endFrame: 20 }],
  ],
};
const at = (preset: CaptionPreset, frame: number) => captionFrame({ page, frame, preset, fps: 10 });
const shown = (preset: CaptionPreset, frame: number) =>
  at(preset, frame)
    .words.map((w, i) => (w.visible ? ["Fresh", "coffee", "today"][i] : "_"))
    .join(" ");

describe("caption presets: which words are on and moving at a frame", () => {
  it("active word: the last word that has started lights up, and stays lit through the pause", () => {
    expect(at("word", 0).active).toBe(0);
    expect(at("word", 6).words.map((w) => w.active)).toEqual([false, true, false]);
    expect(at("word", 13).active).toBe(1);
    expect(at("word", 16).active).toBe(2);
  });

  it("phrase: the phrase lights up, not the word", () => {
    expect(at("phrase", 6).phrase).toBe(0);
    expect(at("phrase", 16).phrase).toBe(1);
    expect(at("phrase", 1).key).toBe(at("phrase", 9).key);
  });

  it("karaoke: spoken words are full, the word being spoken fills with time, the rest are empty", () => {
    const f = at("karaoke", 7);
    expect(f.words[0]!.fill).toBe(1);
    expect(f.words[1]!.fill).toBeCloseTo(2 / 7, 5);
    expect(f.words[2]!.fill).toBe(0);
    expect(at("karaoke", 8).key).not.toBe(f.key);
    // After the word has filled (the pause), nothing moves.
    expect(at("karaoke", 12).key).toBe(at("karaoke", 14).key);
  });

  it("pop-in: words appear as spoken, the newest grows to full size over 150 ms", () => {
    expect(shown("pop", 6)).toBe("Fresh coffee _");
    expect(at("pop", 5).words[1]!.scale).toBeCloseTo(0.6, 5);
    expect(at("pop", 7).words[1]!.scale).toBe(1);
    expect(at("pop", 8).key).toBe(at("pop", 11).key);
  });

  it("bounce: the spoken word jumps up and lands within 250 ms", () => {
    expect(at("bounce", 5).words[1]!.lift).toBe(0);
    expect(at("bounce", 6).words[1]!.lift).toBeGreaterThan(0.5);
    expect(at("bounce", 8).words[1]!.lift).toBe(0);
    expect(shown("bounce", 0)).toBe("Fresh coffee today");
  });

  it("typewriter: letters of the word being spoken appear as it is spoken, later words are hidden", () => {
    expect(shown("typewriter", 6)).toBe("Fresh coffee _");
    const chars = [5, 6, 7, 8, 9, 10].map((f) => at("typewriter", f).words[1]!.chars);
    expect(chars[0]).toBeGreaterThanOrEqual(1);
    expect(chars[chars.length - 1]).toBe(6);
    expect(chars).toEqual([...chars].sort((a, b) => a - b));
  });

  it("one word: only the word being spoken is shown", () => {
    expect(shown("single", 6)).toBe("_ coffee _");
    expect(shown("single", 16)).toBe("_ _ today");
  });

  it("lower third: nothing changes within a page", () => {
    expect(new Set([0, 6, 13, 17].map((f) => at("lower-third", f).key)).size).toBe(1);
  });

  it("the default and the colour-only presets change only at word boundaries", () => {
    expect(DEFAULT_CAPTION_PRESET).toBe("word");
    for (const preset of ["word", "outline", "boxed", "single"] as const) {
      const keys = Array.from({ length: 20 }, (_, f) => at(preset, f).key);
      const changes = keys.flatMap((k, f) => (f > 0 && k !== keys[f - 1] ? [f] : []));
      expect(changes).toEqual([5, 15]);
    }
  });
});

describe("the preset a composition uses", () => {
  it("is its own choice, else the applied brand kit's, else the default", () => {
    const kit = { apply: true, caption_style: { preset: "boxed" as const } };
    expect(captionPresetOf({ audio: { caption_preset: "pop" }, brand: kit })).toBe("pop");
    expect(captionPresetOf({ audio: {}, brand: kit })).toBe("boxed");
    expect(captionPresetOf({ audio: {}, brand: { ...kit, apply: false } })).toBe(DEFAULT_CAPTION_PRESET);
    expect(captionPresetOf({ audio: {}, brand: null })).toBe(DEFAULT_CAPTION_PRESET);
  });
});

describe("word times on a page", () => {
  it("keeps measured word times and shares a phrase's time by letters where words have none", () => {
    const lines = timePageWords({
      lines: [
        [
          { text: "ab", phrase: 0 },
          { text: "abcdef", phrase: 0 },
          { text: "x", phrase: 1, startMs: 900, endMs: 950 },
        ],
      ],
      phrases: [
        { startMs: 0, endMs: 800 },
        { startMs: 800, endMs: 1000 },
      ],
    });
    expect(lines[0]!.map((w) => [w.startMs, w.endMs])).toEqual([
      [0, 200],
      [200, 800],
      [900, 950],
    ]);
  });
});
