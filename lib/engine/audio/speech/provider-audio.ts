/**
 * Provider audio to WAV. Providers are asked for raw PCM (a known format), so
 * normally this only wraps the bytes in a header. If a provider answers in a
 * container anyway (WAV, MP3 with an ID3 tag, Ogg/Opus, FLAC, MP4), WAV is parsed and the
 * others are decoded with the ffmpeg that ships with Remotion's compositor,
 * so everything downstream gets WAV with an exact duration.
 */
import "server-only";
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { COMPOSITOR_PACKAGE, findPackageDir } from "@/lib/engine/render/compositor";
import path from "node:path";
import { isWav, parseWav, wavFromPcm16, type PcmFormat, type Wav } from "@/lib/engine/audio/wav";
import type { Env } from "./engines";
import { SpeechError } from "./errors";

const DECODE_TIMEOUT_MS = 30_000;

function startsWith(bytes: Uint8Array, text: string, at = 0): boolean {
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return bytes.length >= at + text.length;
}

/** The container the bytes are in, or null for headerless PCM. */
export function sniffContainer(bytes: Uint8Array): "wav" | "mp3" | "ogg" | "flac" | "mp4" | null {
  if (isWav(bytes)) return "wav";
  if (startsWith(bytes, "ID3")) return "mp3";
  if (startsWith(bytes, "OggS")) return "ogg";
  if (startsWith(bytes, "fLaC")) return "flac";
  if (startsWith(bytes, "ftyp", 4)) return "mp4";
  // Bare MPEG frames (no ID3 tag) are not sniffed: their 11-bit sync word also
  // starts plenty of quiet PCM (a first sample of -1 is FF FF), and PCM is what we ask for.
  return null;
}

/**
 * The ffmpeg binary: FFMPEG_PATH, else the one in @remotion/compositor-<platform>
 * (resolved from the app's folder at run time, so bundling cannot rewrite it),
 * else `ffmpeg` on the PATH.
 */
export function ffmpegBinary(env: Env = process.env): string {
  if (env.FFMPEG_PATH) return env.FFMPEG_PATH;
  const dir = findPackageDir(COMPOSITOR_PACKAGE);
  const binary = dir ? path.join(dir, process.platform === "win32" ? "ffmpeg.exe" : "ffmpeg") : null;
  // Not installed for this platform: fall through to the PATH.
  return binary && existsSync(binary) ? binary : "ffmpeg";
}

/** Decodes any audio ffmpeg reads to 16-bit PCM WAV at the given rate and channel count. */
export function decodeWithFfmpeg(
  bytes: Uint8Array,
  target: PcmFormat,
  a: { env?: Env; abortSignal?: AbortSignal } = {},
): Promise<Wav> {
  const binary = ffmpegBinary(a.env);
  const args = [
    "-hide_banner",
    "-loglevel",
    "error",
    "-i",
    "pipe:0",
    "-vn",
    "-f",
    "wav",
    "-acodec",
    "pcm_s16le",
    "-ar",
    String(target.sampleRate),
    "-ac",
    String(target.channels),
    "pipe:1",
  ];
  return new Promise((resolve, reject) => {
    const child = execFile(
      binary,
      args,
      {
        encoding: "buffer",
        timeout: DECODE_TIMEOUT_MS,
        killSignal: "SIGKILL",
        maxBuffer: 256 * 1024 * 1024,
        signal: a.abortSignal,
        // The compositor's ffmpeg loads its libav* from its own folder.
        cwd: path.isAbsolute(binary) ? path.dirname(binary) : undefined,
        env: path.isAbsolute(binary) ? { ...process.env, LD_LIBRARY_PATH: path.dirname(binary) } : process.env,
      },
      (error, stdout, stderr) => {
        if (error) {
          const e = error as NodeJS.ErrnoException;
          if (e.name === "AbortError") return reject(e);
          const detail =
            e.code === "ENOENT"
              ? "ffmpeg is not installed"
              : stderr.toString("utf8").trim().split("\n")[0] || e.message;
          return reject(
            new SpeechError("provider_error", `The narration audio could not be decoded (${detail}).`, {
              cause: error,
              retryable: false,
            }),
          );
        }
        try {
          resolve(parseWav(new Uint8Array(stdout.buffer, stdout.byteOffset, stdout.byteLength)));
        } catch (cause) {
          reject(
            new SpeechError("provider_error", "The narration audio could not be decoded.", { cause, retryable: false }),
          );
        }
      },
    );
    child.stdin?.on("error", () => {});
    child.stdin?.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
}

/** A provider's answer as WAV: raw PCM in the format asked for, or whatever container it sent instead. */
export async function providerAudioToWav(
  bytes: Uint8Array,
  pcm: PcmFormat,
  a: { env?: Env; abortSignal?: AbortSignal } = {},
): Promise<Wav> {
  const container = sniffContainer(bytes);
  if (container === null) return wavFromPcm16(bytes, pcm);
  if (container === "wav") return parseWav(bytes);
  return decodeWithFfmpeg(bytes, pcm, a);
}
