import "server-only";
/**
 * Joins video-only segment MP4s into the finished video and gives it its
 * soundtrack, without re-encoding a frame.
 *
 * Why the concat demuxer (over raw Annex B): every segment is an MP4 from
 * the same x264 settings, so each starts with an IDR frame and carries the
 * same SPS/PPS (checked here: `extradata_hash`); the demuxer offsets each
 * file's timestamps by the files before it, which keeps B-frame timing
 * (pts/dts) exact, whereas a raw .h264 stream has no timestamps and
 * ffmpeg would have to guess them back from the frame rate. One ffmpeg run
 * reads the segments (stream copy), encodes the mixed WAV as AAC, cuts both
 * at frames / fps and writes `+faststart`.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { compositorBinary, compositorEnv } from "../compositor";
import { RenderError } from "../errors";

export interface SegmentFileInfo {
  codec: string;
  width: number;
  height: number;
  frames: number;
  /** Hash of the H.264 parameter sets: equal for files that can be joined by stream copy. */
  extradataHash: string;
}

function run(binary: "ffmpeg" | "ffprobe", args: string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new RenderError("cancelled", "render cancelled"));
    const proc = spawn(compositorBinary(binary), args, { env: compositorEnv() });
    let out = "";
    let err = "";
    proc.stdout.on("data", (c: Buffer) => (out += c.toString()));
    proc.stderr.on("data", (c: Buffer) => (err = (err + c.toString()).slice(-4000)));
    const onAbort = () => proc.kill("SIGKILL");
    signal?.addEventListener("abort", onAbort, { once: true });
    proc.on("error", (e) =>
      reject(new RenderError("encoding-failed", `${binary} could not start: ${e.message}`, { cause: e })),
    );
    proc.on("close", (code, sig) => {
      signal?.removeEventListener("abort", onAbort);
      if (signal?.aborted) reject(new RenderError("cancelled", "render cancelled"));
      else if (code === 0) resolve(out);
      else reject(new RenderError("encoding-failed", `${binary} exited with ${code ?? sig}: ${err.trim()}`));
    });
  });
}

/** What a segment file holds (from its header: cheap, nothing decoded); null when it is no readable video. */
export async function probeSegmentFile(file: string, signal?: AbortSignal): Promise<SegmentFileInfo | null> {
  let out: string;
  try {
    out = await run(
      "ffprobe",
      [
        "-v",
        "error",
        "-select_streams",
        "v:0",
        "-show_entries",
        "stream=codec_name,width,height,nb_frames,extradata_hash",
        "-show_data_hash",
        "sha256",
        "-of",
        "json",
        file,
      ],
      signal,
    );
  } catch (err) {
    if (err instanceof RenderError && err.code === "cancelled") throw err;
    return null;
  }
  const s = (JSON.parse(out) as { streams?: Record<string, string | number>[] }).streams?.[0];
  if (!s) return null;
  return {
    codec: String(s.codec_name),
    width: Number(s.width),
    height: Number(s.height),
    frames: Number(s.nb_frames),
    extradataHash: String(s.extradata_hash ?? ""),
  };
}

/** A line of an ffconcat list (single quotes escaped as the format wants). */
const concatLine = (file: string) => `file '${path.resolve(file).replace(/'/g, "'\\''")}'`;

export interface JoinInput {
  /** Segment files in order (a file may be listed twice). */
  files: string[];
  /** Frames of each file, in the same order (they must add up to the video). */
  frames: number[];
  fps: number;
  width: number;
  height: number;
  /** The whole video's soundtrack (a WAV from mixSoundtrack), muxed as AAC. */
  audioPath: string;
  outputPath: string;
  signal?: AbortSignal;
  /** What is already known of some files (probed when fetched): not probed again. */
  known?: ReadonlyMap<string, SegmentFileInfo>;
}

/** Joins the segments with a stream copy and muxes the soundtrack; checks the result's frame count. */
export async function joinSegments(input: JoinInput): Promise<{ frames: number; sizeBytes: number }> {
  if (input.files.length === 0 || input.files.length !== input.frames.length)
    throw new RenderError("internal", "joinSegments needs one frame count per segment file");
  const total = input.frames.reduce((a, b) => a + b, 0);
  const infos = await Promise.all(
    [...new Set(input.files)].map(async (f) => [f, input.known?.get(f) ?? (await probeSegmentFile(f))] as const),
  );
  const byFile = new Map(infos);
  const first = byFile.get(input.files[0]!);
  input.files.forEach((f, i) => {
    const info = byFile.get(f);
    if (!info || info.codec !== "h264" || info.frames !== input.frames[i])
      throw new RenderError(
        "encoding-failed",
        `segment ${i + 1} (${path.basename(f)}) is not an H.264 video of ${input.frames[i]} frames`,
      );
    if (info.width !== input.width || info.height !== input.height || info.extradataHash !== first?.extradataHash)
      throw new RenderError(
        "encoding-failed",
        `segment ${i + 1} was encoded differently from the first one: they cannot be joined without re-encoding`,
      );
  });

  fs.mkdirSync(path.dirname(input.outputPath), { recursive: true });
  const list = `${input.outputPath}.segments.txt`;
  fs.writeFileSync(list, `ffconcat version 1.0\n${input.files.map(concatLine).join("\n")}\n`);
  const seconds = (total / input.fps).toFixed(6);
  try {
    await run(
      "ffmpeg",
      [
        "-hide_banner",
        "-nostdin",
        "-v",
        "error",
        "-y",
        "-f",
        "concat",
        "-safe",
        "0",
        "-i",
        list,
        "-i",
        input.audioPath,
        "-map",
        "0:v:0",
        "-map",
        "1:a:0",
        "-c:v",
        "copy",
        "-c:a",
        "aac",
        "-b:a",
        "160k",
        "-t",
        seconds,
        "-movflags",
        "+faststart",
        "-f",
        "mp4",
        input.outputPath,
      ],
      input.signal,
    );
    const joined = await probeSegmentFile(input.outputPath, input.signal);
    if (!joined || joined.frames !== total)
      throw new RenderError(
        "encoding-failed",
        `the joined video has ${joined?.frames ?? "no"} frames instead of ${total}`,
      );
    return { frames: total, sizeBytes: fs.statSync(input.outputPath).size };
  } catch (err) {
    fs.rmSync(input.outputPath, { force: true });
    throw err;
  } finally {
    fs.rmSync(list, { force: true });
  }
}
