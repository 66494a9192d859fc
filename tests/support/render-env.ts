/**
 * Test and bench helpers for rendering: a temp blob store with the sample
 * pictures, tones as narration and music (encoded to M4A with Remotion's own
 * ffmpeg, so the store's content sniffing accepts them), sample
 * compositions of the starter library, and ffprobe/ffmpeg wrappers.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import {
  COMPOSITION_SCHEMA_VERSION,
  type CompositionBody,
  type Scene,
} from "@/lib/engine/composition/composition-schema";
import type { CaptionCue } from "@/lib/engine/composition/cues";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import { ensureSampleMedia } from "@/lib/engine/composition/sample-media";
import {
  STARTER_TEMPLATES,
  sampleNarration,
  sampleValues,
  starterTemplate,
  starterTemplateVersion,
} from "@/lib/engine/composition/starter";
import type { TemplateVersionBody } from "@/lib/engine/composition/template-schema";
import { LocalBlobStore } from "@/lib/platform/storage/local-store";

const run = promisify(execFile);
const COMPOSITOR = path.join(process.cwd(), "node_modules/@remotion/compositor-linux-x64-gnu");
export const FFMPEG = path.join(COMPOSITOR, "ffmpeg");
export const FFPROBE = path.join(COMPOSITOR, "ffprobe");
const env = { ...process.env, LD_LIBRARY_PATH: COMPOSITOR };

export async function ffmpeg(args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(FFMPEG, ["-hide_banner", "-nostdin", ...args], { env, maxBuffer: 64 * 1024 * 1024 });
}

export interface ProbeStream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  duration?: string;
}

export async function ffprobe(
  file: string,
): Promise<{ format: { duration: string; size: string }; streams: ProbeStream[] }> {
  const { stdout } = await run(
    FFPROBE,
    ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file],
    { env },
  );
  return JSON.parse(stdout);
}

/** The video's frames, decoded to RGB and concatenated (slice by width × height × 3). */
export async function rgbFrames(file: string): Promise<Buffer> {
  const { stdout } = await run(
    FFMPEG,
    ["-v", "error", "-i", file, "-f", "image2pipe", "-c:v", "rawvideo", "-pix_fmt", "rgb24", "-"],
    { env, encoding: "buffer", maxBuffer: 1024 * 1024 * 1024 },
  );
  return stdout;
}

/** A stream's packets ("v" video, "a" audio) in presentation order: start and duration in seconds. */
export async function packetTimes(file: string, stream: "v" | "a"): Promise<{ pts: number; duration: number }[]> {
  const { stdout } = await run(
    FFPROBE,
    [
      "-v",
      "error",
      "-select_streams",
      stream,
      "-show_entries",
      "packet=pts_time,duration_time",
      "-of",
      "csv=p=0",
      file,
    ],
    { env, maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => l.split(",").map(Number) as [number, number])
    .map(([pts, duration]) => ({ pts, duration }))
    .sort((a, b) => a.pts - b.pts);
}

/**
 * Mean volume of a file's audio in dBFS, as ffmpeg's volumedetect reports
 * it (RMS over all samples); digital silence gives -Infinity. Remotion's
 * ffmpeg has no volumedetect filter, so the samples are decoded to 16-bit
 * PCM and measured here.
 */
export async function meanVolumeDb(file: string): Promise<number> {
  const pcm = await new Promise<Buffer>((resolve, reject) => {
    execFile(
      FFMPEG,
      [
        "-hide_banner",
        "-nostdin",
        "-i",
        file,
        "-vn",
        "-ac",
        "1",
        "-ar",
        "16000",
        "-c:a",
        "pcm_s16le",
        "-f",
        "wav",
        "-",
      ],
      { env, encoding: "buffer", maxBuffer: 256 * 1024 * 1024 },
      (err, stdout) => (err ? reject(err) : resolve(stdout)),
    );
  });
  // A streamed WAV: the samples follow the "data" chunk header (its size field is unknown when piped).
  const at = pcm.indexOf("data", 12, "latin1");
  const start = at < 0 ? 44 : at + 8;
  let sum = 0;
  const n = Math.floor((pcm.length - start) / 2);
  for (let i = 0; i < n; i++) {
    const v = pcm.readInt16LE(start + i * 2) / 32768;
    sum += v * v;
  }
  return n === 0 ? -Infinity : 10 * Math.log10(sum / n);
}

/** An M4A (AAC) tone: a sine at `hz` for `seconds`, made with ffmpeg's sine source. */
export async function toneM4a(file: string, seconds: number, hz: number): Promise<Buffer> {
  await ffmpeg([
    "-y",
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=${hz}:sample_rate=44100:duration=${seconds}`,
    "-c:a",
    "aac",
    "-b:a",
    "96k",
    "-f",
    "mp4",
    file,
  ]);
  return fs.readFileSync(file);
}

export interface RenderTestEnv {
  dir: string;
  store: LocalBlobStore;
  close(): void;
}

export async function openRenderTestEnv(): Promise<RenderTestEnv> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pf-render-"));
  const store = new LocalBlobStore({
    root: path.join(dir, "blobs"),
    secret: randomBytes(32),
    urlPrefix: "/api/v1/blobs",
  });
  await ensureSampleMedia(store);
  return { dir, store, close: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Narration stored as M4A with one caption cue per sentence-ish half. */
export async function storeNarration(
  envDir: string,
  store: LocalBlobStore,
  name: string,
  seconds: number,
  hz: number,
): Promise<NonNullable<Scene["voice"]>> {
  const file = path.join(envDir, `${name}.m4a`);
  const bytes = await toneM4a(file, seconds, hz);
  // Under the sample composition owner's own folder: prepareRender drops keys its owner may not use.
  const key = `videos/test-user/voice/${name}.m4a`;
  await store.put(key, bytes, { allowedTypes: ["video/mp4"] });
  const ms = Math.round(seconds * 1000);
  const cues: CaptionCue[] = [
    { text: "Fresh coffee, roasted today", startMs: 0, endMs: Math.round(ms / 2) },
    { text: "and at your door by noon.", startMs: Math.round(ms / 2), endMs: ms },
  ];
  return { key, duration_ms: ms, cues, voice_id: "test-tone", text_hash: name };
}

/** A video composition of the given starter template: one scene per layout id (sample values), optional narration per scene. */
export function sampleComposition(input: {
  templateId?: string;
  ratio: CompositionRatio;
  layoutIds?: string[];
  scenes?: number;
  voices?: (Scene["voice"] | undefined)[];
  long?: boolean;
  durationMs?: number | null;
  captions?: boolean;
}): { composition: CompositionBody; templateVersion: TemplateVersionBody } {
  const t = starterTemplate(input.templateId ?? STARTER_TEMPLATES[0]!.id)!;
  const tv = starterTemplateVersion(t);
  const layouts = input.layoutIds
    ? input.layoutIds.map((id) => tv.layouts.find((l) => l.id === id)!)
    : tv.layouts.slice(0, input.scenes ?? 3);
  const scenes: Scene[] = layouts.map((l, i) => ({
    id: `s${i + 1}`,
    layout_id: l.id,
    values: sampleValues(l, { long: input.long }),
    narration: input.voices?.[i] ? sampleNarration(i) : "",
    duration_ms: input.durationMs === undefined ? null : input.durationMs,
    ...(input.voices?.[i] ? { voice: input.voices[i] } : {}),
  }));
  return {
    templateVersion: tv,
    composition: {
      schema_version: COMPOSITION_SCHEMA_VERSION,
      owner_id: "test-user",
      kind: "video",
      title: "Test video",
      aspect_ratio: input.ratio,
      template: { id: t.id, version: 1 },
      scenes,
      audio: { voice_id: "test-tone", captions: input.captions ?? true, music: { track_id: null, volume: 0.35 } },
      brand: null,
      revision: 0,
    },
  };
}
