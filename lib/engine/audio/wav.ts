/**
 * WAV files as the audio layer passes them around: 16-bit PCM in a RIFF/WAVE
 * container. Narration, music and every provider's audio end up in this one
 * shape, so durations are exact (frames / rate) and clips join sample by sample.
 * Pure byte work (no Node APIs), so it runs anywhere.
 */
import { AudioError } from "./errors";

export interface PcmFormat {
  sampleRate: number;
  channels: number;
  /** Always 16: the only depth the layer writes (and the only one it reads). */
  bitsPerSample: 16;
}

/** Decoded WAV: the format and the interleaved little-endian sample bytes. */
export interface Wav {
  format: PcmFormat;
  pcm: Uint8Array;
}

const HEADER_BYTES = 44;
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const FORMAT_PCM = 1;
const FORMAT_EXTENSIBLE = 0xfffe;
/** Anything longer than this is not narration or music; refusing it keeps a bad header from allocating gigabytes. */
const MAX_DATA_BYTES = 512 * 1024 * 1024;

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

function blockAlign(format: PcmFormat): number {
  return format.channels * (format.bitsPerSample / 8);
}

export function isWav(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WAVE";
}

/**
 * Reads a 16-bit PCM WAV. Streamed WAVs (espeak-ng --stdout, ffmpeg to a pipe,
 * OpenAI's streamed wav) cannot go back to fill in their sizes, so they carry a
 * placeholder data size (0, 0xFFFFFFFF or 0x7FFFF000): the data then runs to
 * the end of the bytes, cut to whole frames.
 */
export function parseWav(bytes: Uint8Array): Wav {
  if (!isWav(bytes)) throw new AudioError("invalid_wav", "This audio is not a WAV file.");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: PcmFormat | null = null;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = ascii(bytes, at, 4);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === "fmt ") {
      if (size < 16 || body + 16 > bytes.length)
        throw new AudioError("invalid_wav", "The WAV file's format block is cut short.");
      const tag = view.getUint16(body, true);
      const channels = view.getUint16(body + 2, true);
      const sampleRate = view.getUint32(body + 4, true);
      const bits = view.getUint16(body + 14, true);
      // WAVE_FORMAT_EXTENSIBLE names its real format in the first two bytes of the sub-format GUID.
      const realTag =
        tag === FORMAT_EXTENSIBLE && size >= 40 && body + 26 <= bytes.length ? view.getUint16(body + 24, true) : tag;
      if (realTag !== FORMAT_PCM || bits !== 16) {
        throw new AudioError(
          "unsupported_wav",
          `Only 16-bit PCM WAV is supported (this one is format ${realTag}, ${bits}-bit).`,
        );
      }
      if (channels < 1 || channels > 8 || sampleRate < 1_000 || sampleRate > 384_000) {
        throw new AudioError("invalid_wav", `The WAV file declares ${channels} channels at ${sampleRate} Hz.`);
      }
      format = { sampleRate, channels, bitsPerSample: 16 };
    } else if (id === "data") {
      if (!format) throw new AudioError("invalid_wav", "The WAV file has its samples before its format.");
      const available = bytes.length - body;
      const declared = size === 0 || size > available ? available : size;
      const length = declared - (declared % blockAlign(format));
      if (length > MAX_DATA_BYTES) throw new AudioError("unsupported_wav", "This WAV file is too long to handle.");
      return { format, pcm: bytes.subarray(body, body + length) };
    }
    // Chunks are padded to an even length.
    at = body + size + (size % 2);
  }
  throw new AudioError("invalid_wav", "The WAV file has no samples.");
}

/** Writes a canonical 44-byte-header WAV with the real sizes filled in. */
export function encodeWav(wav: Wav): Uint8Array {
  const { format, pcm } = wav;
  const out = new Uint8Array(HEADER_BYTES + pcm.length);
  const view = new DataView(out.buffer);
  const put = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i);
  };
  put(0, "RIFF");
  view.setUint32(4, 36 + pcm.length, true);
  put(8, "WAVE");
  put(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, FORMAT_PCM, true);
  view.setUint16(22, format.channels, true);
  view.setUint32(24, format.sampleRate, true);
  view.setUint32(28, format.sampleRate * blockAlign(format), true);
  view.setUint16(32, blockAlign(format), true);
  view.setUint16(34, 16, true);
  put(36, "data");
  view.setUint32(40, pcm.length, true);
  out.set(pcm, HEADER_BYTES);
  return out;
}

/** Raw 16-bit little-endian PCM (what providers send when asked for "pcm") wrapped as a WAV. */
export function wavFromPcm16(pcm: Uint8Array, format: PcmFormat): Wav {
  const length = pcm.length - (pcm.length % blockAlign(format));
  return { format, pcm: pcm.subarray(0, length) };
}

export function frameCount(wav: Wav): number {
  return wav.pcm.length / blockAlign(wav.format);
}

export function durationMs(wav: Wav): number {
  return (frameCount(wav) * 1000) / wav.format.sampleRate;
}

/** The duration a WAV file's bytes hold. */
export function wavDurationMs(bytes: Uint8Array): number {
  return durationMs(parseWav(bytes));
}

function sameFormat(a: PcmFormat, b: PcmFormat): boolean {
  return a.sampleRate === b.sampleRate && a.channels === b.channels && a.bitsPerSample === b.bitsPerSample;
}

/** Joins clips end to end; they must share one format (convert first when they do not). */
export function concatWavs(wavs: readonly Wav[]): Wav {
  const first = wavs[0];
  if (!first) throw new AudioError("invalid_wav", "There are no clips to join.");
  const length = wavs.reduce((sum, w) => {
    if (!sameFormat(w.format, first.format)) {
      throw new AudioError(
        "format_mismatch",
        `Clips must share one format to be joined (${describe(first.format)} vs ${describe(w.format)}).`,
      );
    }
    return sum + w.pcm.length;
  }, 0);
  const pcm = new Uint8Array(length);
  let at = 0;
  for (const w of wavs) {
    pcm.set(w.pcm, at);
    at += w.pcm.length;
  }
  return { format: first.format, pcm };
}

function describe(format: PcmFormat): string {
  return `${format.sampleRate} Hz, ${format.channels === 1 ? "mono" : `${format.channels} channels`}`;
}

export function silence(format: PcmFormat, ms: number): Wav {
  const frames = Math.max(0, Math.round((ms * format.sampleRate) / 1000));
  return { format, pcm: new Uint8Array(frames * blockAlign(format)) };
}

/** Samples as numbers in [-32768, 32767], interleaved. */
export function samplesOf(wav: Wav): Int16Array {
  if (LITTLE_ENDIAN && wav.pcm.byteOffset % 2 === 0)
    return new Int16Array(wav.pcm.buffer, wav.pcm.byteOffset, wav.pcm.length / 2).slice();
  const view = new DataView(wav.pcm.buffer, wav.pcm.byteOffset, wav.pcm.byteLength);
  const out = new Int16Array(wav.pcm.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true);
  return out;
}

/** Interleaved 16-bit samples back into a WAV. */
export function wavFromSamples(samples: Int16Array, format: PcmFormat): Wav {
  const pcm = new Uint8Array(samples.length * 2);
  const view = new DataView(pcm.buffer);
  for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, samples[i]!, true);
  return { format, pcm };
}

/**
 * Planar float channels in [-1, 1] (one array per channel) to a 16-bit WAV,
 * clipped and rounded.
 */
export function wavFromFloat(channels: readonly Float32Array[], sampleRate: number): Wav {
  const count = channels.length;
  const frames = channels[0]?.length ?? 0;
  const samples = new Int16Array(frames * count);
  for (let c = 0; c < count; c++) {
    const channel = channels[c]!;
    for (let f = 0, at = c; f < frames; f++, at += count) {
      const v = channel[f]!;
      const x = (v > 1 ? 1 : v < -1 ? -1 : v) * 32767;
      samples[at] = x >= 0 ? (x + 0.5) | 0 : (x - 0.5) | 0;
    }
  }
  const format: PcmFormat = { sampleRate, channels: count, bitsPerSample: 16 };
  // WAV is little-endian, like every machine this runs on; the byte-by-byte path is the fallback.
  return LITTLE_ENDIAN ? { format, pcm: new Uint8Array(samples.buffer) } : wavFromSamples(samples, format);
}

/**
 * Changes rate and channel count: channels are averaged down to mono or mono is
 * copied up; the rate changes by linear interpolation. That is enough for speech
 * and for joining clips; it is not a mastering-grade resampler.
 */
export function convertWav(wav: Wav, target: { sampleRate: number; channels: number }): Wav {
  if (wav.format.sampleRate === target.sampleRate && wav.format.channels === target.channels) return wav;
  const input = samplesOf(wav);
  const inChannels = wav.format.channels;
  const inFrames = input.length / inChannels;
  // Down to mono first (the only mixing speech needs), then resample, then spread.
  const mono = new Float32Array(inFrames);
  for (let f = 0; f < inFrames; f++) {
    let sum = 0;
    for (let c = 0; c < inChannels; c++) sum += input[f * inChannels + c]!;
    mono[f] = sum / inChannels;
  }
  const keepChannels = inChannels === target.channels;
  const ratio = wav.format.sampleRate / target.sampleRate;
  const outFrames = Math.max(0, Math.round(inFrames / ratio));
  const out = new Int16Array(outFrames * target.channels);
  const last = inFrames - 1;
  for (let f = 0; f < outFrames; f++) {
    const pos = f * ratio;
    const i = pos | 0;
    const t = pos - i;
    const a = i < last ? i : last;
    const b = i + 1 < last ? i + 1 : last;
    for (let c = 0; c < target.channels; c++) {
      const x = keepChannels ? input[a * inChannels + c]! : mono[a]!;
      const y = keepChannels ? input[b * inChannels + c]! : mono[b]!;
      const v = x * (1 - t) + y * t;
      out[f * target.channels + c] = v >= 0 ? (v + 0.5) | 0 : (v - 0.5) | 0;
    }
  }
  return wavFromSamples(out, { sampleRate: target.sampleRate, channels: target.channels, bitsPerSample: 16 });
}

/** Loudness facts for checks and warnings: peak and RMS, both 0..1 of full scale. */
export function levels(wav: Wav): { peak: number; rms: number } {
  const samples = samplesOf(wav);
  let peak = 0;
  let sumSquares = 0;
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i]!;
    const v = s < 0 ? -s : s;
    if (v > peak) peak = v;
    sumSquares += v * v;
  }
  return { peak: peak / 32768, rms: samples.length ? Math.sqrt(sumSquares / samples.length) / 32768 : 0 };
}
