/**
 * Offline word timing against the audio itself: ffmpeg's silencedetect finds
 * where words start and end in speech with pauses between words, and every
 * word's time must be within 100 ms of them.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { experimental_generateSpeech as generateSpeech } from "ai";
import { encodeWav, parseWav, type Wav } from "@/lib/engine/audio/wav";
import { timeWordsInClip } from "@/lib/engine/audio/word-timing";
import { createEspeakSpeechModel } from "./espeak-model";
import { synthesizeNarration } from "./narration";
import { WORD_GAP_MS, wordWeights } from "./offline-words";

jest.setTimeout(30_000);
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const TOLERANCE_MS = 100;
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "word-timing-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Span {
  startMs: number;
  endMs: number;
}

/** Runs of sound in a WAV as ffmpeg silencedetect sees them (-40 dB, quiet of 80 ms or more is a pause). */
function soundRuns(wav: Uint8Array): Span[] {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.wav`);
  writeFileSync(file, wav);
  const run = spawnSync(
    "ffmpeg",
    ["-hide_banner", "-nostats", "-i", file, "-af", "silencedetect=n=-40dB:d=0.08", "-f", "null", "-"],
    { encoding: "utf8", timeout: 20_000 },
  );
  const log = run.stderr;
  const d = /Duration: (\d+):(\d+):([\d.]+)/.exec(log);
  if (!d) throw new Error(`ffmpeg read no duration: ${log.slice(-500)}`);
  const duration = (Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3])) * 1000;
  const starts = [...log.matchAll(/silence_start: ([\d.]+)/g)].map((m) => Number(m[1]) * 1000);
  const ends = [...log.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]) * 1000);
  const runs: Span[] = [];
  let at = 0;
  starts.forEach((s, i) => {
    if (s > at + 1) runs.push({ startMs: at, endMs: s });
    at = ends[i] ?? duration;
  });
  if (at < duration - 1) runs.push({ startMs: at, endMs: duration });
  // A click of a few ms where ffmpeg's last silence ends at the file's rounded duration is not a word.
  return runs.filter((r) => r.endMs - r.startMs >= 20);
}

function expectNear(words: readonly Span[], runs: readonly Span[]) {
  expect(words).toHaveLength(runs.length);
  words.forEach((w, i) => {
    expect(Math.abs(w.startMs - runs[i]!.startMs)).toBeLessThanOrEqual(TOLERANCE_MS);
    expect(Math.abs(w.endMs - runs[i]!.endMs)).toBeLessThanOrEqual(TOLERANCE_MS);
  });
}

describe("offline word timing (eSpeak NG)", () => {
  it("times every word of a narration within 100 ms of where silencedetect hears it", async () => {
    const text = "Apples, oranges, bananas, cherries, lemons.";
    const t0 = performance.now();
    const result = await synthesizeNarration({ text, voiceId: "espeak:en-us-f" });
    const ms = performance.now() - t0;
    expect(result.captionTiming).toBe("word");
    const words = result.cues.flatMap((c) => c.words ?? []);
    expect(words.map((w) => w.text)).toEqual(["Apples,", "oranges,", "bananas,", "cherries,", "lemons."]);
    expectNear(words, soundRuns(result.audio));
    // Bounded: five phrases, well under a second with the measuring readings.
    expect(ms).toBeLessThan(3000);
  });

  it("snaps the boundaries inside one phrase to the pauses between its words", async () => {
    const model = createEspeakSpeechModel();
    const text = "Many yellow balloons rise over quiet harbours";
    const speak = async (wordGapMs: number, speed?: number) =>
      parseWav(
        (
          await generateSpeech({
            model,
            text,
            voice: "espeak:en-us-f",
            speed,
            providerOptions: { espeak: { endPause: false, wordGapMs } },
          })
        ).audio.uint8Array,
      );
    // The audio: faster, with shorter pauses between words; measured at the normal pace with long pauses, as narration does.
    const [clip, reference] = (await Promise.all([speak(400, 1.3), speak(WORD_GAP_MS)])) as [Wav, Wav];
    const words = text.split(" ");
    const weights = wordWeights(words, reference);
    expect(weights).toHaveLength(words.length);
    expectNear(timeWordsInClip(clip, weights), soundRuns(encodeWav(clip)));
  });

  it("falls back to letters when the measuring reading does not split into the written words", () => {
    expect(wordWeights(["a", "lot", "of", "words"], null)).toEqual([1, 3, 2, 5]);
  });
});
