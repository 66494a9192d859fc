import "server-only";
/**
 * Remotion Lambda: the same compositions rendered in AWS Lambda, for many
 * renders at once (setup in LAMBDA.md). Starts the render with
 * renderMediaOnLambda, polls getRenderProgress, then downloads the MP4 from
 * the render bucket through a presigned URL (renders stay private).
 * Media in the props must be reachable from AWS (signed Cloud Storage URLs:
 * prepare.ts refuses loopback URLs for Lambda).
 */
import fs from "node:fs";
import path from "node:path";
import type { AwsRegion } from "@remotion/lambda-client";
import { renderPropsSchema, type RenderProps } from "../composition/render-props";
import { RenderError } from "./errors";
import type {
  EncoderSettings,
  RenderDriver,
  RenderPosterInput,
  RenderSegmentInput,
  RenderSegmentResult,
  RenderStillInput,
  RenderStillResult,
  RenderVideoInput,
  RenderVideoResult,
} from "./types";

export interface LambdaConfig {
  functionName: string;
  region: AwsRegion;
  /** The deployed site (npx remotion lambda sites create ...). */
  serveUrl: string;
  /** Frames per Lambda invocation (default: Remotion decides). */
  framesPerLambda?: number;
  /** How often progress is polled (default 1.5 s). */
  pollMs?: number;
  /** Give up after this long (default 15 min). */
  timeoutMs?: number;
  /** Segments rendered at once, each its own Lambda render (default 8; REMOTION_LAMBDA_SEGMENT_CONCURRENCY). */
  segmentConcurrency?: number;
}

/** The Lambda settings from the environment, or null when Lambda is not configured (then renders are local). */
export function lambdaConfigFromEnv(env: Record<string, string | undefined> = process.env): LambdaConfig | null {
  const functionName = env.REMOTION_LAMBDA_FUNCTION?.trim();
  if (!functionName) return null;
  const region = env.REMOTION_LAMBDA_REGION?.trim();
  const serveUrl = env.REMOTION_SERVE_URL?.trim();
  if (!region || !serveUrl) {
    throw new RenderError(
      "lambda-not-configured",
      "REMOTION_LAMBDA_FUNCTION is set, so REMOTION_LAMBDA_REGION and REMOTION_SERVE_URL must be set too",
      { retryable: false },
    );
  }
  const framesPerLambda = env.REMOTION_LAMBDA_FRAMES_PER_LAMBDA
    ? Number(env.REMOTION_LAMBDA_FRAMES_PER_LAMBDA)
    : undefined;
  const segments = Number(env.REMOTION_LAMBDA_SEGMENT_CONCURRENCY);
  const segmentConcurrency = Number.isInteger(segments) && segments >= 1 && segments <= 64 ? segments : undefined;
  return { functionName, region: region as AwsRegion, serveUrl, framesPerLambda, segmentConcurrency };
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(t);
        resolve();
      },
      { once: true },
    );
  });

function checkProps(props: unknown): RenderProps {
  const parsed = renderPropsSchema.safeParse(props);
  if (!parsed.success)
    throw new RenderError(
      "invalid-props",
      `render props are invalid: ${parsed.error.issues[0]?.message ?? "unknown"}`,
      { retryable: false },
    );
  for (const url of [
    parsed.data.background.image,
    ...parsed.data.scenes.flatMap((s) => [s.narration?.src, ...s.slots.map((x) => x.media?.src)]),
  ]) {
    if (url && /^https?:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) {
      throw new RenderError(
        "invalid-props",
        `Lambda cannot fetch ${url.split("?")[0]}: media must be on a public or signed URL`,
        { retryable: false },
      );
    }
  }
  return parsed.data;
}

function lambdaError(err: unknown): RenderError {
  if (err instanceof RenderError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/credential|UnrecognizedClient|AccessDenied|not authorized|security token/i.test(message)) {
    return new RenderError("lambda-not-configured", message, { cause: err, retryable: false });
  }
  return new RenderError("lambda-failed", message, { cause: err });
}

/** The longest a download of a finished render may take. */
const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;

async function download(url: string, file: string, signal?: AbortSignal): Promise<number> {
  const timeout = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
  let bytes: Buffer;
  try {
    const res = await fetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    if (!res.ok) throw new RenderError("lambda-failed", `downloading the render answered ${res.status}`);
    bytes = Buffer.from(await res.arrayBuffer());
  } catch (err) {
    if (signal?.aborted) throw new RenderError("cancelled", "render cancelled");
    throw lambdaError(err);
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  return bytes.length;
}

/**
 * One set of encoder settings for every Lambda render: segments of one video
 * are joined by stream copy, which needs them encoded alike (a segment's key
 * names the driver, so Lambda's and the local renderer's never meet).
 */
export const LAMBDA_ENCODER = {
  codec: "h264",
  imageFormat: "jpeg",
  jpegQuality: 80,
  crf: 23,
  x264Preset: "medium",
  pixelFormat: "yuv420p",
} as const;

interface LambdaJob {
  props: RenderProps;
  /** Frames rendered by this job (the whole video, or one segment). */
  frames: number;
  extra: Record<string, unknown>;
  outputPath: string;
  signal?: AbortSignal;
  onProgress?: (p: { done: boolean; progress: number; renderedFrames: number }) => void;
}

export class LambdaRenderer implements RenderDriver {
  readonly kind = "lambda" as const;
  /** Segments at once: each is its own Lambda render (which Lambda itself splits across functions). */
  readonly segmentConcurrency: number;

  constructor(readonly config: LambdaConfig) {
    this.segmentConcurrency = config.segmentConcurrency ?? 8;
  }

  /** Part of every segment's key: the settings above, and the deployed site that draws the frames. */
  get segmentEncoder(): EncoderSettings {
    const { x264Preset, crf, jpegQuality, pixelFormat } = LAMBDA_ENCODER;
    return { driver: "lambda", x264Preset, crf, jpegQuality, pixelFormat, renderer: this.config.serveUrl };
  }

  private async presigned(bucketName: string, objectKey: string): Promise<string> {
    const { presignUrl } = await import("@remotion/lambda-client");
    return presignUrl({
      region: this.config.region,
      bucketName,
      objectKey,
      expiresInSeconds: 900,
      checkIfObjectExists: false,
    });
  }

  async renderVideo(input: RenderVideoInput): Promise<RenderVideoResult> {
    const props = checkProps(input.props);
    input.onProgress?.({ stage: "preparing", progress: 0, renderedFrames: 0, totalFrames: props.durationInFrames });
    const sizeBytes = await this.render({
      props,
      frames: props.durationInFrames,
      extra: { audioCodec: "aac", enforceAudioTrack: true },
      outputPath: input.outputPath,
      signal: input.signal,
      onProgress: (p) =>
        input.onProgress?.({
          stage: p.done || p.renderedFrames >= props.durationInFrames ? "encoding" : "rendering",
          progress: p.progress,
          renderedFrames: p.renderedFrames,
          totalFrames: props.durationInFrames,
        }),
    });
    return {
      durationMs: (props.durationInFrames / props.fps) * 1000,
      width: props.width,
      height: props.height,
      sizeBytes,
      frames: props.durationInFrames,
    };
  }

  /**
   * One segment: frames [start, end) of the video as a video-only H.264 MP4
   * (muted: the soundtrack is mixed once for the whole video and muxed at
   * the join), with the same encoder settings as every other segment.
   */
  async renderSegment(input: RenderSegmentInput): Promise<RenderSegmentResult> {
    const props = checkProps(input.props);
    const { start, end } = input.segment;
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end <= start || end > props.durationInFrames)
      throw new RenderError(
        "invalid-props",
        `segment ${start}-${end} is outside the video's ${props.durationInFrames} frames`,
        { retryable: false },
      );
    const frames = end - start;
    const sizeBytes = await this.render({
      props,
      frames,
      // Remotion's frameRange is inclusive at both ends.
      extra: { frameRange: [start, end - 1], muted: true, audioCodec: null, enforceAudioTrack: false },
      outputPath: input.outputPath,
      signal: input.signal,
      onProgress: (p) => input.onProgress?.(p.renderedFrames),
    });
    return { frames, sizeBytes };
  }

  /** Starts a render on Lambda, polls it to the end and downloads the file; returns its size. */
  private async render(job: LambdaJob): Promise<number> {
    const { props, frames } = job;
    const { renderMediaOnLambda, getRenderProgress, cancelRenderOnLambda } = await import("@remotion/lambda-client");
    const { functionName, region, serveUrl } = this.config;
    if (job.signal?.aborted) throw new RenderError("cancelled", "render cancelled");
    let started: { renderId: string; bucketName: string };
    try {
      started = await renderMediaOnLambda({
        region,
        functionName,
        serveUrl,
        composition: "Video",
        inputProps: props as unknown as Record<string, unknown>,
        ...LAMBDA_ENCODER,
        privacy: "private",
        maxRetries: 1,
        framesPerLambda: this.config.framesPerLambda,
        enableCancellation: true,
        downloadBehavior: { type: "play-in-browser" },
        ...job.extra,
      });
    } catch (err) {
      throw lambdaError(err);
    }
    const deadline = Date.now() + (this.config.timeoutMs ?? 15 * 60_000);
    for (;;) {
      if (job.signal?.aborted) {
        await cancelRenderOnLambda({ region, bucketName: started.bucketName, renderId: started.renderId }).catch(
          () => undefined,
        );
        throw new RenderError("cancelled", "render cancelled");
      }
      let p: Awaited<ReturnType<typeof getRenderProgress>>;
      try {
        p = await getRenderProgress({
          region,
          functionName,
          bucketName: started.bucketName,
          renderId: started.renderId,
        });
      } catch (err) {
        throw lambdaError(err);
      }
      if (p.fatalErrorEncountered) {
        const first = (p.errors as { message?: string }[] | undefined)?.[0]?.message ?? "unknown error";
        throw new RenderError("lambda-failed", `Lambda render ${started.renderId} failed: ${first}`);
      }
      job.onProgress?.({
        done: p.done,
        progress: Math.max(0, Math.min(1, Number(p.overallProgress ?? 0))),
        renderedFrames: Math.min(Number(p.framesRendered ?? 0), frames),
      });
      if (p.done) {
        const key = p.outKey as string | null;
        const bucket = (p.outBucket as string | null) ?? started.bucketName;
        const url = key ? await this.presigned(bucket, key) : (p.outputFile as string | null);
        if (!url)
          throw new RenderError("lambda-failed", `Lambda render ${started.renderId} finished without an output file`);
        return download(url, job.outputPath, job.signal);
      }
      if (Date.now() > deadline)
        throw new RenderError("timeout", `Lambda render ${started.renderId} did not finish in time`);
      await sleep(this.config.pollMs ?? 1500, job.signal);
    }
  }

  async renderStill(input: RenderStillInput): Promise<RenderStillResult> {
    const props = checkProps(input.props);
    const { renderStillOnLambda } = await import("@remotion/lambda-client");
    if (input.signal?.aborted) throw new RenderError("cancelled", "render cancelled");
    const byFrame = input.frame !== undefined;
    try {
      const res = await renderStillOnLambda({
        region: this.config.region,
        functionName: this.config.functionName,
        serveUrl: this.config.serveUrl,
        composition: byFrame ? "Video" : "Still",
        inputProps: { ...props, sceneIndex: input.sceneIndex ?? 0 } as unknown as Record<string, unknown>,
        imageFormat: input.format,
        ...(input.format === "jpeg" ? { jpegQuality: input.jpegQuality ?? 90 } : {}),
        frame: byFrame ? input.frame : 0,
        privacy: "private",
        maxRetries: 1,
      });
      const url = await this.presigned(res.bucketName, res.outKey);
      const sizeBytes = await download(url, input.outputPath, input.signal);
      return { width: props.width, height: props.height, sizeBytes, format: input.format };
    } catch (err) {
      throw lambdaError(err);
    }
  }

  renderPoster(input: RenderPosterInput): Promise<RenderStillResult> {
    return this.renderStill({
      props: input.props,
      sceneIndex: 0,
      format: input.format ?? "jpeg",
      outputPath: input.outputPath,
      jpegQuality: 88,
      signal: input.signal,
    });
  }

  async close(): Promise<void> {}
}
