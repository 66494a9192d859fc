/**
 * The `direct` step (our own frame loop on Remotion's page) against
 * Remotion's renderFrames for every frame: the same small video rendered both
 * ways gives the same frames (decoded from the MP4s), and the poster too.
 * A loop that captured before the page had drawn its frame (a stale or
 * half-drawn picture) fails this.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { ensureBundle } from "@/lib/engine/render/bundle";
import { LocalRenderer } from "@/lib/engine/render/local-driver";
import { prepareRender } from "@/lib/engine/render/prepare";
import { ffmpeg, openRenderTestEnv, sampleComposition, type RenderTestEnv } from "@/tests/support/render-env";

jest.setTimeout(180_000);

let env: RenderTestEnv;
let direct: LocalRenderer;
let remotion: LocalRenderer;

beforeAll(async () => {
  await ensureBundle();
  env = await openRenderTestEnv();
  direct = new LocalRenderer();
  // The same browser, every frame through renderFrames.
  remotion = new LocalRenderer({ pool: direct.pool, framePipelineSteps: { direct: false } });
}, 240_000);

afterAll(async () => {
  try {
    await direct?.close();
  } finally {
    env?.close();
  }
}, 30_000);

/** Every frame of an MP4 as 8-bit grey pixels (through the AVI muxer: Remotion's ffmpeg has no rawvideo muxer). */
async function greyFrames(file: string, width: number, height: number): Promise<Buffer[]> {
  const avi = `${file}.avi`;
  await ffmpeg(["-v", "error", "-y", "-i", file, "-an", "-c:v", "rawvideo", "-pix_fmt", "gray", "-f", "avi", avi]);
  const data = fs.readFileSync(avi);
  const size = width * height;
  const frames: Buffer[] = [];
  for (let at = data.indexOf("00d"); at >= 0; at = data.indexOf("00d", at + 8))
    if (data.readUInt32LE(at + 4) === size) frames.push(data.subarray(at + 8, at + 8 + size));
  return frames;
}

function meanDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

it("renders the same frames and poster as Remotion's renderFrames", async () => {
  const { composition, templateVersion } = sampleComposition({
    templateId: "starter-bold",
    ratio: "16:9",
    scenes: 2,
    durationMs: 1500,
  });
  const prepared = await prepareRender({
    composition,
    templateVersion,
    store: env.store,
    driver: "local",
    size: { width: 256, height: 144 },
  });
  try {
    const out: Record<string, { frames: Buffer[]; poster: Buffer }> = {};
    for (const [name, renderer] of [
      // A first render of the props first: the first render in a fresh browser differs from later ones (in both paths alike).
      ["warm-up", remotion],
      ["remotion", remotion],
      ["direct", direct],
    ] as const) {
      const file = path.join(env.dir, `${name}.mp4`);
      const posterFile = path.join(env.dir, `${name}.jpg`);
      await renderer.renderVideo({ props: prepared.props, outputPath: file });
      await renderer.renderPoster({ props: prepared.props, outputPath: posterFile });
      out[name] = {
        frames: await greyFrames(file, 256, 144),
        poster: await sharp(posterFile).greyscale().raw().toBuffer(),
      };
    }
    const { remotion: a, direct: b } = out as Record<"remotion" | "direct", (typeof out)[string]>;
    expect(a.frames.length).toBe(prepared.props.durationInFrames);
    expect(b.frames.length).toBe(a.frames.length);
    // Frames that move (so a stale capture would show): the video is not one still picture.
    expect(a.frames.some((f, i) => i > 0 && meanDiff(f, a.frames[i - 1]!) > 1)).toBe(true);
    const worst = Math.max(...a.frames.map((f, i) => meanDiff(f, b.frames[i]!)));
    // The same JPEGs give the same encode; below one grey level on average allows only encoder noise.
    expect(worst).toBeLessThan(1);
    expect(meanDiff(a.poster, b.poster)).toBeLessThan(1);
  } finally {
    await prepared.close();
  }
});
