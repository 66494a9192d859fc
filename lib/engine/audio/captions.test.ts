import { captionCueSchema, type CaptionCue } from "@/lib/engine/composition/cues";
import { cuesFromPhraseDurations, cuesFromWordTimings, estimateCues, toWebVtt, type TimedWord } from "./captions";
import { splitPhrases } from "./phrases";

function expectContiguous(cues: CaptionCue[], durationMs: number) {
  cues.forEach((c) => expect(captionCueSchema.safeParse(c).success).toBe(true));
  expect(cues[0]!.startMs).toBe(0);
  for (let i = 0; i + 1 < cues.length; i++) expect(cues[i]!.endMs).toBe(cues[i + 1]!.startMs);
  expect(cues[cues.length - 1]!.endMs).toBe(durationMs);
}

/** Words at a steady pace: each `step` ms long, in order. */
function steady(text: string, step = 300, from = 0): TimedWord[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((w, i) => ({ text: w, startMs: from + i * step, endMs: from + (i + 1) * step - 50 }));
}

describe("cuesFromPhraseDurations", () => {
  it("lays phrases end to end: each cue lasts its phrase's audio, the next starts where it ends", () => {
    const cues = cuesFromPhraseDurations(
      [{ text: "One." }, { text: "Two, three." }, { text: "Four." }],
      [812.5, 1200, 640.25],
    );
    expect(cues).toEqual([
      { text: "One.", startMs: 0, endMs: 812.5 },
      { text: "Two, three.", startMs: 812.5, endMs: 2012.5 },
      { text: "Four.", startMs: 2012.5, endMs: 2652.75 },
    ]);
    expectContiguous(cues, 2652.75);
  });

  it("refuses mismatched inputs rather than mistiming captions", () => {
    expect(() => cuesFromPhraseDurations([{ text: "a" }], [1, 2])).toThrow();
  });
});

describe("cuesFromWordTimings", () => {
  const text = "Meet Promptframe. It turns ideas into videos, with captions and music, in about a minute.";

  it("groups timed words into the narration's own phrases, words timed inside their cue", () => {
    const cues = cuesFromWordTimings({ text, words: steady(text), durationMs: 5000 });
    expect(cues.map((c) => c.text)).toEqual(splitPhrases(text).map((p) => p.text));
    expectContiguous(cues, 5000);
    // The second phrase starts when its first word is heard (word 2 → 600 ms).
    expect(cues[1]!.startMs).toBe(600);
    for (const c of cues) {
      expect(c.words!.map((w) => w.text).join(" ")).toBe(c.text);
      for (const w of c.words!) {
        expect(w.startMs).toBeGreaterThanOrEqual(c.startMs);
        expect(w.endMs).toBeLessThanOrEqual(c.endMs);
        expect(w.endMs).toBeGreaterThanOrEqual(w.startMs);
      }
    }
    expect(cues[0]!.words![1]).toEqual({ text: "Promptframe.", startMs: 300, endMs: 550 });
  });

  it("survives what transcribers do: other casing and punctuation, a misheard word, a dropped word, an extra word", () => {
    const heard = steady("meet prompt frame it turns ideas in to videos with captions and and music in about a minute");
    const cues = cuesFromWordTimings({ text, words: heard, durationMs: 6000 });
    expectContiguous(cues, 6000);
    const all = cues.flatMap((c) => c.words!);
    expect(all.map((w) => w.text)).toEqual(text.split(" "));
    // Words after the trouble keep their own times: "minute." is the last heard word.
    expect(all[all.length - 1]).toMatchObject({ text: "minute.", startMs: heard[heard.length - 1]!.startMs });
    // Time never runs backwards.
    for (let i = 1; i < all.length; i++) expect(all[i]!.startMs).toBeGreaterThanOrEqual(all[i - 1]!.startMs);
  });

  it("gives words the transcriber missed a share of the gap around them", () => {
    const cues = cuesFromWordTimings({
      text: "One two three four.",
      words: [
        { text: "one", startMs: 0, endMs: 200 },
        { text: "four", startMs: 1000, endMs: 1200 },
      ],
      durationMs: 1300,
    });
    expect(cues[0]!.words!.map((w) => [w.startMs, w.endMs])).toEqual([
      [0, 200],
      [200, 600],
      [600, 1000],
      [1000, 1200],
    ]);
  });

  it("ignores ElevenLabs' spacing entries and empty words", () => {
    const words = [
      { text: "Hello", startMs: 0, endMs: 300 },
      { text: " ", startMs: 300, endMs: 350 },
      { text: "world.", startMs: 350, endMs: 700 },
    ];
    expect(cuesFromWordTimings({ text: "Hello world.", words, durationMs: 800 })[0]!.words).toEqual([
      { text: "Hello", startMs: 0, endMs: 300 },
      { text: "world.", startMs: 350, endMs: 700 },
    ]);
  });
});

describe("estimateCues", () => {
  it("shares the duration by phrase length and still covers it exactly", () => {
    const cues = estimateCues("Short. This phrase is a good deal longer than that.", 3000);
    expectContiguous(cues, 3000);
    expect(cues[1]!.endMs - cues[1]!.startMs).toBeGreaterThan(cues[0]!.endMs - cues[0]!.startMs);
  });
});

describe("toWebVtt", () => {
  it("writes the WEBVTT header and HH:MM:SS.mmm cues, offset to where each scene's narration starts", () => {
    const vtt = toWebVtt([
      { offsetMs: 0, cues: [{ text: "Hello there.", startMs: 0, endMs: 1234.4 }] },
      { offsetMs: 3_723_000, cues: [{ text: "An hour later.", startMs: 5.6, endMs: 2000 }] },
    ]);
    expect(vtt).toBe(
      "WEBVTT\n\n00:00:00.000 --> 00:00:01.234\nHello there.\n\n01:02:03.006 --> 01:02:05.000\nAn hour later.\n",
    );
  });

  it("escapes &, < and > and keeps each cue on one line", () => {
    const vtt = toWebVtt([
      { offsetMs: 0, cues: [{ text: "Fish & chips <b>now</b> -->\nline two", startMs: 0, endMs: 1000 }] },
    ]);
    expect(vtt).toContain("\nFish &amp; chips &lt;b&gt;now&lt;/b&gt; --&gt; line two\n");
    expect(vtt.split("\n\n")).toHaveLength(2);
  });

  it("never overlaps cues: a cue is cut where the next one starts, in time order", () => {
    const vtt = toWebVtt([
      { offsetMs: 2000, cues: [{ text: "Second scene.", startMs: 0, endMs: 1000 }] },
      { offsetMs: 0, cues: [{ text: "First scene runs long.", startMs: 0, endMs: 2500 }] },
    ]);
    expect(vtt).toBe(
      "WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nFirst scene runs long.\n\n00:00:02.000 --> 00:00:03.000\nSecond scene.\n",
    );
  });

  it("leaves out zero-length cues; no narration at all is a valid empty track", () => {
    expect(toWebVtt([])).toBe("WEBVTT\n");
    expect(toWebVtt([{ offsetMs: 0, cues: [] }])).toBe("WEBVTT\n");
    expect(toWebVtt([{ offsetMs: 500, cues: [{ text: "Blink.", startMs: 100, endMs: 100.2 }] }])).toBe("WEBVTT\n");
  });

  it("a real narration's cues make a valid track with one block per phrase", () => {
    const text = "Welcome to Promptframe. Make a video in a minute, with music and captions.";
    const vtt = toWebVtt([
      { offsetMs: 1500, cues: cuesFromWordTimings({ text, words: steady(text), durationMs: 4200 }) },
    ]);
    const blocks = vtt.trim().split("\n\n");
    expect(blocks[0]).toBe("WEBVTT");
    // Word timings ride along as inline timestamps; without them the text is the phrase.
    expect(blocks.slice(1).map((b) => b.split("\n")[1]!.replace(/<[^<>]*>/g, ""))).toEqual(
      splitPhrases(text).map((p) => p.text),
    );
    expect(blocks[1]!.split("\n")[1]).toBe("Welcome <00:00:01.800>to <00:00:02.100>Promptframe.");
    expect(blocks[1]!.split("\n")[0]).toBe("00:00:01.500 --> 00:00:02.400"); // "Welcome to Promptframe." is three words of 300 ms
    expect(blocks[blocks.length - 1]!.split("\n")[0]).toMatch(/--> 00:00:05\.700$/);
  });
});
