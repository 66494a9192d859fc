/**
 * The render driver contract: the local renderer (@remotion/renderer with
 * Debian's Chromium) and Remotion Lambda implement it, so jobs call
 * `getRenderer()` and never care which one runs.
 */
import type { RenderProps } from "../composition/render-props";
import type { Segment } from "./segments/types";

export type RenderStage = "preparing" | "rendering" | "encoding";

export interface RenderProgress {
  stage: RenderStage;
  /** Whole render, 0..1. */
  progress: number;
  renderedFrames: number;
  totalFrames: number;
}

export interface RenderVideoInput {
  props: RenderProps;
  /** Where the MP4 (H.264 + AAC) is written. */
  outputPath: string;
  onProgress?: (p: RenderProgress) => void;
  /** Aborting rejects the render promptly with RenderError "cancelled". */
  signal?: AbortSignal;
}

export interface RenderVideoResult {
  durationMs: number;
  width: number;
  height: number;
  sizeBytes: number;
  frames: number;
}

export type StillFormat = "png" | "jpeg";

export interface RenderStillInput {
  props: RenderProps;
  /** The scene to show at its still frame (everything entered), default 0; ignored when `frame` is given. */
  sceneIndex?: number;
  /** An exact video frame instead. */
  frame?: number;
  format: StillFormat;
  outputPath: string;
  /** JPEG quality 1-100 (default 90). */
  jpegQuality?: number;
  signal?: AbortSignal;
}

export interface RenderStillResult {
  width: number;
  height: number;
  sizeBytes: number;
  format: StillFormat;
}

export interface RenderPosterInput {
  props: RenderProps;
  outputPath: string;
  format?: StillFormat;
  signal?: AbortSignal;
}

/** How a driver draws and encodes segments: part of every segment's key (segments/plan.ts). */
export interface EncoderSettings {
  driver: "local" | "lambda";
  x264Preset: string;
  crf: number;
  jpegQuality: number;
  pixelFormat: "yuv420p";
  /** The drawing code's identity (the bundle's source hash, or the deployed site): segments drawn by other code are not reused. */
  renderer?: string;
}

export interface RenderSegmentInput {
  props: RenderProps;
  segment: Segment;
  /** Where the video-only H.264 MP4 of exactly `segment.end - segment.start` frames is written. */
  outputPath: string;
  signal?: AbortSignal;
  onProgress?: (renderedFrames: number) => void;
}

export interface RenderSegmentResult {
  frames: number;
  sizeBytes: number;
}

export interface RenderDriver {
  readonly kind: "local" | "lambda";
  renderVideo(input: RenderVideoInput): Promise<RenderVideoResult>;
  renderStill(input: RenderStillInput): Promise<RenderStillResult>;
  /** The video's cover picture: the first scene at its still frame, JPEG unless asked otherwise. */
  renderPoster(input: RenderPosterInput): Promise<RenderStillResult>;
  /**
   * One segment of the video (segments/render.ts joins them). Optional: a
   * driver without it (a test fake) renders whole videos only; see
   * `canRenderSegments` in segments/render.ts.
   */
  renderSegment?(input: RenderSegmentInput): Promise<RenderSegmentResult>;
  /** Segments rendered at once (local 1: one browser on few cores; Lambda many). */
  readonly segmentConcurrency?: number;
  readonly segmentEncoder?: EncoderSettings;
  /** Frees the browser (local) or nothing (Lambda). */
  close(): Promise<void>;
}
