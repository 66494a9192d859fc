/**
 * Real renders: Remotion with Debian's Chromium, one browser for the file,
 * small canvases. A narrated, scored 3-scene video becomes an MP4 whose
 * streams, size, length and loudness ffprobe/ffmpeg confirm; every starter
 * layout renders as a still in every ratio; cancelling and a dying browser
 * end a render with a typed error, and the next render still works.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { ensureBundle } from "@/lib/engine/render/bundle";
import { isRenderError } from "@/lib/engine/render/errors";
import { LocalRenderer } from "@/lib/engine/render/local-driver";
import { prepareRender } from "@/lib/engine/render/prepare";
import { renderCompositionVideo } from "@/lib/engine/render/render-composition";
import {
  ffmpeg,
  ffprobe,
  meanVolumeDb,
  openRenderTestEnv,
  sampleComposition,
  storeNarration,
  toneM4a,
  type RenderTestEnv,
} from "@/tests/support/render-env";
import { stillFrameOf } from "@/remotion/frame-state";

jest.setTimeout(120_000);

let env: RenderTestEnv;
let renderer: LocalRenderer;

beforeAll(async () => {
  await ensureBundle();
  env = await openRenderTestEnv();
  renderer = new LocalRenderer();
}, 240_000);

afterAll(async () => {
  try {
    await renderer?.close();
  } finally {
    env?.close();
  }
}, 30_000);

/**
 * Whether any process of the browser's process group (it leads its own)
 * still runs. Zombies do not count: they are dead, and on machines whose
 * init does not reap orphans they stay listed.
 */
/** Polls `check` until it is false or `ms` have passed; its last answer. */
async function settlesFalse(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (check()) {
    if (Date.now() > end) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

function groupAlive(pgid: number): boolean {
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(pgrp) === pgid && state !== "Z" && state !== "X") return true;
  }
  return false;
}

async function pixelsOf(file: string) {
  return sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

/** Mean absolute difference of two same-sized pictures, 0-255. */
async function difference(a: string, b: string): Promise<number> {
  const [x, y] = [await pixelsOf(a), await pixelsOf(b)];
  expect([x.info.width, x.info.height]).toEqual([y.info.width, y.info.height]);
  let sum = 0;
  for (let i = 0; i < x.data.length; i++) sum += Math.abs(x.data[i]! - y.data[i]!);
  return sum / x.data.length;
}

describe("a narrated 3-scene video with music", () => {
  it("renders to an H.264 + AAC MP4 of the right length and size, with sound", async () => {
    const voices = [
      await storeNarration(env.dir, env.store, "n1", 1.6, 440),
      await storeNarration(env.dir, env.store, "n2", 1.2, 523),
      await storeNarration(env.dir, env.store, "n3", 1.0, 659),
    ];
    await env.store.put("music/test-bed.m4a", await toneM4a(path.join(env.dir, "bed.m4a"), 2, 196), {
      allowedTypes: ["video/mp4"],
    });
    const { composition, templateVersion } = sampleComposition({
      templateId: "starter-corporate",
      ratio: "16:9",
      voices,
    });
    const out = path.join(env.dir, "video.mp4");
    const poster = path.join(env.dir, "poster.jpg");
    const stages = new Set<string>();
    const result = await renderCompositionVideo({
      composition,
      templateVersion,
      store: env.store,
      renderer,
      size: { width: 256, height: 144 },
      outputPath: out,
      posterPath: poster,
      music: { key: "music/test-bed.m4a", durationMs: 2000 },
      onProgress: (p) => stages.add(p.stage),
    });

    const probe = await ffprobe(out);
    const video = probe.streams.filter((s) => s.codec_type === "video");
    const audio = probe.streams.filter((s) => s.codec_type === "audio");
    expect(video.map((s) => [s.codec_name, s.width, s.height])).toEqual([["h264", 256, 144]]);
    expect(audio.map((s) => s.codec_name)).toEqual(["aac"]);
    const frameMs = 1000 / 30;
    expect(Math.abs(Number(probe.format.duration) * 1000 - result.video.durationMs)).toBeLessThanOrEqual(2 * frameMs);
    expect(result.video.durationMs).toBeGreaterThan(1.6 + 1.2 + 1.0);
    expect(await meanVolumeDb(out)).toBeGreaterThan(-60);
    expect(stages).toEqual(new Set(["preparing", "rendering", "encoding"]));
    expect(result.poster!.sizeBytes).toBe(fs.statSync(poster).size);
    expect(result.warnings).toEqual([]);

    // A frame the pipeline did not capture (it repeats the one before) looks like that frame drawn on its own.
    const prepared = await prepareRender({
      composition,
      templateVersion,
      store: env.store,
      driver: "local",
      size: { width: 256, height: 144 },
    });
    try {
      const frame = stillFrameOf(prepared.props, 1) + 5;
      const still = path.join(env.dir, "frame.png");
      await renderer.renderStill({ props: prepared.props, frame, format: "png", outputPath: still });
      const fromVideo = path.join(env.dir, "from-video.png");
      // Remotion's ffmpeg has no select filter: seek (accurately) to the middle of the frame instead.
      await ffmpeg(["-y", "-ss", ((frame + 0.5) / 30).toFixed(4), "-i", out, "-frames:v", "1", fromVideo]);
      expect(await difference(still, fromVideo)).toBeLessThan(6);
    } finally {
      await prepared.close();
    }
  });

  it("still has an (silent) audio track when there is no narration and no music", async () => {
    const { composition, templateVersion } = sampleComposition({
      templateId: "starter-bold",
      ratio: "1:1",
      scenes: 1,
      durationMs: 1000,
      captions: false,
    });
    const out = path.join(env.dir, "silent.mp4");
    await renderCompositionVideo({
      composition,
      templateVersion,
      store: env.store,
      renderer,
      size: { width: 128, height: 128 },
      outputPath: out,
    });
    const probe = await ffprobe(out);
    expect(probe.streams.map((s) => s.codec_type).sort()).toEqual(["audio", "video"]);
    expect(await meanVolumeDb(out)).toBe(-Infinity);
  });
});

// Every starter layout in every ratio is rendered as a still by tests/render/studio-templates.test.ts (long sample text, PNG and JPEG).

describe("failures", () => {
  async function longVideo() {
    const { composition, templateVersion } = sampleComposition({
      templateId: "starter-bold",
      ratio: "16:9",
      scenes: 3,
      durationMs: 20_000,
    });
    return prepareRender({
      composition,
      templateVersion,
      store: env.store,
      driver: "local",
      size: { width: 128, height: 72 },
    });
  }

  it("a cancelled render rejects with a typed error and leaves no file", async () => {
    const prepared = await longVideo();
    const controller = new AbortController();
    const out = path.join(env.dir, "cancelled.mp4");
    try {
      const err = await renderer
        .renderVideo({
          props: prepared.props,
          outputPath: out,
          signal: controller.signal,
          onProgress: (p) => p.renderedFrames > 3 && controller.abort(),
        })
        .catch((e) => e);
      expect(isRenderError(err, "cancelled")).toBe(true);
      expect(err.retryable).toBe(false);
      expect(fs.existsSync(out)).toBe(false);
    } finally {
      await prepared.close();
    }
  });

  it("a browser that dies mid-render fails the render with a typed error, and the next render opens a new one", async () => {
    const prepared = await longVideo();
    try {
      let killed = false;
      let killedPid = 0;
      const err = await renderer
        .renderVideo({
          props: prepared.props,
          outputPath: path.join(env.dir, "crashed.mp4"),
          onProgress: (p) => {
            const pid = renderer.pool.pid();
            if (!killed && p.renderedFrames > 3 && pid) {
              killed = true;
              killedPid = pid;
              process.kill(pid, "SIGKILL");
            }
          },
        })
        .catch((e) => e);
      expect(killed).toBe(true);
      expect(isRenderError(err, "browser-crashed")).toBe(true);
      expect(err.retryable).toBe(true);
      expect(err.userMessage).toMatch(/try again/);
      // Nothing of the dead browser is left (its GPU, renderer and utility processes went with it), and no stand-in was started.
      // SIGKILL is delivered at once, but a loaded machine may take a moment to tear the processes down.
      expect(await settlesFalse(() => groupAlive(killedPid), 3000)).toBe(false);
      expect(renderer.pool.runningPids()).toEqual([]);

      const { composition, templateVersion } = sampleComposition({
        templateId: "starter-bold",
        ratio: "1:1",
        scenes: 1,
        durationMs: 1000,
      });
      const again = path.join(env.dir, "after-crash.png");
      const p2 = await prepareRender({
        composition,
        templateVersion,
        store: env.store,
        driver: "local",
        size: { width: 96, height: 96 },
      });
      try {
        await renderer.renderStill({ props: p2.props, format: "png", outputPath: again });
      } finally {
        await p2.close();
      }
      expect(fs.statSync(again).size).toBeGreaterThan(0);
      expect(renderer.pool.pid()).not.toBe(killedPid);
      expect(renderer.pool.runningPids()).toEqual([renderer.pool.pid()]);
    } finally {
      await prepared.close();
    }
  });

  it("closing the renderer leaves no browser process behind", async () => {
    const own = new LocalRenderer();
    const { composition, templateVersion } = sampleComposition({
      templateId: "starter-bold",
      ratio: "1:1",
      scenes: 1,
      durationMs: 1000,
    });
    const prepared = await prepareRender({
      composition,
      templateVersion,
      store: env.store,
      driver: "local",
      size: { width: 64, height: 64 },
    });
    try {
      await own.renderStill({ props: prepared.props, format: "jpeg", outputPath: path.join(env.dir, "own.jpg") });
    } finally {
      await prepared.close();
    }
    const pid = own.pool.pid()!;
    expect(groupAlive(pid)).toBe(true);
    await own.close();
    expect(groupAlive(pid)).toBe(false);
    expect(own.pool.isOpen()).toBe(false);
  });
});
