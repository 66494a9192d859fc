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
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { CancelSignal, ChromiumOptions, HeadlessBrowser } from "@remotion/renderer";
import type { VideoConfig } from "remotion/no-react";
import { frameRuns } from "@/remotion/frame-state";
import type { RenderProps } from "../composition/render-props";
import { mixSoundtrack } from "./audio-mix";
import { compositorBinary, compositorEnv } from "./compositor";
import { CAPTURE_TOKEN_VARIABLE, captureDirect } from "./direct-capture";
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
  /**
   * Also capture the poster (the first scene at its still frame, as the
   * Still composition draws it) on the same page: the composition draws it
   * one frame past the end (remotion/video.tsx). Called with the JPEG.
   */
  onPoster?: (jpeg: Buffer) => void;
  /**
   * Several video-only files from one capture pass (segments): frames
   * [start, end) of each go to their own encoder, opened when their first
   * frame arrives and closed after their last, and `onDone` runs as soon as
   * that file is complete (so it can be kept before the pass ends). Ranges
   * are in order and disjoint; `range`, `audio` and `outputPath` are then
   * ignored. One pass opens the page once: a segment of its own would pay
   * the page's setup (1–2 s) every time.
   */
  outputs?: PipelineOutput[];
  /** The cost-saving steps, each on by default; bench/render.ts turns them off one at a time to measure what each buys. */
  steps?: Partial<FramePipelineSteps>;
}

export interface FramePipelineSteps {
  /**
   * Capturing never waits for the encoder: a captured frame is queued for
   * ffmpeg and the browser moves on to the next one (off: Remotion waits
   * until the frame and all its repeats are written into ffmpeg's pipe).
   */
  decoupled: boolean;
  /** The soundtrack is mixed while the page opens and the first frames are captured (off: mixed first). */
  audioAlongside: boolean;
  /**
   * Each distinct frame goes to ffmpeg once, with its time (Matroska), and
   * ffmpeg repeats the decoded picture to a constant frame rate (off: the
   * JPEG is written once per frame of its run and decoded every time).
   */
  timestamped: boolean;
  /**
   * Remotion's renderFrames opens the page and captures the first frame;
   * the others are captured by our own loop on that page with one seek and
   * one screenshot each (direct-capture.ts; off: renderFrames captures every
   * frame, about ten DevTools round trips each). Only with concurrency 1.
   */
  direct: boolean;
}

export const DEFAULT_STEPS: FramePipelineSteps = {
  decoupled: true,
  audioAlongside: true,
  timestamped: true,
  direct: true,
};

/** Frames queued for the encoder beyond this many bytes make capturing wait (memory bound when the encoder falls behind). */
const MAX_QUEUED_BYTES = 64 * 1024 * 1024;

export interface PipelineOutput {
  start: number;
  end: number;
  outputPath: string;
  onDone?: () => Promise<void> | void;
  onProgress?: (renderedFrames: number) => void;
}

export interface FramePipelineStats {
  /** Distinct video frames captured (the poster not counted). */
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

/*
 * A minimal streaming Matroska writer: MJPEG frames with their times, so
 * ffmpeg decodes each distinct frame once and fills the frame rate itself
 * (Remotion's ffmpeg has no setpts or fps filter; its demuxers include
 * Matroska). Element IDs and layout from the Matroska specification.
 */
function ebmlSize(n: number): Buffer {
  for (let len = 1; len <= 8; len++) {
    if (n < 2 ** (7 * len) - 1) {
      const b = Buffer.alloc(len);
      let v = n;
      for (let i = len - 1; i >= 0; i--) {
        b[i] = v % 256;
        v = Math.floor(v / 256);
      }
      b[0]! |= 1 << (8 - len);
      return b;
    }
  }
  throw new Error("EBML size too large");
}

function ebmlUint(n: number): Buffer {
  const bytes: number[] = [];
  let v = n;
  do {
    bytes.unshift(v % 256);
    v = Math.floor(v / 256);
  } while (v > 0);
  return Buffer.from(bytes);
}

function ebml(id: number, body: Buffer | Buffer[] | number | string): Buffer {
  const data =
    typeof body === "number"
      ? ebmlUint(body)
      : typeof body === "string"
        ? Buffer.from(body, "ascii")
        : Array.isArray(body)
          ? Buffer.concat(body)
          : body;
  return Buffer.concat([ebmlUint(id), ebmlSize(data.length), data]);
}

/** Matroska header, segment of unknown size and one MJPEG video track; times in milliseconds. */
export function matroskaHeader(width: number, height: number): Buffer {
  const header = ebml(0x1a45dfa3, [
    ebml(0x4286, 1),
    ebml(0x42f7, 1),
    ebml(0x42f2, 4),
    ebml(0x42f3, 8),
    ebml(0x4282, "matroska"),
    ebml(0x4287, 4),
    ebml(0x4285, 2),
  ]);
  const segmentStart = Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  const info = ebml(0x1549a966, [ebml(0x2ad7b1, 1_000_000), ebml(0x4d80, "promptframe"), ebml(0x5741, "promptframe")]);
  const tracks = ebml(0x1654ae6b, [
    ebml(0xae, [
      ebml(0xd7, 1),
      ebml(0x73c5, 1),
      ebml(0x83, 1),
      ebml(0x86, "V_MJPEG"),
      ebml(0xe0, [ebml(0xb0, width), ebml(0xba, height)]),
    ]),
  ]);
  return Buffer.concat([header, segmentStart, info, tracks]);
}

/**
 * One picture as a cluster of its own: its time and how long it stays, in
 * ms (a BlockGroup with a BlockDuration, track 1). ffmpeg's constant-rate
 * output repeats the decoded picture for its duration.
 */
export function matroskaFrame(ms: number, durationMs: number, jpeg: Buffer): Buffer[] {
  const blockHead = Buffer.from([0x81, 0x00, 0x00, 0x00]);
  const block = Buffer.concat([ebmlUint(0xa1), ebmlSize(blockHead.length + jpeg.length), blockHead]);
  const duration = ebml(0x9b, durationMs);
  const groupSize = block.length + jpeg.length + duration.length;
  const group = Buffer.concat([ebmlUint(0xa0), ebmlSize(groupSize)]);
  const time = ebml(0xe7, ms);
  const clusterHead = Buffer.concat([ebmlUint(0x1f43b675), ebmlSize(time.length + group.length + groupSize)]);
  return [Buffer.concat([clusterHead, time, group, block]), jpeg, duration];
}

function startEncoder(
  input: FramePipelineInput,
  target: { start: number; end: number; outputPath: string },
  audio: string | null,
): { proc: ChildProcessWithoutNullStreams; done: Promise<void> } {
  const { props } = input;
  const { start, end } = target;
  const seconds = (end - start) / props.fps;
  const timestamped = input.steps?.timestamped ?? DEFAULT_STEPS.timestamped;
  const args = [
    "-hide_banner",
    "-nostdin",
    "-v",
    "error",
    "-y",
    ...(timestamped
      ? ["-f", "matroska", "-c:v", "mjpeg", "-i", "pipe:0"]
      : ["-f", "image2pipe", "-framerate", String(props.fps), "-c:v", "mjpeg", "-i", "pipe:0"]),
    ...(audio ? ["-i", audio, "-map", "0:v:0", "-map", "1:a:0"] : ["-map", "0:v:0", "-an"]),
    ...(timestamped ? ["-fps_mode", "cfr", "-r", String(props.fps)] : []),
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
    target.outputPath,
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

type Encoder = ReturnType<typeof startEncoder>;

interface Target extends PipelineOutput {
  audio: boolean;
  runs: { start: number; end: number }[];
  written: number;
  encoder: Promise<Encoder> | null;
  started: Encoder | null;
  /** Set once the file's last frame is written: its encoder finishing, then onDone. */
  finished: Promise<void> | null;
  ok: boolean;
}

export async function renderWithFramePipeline(input: FramePipelineInput): Promise<FramePipelineStats> {
  const { props } = input;
  const steps = { ...DEFAULT_STEPS, ...input.steps };
  const runsOf = (start: number, end: number) =>
    input.everyFrame
      ? Array.from({ length: end - start }, (_, i) => ({ start: start + i, end: start + i }))
      : frameRuns(props, start, end);
  const targets: Target[] = (
    input.outputs ?? [{ ...pipelineRange(input), outputPath: input.outputPath, audio: input.audio !== false }]
  ).map((o) => ({
    ...o,
    audio: "audio" in o ? Boolean(o.audio) : false,
    runs: runsOf(o.start, o.end),
    written: 0,
    encoder: null,
    started: null,
    finished: null,
    ok: false,
  }));
  // Every run of every target, in frame order: the order frames are written.
  const runs = targets.flatMap((t) => t.runs.map((r) => ({ ...r, target: t })));
  const runByStart = new Map(runs.map((r) => [r.start, r]));
  const total = targets.reduce((n, t) => n + t.end - t.start, 0);
  const posterFrame = props.durationInFrames;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "pf-frames-"));
  const report = (stage: RenderProgress["stage"], written: number) =>
    input.onProgress?.({
      stage,
      progress: stage === "encoding" ? 0.95 + (0.05 * written) / total : (0.95 * written) / total,
      renderedFrames: written,
      totalFrames: total,
    });
  const T0 = performance.now();
  const mark = (m: string) =>
    process.env.PF_PROFILE && console.error(`[pipeline] ${m} ${((performance.now() - T0) / 1000).toFixed(2)} s`);
  const { renderFrames, makeCancelSignal } = await import("@remotion/renderer");
  // Our own cancel signal, so a failed encoder or mix also stops the capture.
  const own = makeCancelSignal();
  input.cancelSignal(() => own.cancel());
  let rendering: Promise<unknown> | null = null;
  try {
    const mixing = targets.some((t) => t.audio)
      ? mixSoundtrack(props, work, input.signal).finally(() => mark("audio mixed"))
      : Promise.resolve(null);
    mixing.catch(() => undefined);
    if (!steps.audioAlongside) await mixing;
    let failEncoding: (err: unknown) => void = () => undefined;
    const encoderFailed = new Promise<never>((_, reject) => (failEncoding = reject));
    encoderFailed.catch(() => undefined);
    /** A target's encoder, started when its first frame is due (one or two run at a time, however many files). */
    const open = (t: Target): Promise<Encoder> => {
      t.encoder ??= (t.audio ? mixing : Promise.resolve(null)).then((audio) => {
        const enc = startEncoder(input, t, audio);
        t.started = enc;
        enc.done.then(
          () =>
            t.written < t.end - t.start &&
            failEncoding(new RenderError("encoding-failed", "the encoder stopped before all frames were written")),
          failEncoding,
        );
        return enc;
      });
      t.encoder.catch(failEncoding);
      return t.encoder;
    };
    // The first target's encoder (and with it the soundtrack's mix) starts while the page opens.
    if (targets[0]) void open(targets[0]).catch(() => undefined);
    // Frames may arrive out of order with concurrency > 1: keep them until their turn.
    const pending = new Map<number, Buffer>();
    let queuedBytes = 0;
    let next = 0; // index into runs
    let written = 0;
    let flushing: Promise<void> = Promise.resolve();
    const flush = async () => {
      while (next < runs.length && pending.has(runs[next]!.start)) {
        const run = runs[next]!;
        const t = run.target;
        const enc = await open(t);
        const buf = pending.get(run.start)!;
        if (steps.timestamped) {
          // Rounded up to the next millisecond: ffmpeg's constant-rate output then puts each picture exactly on its frame.
          const ms = (f: number) => Math.ceil(((f - t.start) * 1000) / props.fps);
          if (run.start === t.start) await write(enc.proc, matroskaHeader(props.width, props.height));
          for (const b of matroskaFrame(ms(run.start), ms(run.end + 1) - ms(run.start), buf)) await write(enc.proc, b);
        } else for (let f = run.start; f <= run.end; f++) await write(enc.proc, buf);
        pending.delete(run.start);
        queuedBytes -= buf.length;
        const n = run.end - run.start + 1;
        written += n;
        t.written += n;
        t.onProgress?.(t.written);
        next++;
        report("rendering", written);
        if (t.written === t.end - t.start && input.outputs) {
          // This file is complete: close it and hand it over while the next ones are captured.
          enc.proc.stdin.end();
          t.finished = enc.done.then(() => t.onDone?.()).then(() => void (t.ok = true));
          t.finished.catch(failEncoding);
        }
      }
    };
    let flushError: unknown = null;
    const onFrame = (buffer: Buffer, frame: number): Promise<void> | undefined => {
      if (frame === runs[0]?.start) mark("first frame");
      if (input.onPoster && frame === posterFrame) {
        input.onPoster(buffer);
        return;
      }
      if (!runByStart.has(frame)) return;
      if (flushError) throw flushError;
      pending.set(frame, buffer);
      queuedBytes += buffer.length;
      flushing = flushing.then(flush).catch((e) => {
        flushError ??= e;
        own.cancel();
      });
      if (!steps.decoupled || queuedBytes > MAX_QUEUED_BYTES) return flushing;
    };
    const frames = [...runs.map((r) => r.start), ...(input.onPoster ? [posterFrame] : [])];
    const direct = steps.direct && input.concurrency <= 1 && frames.length > 1;
    const token = randomUUID();
    let stopped = false;
    own.cancelSignal(() => void (stopped = true));
    const composition = input.onPoster
      ? { ...input.composition, durationInFrames: posterFrame + 1 }
      : input.composition;
    rendering = renderFrames({
      composition,
      serveUrl: input.serveUrl,
      inputProps: props as unknown as Record<string, unknown>,
      frames: direct ? frames.slice(0, 1) : frames,
      ...(direct ? { envVariables: { [CAPTURE_TOKEN_VARIABLE]: token } } : {}),
      outputDir: null,
      imageFormat: "jpeg",
      jpegQuality: input.jpegQuality,
      muted: true,
      concurrency: input.concurrency,
      puppeteerInstance: input.browser,
      browserExecutable: input.browserExecutable,
      chromeMode: input.chromeMode,
      chromiumOptions: input.chromiumOptions,
      cancelSignal: own.cancelSignal,
      timeoutInMilliseconds: input.timeoutMs,
      logLevel: "error",
      onStart: () => undefined,
      onFrameUpdate: () => undefined,
      onFrameBuffer: async (buffer, frame) => {
        await onFrame(buffer, frame);
        // Still inside Remotion's first frame: its page stays open while the loop captures the rest.
        if (direct && frame === frames[0])
          await captureDirect({
            browser: input.browser,
            token,
            compositionId: composition.id,
            frames: frames.slice(1),
            width: props.width,
            height: props.height,
            jpegQuality: input.jpegQuality,
            timeoutMs: input.timeoutMs,
            stopped: () => stopped,
            onFrame,
          });
      },
    });
    await Promise.race([rendering, encoderFailed]);
    mark("frames captured");
    await flushing;
    if (flushError) throw flushError;
    mark("frames written");
    if (written !== total) throw new RenderError("internal", `only ${written} of ${total} frames reached the encoder`);
    report("encoding", total);
    if (input.outputs) await Promise.all(targets.map((t) => t.finished));
    else {
      const enc = await open(targets[0]!);
      enc.proc.stdin.end();
      await enc.done;
    }
    mark("encoded");
    return { captured: runs.length, total };
  } catch (err) {
    own.cancel();
    // Files whose last frame was written finish (and are handed over); the others stop and are removed.
    for (const t of targets) if (!t.finished) t.started?.proc.kill("SIGKILL");
    await Promise.all(targets.map((t) => (t.finished ?? t.started?.done)?.catch(() => undefined)));
    await rendering?.catch(() => undefined);
    for (const t of targets) if (!t.ok) fs.rmSync(t.outputPath, { force: true });
    throw err;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
