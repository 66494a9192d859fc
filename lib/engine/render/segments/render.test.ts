/**
 * The segmented render's bookkeeping, with a driver that encodes plain
 * coloured frames (no browser): segments other workers hold are waited for
 * and taken from the store, or claimed again when their holder died;
 * segments render `segmentConcurrency` at once; a kept file that is cut
 * short is rendered again; cancelling stops the render and keeps what was
 * saved. (tests/render/segments.test.ts renders for real.)
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { RenderProps } from "../../composition/render-props";
import { resolveRenderProps } from "../../composition/resolve";
import { sampleComposition } from "@/tests/support/render-env";
import { FFMPEG } from "@/tests/support/render-env";
import { compositorEnv } from "../compositor";
import { RenderError } from "../errors";
import type { RenderDriver, RenderSegmentInput } from "../types";
import { FolderSegmentStore } from "./folder-store";
import { planSegments } from "./plan";
import { renderSegmented } from "./render";
import type { Segment, SegmentClaims } from "./types";

const W = 64;
const H = 36;
let dir: string;
let n = 0;
const fresh = (name: string) => path.join(dir, `${name}-${n++}`);

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pf-segrender-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function props(): RenderProps {
  const { composition, templateVersion } = sampleComposition({
    ratio: "16:9",
    scenes: 3,
    durationMs: 1000,
    captions: false,
  });
  return resolveRenderProps({
    composition,
    templateVersion,
    mediaUrl: (k) => `http://127.0.0.1:1/blobs/${k}`,
    size: { width: W, height: H },
    fps: 10,
    backgroundUrl: null,
    music: null,
  });
}

/** Encodes a segment of grey frames as the frame pipeline would (x264, -t frames/fps). */
async function encode(segment: Segment, file: string): Promise<number> {
  const frames = segment.end - segment.start;
  const proc = spawn(
    FFMPEG,
    // biome-ignore format: the frame pipeline's encoder arguments
    ["-v", "error", "-y", "-f", "image2pipe", "-framerate", "10", "-c:v", "mjpeg", "-i", "pipe:0", "-an", "-c:v", "libx264",
      "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p", "-t", (frames / 10).toFixed(6), "-f", "mp4", file],
    { env: compositorEnv() },
  );
  const closed = new Promise<number | null>((r) => proc.on("close", r));
  const jpeg = await sharp({
    create: { width: W, height: H, channels: 3, background: `#${(segment.index * 40 + 16).toString(16)}8080` },
  })
    .jpeg()
    .toBuffer();
  for (let f = 0; f < frames; f++) proc.stdin.write(jpeg);
  proc.stdin.end();
  if ((await closed) !== 0) throw new Error("ffmpeg failed");
  return fs.statSync(file).size;
}

interface Fake {
  driver: RenderDriver;
  calls: number[];
  maxAtOnce: number;
}

function fakeDriver(opts: { concurrency?: number; before?: (input: RenderSegmentInput) => Promise<void> } = {}): Fake {
  const fake: Fake = { driver: null as unknown as RenderDriver, calls: [], maxAtOnce: 0 };
  let running = 0;
  fake.driver = {
    kind: "local",
    segmentConcurrency: opts.concurrency ?? 1,
    segmentEncoder: { driver: "local", x264Preset: "veryfast", crf: 23, jpegQuality: 80, pixelFormat: "yuv420p" },
    async renderSegment(input) {
      fake.calls.push(input.segment.index);
      running++;
      fake.maxAtOnce = Math.max(fake.maxAtOnce, running);
      try {
        await opts.before?.(input);
        await new Promise((r) => setTimeout(r, 30));
        const sizeBytes = await encode(input.segment, input.outputPath);
        input.onProgress?.(input.segment.end - input.segment.start);
        return { frames: input.segment.end - input.segment.start, sizeBytes };
      } finally {
        running--;
      }
    },
    renderVideo: () => Promise.reject(new Error("unused")),
    renderStill: () => Promise.reject(new Error("unused")),
    renderPoster: () => Promise.reject(new Error("unused")),
    close: async () => undefined,
  };
  return fake;
}

it("waits for a segment another worker holds, and claims one again whose holder died", async () => {
  const p = props();
  const fake = fakeDriver();
  const plan = planSegments(p, fake.driver.segmentEncoder!);
  expect(plan).toHaveLength(5);
  const store = new FolderSegmentStore(fresh("store"));
  const held = new Map([
    [plan[1]!.key, "working"],
    [plan[3]!.key, "dead"],
  ]);
  const released: [number, boolean][] = [];
  const claims: SegmentClaims = {
    claim: async (key) => {
      const holder = held.get(key);
      if (holder === "working") return false;
      if (holder === "dead") {
        held.delete(key); // the first claim finds it held; later ones (after alive() said no) win
        return false;
      }
      return true;
    },
    release: async (key, done) => void released.push([plan.findIndex((s) => s.key === key), done]),
    alive: async (key) => held.get(key) === "working",
  };
  // The other worker saves its segment a little later.
  const other = (async () => {
    await new Promise((r) => setTimeout(r, 300));
    const file = fresh("other.mp4");
    await encode(plan[1]!, file);
    await store.save(plan[1]!.key, file);
  })();
  const result = await renderSegmented({
    props: p,
    store,
    claims,
    driver: fake.driver,
    outputPath: fresh("out.mp4"),
    pollMs: 50,
  });
  await other;
  expect(fake.calls.sort()).toEqual([0, 2, 3, 4]);
  // Segment 1 was rendered by the other worker for this render: rendered, not "kept from the last render".
  expect(result.segments).toMatchObject({ total: 5, reused: 0, rendered: 5 });
  expect(released.sort()).toEqual([
    [0, true],
    [2, true],
    [3, true],
    [4, true],
  ]);
  expect(result.frames).toBe(p.durationInFrames);
}, 30_000);

it("renders segmentConcurrency segments at once", async () => {
  const fake = fakeDriver({ concurrency: 3 });
  const result = await renderSegmented({
    props: props(),
    store: new FolderSegmentStore(fresh("store")),
    driver: fake.driver,
    outputPath: fresh("out.mp4"),
  });
  expect(result.segments.rendered).toBe(5);
  expect(fake.maxAtOnce).toBe(3);
}, 30_000);

it("renders a kept segment again when its file is cut short", async () => {
  const p = props();
  const store = new FolderSegmentStore(fresh("store"));
  await renderSegmented({ props: p, store, driver: fakeDriver().driver, outputPath: fresh("out.mp4") });
  const keys = await store.keys();
  const broken = path.join(store.dir, `${keys[0]}.mp4`);
  fs.writeFileSync(broken, fs.readFileSync(broken).subarray(0, 200));
  const again = fakeDriver();
  const result = await renderSegmented({ props: p, store, driver: again.driver, outputPath: fresh("out.mp4") });
  expect(result.segments).toMatchObject({ reused: 4, rendered: 1 });
  expect(again.calls).toHaveLength(1);
}, 30_000);

it("stops when cancelled, keeping the segments saved before", async () => {
  const controller = new AbortController();
  const store = new FolderSegmentStore(fresh("store"));
  const fake = fakeDriver({
    before: async (input) => {
      if (input.segment.index === 2) {
        controller.abort();
        throw new RenderError("cancelled", "render cancelled");
      }
    },
  });
  const out = fresh("out.mp4");
  await expect(
    renderSegmented({ props: props(), store, driver: fake.driver, outputPath: out, signal: controller.signal }),
  ).rejects.toMatchObject({ code: "cancelled" });
  expect(fake.calls).toEqual([0, 1, 2]);
  expect(await store.keys()).toHaveLength(2);
  expect(fs.existsSync(out)).toBe(false);
}, 30_000);

it("refuses a driver that cannot render segments", async () => {
  const { renderSegment: _none, ...whole } = fakeDriver().driver;
  await expect(
    renderSegmented({
      props: props(),
      store: new FolderSegmentStore(fresh("store")),
      driver: whole,
      outputPath: fresh("out.mp4"),
    }),
  ).rejects.toMatchObject({ code: "internal" });
});
