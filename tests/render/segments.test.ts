/**
 * Segmented renders for real (Remotion, Debian's Chromium, small canvases):
 * a 4-scene video with music renders into a folder of segments, resuming
 * after a renderer that died mid-way (only the segments not yet saved are
 * rendered again); a one-headline edit re-renders that scene and the two
 * transitions beside it only; the joined file matches a whole-video render
 * of the edited video frame for frame at every seam, has its frames, its
 * length, and sound over all of it.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { CompositionBody } from "@/lib/engine/composition/composition-schema";
import type { RenderProps } from "@/lib/engine/composition/render-props";
import type { TemplateVersionBody } from "@/lib/engine/composition/template-schema";
import { ensureBundle } from "@/lib/engine/render/bundle";
import { compositorEnv } from "@/lib/engine/render/compositor";
import { RenderError } from "@/lib/engine/render/errors";
import { LocalRenderer } from "@/lib/engine/render/local-driver";
import { prepareRender } from "@/lib/engine/render/prepare";
import { FolderSegmentStore } from "@/lib/engine/render/segments/folder-store";
import { planSegments } from "@/lib/engine/render/segments/plan";
import { renderSegmented } from "@/lib/engine/render/segments/render";
import type { Segment, SegmentedRenderProgress } from "@/lib/engine/render/segments/types";
import type { RenderDriver } from "@/lib/engine/render/types";
import {
  FFMPEG,
  openRenderTestEnv,
  packetTimes as packets,
  rgbFrames,
  sampleComposition,
  toneM4a,
  type RenderTestEnv,
} from "@/tests/support/render-env";

jest.setTimeout(120_000);

const SIZE = { width: 240, height: 136 };
const FPS = 10;
let env: RenderTestEnv;
let renderer: LocalRenderer;

beforeAll(async () => {
  await ensureBundle();
  env = await openRenderTestEnv();
  renderer = new LocalRenderer();
  await env.store.put("music/test-bed.m4a", await toneM4a(path.join(env.dir, "bed.m4a"), 2, 196), {
    allowedTypes: ["video/mp4"],
  });
}, 240_000);

afterAll(async () => {
  try {
    await renderer?.close();
  } finally {
    env?.close();
  }
}, 30_000);

/** The local renderer, counting (and optionally failing at the nth) its segment renders and its capture passes. */
function counting(failOnCall?: number): { driver: RenderDriver; calls: Segment[]; passes: () => number } {
  const calls: Segment[] = [];
  let passes = 0;
  const driver: RenderDriver = {
    kind: "local",
    segmentConcurrency: 1,
    get segmentEncoder() {
      return renderer.segmentEncoder;
    },
    async renderSegment(input) {
      calls.push(input.segment);
      if (calls.length === failOnCall) throw new RenderError("browser-crashed", "test: the renderer died here");
      return renderer.renderSegment(input);
    },
    async renderSegments(input) {
      passes++;
      const parts = [...input.parts].sort((a, b) => a.segment.start - b.segment.start);
      const before = calls.length;
      calls.push(...parts.map((p) => p.segment));
      if (failOnCall && failOnCall > before && failOnCall <= calls.length) {
        // The renderer dies during the nth segment: those before it in the pass are complete, none after it starts.
        const complete = parts.slice(0, failOnCall - before - 1);
        if (complete.length > 0) await renderer.renderSegments({ ...input, parts: complete });
        calls.length = failOnCall;
        throw new RenderError("browser-crashed", "test: the renderer died here");
      }
      return renderer.renderSegments(input);
    },
    renderVideo: (input) => renderer.renderVideo(input),
    renderStill: (input) => renderer.renderStill(input),
    renderPoster: (input) => renderer.renderPoster(input),
    close: async () => undefined,
  };
  return { driver, calls, passes: () => passes };
}

/** Props as the product makes them: each render gets its own media server, so every URL is signed anew. */
async function withProps<T>(
  video: { composition: CompositionBody; templateVersion: TemplateVersionBody },
  use: (props: RenderProps) => Promise<T>,
): Promise<T> {
  const prepared = await prepareRender({
    ...video,
    store: env.store,
    driver: "local",
    size: SIZE,
    fps: FPS,
    music: { key: "music/test-bed.m4a", durationMs: 2000 },
  });
  try {
    return await use(prepared.props);
  } finally {
    await prepared.close();
  }
}

function output(binary: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const p = spawn(binary, args, { env: compositorEnv() });
    const chunks: Buffer[] = [];
    let err = "";
    p.stdout.on("data", (c: Buffer) => chunks.push(c));
    p.stderr.on("data", (c: Buffer) => (err += c.toString()));
    p.on("close", (code) => (code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`${binary}: ${err}`))));
  });
}

/** Every frame of a file's video as RGB. */
async function framesOf(file: string): Promise<Buffer[]> {
  const raw = await rgbFrames(file);
  const size = SIZE.width * SIZE.height * 3;
  return Array.from({ length: raw.length / size }, (_, i) => raw.subarray(i * size, (i + 1) * size));
}

/** Mean absolute difference of two RGB frames, 0-255. */
function difference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** The longest stretch (seconds) of the soundtrack quieter than -50 dBFS between `from` and `to` seconds. */
async function longestQuiet(file: string, from: number, to: number): Promise<number> {
  const rate = 16_000;
  const wav = await output(FFMPEG, [
    "-v",
    "error",
    "-i",
    file,
    "-vn",
    "-ac",
    "1",
    "-ar",
    String(rate),
    "-c:a",
    "pcm_s16le",
    "-f",
    "wav",
    "-",
  ]);
  // A streamed WAV: the samples follow the "data" chunk header.
  const pcm = wav.subarray(wav.indexOf("data", 12, "latin1") + 8);
  let longest = 0;
  let run = 0;
  for (let i = Math.round(from * rate); i < Math.min(pcm.length >> 1, Math.round(to * rate)); i++) {
    if (Math.abs(pcm.readInt16LE(i * 2)) < 100) run++;
    else run = 0;
    longest = Math.max(longest, run);
  }
  return longest / rate;
}

it("renders segments, resumes after a failure, re-renders only an edited scene, and joins frame-exactly", async () => {
  const started = Date.now();
  const original = sampleComposition({ ratio: "16:9", scenes: 4, durationMs: 1500, captions: false });
  const store = new FolderSegmentStore(path.join(env.dir, "segments"));

  // 1. The renderer dies on the third segment: the two before it are kept.
  const first = counting(3);
  const firstOut = path.join(env.dir, "first.mp4");
  await expect(
    withProps(original, (props) => renderSegmented({ props, store, driver: first.driver, outputPath: firstOut })),
  ).rejects.toMatchObject({ code: "browser-crashed" });
  expect(first.calls).toHaveLength(3);
  expect(await store.keys()).toEqual(
    first.calls
      .slice(0, 2)
      .map((s) => s.key)
      .sort(),
  );
  expect(fs.existsSync(firstOut)).toBe(false);

  // 2. The next attempt renders the rest only.
  const resume = counting();
  const originalOut = path.join(env.dir, "original.mp4");
  const progress: SegmentedRenderProgress[] = [];
  const t0 = Date.now();
  const resumed = await withProps(original, (props) =>
    renderSegmented({
      props,
      store,
      driver: resume.driver,
      outputPath: originalOut,
      onProgress: (p) => progress.push(p),
    }),
  );
  const times = { resume: Date.now() - t0, edit: 0, whole: 0 };
  const plan = resumed.segments.keys;
  expect(resumed.segments).toMatchObject({ total: 7, reused: 2, rendered: 5 });
  expect(resume.calls.map((s) => s.index)).toEqual([2, 3, 4, 5, 6]);
  expect(resume.passes()).toBe(1); // one page for all five
  expect(resume.calls.map((s) => s.kind)).toEqual(["scene", "transition", "scene", "transition", "scene"]);
  // Progress: kept frames count as done from the start; "rendering", then "encoding" for the join.
  const rendering = progress.filter((p) => p.stage === "rendering");
  const keptFrames = first.calls.slice(0, 2).reduce((n, s) => n + s.end - s.start, 0);
  expect(rendering[0]!.renderedFrames).toBe(keptFrames);
  expect(rendering[0]!.segments).toMatchObject({ total: 7, reused: 2, rendered: 0 });
  expect(rendering.some((p) => p.segments.rendering.length === 1)).toBe(true);
  expect(progress[progress.length - 1]).toMatchObject({ stage: "encoding", progress: 1 });
  expect(progress.map((p) => p.progress)).toEqual([...progress.map((p) => p.progress)].sort((a, b) => a - b));

  // 3. A new headline on scene 2: its own segment and the transitions on either side, nothing else.
  const edited = structuredClone(original);
  const headline = edited.composition.scenes[1]!.values.headline!;
  expect(headline.type).toBe("text");
  if (headline.type === "text") headline.text = "Brand new beans";
  const again = counting();
  const editedOut = path.join(env.dir, "edited.mp4");
  const fullOut = path.join(env.dir, "full.mp4");
  const { result, editedPlan } = await withProps(edited, async (props) => {
    const t1 = Date.now();
    const r = await renderSegmented({ props, store, driver: again.driver, outputPath: editedOut });
    times.edit = Date.now() - t1;
    // The same edited video rendered whole, the usual way.
    const t2 = Date.now();
    await renderer.renderVideo({ props, outputPath: fullOut });
    times.whole = Date.now() - t2;
    return { result: r, editedPlan: planSegments(props, renderer.segmentEncoder) };
  });
  expect(again.calls.map((s) => [s.index, s.kind, s.sceneIds])).toEqual([
    [1, "transition", ["s1", "s2"]],
    [2, "scene", ["s2"]],
    [3, "transition", ["s2", "s3"]],
  ]);
  expect(result.segments).toMatchObject({ total: 7, reused: 4, rendered: 3 });
  expect(again.passes()).toBe(1);
  expect(result.segments.keys.filter((k) => plan.includes(k))).toHaveLength(4);

  // 4. The joined file: the whole video's frames, its length, H.264 + AAC.
  const total = editedPlan[editedPlan.length - 1]!.end;
  expect(result.frames).toBe(total);
  const video = await packets(editedOut, "v");
  expect(video).toHaveLength(total);
  expect((await packets(fullOut, "v")).length).toBe(total);
  const seconds = total / FPS;
  expect(Math.abs(video[video.length - 1]!.pts + video[video.length - 1]!.duration - seconds)).toBeLessThan(1e-3);
  const audio = await packets(editedOut, "a");
  expect(audio.length).toBeGreaterThan(0);
  const audioEnd = audio[audio.length - 1]!.pts + audio[audio.length - 1]!.duration;
  expect(Math.abs(audioEnd - seconds)).toBeLessThanOrEqual(1024 / 48_000);
  for (let i = 1; i < audio.length; i++)
    expect(audio[i]!.pts).toBeCloseTo(audio[i - 1]!.pts + audio[i - 1]!.duration, 4);
  // The music bed sounds throughout: no silent stretch before its fade-out (the last 1.2 s).
  expect(await longestQuiet(editedOut, 0.1, seconds - 1.3)).toBeLessThan(0.005);

  // 5. Every seam looks as in the whole-video render; kept segments are the very same frames as before the edit.
  const joined = await framesOf(editedOut);
  const whole = await framesOf(fullOut);
  const before = await framesOf(originalOut);
  expect(joined).toHaveLength(total);
  const seams = editedPlan.slice(1).flatMap((s) => [s.start - 1, s.start]);
  const diffs = seams.map((f) => difference(joined[f]!, whole[f]!));
  expect(Math.max(...diffs)).toBeLessThan(3);
  const s4 = editedPlan[6]!;
  const s2 = editedPlan[2]!;
  const mid = (s: Segment) => Math.floor((s.start + s.end) / 2);
  expect(joined[mid(s4)]!.equals(before[mid(s4)]!)).toBe(true);
  expect(difference(joined[mid(s2)]!, before[mid(s2)]!)).toBeGreaterThan(1); // the new headline shows
  expect(difference(joined[mid(s2)]!, whole[mid(s2)]!)).toBeLessThan(3);
  console.log(
    `segments test: ${total} frames, seam differences ${diffs.map((d) => d.toFixed(2)).join(" ")}, ${((Date.now() - started) / 1000).toFixed(1)} s in all; 5 segments ${times.resume} ms, the edit's 3 ${times.edit} ms, the whole video ${times.whole} ms`,
  );
});
