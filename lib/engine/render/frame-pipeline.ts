import "server-only";
/**
 * The local video pipeline: capture each distinct frame once, encode every
 * frame. Most of a video is still (a scene after its entrance, a caption
 * between two phrases), and in Chromium every captured frame costs the same
 * whether or not anything moved. frameRuns (remotion/frame-state.ts, the
 * same functions the components draw with) finds the runs of identical
 * frames; Remotion's renderFrames captures the first frame of each run as a
 * JPEG; the JPEG is written into Remotion's ffmpeg once per frame of its run
 * while the next ones are captured, so encoding overlaps capturing. The
 * soundtrack is mixed beside it (audio-mix.ts) and muxed as AAC.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { CancelSignal, ChromiumOptions, HeadlessBrowser } from "@remotion/renderer";
import type { VideoConfig } from "remotion/no-react";
import { frameRuns } from "@/remotion/frame-state";
import type { RenderProps } from "../composition/render-props";
import { mixSoundtrack } from "./audio-mix";
import { compositorBinary, compositorEnv } from "./compositor";
import { RenderError } from "./errors";
import type { RenderProgress } from "./types";

export interface FramePipelineInput {
  props: RenderProps;
  composition: VideoConfig;
  outputPath: string;
  serveUrl: string;
  browser: HeadlessBrowser;
  browserExecutable: string;
  chromeMode: "headless-shell" | "chrome-for-testing";
  chromiumOptions: ChromiumOptions;
  cancelSignal: CancelSignal;
  signal?: AbortSignal;
  concurrency: number;
  jpegQuality: number;
  x264Preset: string;
  crf: number;
  timeoutMs: number;
  onProgress?: (p: RenderProgress) => void;
  /** Capture every frame (no run detection): for measuring what the runs save. */
  everyFrame?: boolean;
  /** Only the frames `start` (inclusive) to `end` (exclusive) of the video (a segment); default all of them. */
  range?: { start: number; end: number };
  /** false: a video-only file (a segment, joined and given its sound later); default true: the soundtrack mixed and muxed as AAC. */
  audio?: boolean;
}

export interface FramePipelineStats {
  captured: number;
  total: number;
}

/** The frames a pipeline run covers: the input's range, or the whole video. */
export function pipelineRange(input: Pick<FramePipelineInput, "props" | "range">): { start: number; end: number } {
  const total = input.props.durationInFrames;
  const start = Math.max(0, Math.min(total, input.range?.start ?? 0));
  const end = Math.max(start, Math.min(total, input.range?.end ?? total));
  return { start, end };
}

function startEncoder(
  input: FramePipelineInput,
  audio: string | null,
): { proc: ChildProcessWithoutNullStreams; done: Promise<void> } {
  const { props } = input;
  const { start, end } = pipelineRange(input);
  const seconds = (end - start) / props.fps;
  const args = [
    "-hide_banner",
    "-nostdin",
    "-v",
    "error",
    "-y",
    "-f",
    "image2pipe",
    "-framerate",
    String(props.fps),
    "-c:v",
    "mjpeg",
    "-i",
    "pipe:0",
    ...(audio ? ["-i", audio, "-map", "0:v:0", "-map", "1:a:0"] : ["-map", "0:v:0", "-an"]),
    "-c:v",
    "libx264",
    "-preset",
    input.x264Preset,
    "-crf",
    String(input.crf),
    "-pix_fmt",
    "yuv420p",
    "-vf",
    `scale=${props.width}:${props.height}:out_range=tv`,
    ...(audio ? ["-c:a", "aac", "-b:a", "160k"] : []),
    "-t",
    seconds.toFixed(6),
    "-movflags",
    "+faststart",
    "-f",
    "mp4",
    input.outputPath,
  ];
  const proc = spawn(compositorBinary("ffmpeg"), args, { env: compositorEnv() });
  let err = "";
  proc.stderr.on("data", (c: Buffer) => (err = (err + c.toString()).slice(-4000)));
  const done = new Promise<void>((resolve, reject) => {
    proc.on("error", (e) =>
      reject(new RenderError("encoding-failed", `ffmpeg could not start: ${e.message}`, { cause: e })),
    );
    proc.on("close", (code, sig) =>
      code === 0
        ? resolve()
        : reject(new RenderError("encoding-failed", `ffmpeg exited with ${code ?? sig}: ${err.trim()}`)),
    );
  });
  // A write after ffmpeg died raises EPIPE on the stream; `done` reports the real reason.
  proc.stdin.on("error", () => undefined);
  return { proc, done };
}

function write(proc: ChildProcessWithoutNullStreams, buf: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    if (proc.stdin.destroyed) return reject(new RenderError("encoding-failed", "the encoder stopped accepting frames"));
    if (proc.stdin.write(buf)) resolve();
    else {
      const onDrain = () => {
        proc.stdin.off("close", onClose);
        resolve();
      };
      const onClose = () => {
        proc.stdin.off("drain", onDrain);
        reject(new RenderError("encoding-failed", "the encoder stopped accepting frames"));
      };
      proc.stdin.once("drain", onDrain);
      proc.stdin.once("close", onClose);
    }
  });
}

export async function renderWithFramePipeline(input: FramePipelineInput): Promise<FramePipelineStats> {
  const { props } = input;
  const range = pipelineRange(input);
  const total = range.end - range.start;
  const runs = input.everyFrame
    ? Array.from({ length: total }, (_, i) => ({ start: range.start + i, end: range.start + i }))
    : frameRuns(props, range.start, range.end);
  const runByStart = new Map(runs.map((r) => [r.start, r]));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "pf-frames-"));
  const report = (stage: RenderProgress["stage"], written: number) =>
    input.onProgress?.({
      stage,
      progress: stage === "encoding" ? 0.95 + (0.05 * written) / total : (0.95 * written) / total,
      renderedFrames: written,
      totalFrames: total,
    });
  let encoder: ReturnType<typeof startEncoder> | null = null;
  try {
    const audio = input.audio === false ? null : await mixSoundtrack(props, work, input.signal);
    encoder = startEncoder(input, audio);
    const enc = encoder;
    const { renderFrames } = await import("@remotion/renderer");
    // Frames may arrive out of order with concurrency > 1: keep them until their turn.
    const pending = new Map<number, Buffer>();
    let next = 0; // index into runs
    let written = 0;
    let flushing = Promise.resolve();
    const flush = async () => {
      while (next < runs.length && pending.has(runs[next]!.start)) {
        const run = runs[next]!;
        const buf = pending.get(run.start)!;
        pending.delete(run.start);
        for (let f = run.start; f <= run.end; f++) await write(enc.proc, buf);
        written += run.end - run.start + 1;
        next++;
        report("rendering", written);
      }
    };
    const rendering = renderFrames({
      composition: input.composition,
      serveUrl: input.serveUrl,
      inputProps: props as unknown as Record<string, unknown>,
      frames: runs.map((r) => r.start),
      outputDir: null,
      imageFormat: "jpeg",
      jpegQuality: input.jpegQuality,
      muted: true,
      concurrency: input.concurrency,
      puppeteerInstance: input.browser,
      browserExecutable: input.browserExecutable,
      chromeMode: input.chromeMode,
      chromiumOptions: input.chromiumOptions,
      cancelSignal: input.cancelSignal,
      timeoutInMilliseconds: input.timeoutMs,
      logLevel: "error",
      onStart: () => undefined,
      onFrameUpdate: () => undefined,
      onFrameBuffer: (buffer, frame) => {
        if (!runByStart.has(frame)) return;
        pending.set(frame, buffer);
        flushing = flushing.then(flush);
        return flushing;
      },
    });
    await Promise.race([
      rendering,
      enc.done.then(() =>
        Promise.reject(new RenderError("encoding-failed", "the encoder stopped before all frames were written")),
      ),
    ]);
    await flushing;
    if (written !== total) throw new RenderError("internal", `only ${written} of ${total} frames reached the encoder`);
    report("encoding", total);
    enc.proc.stdin.end();
    await enc.done;
    return { captured: runs.length, total };
  } catch (err) {
    encoder?.proc.kill("SIGKILL");
    await encoder?.done.catch(() => undefined);
    fs.rmSync(input.outputPath, { force: true });
    throw err;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
