/**
 * Segmented rendering: a video is cut into segments (a scene's own frames,
 * and the frames of each transition between two scenes), each keyed by a
 * hash of everything that decides its pixels. A render fetches the segments
 * it already has, renders the others (on this worker, on other workers that
 * claim them, or on Lambda), joins them with a stream copy and muxes the
 * soundtrack, mixed once for the whole video. The shapes below are shared by
 * the engine (plan.ts, join.ts, render.ts) and the products that keep the
 * files (lib/creation/video: blob storage, claims through the job queue).
 */
import type { RenderProps } from "../../composition/render-props";
import type { RenderProgress, RenderVideoResult } from "../types";

/** Frames `start` (inclusive) to `end` (exclusive) of the video, and the key of their pixels. */
export interface Segment {
  index: number;
  start: number;
  end: number;
  /** Hex SHA-256 of everything that decides these frames' pixels (and the encoder settings). */
  key: string;
  /** What it shows: one scene's own frames, or the transition between two scenes. */
  kind: "scene" | "transition";
  /** Ids of the scenes on screen in it (one, or two during a transition). */
  sceneIds: string[];
}

/** Where finished segment files are kept (blob storage per video in the product, a folder in tests). */
export interface SegmentStore {
  /** Copies the kept segment to `toPath`; false when there is none. */
  fetch(key: string, toPath: string): Promise<boolean>;
  save(key: string, fromPath: string): Promise<void>;
}

/** Who renders which segment when several workers share one video (default: this render does them all). */
export interface SegmentClaims {
  /** true: this render renders the segment now; false: another worker holds it. */
  claim(key: string): Promise<boolean>;
  /** This render finished (`done`, the file is saved) or gave up the segment. */
  release(key: string, done: boolean): Promise<void>;
  /** Whether the worker holding a segment is still at it (false: its claim lapsed; claim it again). */
  alive(key: string): Promise<boolean>;
}

export interface SegmentProgress {
  total: number;
  /** Kept from an earlier render. */
  reused: number;
  /** Rendered for this render so far (here, or by another worker that shares it). */
  rendered: number;
  /** Indexes of the segments being rendered right now. */
  rendering: number[];
}

export type SegmentedRenderProgress = RenderProgress & { segments: SegmentProgress };

export interface SegmentedRenderResult extends RenderVideoResult {
  segments: { total: number; reused: number; rendered: number; keys: string[] };
}

export interface SegmentedRenderInput {
  props: RenderProps;
  store: SegmentStore;
  claims?: SegmentClaims;
  /** Where the joined MP4 (H.264 + AAC) is written. */
  outputPath: string;
  signal?: AbortSignal;
  onProgress?: (p: SegmentedRenderProgress) => void;
}
