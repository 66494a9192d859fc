/**
 * Video clips in scenes, rendered for real (Remotion, Debian's Chromium,
 * 240 px, 10 fps): a colour-per-second test clip in a full-bleed picture
 * slot plays from its start offset, loops when the scene outlasts it, and
 * its own (loud) sound never reaches the MP4: the soundtrack is the
 * narration only, with the frame pipeline and with Remotion's renderMedia
 * (the path Lambda takes).
 */
import path from "node:path";
import sharp from "sharp";
import { clipSourceMs } from "@/lib/engine/composition/clip";
import type { MediaValue } from "@/lib/engine/composition/composition-schema";
import { ensureBundle } from "@/lib/engine/render/bundle";
import { LocalRenderer } from "@/lib/engine/render/local-driver";
import { prepareRender, type PreparedRender } from "@/lib/engine/render/prepare";
import {
  ffmpeg,
  ffprobe,
  meanVolumeDb,
  openRenderTestEnv,
  sampleComposition,
  storeNarration,
  type RenderTestEnv,
} from "@/tests/support/render-env";
import { colourClip, nearestClipColour, CLIP_COLORS } from "@/tests/support/test-clip";

jest.setTimeout(120_000);

let env: RenderTestEnv;
let renderer: LocalRenderer;
let prepared: PreparedRender;
const FPS = 10;

beforeAll(async () => {
  await ensureBundle();
  env = await openRenderTestEnv();
  renderer = new LocalRenderer();
  // 4 s of red, green, blue, yellow; the scene starts it at 1 s (green) and lasts 5 s: green, blue, yellow, green, blue.
  const clipKey = "assets/test-user/clip-1/original.mp4";
  await env.store.put(clipKey, await colourClip(path.join(env.dir, "clip.mp4"), { seconds: 4 }), {
    allowedTypes: ["video/mp4"],
  });
  const voice = await storeNarration(env.dir, env.store, "n1", 1.5, 440);
  const { composition, templateVersion } = sampleComposition({
    templateId: "starter-bold",
    ratio: "16:9",
    layoutIds: ["starter-statement", "starter-full-bleed"],
    voices: [voice, undefined],
    captions: false,
  });
  const clip: MediaValue = {
    type: "media",
    key: clipKey,
    media_type: "video/mp4",
    source: "asset",
    asset_id: "clip-1",
    clip_start_ms: 1000,
    clip_duration_ms: 4000,
  };
  composition.scenes[0]!.duration_ms = 2000;
  composition.scenes[1]!.duration_ms = 5000;
  composition.scenes[1]!.values.image = clip;
  prepared = await prepareRender({
    composition,
    templateVersion,
    store: env.store,
    driver: "local",
    size: { width: 240, height: 136 },
    fps: FPS,
  });
}, 240_000);

afterAll(async () => {
  try {
    await prepared?.close();
    await renderer?.close();
  } finally {
    env?.close();
  }
}, 30_000);

/** Mean colour of the frame at `seconds`, over the top-left quarter (the full-bleed picture, clear of the text band). */
async function colourAt(file: string, seconds: number): Promise<string> {
  const png = path.join(env.dir, `f-${path.basename(file)}-${seconds.toFixed(2)}.png`);
  await ffmpeg(["-y", "-v", "error", "-ss", seconds.toFixed(3), "-i", file, "-frames:v", "1", png]);
  return colourOfPicture(png);
}

async function colourOfPicture(png: string): Promise<string> {
  const { data, info } = await sharp(png)
    .extract({ left: 8, top: 8, width: 100, height: 40 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += info.channels) for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
  return nearestClipColour(sum.map((v) => v / (data.length / info.channels)));
}

describe("a video with a clip scene", () => {
  it("shows the clip's frames from its start offset, loops it, and keeps its sound out", async () => {
    const props = prepared.props;
    const scene = props.scenes[1]!;
    const clip = scene.slots.find((s) => s.id === "image")!.media!.clip!;
    expect(clip).toMatchObject({ trimBeforeFrames: 10, loopFrames: 30 });
    const out = path.join(env.dir, "clip-video.mp4");
    const t0 = Date.now();
    await renderer.renderVideo({ props, outputPath: out });
    console.log(`clip render (frame pipeline): ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    // Mid-second moments of the source, after the scene's entrance is over: each shows that second's colour.
    const checks: { local: number; colour: string }[] = [];
    for (let local = 8; local < scene.durationInFrames - scene.transitionOutFrames; local++) {
      const ms = clipSourceMs(clip, local, FPS);
      if (ms % 1000 === 500) checks.push({ local, colour: CLIP_COLORS[Math.floor(ms / 1000)]!.name });
    }
    // After the entrance: blue (2.5 s of the source), yellow, then green (1.5 s) again where the loop restarted at
    // the offset, not at red, and blue once more.
    expect(checks.map((c) => c.colour)).toEqual(["blue", "yellow", "green", "blue"]);
    const seen: string[] = [];
    for (const c of checks) seen.push(await colourAt(out, (scene.from + c.local + 0.5) / FPS));
    expect(seen).toEqual(checks.map((c) => c.colour));
    // Red (the part before the offset) never shows.
    expect(seen).not.toContain("red");

    // The soundtrack is the narration of scene 1 only: the clip's 1 kHz tone never plays under scene 2.
    const probe = await ffprobe(out);
    expect(probe.streams.map((s) => s.codec_type).sort()).toEqual(["audio", "video"]);
    const tail = path.join(env.dir, "tail.wav");
    await ffmpeg(["-y", "-v", "error", "-ss", ((scene.from + 5) / FPS).toFixed(2), "-i", out, "-vn", tail]);
    expect(await meanVolumeDb(tail)).toBe(-Infinity);
    const head = path.join(env.dir, "head.wav");
    await ffmpeg(["-y", "-v", "error", "-t", "1.2", "-i", out, "-vn", head]);
    expect(await meanVolumeDb(head)).toBeGreaterThan(-40);
  });

  it("draws the clip's frame at the scene's still frame in a still (posters, scene pictures)", async () => {
    const scene = prepared.props.scenes[1]!;
    const clip = scene.slots.find((s) => s.id === "image")!.media!.clip!;
    const ms = clipSourceMs(clip, scene.stillFrame, FPS);
    // Clear of a colour change, so the expected colour is not a matter of rounding.
    expect(ms % 1000).toBeGreaterThanOrEqual(100);
    expect(ms % 1000).toBeLessThanOrEqual(900);
    const out = path.join(env.dir, "still-2.png");
    await renderer.renderStill({ props: prepared.props, sceneIndex: 1, format: "png", outputPath: out });
    expect(await colourOfPicture(out)).toBe(CLIP_COLORS[Math.floor(ms / 1000)]!.name);
  });

  it("is muted with Remotion's renderMedia too (the Lambda path), which mixes every media tag it is given", async () => {
    const remotion = new LocalRenderer({ pipeline: "remotion", pool: renderer.pool });
    const out = path.join(env.dir, "clip-remotion.mp4");
    await remotion.renderVideo({ props: prepared.props, outputPath: out });
    const scene = prepared.props.scenes[1]!;
    const tail = path.join(env.dir, "tail-remotion.wav");
    await ffmpeg(["-y", "-v", "error", "-ss", ((scene.from + 5) / FPS).toFixed(2), "-i", out, "-vn", tail]);
    expect(await meanVolumeDb(tail)).toBeLessThan(-60);
    // Same picture: the loop restart (green) where the frame pipeline drew it.
    const clip = scene.slots.find((s) => s.id === "image")!.media!.clip!;
    const local = 35; // source 1 s + 35 % 30 frames = 1.5 s: green again
    expect(clipSourceMs(clip, local, FPS)).toBe(1500);
    expect(await colourAt(out, (scene.from + local + 0.5) / FPS)).toBe("green");
  });
});
