import "server-only";
/**
 * The soundtrack of a video, mixed here rather than in the browser: each
 * scene's narration at its start frame and the music under the whole video,
 * looped to its length and ducked with the very function the Player uses
 * (musicVolumeAt), so preview and file sound alike. Sources are fetched,
 * decoded to 48 kHz stereo PCM with Remotion's ffmpeg, mixed as floats and
 * written as one WAV the encoder muxes as AAC. A video with no sound gets
 * silence of its full length (an audio track is always present).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { RenderProps } from "../composition/render-props";
import { musicVolumeAt } from "../composition/timing";
import { RenderError } from "./errors";
import { compositorBinary, compositorEnv } from "./compositor";
import { mediaInputArgs } from "./ffmpeg-input";

export const MIX_RATE = 48_000;
const CHANNELS = 2;

/*
 * The sample loops below touch only locals and typed arrays (no Buffer
 * methods or Math per sample): a minute of stereo audio is millions of
 * samples, and global lookups in a hot loop are slow under a vm context
 * (Jest) by two orders of magnitude.
 */

/** 16-bit little-endian PCM from `start` to the end of `pcm`, as floats in -1..1. */
export function pcmToFloat(pcm: Buffer, start: number): Float32Array {
  const n = (pcm.length - start) >> 1;
  // A copy: the view must start at an even byte offset.
  const view = new Int16Array(pcm.buffer.slice(pcm.byteOffset + start, pcm.byteOffset + start + n * 2));
  const out = new Float32Array(n);
  const scale = 1 / 32768;
  for (let i = 0; i < n; i++) out[i] = view[i]! * scale;
  return out;
}

/** Floats clipped to -1..1 and rounded to 16-bit little-endian PCM. */
export function floatToPcm(mix: Float32Array): Buffer {
  const out = new Int16Array(mix.length);
  for (let i = 0; i < mix.length; i++) {
    const v = mix[i]!;
    const c = v > 1 ? 32767 : v < -1 ? -32767 : v * 32767;
    out[i] = c < 0 ? c - 0.5 : c + 0.5; // stored truncated: rounds half away from zero
  }
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

/** Decodes any audio file to interleaved stereo float samples at MIX_RATE. */
export async function decodeAudio(file: string): Promise<Float32Array> {
  // Read as the type its bytes name, local file only: a fetched "track" that is a playlist is not followed.
  const input = await mediaInputArgs(file);
  if (!input)
    throw new RenderError("media-unavailable", `${path.basename(file)} is not a sound file the mixer reads`, {
      retryable: false,
    });
  const pcm = await new Promise<Buffer>((resolve, reject) => {
    const p = spawn(
      compositorBinary("ffmpeg"),
      [
        "-hide_banner",
        "-nostdin",
        "-v",
        "error",
        ...input,
        "-vn",
        "-ac",
        String(CHANNELS),
        "-ar",
        String(MIX_RATE),
        "-c:a",
        "pcm_s16le",
        "-f",
        "wav",
        "pipe:1",
      ],
      {
        env: compositorEnv(),
      },
    );
    const chunks: Buffer[] = [];
    let err = "";
    p.stdout.on("data", (c: Buffer) => chunks.push(c));
    p.stderr.on("data", (c: Buffer) => (err += c.toString()));
    p.on("error", reject);
    p.on("close", (code) =>
      code === 0
        ? resolve(Buffer.concat(chunks))
        : reject(new Error(`ffmpeg could not decode ${path.basename(file)}: ${err.trim()}`)),
    );
  });
  const at = pcm.indexOf("data", 12, "latin1");
  const start = at < 0 ? 44 : at + 8;
  return pcmToFloat(pcm, start);
}

async function fetchTo(url: string, file: string, signal?: AbortSignal): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, { signal });
  } catch (err) {
    throw new RenderError("media-unavailable", `could not fetch audio ${url}: ${String(err)}`, { cause: err });
  }
  if (!res.ok) throw new RenderError("media-unavailable", `audio ${url} answered ${res.status}`);
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
}

function wavHeader(samples: number): Buffer {
  const bytes = samples * 2;
  const h = Buffer.alloc(44);
  h.write("RIFF", 0, "latin1");
  h.writeUInt32LE(36 + bytes, 4);
  h.write("WAVEfmt ", 8, "latin1");
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(CHANNELS, 22);
  h.writeUInt32LE(MIX_RATE, 24);
  h.writeUInt32LE(MIX_RATE * CHANNELS * 2, 28);
  h.writeUInt16LE(CHANNELS * 2, 32);
  h.writeUInt16LE(16, 34);
  h.write("data", 36, "latin1");
  h.writeUInt32LE(bytes, 40);
  return h;
}

/** Mixes the props' narration and music into `<dir>/mix.wav`; returns its path. */
export async function mixSoundtrack(props: RenderProps, dir: string, signal?: AbortSignal): Promise<string> {
  const frames = props.durationInFrames;
  const perFrame = MIX_RATE / props.fps;
  const total = Math.round((frames / props.fps) * MIX_RATE);
  const mix = new Float32Array(total * CHANNELS);
  const decoded = new Map<string, Float32Array>();
  const load = async (src: string) => {
    let d = decoded.get(src);
    if (!d) {
      const file = path.join(dir, `audio-${decoded.size}`);
      await fetchTo(src, file, signal);
      d = await decodeAudio(file);
      decoded.set(src, d);
    }
    return d;
  };

  for (const scene of props.scenes) {
    if (!scene.narration) continue;
    const clip = await load(scene.narration.src);
    const at = Math.round((scene.from + scene.narration.startFrame) * perFrame) * CHANNELS;
    const len = Math.min(
      clip.length,
      Math.round(scene.narration.durationInFrames * perFrame) * CHANNELS,
      mix.length - at,
    );
    for (let i = 0; i < len; i++) mix[at + i]! += clip[i]!;
  }

  if (props.music) {
    const m = props.music;
    const clip = await load(m.src);
    const loopSamples =
      m.durationInFrames && m.durationInFrames < frames
        ? Math.round(m.durationInFrames * perFrame)
        : Math.floor(clip.length / CHANNELS);
    const opts = {
      volume: m.volume,
      duckedVolume: m.duckedVolume,
      rampFrames: Math.round(props.fps * 0.35),
      totalFrames: frames,
      fadeOutFrames: Math.round(props.fps * 1.2),
    };
    const loop = Math.max(1, loopSamples);
    const clipLength = clip.length;
    // One gain per video frame (the ducking curve moves per frame), applied to that frame's samples.
    for (let f = 0, s = 0; s < total; f++) {
      const gain = musicVolumeAt(f, m.duckWindows, opts);
      const end = Math.min(total, Math.ceil((f + 1) * perFrame));
      for (; s < end; s++) {
        const src = (s % loop) * CHANNELS;
        if (src + 1 >= clipLength) continue;
        mix[s * CHANNELS]! += clip[src]! * gain;
        mix[s * CHANNELS + 1]! += clip[src + 1]! * gain;
      }
    }
  }

  const out = floatToPcm(mix);
  const file = path.join(dir, "mix.wav");
  fs.writeFileSync(file, Buffer.concat([wavHeader(mix.length), out]));
  return file;
}
