import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { compositorBinary, compositorEnv } from "./compositor";
import { matroskaFrame, matroskaHeader } from "./frame-pipeline";

const solid = (r: number, g: number, b: number) =>
  sharp({ create: { width: 64, height: 36, channels: 3, background: { r, g, b } } })
    .jpeg({ quality: 90 })
    .toBuffer();

describe("the timestamped frame stream (Matroska) ffmpeg reads", () => {
  it("turns pictures with their durations into exactly those frames at a constant rate", async () => {
    const fps = 30;
    const ms = (f: number) => Math.ceil((f * 1000) / fps);
    // Runs as frameRuns makes them: one picture for frames 0, one for 1-3, one for 4-9.
    const runs = [
      { start: 0, end: 0, jpeg: await solid(255, 0, 0) },
      { start: 1, end: 3, jpeg: await solid(0, 255, 0) },
      { start: 4, end: 9, jpeg: await solid(0, 0, 255) },
    ];
    const stream = Buffer.concat([
      matroskaHeader(64, 36),
      ...runs.flatMap((r) => matroskaFrame(ms(r.start), ms(r.end + 1) - ms(r.start), r.jpeg)),
    ]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pf-mkv-"));
    const out = spawnSync(
      compositorBinary("ffmpeg"),
      [
        ...["-v", "error", "-f", "matroska", "-i", "pipe:0", "-fps_mode", "cfr", "-r", String(fps)],
        // Remotion's ffmpeg has no rawvideo muxer: raw frames through the AVI muxer, read past its header below.
        ...["-c:v", "rawvideo", "-pix_fmt", "bgr24", "-f", "avi", path.join(dir, "out.avi")],
      ],
      { input: stream, env: compositorEnv() },
    );
    expect(out.stderr.toString()).toBe("");
    const avi = fs.readFileSync(path.join(dir, "out.avi"));
    fs.rmSync(dir, { recursive: true, force: true });
    // Each frame is a "00db"/"00dc" chunk of bottom-up BGR rows; its middle pixel names its colour.
    const frameBytes = 64 * 36 * 3;
    const chunks: number[] = [];
    for (let at = avi.indexOf("00d"); at >= 0; at = avi.indexOf("00d", at + 8))
      if (avi.readUInt32LE(at + 4) === frameBytes) chunks.push(at + 8);
    expect(chunks).toHaveLength(10);
    const colours = chunks.map((start) => {
      const at = start + (18 * 64 + 32) * 3;
      const [b, g, r] = [avi[at]!, avi[at + 1]!, avi[at + 2]!];
      return r > 200 && g < 60 && b < 60
        ? "r"
        : g > 200 && r < 60 && b < 60
          ? "g"
          : b > 200 && r < 60 && g < 60
            ? "b"
            : "?";
    });
    expect(colours.join("")).toBe("rgggbbbbbb");
  });
});
