import "server-only";
/**
 * A segmented render (see plan.ts for the scheme): plan the segments, fetch
 * the ones kept in the store, render the missing ones (`segmentConcurrency`
 * at once; with claims, only those this render claims), save each to the
 * store the moment it is done (so a failed or killed render leaves them for
 * the next attempt), wait for segments other workers hold (claiming them
 * again when their holder died), then join them with a stream copy and mux
 * the soundtrack, mixed once for the whole video while the frames render.
 *
 * The mixed soundtrack is not cached: mixing is a second or two of fetching
 * and decoding beside a render of many seconds, and the stores keep video
 * segments only.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { renderPropsSchema, type RenderProps } from "../../composition/render-props";
import { mixSoundtrack } from "../audio-mix";
import { RenderError } from "../errors";
import type { EncoderSettings, RenderDriver, RenderSegmentInput, RenderSegmentResult } from "../types";
import { joinSegments, probeSegmentFile, type SegmentFileInfo } from "./join";
import { planSegments } from "./plan";
import type { Segment, SegmentedRenderInput, SegmentedRenderResult, SegmentProgress } from "./types";

export type SegmentDriver = RenderDriver & {
  renderSegment(input: RenderSegmentInput): Promise<RenderSegmentResult>;
  readonly segmentEncoder: EncoderSettings;
};

/** Whether a driver renders segments (a test fake may render whole videos only). */
export function canRenderSegments(driver: RenderDriver): driver is SegmentDriver {
  return typeof driver.renderSegment === "function" && driver.segmentEncoder !== undefined;
}

export interface SegmentedRenderOptions extends SegmentedRenderInput {
  driver: RenderDriver;
  /** How often segments other workers hold are checked (default 500 ms). */
  pollMs?: number;
  /** Scratch folder (default: a new temp folder, removed after). */
  workDir?: string;
}

function checkProps(props: unknown): RenderProps {
  const parsed = renderPropsSchema.safeParse(props);
  if (!parsed.success)
    throw new RenderError(
      "invalid-props",
      `render props are invalid: ${parsed.error.issues[0]?.message ?? "unknown"}`,
      { retryable: false },
    );
  return parsed.data;
}

const cancelled = () => new RenderError("cancelled", "render cancelled");

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled());
    const onAbort = () => {
      clearTimeout(t);
      reject(cancelled());
    };
    const t = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Runs `work` over `items`, `concurrency` at once. After the first failure
 * no new item starts; those running finish (their segments are saved), then
 * the first error is thrown.
 */
async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { err: unknown } | null = null;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  if (failure) throw (failure as { err: unknown }).err;
}

export async function renderSegmented(input: SegmentedRenderOptions): Promise<SegmentedRenderResult> {
  const { driver, store, claims, signal } = input;
  if (!canRenderSegments(driver))
    throw new RenderError("internal", `the ${driver.kind} renderer cannot render segments`, { retryable: false });
  const props = checkProps(input.props);
  if (signal?.aborted) throw cancelled();
  const total = props.durationInFrames;
  const plan = planSegments(props, driver.segmentEncoder);
  // Identical segments (a repeated scene) share a key: made once, joined twice.
  const byKey = new Map<string, Segment[]>();
  for (const s of plan) byKey.set(s.key, [...(byKey.get(s.key) ?? []), s]);
  const keys = [...byKey.keys()];
  const framesOf = (key: string) => byKey.get(key)!.reduce((n, s) => n + s.end - s.start, 0);

  const T0 = performance.now();
  const mark = (m: string) =>
    process.env.PF_PROFILE && console.error(`[segments] ${m} ${((performance.now() - T0) / 1000).toFixed(2)} s`);
  const ownWork = !input.workDir;
  const work = input.workDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "pf-segments-"));
  fs.mkdirSync(work, { recursive: true });
  const fileOf = (key: string) => path.join(work, `${key}.mp4`);

  const done = new Set<string>();
  const state: SegmentProgress = { total: plan.length, reused: 0, rendered: 0, rendering: [] };
  let doneFrames = 0;
  const partial = new Map<string, number>();
  const report = (stage: "preparing" | "rendering" | "encoding", progress?: number) => {
    const renderedFrames = Math.min(total, doneFrames + [...partial.values()].reduce((a, b) => a + b, 0));
    input.onProgress?.({
      stage,
      progress: progress ?? (0.95 * renderedFrames) / total,
      renderedFrames,
      totalFrames: total,
      segments: { ...state, rendering: [...state.rendering] },
    });
  };
  const finish = (key: string, how: "reused" | "rendered") => {
    done.add(key);
    state[how] += byKey.get(key)!.length;
    doneFrames += framesOf(key);
  };

  // The soundtrack is mixed beside the frames; a failure to mix shows at the join, after the segments are saved.
  const audioDir = path.join(work, "audio");
  fs.mkdirSync(audioDir, { recursive: true });
  const mixing = mixSoundtrack(props, audioDir, signal);
  mixing.catch(() => undefined);

  const probed = new Map<string, SegmentFileInfo>();
  /** A kept segment, when the store has a good copy of it. */
  const fetchKept = async (key: string): Promise<boolean> => {
    const file = fileOf(key);
    if (!(await store.fetch(key, file))) return false;
    const info = await probeSegmentFile(file, signal);
    const seg = byKey.get(key)![0]!;
    if (info?.codec === "h264" && info.frames === seg.end - seg.start) {
      probed.set(file, info); // the join checks it without probing it again
      return true;
    }
    fs.rmSync(file, { force: true }); // unreadable or cut short: render it again
    return false;
  };

  const renderOne = async (key: string): Promise<void> => {
    const segs = byKey.get(key)!;
    const segment = segs[0]!;
    const file = fileOf(key);
    const tmp = `${file}.part.mp4`;
    state.rendering.push(...segs.map((s) => s.index));
    partial.set(key, 0);
    report("rendering");
    try {
      await driver.renderSegment({
        props: input.props,
        segment,
        outputPath: tmp,
        signal,
        onProgress: (frames) => {
          partial.set(key, Math.min(frames, segment.end - segment.start) * segs.length);
          report("rendering");
        },
      });
      fs.renameSync(tmp, file);
      await store.save(key, file);
      partial.delete(key);
      finish(key, "rendered");
    } catch (err) {
      fs.rmSync(tmp, { force: true });
      await claims?.release(key, false).catch(() => undefined);
      throw signal?.aborted ? cancelled() : err;
    } finally {
      partial.delete(key);
      state.rendering = state.rendering.filter((i) => !segs.some((s) => s.index === i));
    }
    report("rendering");
    await claims?.release(key, true);
  };

  /** Several segments in one pass of the driver (one page for all), each kept the moment it is complete. */
  const renderBatch = async (batch: string[]): Promise<void> => {
    const saved = new Set<string>();
    for (const key of batch) partial.set(key, 0);
    report("rendering");
    // Frames arrive in order: a segment is "rendering" from its first frame to its last (then its file is finished).
    const setRendering = (segs: Segment[], on: boolean) => {
      const ids = segs.map((s) => s.index);
      const has = state.rendering.includes(ids[0]!);
      if (on && !has) state.rendering.push(...ids);
      if (!on && has) state.rendering = state.rendering.filter((i) => !ids.includes(i));
    };
    try {
      await driver.renderSegments!({
        props: input.props,
        signal,
        parts: batch.map((key) => {
          const segs = byKey.get(key)!;
          const segment = segs[0]!;
          const file = fileOf(key);
          return {
            segment,
            outputPath: `${file}.part.mp4`,
            onProgress: (frames: number) => {
              partial.set(key, Math.min(frames, segment.end - segment.start) * segs.length);
              setRendering(segs, frames < segment.end - segment.start);
              report("rendering");
            },
            onDone: async () => {
              fs.renameSync(`${file}.part.mp4`, file);
              await store.save(key, file);
              saved.add(key);
              partial.delete(key);
              finish(key, "rendered");
              setRendering(segs, false);
              report("rendering");
              await claims?.release(key, true);
            },
          };
        }),
      });
    } catch (err) {
      for (const key of batch) {
        if (saved.has(key)) continue;
        fs.rmSync(`${fileOf(key)}.part.mp4`, { force: true });
        await claims?.release(key, false).catch(() => undefined);
      }
      throw signal?.aborted ? cancelled() : err;
    } finally {
      for (const key of batch) partial.delete(key);
      state.rendering = [];
    }
  };

  try {
    report("preparing", 0);
    // Kept segments first: they count as done from the start.
    const missing: string[] = [];
    await pool(keys, 4, async (key) => {
      if (await fetchKept(key)) finish(key, "reused");
      else missing.push(key);
    });
    missing.sort((a, b) => byKey.get(a)![0]!.index - byKey.get(b)![0]!.index);
    mark(`kept ${keys.length - missing.length} fetched`);
    report("rendering");

    const waiting = new Set<string>();
    let pending = missing;
    let firstPass = true;
    while (pending.length > 0 || waiting.size > 0) {
      if (signal?.aborted) throw cancelled();
      if (driver.renderSegments && pending.length > 0) {
        // One pass for many segments. With other workers about, the first pass claims the first half (they take
        // the rest); the second claims whatever nobody took. Without claims, one pass renders them all.
        const limit = claims && firstPass ? Math.ceil(pending.length / 2) : pending.length;
        firstPass = false;
        const mine: string[] = [];
        const rest: string[] = [];
        for (const key of pending) {
          if (signal?.aborted) throw cancelled();
          if (mine.length >= limit) rest.push(key);
          else if (claims && !(await claims.claim(key))) waiting.add(key);
          else mine.push(key);
        }
        if (mine.length > 0) await renderBatch(mine);
        pending = rest;
        if (pending.length > 0) continue;
      } else {
        await pool(pending, driver.segmentConcurrency ?? 1, async (key) => {
          if (signal?.aborted) throw cancelled();
          if (claims && !(await claims.claim(key))) {
            waiting.add(key);
            return;
          }
          await renderOne(key);
        });
        pending = [];
      }
      if (waiting.size === 0) break;
      // Segments other workers hold: take them when saved, claim them again when their holder died.
      await sleep(input.pollMs ?? 500, signal);
      for (const key of [...waiting]) {
        if (await fetchKept(key)) {
          waiting.delete(key);
          finish(key, "rendered"); // by another worker, for this render: not "kept from the last render"
        } else if (claims && !(await claims.alive(key))) {
          waiting.delete(key);
          pending.push(key);
        }
      }
      report("rendering");
    }

    mark("segments done");
    report("encoding", 0.95);
    const audioPath = await mixing;
    mark("soundtrack ready");
    const joined = await joinSegments({
      files: plan.map((s) => fileOf(s.key)),
      frames: plan.map((s) => s.end - s.start),
      fps: props.fps,
      width: props.width,
      height: props.height,
      audioPath,
      outputPath: input.outputPath,
      signal,
      known: probed,
    });
    mark("joined");
    report("encoding", 1);
    return {
      durationMs: (total / props.fps) * 1000,
      width: props.width,
      height: props.height,
      sizeBytes: joined.sizeBytes,
      frames: joined.frames,
      segments: { total: plan.length, reused: state.reused, rendered: state.rendered, keys },
    };
  } catch (err) {
    if (signal?.aborted) throw cancelled();
    throw err;
  } finally {
    await mixing.catch(() => undefined);
    if (ownWork) fs.rmSync(work, { recursive: true, force: true });
    else fs.rmSync(audioDir, { recursive: true, force: true });
  }
}
