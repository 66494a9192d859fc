/**
 * The join: segments encoded as the frame pipeline encodes them (x264,
 * JPEG frames piped in, -t frames/fps) become one MP4 by stream copy:
 * exactly the sum of their frames, each decoded exactly as in its segment,
 * duration frames / fps, and AAC audio over the whole length with no gap.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { ffmpeg, FFMPEG, packetTimes as packets, rgbFrames as frames } from "@/tests/support/render-env";
import { compositorEnv } from "../compositor";
import { joinSegments, probeSegmentFile } from "./join";

const FPS = 10;
const W = 96;
const H = 64;
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pf-join-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A segment of frames start..start+n, each a different colour, encoded with the frame pipeline's settings. */
async function segment(name: string, start: number, n: number, size = { w: W, h: H }): Promise<string> {
  const file = path.join(dir, name);
  const proc = spawn(
    FFMPEG,
    // biome-ignore format: the frame pipeline's encoder arguments, as there
    ["-hide_banner", "-nostdin", "-v", "error", "-y", "-f", "image2pipe", "-framerate", String(FPS), "-c:v", "mjpeg", "-i", "pipe:0",
      "-map", "0:v:0", "-an", "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p",
      "-vf", `scale=${size.w}:${size.h}:out_range=tv`, "-t", (n / FPS).toFixed(6), "-movflags", "+faststart", "-f", "mp4", file],
    { env: compositorEnv() },
  );
  const closed = new Promise<number | null>((r) => proc.on("close", r));
  for (let f = start; f < start + n; f++) {
    const jpeg = await sharp({
      create: {
        width: size.w,
        height: size.h,
        channels: 3,
        background: { r: (f * 37) % 256, g: (f * 91) % 256, b: (f * 13) % 256 },
      },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    proc.stdin.write(jpeg);
  }
  proc.stdin.end();
  expect(await closed).toBe(0);
  return file;
}

async function tone(seconds: number): Promise<string> {
  const file = path.join(dir, `tone-${seconds}.wav`);
  await ffmpeg([
    "-y",
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=330:sample_rate=48000:duration=${seconds}`,
    "-ac",
    "2",
    "-c:a",
    "pcm_s16le",
    file,
  ]);
  return file;
}

it("joins segments frame-exactly by stream copy, with the soundtrack over the whole length", async () => {
  // A 1-frame segment between longer ones: its B-frame delay differs from its neighbours'.
  const lengths = [12, 4, 25, 1, 30];
  const files: string[] = [];
  let at = 0;
  for (const [i, n] of lengths.entries()) {
    files.push(await segment(`seg${i}.mp4`, at, n));
    at += n;
  }
  const total = at;
  const out = path.join(dir, "joined.mp4");
  const result = await joinSegments({
    files,
    frames: lengths,
    fps: FPS,
    width: W,
    height: H,
    audioPath: await tone(total / FPS),
    outputPath: out,
  });
  expect(result.frames).toBe(total);

  const video = await packets(out, "v");
  expect(video).toHaveLength(total);
  // Every frame at its place: pts k / fps.
  video.forEach((p, k) => expect(p.pts).toBeCloseTo(k / FPS, 4));
  const audio = await packets(out, "a");
  const audioEnd = audio[audio.length - 1]!.pts + audio[audio.length - 1]!.duration;
  expect(Math.abs(audioEnd - total / FPS)).toBeLessThanOrEqual(1024 / 48_000);
  // The encoder's priming packet starts one AAC frame early (the edit list hides it): sound from the first frame.
  expect(audio[0]!.pts).toBeLessThanOrEqual(0);
  expect(audio[0]!.pts).toBeGreaterThanOrEqual(-1024 / 48_000 - 1e-6);
  // No gap: each AAC packet starts where the one before ends.
  for (let i = 1; i < audio.length; i++)
    expect(audio[i]!.pts).toBeCloseTo(audio[i - 1]!.pts + audio[i - 1]!.duration, 4);
  const info = await probeSegmentFile(out);
  expect(info).toMatchObject({ codec: "h264", width: W, height: H, frames: total });

  // Stream copy: the joined video decodes to exactly the segments' frames.
  const joined = await frames(out);
  const parts = Buffer.concat(await Promise.all(files.map(frames)));
  expect(joined.length).toBe(total * W * H * 3);
  expect(joined.equals(parts)).toBe(true);
}, 60_000);

it("refuses segments that cannot be joined: another size, or a frame count other than planned", async () => {
  const a = await segment("a.mp4", 0, 5);
  const b = await segment("b.mp4", 5, 5, { w: 128, h: 64 });
  const audioPath = await tone(1);
  const base = { fps: FPS, width: W, height: H, audioPath, outputPath: path.join(dir, "bad.mp4") };
  await expect(joinSegments({ ...base, files: [a, b], frames: [5, 5] })).rejects.toMatchObject({
    code: "encoding-failed",
  });
  await expect(joinSegments({ ...base, files: [a, a], frames: [5, 6] })).rejects.toMatchObject({
    code: "encoding-failed",
  });
  expect(fs.existsSync(base.outputPath)).toBe(false);
}, 30_000);
