/**
 * The caption files a video offers: WebVTT with word timing (inline
 * timestamps) where the cues have words, and SRT with the phrase cues.
 */
import type { CaptionCue } from "@/lib/engine/composition/cues";
import { toSrt, toWebVtt, webVttToSrt, type CaptionTrack } from "./captions";

const cues: CaptionCue[] = [
  {
    text: "Fresh coffee <daily> & more,",
    startMs: 0,
    endMs: 1200,
    words: [
      { text: "Fresh", startMs: 0, endMs: 300 },
      { text: "coffee", startMs: 350, endMs: 700 },
      { text: "<daily>", startMs: 700, endMs: 1000 },
      { text: "&", startMs: 1000, endMs: 1050 },
      // A transcriber's word past the cue's end gets no timestamp.
      { text: "more,", startMs: 1250, endMs: 1300 },
    ],
  },
  { text: "at your door.", startMs: 1200, endMs: 2000 },
];
const tracks: CaptionTrack[] = [{ offsetMs: 61_000, cues }];

describe("WebVTT with word timing", () => {
  it("puts an inline timestamp before every word spoken after the cue starts, inside the cue only", () => {
    const vtt = toWebVtt(tracks);
    expect(vtt).toBe(
      [
        "WEBVTT",
        "",
        "00:01:01.000 --> 00:01:02.200",
        "Fresh <00:01:01.350>coffee <00:01:01.700>&lt;daily&gt; <00:01:02.000>&amp; more,",
        "",
        "00:01:02.200 --> 00:01:03.000",
        "at your door.",
        "",
      ].join("\n"),
    );
  });

  it("never writes a timestamp that does not move forward", () => {
    const vtt = toWebVtt([
      {
        offsetMs: 0,
        cues: [
          {
            text: "one two three",
            startMs: 0,
            endMs: 900,
            words: [
              { text: "one", startMs: 100, endMs: 200 },
              { text: "two", startMs: 100, endMs: 300 },
              { text: "three", startMs: 600, endMs: 900 },
            ],
          },
        ],
      },
    ]);
    expect(vtt.split("\n")[3]).toBe("<00:00:00.100>one two <00:00:00.600>three");
  });
});

describe("SRT", () => {
  const expected = [
    "1",
    "00:01:01,000 --> 00:01:02,200",
    "Fresh coffee <daily> & more,",
    "",
    "2",
    "00:01:02,200 --> 00:01:03,000",
    "at your door.",
    "",
  ].join("\n");

  it("numbers the phrase cues, with comma milliseconds and plain text", () => {
    expect(toSrt(tracks)).toBe(expected);
  });

  it("is the same when converted from the stored WebVTT (word timestamps and escapes taken out)", () => {
    expect(webVttToSrt(toWebVtt(tracks))).toBe(expected);
    expect(webVttToSrt("WEBVTT\n")).toBe("");
    expect(webVttToSrt("WEBVTT\r\n\r\nNOTE hi\r\n\r\n00:00:00.000 --> 00:00:01.000\r\nHi\r\n")).toBe(
      "1\n00:00:00,000 --> 00:00:01,000\nHi\n",
    );
  });
});
