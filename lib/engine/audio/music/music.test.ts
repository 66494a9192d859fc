import { AudioError } from "../errors";
import { durationMs, levels, parseWav, samplesOf, type Wav } from "../wav";
import { findMusicTrack, listMusicTracks, MUSIC_CREDIT, renderMusicTrack, synthesizeMusicTrack } from "./index";

// Each render is a full 75 s stereo mix; on a busy 2-core machine a handful take a few seconds.
jest.setTimeout(120_000);

const tracks = listMusicTracks();

/** RMS of the left channel over [fromMs, toMs), in dBFS. */
function windowDb(wav: Wav, s: Int16Array, fromMs: number, toMs: number): number {
  const ch = wav.format.channels;
  const from = Math.floor((fromMs * wav.format.sampleRate) / 1000);
  const to = Math.floor((toMs * wav.format.sampleRate) / 1000);
  let sum = 0;
  for (let f = from; f < to; f++) sum += (s[f * ch]! / 32768) ** 2;
  return 10 * Math.log10(sum / (to - from) + 1e-12);
}

describe("the track catalogue", () => {
  it("offers 4–6 moods, one labelled track each, 60–90 s long, credited to Promptframe", () => {
    expect(tracks.length).toBeGreaterThanOrEqual(4);
    expect(tracks.length).toBeLessThanOrEqual(6);
    expect(new Set(tracks.map((t) => t.mood)).size).toBe(tracks.length);
    expect(new Set(tracks.map((t) => t.id)).size).toBe(tracks.length);
    for (const t of tracks) {
      expect(t.id).toMatch(/^[a-z0-9-]+$/);
      expect(t.label.length).toBeGreaterThan(0);
      expect(t.description.length).toBeGreaterThan(0);
      expect(t.bpm).toBeGreaterThanOrEqual(60);
      expect(t.bpm).toBeLessThanOrEqual(140);
      expect(t.durationMs).toBeGreaterThanOrEqual(60_000);
      expect(t.durationMs).toBeLessThanOrEqual(90_000);
      expect(t.credit).toBe(MUSIC_CREDIT);
    }
    expect(MUSIC_CREDIT).toBe("Synthesised by Promptframe");
  });

  it("an unknown track is a typed error naming it", async () => {
    await expect(renderMusicTrack("kazoo-solo")).rejects.toMatchObject({
      code: "unknown_track",
      message: expect.stringContaining("kazoo-solo"),
    });
    expect(() => findMusicTrack("kazoo-solo")).toThrow(AudioError);
  });
});

describe.each(tracks)("$label ($mood)", (track) => {
  let bytes: Uint8Array;
  let wav: Wav;
  let samples: Int16Array;

  beforeAll(() => {
    bytes = synthesizeMusicTrack(track.id);
    wav = parseWav(bytes);
    samples = samplesOf(wav);
  });

  it("is a 44.1 kHz 16-bit stereo WAV exactly as long as the catalogue says", () => {
    expect(wav.format).toEqual({ sampleRate: 44_100, channels: 2, bitsPerSample: 16 });
    expect(durationMs(wav)).toBeCloseTo(track.durationMs, 3);
    // The header agrees with the bytes (a canonical 44-byte header).
    expect(new DataView(bytes.buffer, bytes.byteOffset).getUint32(40, true)).toBe(bytes.length - 44);
  });

  it("plays all the way through: audible in every 5-second stretch between the fades, never clipped", () => {
    const { peak, rms } = levels(wav);
    expect(rms).toBeGreaterThan(0.05);
    expect(peak).toBeLessThan(1);
    for (let t = 2000; t + 5000 <= track.durationMs - 4000; t += 5000)
      expect(windowDb(wav, samples, t, t + 5000)).toBeGreaterThan(-40);
  });

  it("fades in and out instead of starting or stopping with a click", () => {
    expect(windowDb(wav, samples, 0, 20)).toBeLessThan(-60);
    expect(windowDb(wav, samples, track.durationMs - 20, track.durationMs)).toBeLessThan(-60);
  });

  it("is stereo for real: the two sides differ", () => {
    let different = 0;
    for (let i = 0; i < samples.length; i += 2) if (samples[i] !== samples[i + 1]) different++;
    expect(different / (samples.length / 2)).toBeGreaterThan(0.5);
  });

  it("renders to the same bytes every time", () => {
    expect(Buffer.from(synthesizeMusicTrack(track.id)).equals(Buffer.from(bytes))).toBe(true);
  });
});

describe("renderMusicTrack", () => {
  it("keeps recent renders in memory: the second call returns the same bytes without rendering", async () => {
    const first = await renderMusicTrack("still-water");
    const second = await renderMusicTrack("still-water");
    expect(second).toBe(first);
    expect(parseWav(first).format.channels).toBe(2);
  });
});
