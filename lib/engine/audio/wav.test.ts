import { AudioError } from "./errors";
import {
  concatWavs,
  convertWav,
  durationMs,
  encodeWav,
  frameCount,
  levels,
  parseWav,
  samplesOf,
  silence,
  wavDurationMs,
  wavFromFloat,
  wavFromPcm16,
  wavFromSamples,
  type PcmFormat,
  type Wav,
} from "./wav";

const MONO_22K: PcmFormat = { sampleRate: 22_050, channels: 1, bitsPerSample: 16 };
const STEREO_44K: PcmFormat = { sampleRate: 44_100, channels: 2, bitsPerSample: 16 };

function sine(format: PcmFormat, hz: number, ms: number, amplitude = 0.5): Wav {
  const frames = Math.round((format.sampleRate * ms) / 1000);
  const samples = new Int16Array(frames * format.channels);
  for (let f = 0; f < frames; f++) {
    const v = Math.round(Math.sin((2 * Math.PI * hz * f) / format.sampleRate) * amplitude * 32767);
    for (let c = 0; c < format.channels; c++) samples[f * format.channels + c] = v;
  }
  return wavFromSamples(samples, format);
}

function errorOf(fn: () => unknown): AudioError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AudioError);
    return e as AudioError;
  }
  throw new Error("expected an AudioError");
}

/** Sets a 32-bit little-endian field of a WAV header. */
function patch(bytes: Uint8Array, at: number, value: number): Uint8Array {
  const copy = bytes.slice();
  new DataView(copy.buffer).setUint32(at, value, true);
  return copy;
}

describe("encodeWav / parseWav", () => {
  it("round-trips format and samples through a canonical 44-byte header", () => {
    const wav = sine(STEREO_44K, 440, 250);
    const bytes = encodeWav(wav);
    expect(bytes.length).toBe(44 + wav.pcm.length);
    expect(String.fromCharCode(...bytes.subarray(0, 4))).toBe("RIFF");
    const view = new DataView(bytes.buffer);
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    expect(view.getUint32(28, true)).toBe(44_100 * 4); // byte rate
    expect(view.getUint16(32, true)).toBe(4); // block align
    const back = parseWav(bytes);
    expect(back.format).toEqual(STEREO_44K);
    expect(Buffer.from(back.pcm).equals(Buffer.from(wav.pcm))).toBe(true);
  });

  it("gives the duration from the sample count: 250 ms stays 250 ms", () => {
    expect(wavDurationMs(encodeWav(sine(MONO_22K, 300, 250)))).toBeCloseTo(250, 0);
    expect(durationMs(silence(STEREO_44K, 1500))).toBe(1500);
  });

  it.each([
    ["0x7FFFF000 (espeak-ng --stdout)", 0x7ffff000],
    ["0xFFFFFFFF (ffmpeg to a pipe)", 0xffffffff],
    ["0 (unknown)", 0],
  ])("a streamed WAV whose data size is a placeholder %s runs to the end of the bytes", (_label, placeholder) => {
    const wav = sine(MONO_22K, 300, 100);
    const bytes = patch(patch(encodeWav(wav), 40, placeholder), 4, placeholder);
    expect(frameCount(parseWav(bytes))).toBe(frameCount(wav));
  });

  it("a data size past the end is cut to whole frames", () => {
    const bytes = encodeWav(sine(STEREO_44K, 300, 100));
    const cut = bytes.subarray(0, bytes.length - 3); // a partial frame at the end
    expect(frameCount(parseWav(cut))).toBe((cut.length - 44 - 1) / 4);
  });

  it("skips other chunks (LIST, odd-sized with padding) before the data", () => {
    const wav = sine(MONO_22K, 300, 50);
    const plain = encodeWav(wav);
    const extra = new Uint8Array([...Buffer.from("LIST"), 3, 0, 0, 0, 65, 66, 67, 0]); // 3 bytes + 1 pad
    const bytes = new Uint8Array([...plain.subarray(0, 36), ...extra, ...plain.subarray(36)]);
    expect(Buffer.from(parseWav(bytes).pcm).equals(Buffer.from(wav.pcm))).toBe(true);
  });

  it("reads WAVE_FORMAT_EXTENSIBLE with a PCM sub-format", () => {
    const wav = sine(MONO_22K, 300, 50);
    const plain = encodeWav(wav);
    const fmt = new Uint8Array(8 + 40);
    const view = new DataView(fmt.buffer);
    fmt.set(Buffer.from("fmt "), 0);
    view.setUint32(4, 40, true);
    view.setUint16(8, 0xfffe, true);
    view.setUint16(10, 1, true);
    view.setUint32(12, 22_050, true);
    view.setUint32(16, 44_100, true);
    view.setUint16(20, 2, true);
    view.setUint16(22, 16, true);
    view.setUint16(24, 22, true);
    view.setUint16(32, 1, true); // sub-format GUID starts with 0x0001 = PCM
    const bytes = new Uint8Array([...plain.subarray(0, 12), ...fmt, ...plain.subarray(36)]);
    expect(parseWav(bytes).format).toEqual(MONO_22K);
  });

  it("refuses what is not a WAV, and WAVs that are not 16-bit PCM, with a reason", () => {
    expect(errorOf(() => parseWav(new Uint8Array([1, 2, 3]))).code).toBe("invalid_wav");
    expect(errorOf(() => parseWav(Buffer.from("ID3\u0004 an mp3 file"))).code).toBe("invalid_wav");
    const float32 = encodeWav(sine(MONO_22K, 300, 10));
    new DataView(float32.buffer).setUint16(20, 3, true); // IEEE float
    new DataView(float32.buffer).setUint16(34, 32, true);
    const error = errorOf(() => parseWav(float32));
    expect(error.code).toBe("unsupported_wav");
    expect(error.message).toMatch(/16-bit PCM/);
    const noData = encodeWav(sine(MONO_22K, 300, 10)).subarray(0, 36);
    expect(errorOf(() => parseWav(noData)).code).toBe("invalid_wav");
  });
});

describe("joining and making clips", () => {
  it("concatenates clips of one format end to end, sample for sample", () => {
    const a = sine(MONO_22K, 300, 120);
    const b = silence(MONO_22K, 80);
    const c = sine(MONO_22K, 500, 200);
    const joined = concatWavs([a, b, c]);
    expect(frameCount(joined)).toBe(frameCount(a) + frameCount(b) + frameCount(c));
    expect(Buffer.from(joined.pcm.subarray(0, a.pcm.length)).equals(Buffer.from(a.pcm))).toBe(true);
    expect(Buffer.from(joined.pcm.subarray(a.pcm.length + b.pcm.length)).equals(Buffer.from(c.pcm))).toBe(true);
  });

  it("refuses to join clips of different formats instead of garbling them", () => {
    const error = errorOf(() => concatWavs([sine(MONO_22K, 300, 10), sine(STEREO_44K, 300, 10)]));
    expect(error.code).toBe("format_mismatch");
    expect(error.message).toContain("22050 Hz, mono");
    expect(errorOf(() => concatWavs([])).code).toBe("invalid_wav");
  });

  it("silence is all zeros, of the asked length", () => {
    const s = silence(STEREO_44K, 20);
    expect(frameCount(s)).toBe(882);
    expect(levels(s)).toEqual({ peak: 0, rms: 0 });
  });

  it("raw PCM is wrapped as is, a trailing partial frame dropped", () => {
    const pcm = new Uint8Array(101);
    expect(wavFromPcm16(pcm, MONO_22K).pcm.length).toBe(100);
    expect(wavFromPcm16(pcm, STEREO_44K).pcm.length).toBe(100);
  });

  it("float channels become clipped, rounded 16-bit samples, interleaved", () => {
    const wav = wavFromFloat([new Float32Array([0, 0.5, 2]), new Float32Array([-1, -0.25, -3])], 44_100);
    expect(wav.format).toEqual(STEREO_44K);
    expect([...samplesOf(wav)]).toEqual([0, -32767, 16384, -8192, 32767, -32767]);
  });
});

describe("convertWav", () => {
  it("resamples keeping the duration and the pitch", () => {
    const source = sine(MONO_22K, 441, 500);
    const out = convertWav(source, { sampleRate: 44_100, channels: 1 });
    expect(out.format.sampleRate).toBe(44_100);
    expect(durationMs(out)).toBeCloseTo(500, 0);
    // 441 Hz: one cycle is 100 samples at 44.1 kHz, so the signal repeats every 100 samples.
    const s = samplesOf(out);
    for (const i of [1000, 5000, 15000]) expect(Math.abs(s[i]! - s[i + 100]!)).toBeLessThan(400);
  });

  it("mixes stereo down to mono and copies mono up to stereo", () => {
    const stereo = wavFromSamples(new Int16Array([1000, 3000, -2000, 0]), { ...STEREO_44K });
    expect([...samplesOf(convertWav(stereo, { sampleRate: 44_100, channels: 1 }))]).toEqual([2000, -1000]);
    const mono = wavFromSamples(new Int16Array([1000, -500]), { sampleRate: 44_100, channels: 1, bitsPerSample: 16 });
    expect([...samplesOf(convertWav(mono, { sampleRate: 44_100, channels: 2 }))]).toEqual([1000, 1000, -500, -500]);
  });

  it("returns the same clip when nothing changes", () => {
    const wav = sine(MONO_22K, 300, 10);
    expect(convertWav(wav, { sampleRate: 22_050, channels: 1 })).toBe(wav);
  });
});
