/**
 * Video and audio facts from Remotion's own ffprobe/ffmpeg (the compositor
 * package the renderer ships; no system ffmpeg needed, works offline):
 * duration, picture size, and a poster frame for video clips. Each reads
 * the upload as the demuxer its bytes name, over the file protocol only
 * (lib/engine/render/ffmpeg-input.ts): a playlist or concat list dressed as media is
 * never followed. Node-only.
 */
import { spawn } from "node:child_process";
import { compositorBinary, compositorEnv } from "@/lib/engine/render/compositor";
import { mediaInputArgs } from "@/lib/engine/render/ffmpeg-input";

export interface MediaProbe {
  durationMs: number | null;
  width: number | null;
  height: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
}

function run(
  bin: "ffmpeg" | "ffprobe",
  args: string[],
  timeoutMs: number,
): Promise<{ code: number | null; stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(compositorBinary(bin), args, { env: compositorEnv(), stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    let err = "";
    const timer = setTimeout(() => p.kill("SIGKILL"), timeoutMs);
    p.stdout.on("data", (c: Buffer) => out.push(c));
    p.stderr.on("data", (c: Buffer) => {
      if (err.length < 4000) err += c.toString();
    });
    p.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    p.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out), stderr: err });
    });
  });
}

/** null when ffprobe cannot read the file as media at all (or its bytes are no media type we read). */
export async function probeMedia(path: string): Promise<MediaProbe | null> {
  const input = await mediaInputArgs(path);
  if (!input) return null;
  const r = await run(
    "ffprobe",
    ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", ...input],
    30_000,
  );
  if (r.code !== 0) return null;
  let json: {
    format?: { duration?: string };
    streams?: {
      codec_type?: string;
      width?: number;
      height?: number;
      duration?: string;
      disposition?: { attached_pic?: number };
    }[];
  };
  try {
    json = JSON.parse(r.stdout.toString());
  } catch {
    return null;
  }
  const streams = json.streams ?? [];
  // Cover art in an MP3 or M4A is a "video" stream flagged as an attached picture: not a clip.
  const video = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === "audio");
  const seconds = Number(json.format?.duration ?? video?.duration ?? audio?.duration ?? NaN);
  return {
    durationMs: Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null,
    width: video?.width ?? null,
    height: video?.height ?? null,
    hasVideo: Boolean(video),
    hasAudio: Boolean(audio),
  };
}

/** One frame as PNG bytes: at `atMs` (clamped into the clip), or the first frame when the clip is shorter. */
export async function posterFrame(path: string, atMs: number): Promise<Buffer | null> {
  const input = await mediaInputArgs(path);
  if (!input) return null;
  for (const at of [atMs, 0]) {
    const r = await run(
      "ffmpeg",
      [
        "-hide_banner",
        "-nostdin",
        "-v",
        "error",
        "-ss",
        (at / 1000).toFixed(3),
        ...input,
        "-frames:v",
        "1",
        "-f",
        "image2pipe",
        "-vcodec",
        "png",
        "pipe:1",
      ],
      30_000,
    );
    if (r.code === 0 && r.stdout.length > 0) return r.stdout;
  }
  return null;
}
