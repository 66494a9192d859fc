import "server-only";
/**
 * The default renderer: @remotion/renderer in this process, serving the
 * bundle built by `npm run remotion:bundle`, drawing frames in one shared
 * Chromium (browser.ts) and encoding H.264 + AAC with Remotion's ffmpeg.
 *
 * Frames are cheap by design (each distinct frame captured once, see
 * frame-pipeline.ts; Chromium's software compositor rather than emulated GL,
 * see browser.ts; pre-rendered backgrounds), and the settings below are what
 * bench/render.ts measured best on a 2-core machine: JPEG frames at quality
 * 80, x264 "veryfast", one frame at a time (README "Video rendering").
 *
 * Renders run one at a time per renderer (a queue): on two cores a second
 * render in parallel only slows both. A cancelled or crashed render rejects
 * with a RenderError; a crashed browser is replaced on the next render.
 */
import fs from "node:fs";
import path from "node:path";
import type { RenderMediaProgress } from "@remotion/renderer";
import type { VideoConfig } from "remotion/no-react";
import { renderPropsSchema, type RenderProps } from "../composition/render-props";
import { BrowserPool, browserSettings } from "./browser";
import { requireBundle } from "./bundle";
import type { Segment } from "./segments/types";
import { RenderError, toRenderError } from "./errors";
import { type FramePipelineSteps, renderWithFramePipeline } from "./frame-pipeline";
import type {
  EncoderSettings,
  RenderDriver,
  RenderPosterInput,
  RenderProgress,
  RenderSegmentInput,
  RenderSegmentResult,
  RenderSegmentsInput,
  RenderStillInput,
  RenderStillResult,
  RenderVideoInput,
  RenderVideoResult,
} from "./types";

export interface LocalRendererOptions {
  /** The bundle folder (default: .remotion/bundle, see bundle.ts) or a URL serving it. */
  serveUrl?: string;
  /** Frames rendered at once (default REMOTION_CONCURRENCY or 1: on two cores, 2 is slower). */
  concurrency?: number;
  /** JPEG quality of the frames handed to the encoder (default 80). */
  jpegQuality?: number;
  /** x264 speed/size trade-off (default veryfast). */
  x264Preset?: "ultrafast" | "superfast" | "veryfast" | "faster" | "fast" | "medium";
  /** x264 constant rate factor; lower is better quality (default 23, Remotion's own default for H.264 is 18). */
  crf?: number;
  /** Per delayRender / page timeout (default 60 s). */
  timeoutMs?: number;
  pool?: BrowserPool;
  /** How often the crash watchdog checks the browser process (ms). */
  watchdogMs?: number;
  /**
   * "frames" (default): capture each distinct frame once and encode with our
   * own mix (frame-pipeline.ts); "remotion": Remotion's renderMedia, every
   * frame captured (REMOTION_PIPELINE overrides; the bench compares both).
   */
  pipeline?: "frames" | "remotion";
  /** false: the poster is always rendered on a page of its own (default: captured with the video's frames, see renderPoster). */
  posterWithFrames?: boolean;
  /** The frame pipeline's cost-saving steps (default all on; the bench turns them off to measure each). */
  framePipelineSteps?: Partial<FramePipelineSteps>;
}

/** The composition Remotion renders for these props (exported for bench/frame-capture.ts). */
export function videoConfig(
  id: "Video" | "Still",
  props: RenderProps,
  inputProps: Record<string, unknown>,
): VideoConfig {
  return {
    id,
    width: props.width,
    height: props.height,
    fps: props.fps,
    durationInFrames: id === "Still" ? 1 : props.durationInFrames,
    defaultProps: {},
    props: inputProps,
    defaultCodec: null,
    defaultOutName: null,
    defaultVideoImageFormat: null,
    defaultPixelFormat: null,
    defaultProResProfile: null,
    defaultSampleRate: null,
  };
}

function checkProps(props: unknown): RenderProps {
  const parsed = renderPropsSchema.safeParse(props);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new RenderError(
      "invalid-props",
      `render props are invalid: ${first ? `${first.path.join(".")}: ${first.message}` : "unknown"}`,
      { retryable: false },
    );
  }
  return parsed.data;
}

export class LocalRenderer implements RenderDriver {
  readonly kind = "local" as const;
  readonly pool: BrowserPool;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly opts: LocalRendererOptions;
  /** The poster captured with a video's frames, by the props object it was rendered from (see renderPoster). */
  private readonly posters = new WeakMap<object, Buffer>();

  constructor(opts: LocalRendererOptions = {}) {
    this.opts = opts;
    this.pool = opts.pool ?? new BrowserPool(browserSettings());
  }

  private serveUrl(): string {
    return this.opts.serveUrl ?? requireBundle();
  }

  private concurrency(): number {
    return this.opts.concurrency ?? (Number(process.env.REMOTION_CONCURRENCY) || 1);
  }

  /** Runs `work` after the renders before it; rejects at once if cancelled while waiting. */
  private enqueue<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(
      () => work(),
      () => work(),
    );
    this.queue = run.catch(() => undefined);
    if (!signal) return run;
    if (signal.aborted) return Promise.reject(new RenderError("cancelled", "render cancelled before it started"));
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(new RenderError("cancelled", "render cancelled"));
      signal.addEventListener("abort", onAbort, { once: true });
      run.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
    });
  }

  /**
   * Runs one Remotion call with cancellation and a crash watchdog: an abort
   * or a dead browser cancels the call through Remotion's cancel signal and
   * rejects with a typed error. Whatever the call throws while the browser
   * is dead is a crash, whatever the message says. The call is given a
   * moment to wind down (close its pages, kill its encoder, remove its
   * files) before the error is passed on, so nothing of it runs on into the
   * next render.
   */
  private async guarded<T>(
    signal: AbortSignal | undefined,
    call: (cancelSignal: import("@remotion/renderer").CancelSignal) => Promise<T>,
  ): Promise<T> {
    const { makeCancelSignal } = await import("@remotion/renderer");
    const { cancelSignal, cancel } = makeCancelSignal();
    if (signal?.aborted) throw new RenderError("cancelled", "render cancelled");
    let cancelled = false;
    let stop: (err: RenderError) => void = () => undefined;
    const stopped = new Promise<never>((_, reject) => {
      stop = (err) => {
        cancel();
        reject(err);
      };
    });
    stopped.catch(() => undefined);
    const onAbort = () => {
      cancelled = true;
      stop(new RenderError("cancelled", "render cancelled"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    const crashed = () => new RenderError("browser-crashed", "the browser process died during the render");
    await this.pool.get();
    const watchdog = setInterval(() => {
      if (!this.pool.alive()) stop(crashed());
    }, this.opts.watchdogMs ?? 500);
    let running: Promise<T> | null = null;
    try {
      running = call(cancelSignal);
      return await Promise.race([running, stopped]);
    } catch (err) {
      const dead = this.pool.isOpen() && !this.pool.alive();
      let e = toRenderError(err, { cancelled });
      if (dead && e.code !== "cancelled")
        e =
          e.code === "browser-crashed"
            ? e
            : new RenderError("browser-crashed", `the browser process died during the render (${e.message})`, {
                cause: err,
              });
      if (e.code === "browser-crashed" || dead) this.pool.discard();
      if (running)
        await Promise.race([running.catch(() => undefined), new Promise((r) => setTimeout(r, 5000).unref())]);
      throw e;
    } finally {
      clearInterval(watchdog);
      signal?.removeEventListener("abort", onAbort);
    }
  }

  async renderVideo(input: RenderVideoInput): Promise<RenderVideoResult> {
    const props = checkProps(input.props);
    const report = (p: RenderProgress) => input.onProgress?.(p);
    report({ stage: "preparing", progress: 0, renderedFrames: 0, totalFrames: props.durationInFrames });
    return this.enqueue(input.signal, async () => {
      if (input.signal?.aborted) throw new RenderError("cancelled", "render cancelled");
      const serveUrl = this.serveUrl();
      const { renderMedia } = await import("@remotion/renderer");
      fs.mkdirSync(path.dirname(input.outputPath), { recursive: true });
      const browser = await this.pool.get().catch((err) => {
        throw new RenderError("browser-crashed", `the browser could not be started: ${String(err)}`, { cause: err });
      });
      const settings = this.pool.settings;
      const inputProps = props as unknown as Record<string, unknown>;
      const pipeline = this.opts.pipeline ?? (process.env.REMOTION_PIPELINE === "remotion" ? "remotion" : "frames");
      if (pipeline === "frames") {
        await this.guarded(input.signal, (cancelSignal) =>
          renderWithFramePipeline({
            props,
            composition: videoConfig("Video", props, inputProps),
            outputPath: input.outputPath,
            serveUrl,
            browser,
            browserExecutable: this.pool.renderExecutable(),
            chromeMode: settings.chromeMode,
            chromiumOptions: settings.chromiumOptions,
            cancelSignal,
            signal: input.signal,
            concurrency: this.concurrency(),
            jpegQuality: this.opts.jpegQuality ?? 80,
            x264Preset: this.opts.x264Preset ?? "veryfast",
            crf: this.opts.crf ?? 23,
            timeoutMs: this.opts.timeoutMs ?? 60_000,
            onProgress: report,
            steps: this.opts.framePipelineSteps,
            onPoster: this.opts.posterWithFrames === false ? undefined : (jpeg) => this.posters.set(input.props, jpeg),
          }),
        );
        const sizeBytes = fs.statSync(input.outputPath).size;
        return {
          durationMs: (props.durationInFrames / props.fps) * 1000,
          width: props.width,
          height: props.height,
          sizeBytes,
          frames: props.durationInFrames,
        };
      }
      await this.guarded(input.signal, (cancelSignal) =>
        renderMedia({
          composition: videoConfig("Video", props, inputProps),
          serveUrl,
          codec: "h264",
          audioCodec: "aac",
          outputLocation: input.outputPath,
          overwrite: true,
          inputProps,
          puppeteerInstance: browser,
          browserExecutable: this.pool.renderExecutable(),
          chromeMode: settings.chromeMode,
          chromiumOptions: settings.chromiumOptions,
          concurrency: this.concurrency(),
          imageFormat: "jpeg",
          jpegQuality: this.opts.jpegQuality ?? 80,
          x264Preset: this.opts.x264Preset ?? "veryfast",
          crf: this.opts.crf ?? 23,
          pixelFormat: "yuv420p",
          // A video without narration or music still gets an (silent) AAC track: players and platforms expect one.
          enforceAudioTrack: true,
          cancelSignal,
          timeoutInMilliseconds: this.opts.timeoutMs ?? 60_000,
          logLevel: "error",
          onProgress: (p: RenderMediaProgress) =>
            report({
              stage: p.renderedFrames < props.durationInFrames ? "rendering" : "encoding",
              progress: Math.max(0, Math.min(1, p.progress)),
              renderedFrames: p.renderedFrames,
              totalFrames: props.durationInFrames,
            }),
        }),
      );
      const sizeBytes = fs.statSync(input.outputPath).size;
      return {
        durationMs: (props.durationInFrames / props.fps) * 1000,
        width: props.width,
        height: props.height,
        sizeBytes,
        frames: props.durationInFrames,
      };
    });
  }

  /** One render at a time per renderer (the queue): segments too. */
  readonly segmentConcurrency = 1;

  /** What decides a segment's pixels and encoding here; `renderer` is the bundle's source hash (bundle.ts). */
  get segmentEncoder(): EncoderSettings {
    let renderer = this.opts.serveUrl ?? "bundle";
    try {
      renderer = fs.readFileSync(path.join(this.serveUrl(), ".source-hash"), "utf8").trim() || renderer;
    } catch {
      // A served URL or a bundle without its hash: named by where it is served from.
    }
    return {
      driver: "local",
      x264Preset: this.opts.x264Preset ?? "veryfast",
      crf: this.opts.crf ?? 23,
      jpegQuality: this.opts.jpegQuality ?? 80,
      pixelFormat: "yuv420p",
      renderer,
    };
  }

  /** Frames [segment.start, segment.end) as a video-only H.264 MP4, through the frame pipeline. */
  async renderSegment(input: RenderSegmentInput): Promise<RenderSegmentResult> {
    await this.renderSegments({
      props: input.props,
      signal: input.signal,
      parts: [{ segment: input.segment, outputPath: input.outputPath, onProgress: input.onProgress }],
    });
    return { frames: input.segment.end - input.segment.start, sizeBytes: fs.statSync(input.outputPath).size };
  }

  /**
   * Several segments in one capture pass (the page opens once), each written
   * by its own encoder and handed over (`onDone`) as soon as it is complete.
   * The poster frame is captured in the same pass, for renderPoster.
   */
  async renderSegments(input: RenderSegmentsInput): Promise<void> {
    const props = checkProps(input.props);
    const parts = [...input.parts].sort((a, b) => a.segment.start - b.segment.start);
    parts.forEach(({ segment }, i) => {
      const frames = segment.end - segment.start;
      const prev = parts[i - 1]?.segment;
      if (
        !(segment.start >= 0 && frames > 0 && segment.end <= props.durationInFrames) ||
        (prev && prev.end > segment.start)
      )
        throw new RenderError(
          "invalid-props",
          `segment ${segment.start}-${segment.end} is outside the video or overlaps another`,
          {
            retryable: false,
          },
        );
    });
    if (parts.length === 0) return;
    return this.enqueue(input.signal, async () => {
      if (input.signal?.aborted) throw new RenderError("cancelled", "render cancelled");
      const serveUrl = this.serveUrl();
      for (const p of parts) fs.mkdirSync(path.dirname(p.outputPath), { recursive: true });
      const browser = await this.pool.get().catch((err) => {
        throw new RenderError("browser-crashed", `the browser could not be started: ${String(err)}`, { cause: err });
      });
      const settings = this.pool.settings;
      const encoder = this.segmentEncoder;
      await this.guarded(input.signal, (cancelSignal) =>
        renderWithFramePipeline({
          props,
          composition: videoConfig("Video", props, props as unknown as Record<string, unknown>),
          outputPath: parts[0]!.outputPath,
          serveUrl,
          browser,
          browserExecutable: this.pool.renderExecutable(),
          chromeMode: settings.chromeMode,
          chromiumOptions: settings.chromiumOptions,
          cancelSignal,
          signal: input.signal,
          concurrency: this.concurrency(),
          jpegQuality: encoder.jpegQuality,
          x264Preset: encoder.x264Preset,
          crf: encoder.crf,
          timeoutMs: this.opts.timeoutMs ?? 60_000,
          steps: this.opts.framePipelineSteps,
          outputs: parts.map((p) => ({
            start: p.segment.start,
            end: p.segment.end,
            outputPath: p.outputPath,
            onDone: p.onDone,
            onProgress: p.onProgress,
          })),
          onPoster: this.opts.posterWithFrames === false ? undefined : (jpeg) => this.posters.set(input.props, jpeg),
        }),
      );
    });
  }

  async renderStill(input: RenderStillInput): Promise<RenderStillResult> {
    const props = checkProps(input.props);
    return this.enqueue(input.signal, async () => {
      if (input.signal?.aborted) throw new RenderError("cancelled", "render cancelled");
      const serveUrl = this.serveUrl();
      const { renderStill } = await import("@remotion/renderer");
      fs.mkdirSync(path.dirname(input.outputPath), { recursive: true });
      const browser = await this.pool.get();
      const settings = this.pool.settings;
      const byFrame = input.frame !== undefined;
      const inputProps = { ...props, sceneIndex: input.sceneIndex ?? 0 } as unknown as Record<string, unknown>;
      await this.guarded(input.signal, (cancelSignal) =>
        renderStill({
          composition: videoConfig(byFrame ? "Video" : "Still", props, inputProps),
          serveUrl,
          output: input.outputPath,
          overwrite: true,
          frame: byFrame ? Math.max(0, Math.min(props.durationInFrames - 1, input.frame!)) : 0,
          inputProps,
          imageFormat: input.format,
          ...(input.format === "jpeg" ? { jpegQuality: input.jpegQuality ?? 90 } : {}),
          puppeteerInstance: browser,
          browserExecutable: this.pool.renderExecutable(),
          chromeMode: settings.chromeMode,
          chromiumOptions: settings.chromiumOptions,
          cancelSignal,
          timeoutInMilliseconds: this.opts.timeoutMs ?? 60_000,
          logLevel: "error",
        }),
      );
      return {
        width: props.width,
        height: props.height,
        sizeBytes: fs.statSync(input.outputPath).size,
        format: input.format,
      };
    });
  }

  /**
   * The poster captured with the frames of the last renderVideo of the same
   * props object (no second page); otherwise rendered as a still.
   */
  async renderPoster(input: RenderPosterInput): Promise<RenderStillResult> {
    const captured = this.posters.get(input.props);
    if (captured && (input.format ?? "jpeg") === "jpeg") {
      if (input.signal?.aborted) throw new RenderError("cancelled", "render cancelled");
      this.posters.delete(input.props);
      fs.mkdirSync(path.dirname(input.outputPath), { recursive: true });
      fs.writeFileSync(input.outputPath, captured);
      return { width: input.props.width, height: input.props.height, sizeBytes: captured.length, format: "jpeg" };
    }
    return this.renderStill({
      props: input.props,
      sceneIndex: 0,
      format: input.format ?? "jpeg",
      outputPath: input.outputPath,
      jpegQuality: 88,
      signal: input.signal,
    });
  }

  async close(): Promise<void> {
    await this.queue.catch(() => undefined);
    await this.pool.close();
  }
}
