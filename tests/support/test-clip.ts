/**
 * A test clip whose frames can be told apart: one solid colour per second
 * (red, green, blue, yellow, …) with a loud 1 kHz tone as its own sound, so
 * a render shows which second of the source it drew and whether the clip's
 * sound leaked into the soundtrack. Made with Remotion's ffmpeg (no download).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

/** Remotion's own ffmpeg (the renderer's; no system ffmpeg needed). Node and sharp only here: Playwright specs use it too. */
const COMPOSITOR = path.join(process.cwd(), "node_modules/@remotion/compositor-linux-x64-gnu");
const FFMPEG = path.join(COMPOSITOR, "ffmpeg");

/** The colours of the clip's seconds, in order (RGB). */
export const CLIP_COLORS: readonly { name: string; rgb: [number, number, number] }[] = [
  { name: "red", rgb: [255, 0, 0] },
  { name: "green", rgb: [0, 255, 0] },
  { name: "blue", rgb: [0, 0, 255] },
  { name: "yellow", rgb: [255, 255, 0] },
  { name: "magenta", rgb: [255, 0, 255] },
  { name: "cyan", rgb: [0, 255, 255] },
];

/**
 * An H.264 + AAC MP4 of `seconds` at `fps`, each frame a PNG from `frame(i)`,
 * with a 1 kHz tone as its sound. Remotion's ffmpeg has neither a colour
 * source filter nor a raw video reader, so the frames are PNGs piped to it.
 */
export async function encodeClip(
  file: string,
  opts: { seconds: number; fps: number; frame: (index: number) => Promise<Buffer> },
): Promise<Buffer> {
  const { seconds, fps } = opts;
  const p = spawn(
    FFMPEG,
    [
      "-hide_banner",
      "-nostdin",
      "-y",
      "-v",
      "error",
      "-f",
      "image2pipe",
      "-framerate",
      String(fps),
      "-c:v",
      "png",
      "-i",
      "pipe:0",
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=1000:sample_rate=48000:duration=${seconds}`,
      "-map",
      "0:v",
      "-map",
      "1:a",
      "-c:v",
      "libx264",
      "-pix_fmt",
      "yuv420p",
      "-preset",
      "veryfast",
      "-c:a",
      "aac",
      "-b:a",
      "96k",
      "-shortest",
      "-movflags",
      "+faststart",
      file,
    ],
    { env: { ...process.env, LD_LIBRARY_PATH: COMPOSITOR }, stdio: ["pipe", "ignore", "pipe"] },
  );
  let err = "";
  p.stderr.on("data", (c: Buffer) => (err += c.toString()));
  const done = new Promise<void>((resolve, reject) =>
    p.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${err}`)))),
  );
  p.stdin.on("error", () => undefined); // `done` says why
  for (let i = 0; i < Math.round(seconds * fps); i++) {
    const png = await opts.frame(i);
    if (!p.stdin.write(png)) await new Promise((r) => p.stdin.once("drain", r));
  }
  p.stdin.end();
  await done;
  return fs.readFileSync(file);
}

/** The colour-per-second clip: `seconds` long (at most 6), `width` × `height`, 25 fps. */
export async function colourClip(
  file: string,
  opts: { seconds: number; width?: number; height?: number; fps?: number },
): Promise<Buffer> {
  const { seconds, width = 320, height = 180, fps = 25 } = opts;
  const pngs = new Map<number, Buffer>();
  return encodeClip(file, {
    seconds,
    fps,
    frame: async (i) => {
      const second = Math.floor(i / fps);
      if (!pngs.has(second)) {
        const [r, g, b] = CLIP_COLORS[second]!.rgb;
        pngs.set(
          second,
          await sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
            .png()
            .toBuffer(),
        );
      }
      return pngs.get(second)!;
    },
  });
}

/** The clip colour nearest to an RGB mean, by name. */
export function nearestClipColour(rgb: readonly number[]): string {
  let best = CLIP_COLORS[0]!;
  let bestD = Infinity;
  for (const c of CLIP_COLORS) {
    const d = c.rgb.reduce((a, v, i) => a + (v - rgb[i]!) ** 2, 0);
    if (d < bestD) [best, bestD] = [c, d];
  }
  return best.name;
}
