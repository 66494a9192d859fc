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
  RenderDriver,
  RenderPosterInput,
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
  return { functionName, region: region as AwsRegion, serveUrl, framesPerLambda };
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

async function download(url: string, file: string, signal?: AbortSignal): Promise<number> {
  const res = await fetch(url, { signal });
  if (!res.ok) throw new RenderError("lambda-failed", `downloading the render answered ${res.status}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  return bytes.length;
}

export class LambdaRenderer implements RenderDriver {
  readonly kind = "lambda" as const;

  constructor(readonly config: LambdaConfig) {}

  // Segments on Lambda: a stand-in until renderMediaOnLambda with a frame range lands (issue 23 item 3).
  readonly segmentConcurrency: number = 1;
  get segmentEncoder(): import("./types").EncoderSettings {
    return {
      driver: "lambda",
      x264Preset: "medium",
      crf: 23,
      jpegQuality: 80,
      pixelFormat: "yuv420p",
      renderer: this.config.serveUrl,
    };
  }
  async renderSegment(): Promise<import("./types").RenderSegmentResult> {
    throw new RenderError("internal", "segment renders on Lambda are not implemented yet", { retryable: false });
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
    const { renderMediaOnLambda, getRenderProgress, cancelRenderOnLambda } = await import("@remotion/lambda-client");
    const { functionName, region, serveUrl } = this.config;
    input.onProgress?.({ stage: "preparing", progress: 0, renderedFrames: 0, totalFrames: props.durationInFrames });
    if (input.signal?.aborted) throw new RenderError("cancelled", "render cancelled");
    let started: { renderId: string; bucketName: string };
    try {
      started = await renderMediaOnLambda({
        region,
        functionName,
        serveUrl,
        composition: "Video",
        inputProps: props as unknown as Record<string, unknown>,
        codec: "h264",
        audioCodec: "aac",
        imageFormat: "jpeg",
        jpegQuality: 80,
        crf: 23,
        privacy: "private",
        maxRetries: 1,
        enforceAudioTrack: true,
        framesPerLambda: this.config.framesPerLambda,
        enableCancellation: true,
        downloadBehavior: { type: "play-in-browser" },
      });
    } catch (err) {
      throw lambdaError(err);
    }
    const deadline = Date.now() + (this.config.timeoutMs ?? 15 * 60_000);
    for (;;) {
      if (input.signal?.aborted) {
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
      const rendered = Number(p.framesRendered ?? 0);
      input.onProgress?.({
        stage: p.done ? "encoding" : rendered >= props.durationInFrames ? "encoding" : "rendering",
        progress: Math.max(0, Math.min(1, Number(p.overallProgress ?? 0))),
        renderedFrames: Math.min(rendered, props.durationInFrames),
        totalFrames: props.durationInFrames,
      });
      if (p.done) {
        const key = p.outKey as string | null;
        const bucket = (p.outBucket as string | null) ?? started.bucketName;
        const url = key ? await this.presigned(bucket, key) : (p.outputFile as string | null);
        if (!url)
          throw new RenderError("lambda-failed", `Lambda render ${started.renderId} finished without an output file`);
        const sizeBytes = await download(url, input.outputPath, input.signal);
        return {
          durationMs: (props.durationInFrames / props.fps) * 1000,
          width: props.width,
          height: props.height,
          sizeBytes,
          frames: props.durationInFrames,
        };
      }
      if (Date.now() > deadline)
        throw new RenderError("timeout", `Lambda render ${started.renderId} did not finish in time`);
      await sleep(this.config.pollMs ?? 1500, input.signal);
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
