import { computeTiming, estimateNarrationMs, msToFrames, musicVolumeAt } from "./timing";

const opts = { fps: 30, transitionMs: 500, pacing: 1, minSceneMs: 2000, tailMs: 300 };

describe("computeTiming", () => {
  it("makes a scene as long as its narration, the pause and the transitions need", () => {
    const t = computeTiming(
      [
        { durationMs: null, narrationMs: 4000 },
        { durationMs: null, narrationMs: 3000 },
        { durationMs: null, narrationMs: 1000 },
      ],
      opts,
    );
    const T = 15; // 500 ms
    expect(t.transitionFrames).toBe(T);
    // first: narration 120 + tail 9 + out 15
    expect(t.scenes[0]).toMatchObject({
      from: 0,
      durationInFrames: 120 + 9 + T,
      transitionInFrames: 0,
      transitionOutFrames: T,
      narrationStartFrame: 0,
      narrationFrames: 120,
    });
    // middle: in 15 + 90 + 9 + out 15, starting where the previous one starts leaving
    expect(t.scenes[1]).toMatchObject({ from: 144 - T, durationInFrames: T + 90 + 9 + T, narrationStartFrame: T });
    // last: short narration, so the template minimum (2 s) wins
    expect(t.scenes[2]!.durationInFrames).toBe(60);
    expect(t.totalFrames).toBe(t.scenes[2]!.from + 60);
  });

  it("never lets one scene's narration run into the next scene's", () => {
    const t = computeTiming(
      [
        { durationMs: null, narrationMs: 5000 },
        { durationMs: null, narrationMs: 5000 },
      ],
      opts,
    );
    const [a, b] = t.scenes as [(typeof t.scenes)[0], (typeof t.scenes)[0]];
    const aEnds = a.from + a.narrationStartFrame + a.narrationFrames;
    const bStarts = b.from + b.narrationStartFrame;
    expect(bStarts - aEnds).toBeGreaterThanOrEqual(9); // at least the tail
  });

  it("keeps a user's fixed length when it is longer, and lengthens it when the narration needs more", () => {
    const t = computeTiming(
      [
        { durationMs: 6000, narrationMs: 1000 },
        { durationMs: 1000, narrationMs: 4000 },
      ],
      { ...opts, transitionMs: 0 },
    );
    expect(t.scenes[0]!.durationInFrames).toBe(180);
    expect(t.scenes[1]!.durationInFrames).toBe(120 + 9);
  });

  it("stretches minimums and pauses with the template's pacing", () => {
    const slow = computeTiming([{ durationMs: null, narrationMs: null }], { ...opts, pacing: 1.5 });
    expect(slow.scenes[0]!.durationInFrames).toBe(90);
    expect(slow.totalFrames).toBe(90);
  });

  it("has no transition with a single scene and caps transitions at half the shortest scene", () => {
    expect(computeTiming([{ durationMs: null, narrationMs: null }], opts).transitionFrames).toBe(0);
    const t = computeTiming(
      [
        { durationMs: null, narrationMs: null },
        { durationMs: null, narrationMs: null },
      ],
      { ...opts, transitionMs: 5000 },
    );
    expect(t.transitionFrames).toBe(30);
    expect(t.totalFrames).toBe(60 + 60 - 30);
  });
});

describe("estimateNarrationMs", () => {
  it("is zero for no words and grows with the word count", () => {
    expect(estimateNarrationMs("  ")).toBe(0);
    const short = estimateNarrationMs("Fresh coffee today.");
    const long = estimateNarrationMs(
      "Fresh coffee today, roasted this morning and delivered to your door before noon.",
    );
    expect(short).toBeGreaterThan(500);
    expect(long).toBeGreaterThan(short * 3);
  });
});

describe("musicVolumeAt", () => {
  const o = { volume: 0.4, duckedVolume: 0.1, rampFrames: 10 };
  const w = [{ start: 100, end: 200 }];
  it("is full in silence, ducked under narration and ramps between", () => {
    expect(musicVolumeAt(0, w, o)).toBeCloseTo(0.4);
    expect(musicVolumeAt(150, w, o)).toBeCloseTo(0.1);
    expect(musicVolumeAt(95, w, o)).toBeCloseTo(0.25);
    expect(musicVolumeAt(205, w, o)).toBeCloseTo(0.25);
    expect(musicVolumeAt(300, w, o)).toBeCloseTo(0.4);
  });
  it("fades out at the end", () => {
    expect(musicVolumeAt(295, [], { ...o, totalFrames: 300, fadeOutFrames: 30 })).toBeCloseTo(0.4 * (5 / 30));
  });
  it("converts ms to frames", () => {
    expect(msToFrames(1000, 30)).toBe(30);
    expect(msToFrames(-5, 30)).toBe(0);
  });
});
