/** Small real files of every kind for the asset tests (made here, so nothing binary is checked in). */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inflateSync } from "node:zlib";
import sharp from "sharp";
import { compositorBinary, compositorEnv } from "@/lib/engine/render/compositor";

const FONTSOURCE = path.join(process.cwd(), "node_modules/@fontsource/inter/files");
export const woff2Font = () => readFileSync(path.join(FONTSOURCE, "inter-latin-400-normal.woff2"));
export const woffFont = () => readFileSync(path.join(FONTSOURCE, "inter-latin-400-normal.woff"));

/** The WOFF's tables unpacked into a plain sfnt (TTF) file. */
export function ttfFont(): Buffer {
  const w = woffFont();
  const n = w.readUInt16BE(12);
  const tables = Array.from({ length: n }, (_, i) => {
    const at = 44 + i * 20;
    const [offset, comp, orig] = [w.readUInt32BE(at + 4), w.readUInt32BE(at + 8), w.readUInt32BE(at + 12)];
    const raw = w.subarray(offset, offset + comp);
    return { tag: w.subarray(at, at + 4), data: comp < orig ? inflateSync(raw) : raw };
  });
  const header = Buffer.alloc(12 + n * 16);
  w.copy(header, 0, 4, 8); // flavor
  header.writeUInt16BE(n, 4);
  let offset = header.length;
  const bodies: Buffer[] = [];
  tables.forEach((t, i) => {
    t.tag.copy(header, 12 + i * 16);
    header.writeUInt32BE(offset, 12 + i * 16 + 8);
    header.writeUInt32BE(t.data.length, 12 + i * 16 + 12);
    const padded = Buffer.alloc((t.data.length + 3) & ~3);
    t.data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([header, ...bodies]);
}

/** A mono 16-bit PCM WAV of `ms` milliseconds of a quiet tone. */
export function wavFile(ms = 300, rate = 8000): Buffer {
  const samples = Math.round((rate * ms) / 1000);
  const b = Buffer.alloc(44 + samples * 2);
  b.write("RIFF", 0);
  b.writeUInt32LE(36 + samples * 2, 4);
  b.write("WAVE", 8);
  b.write("fmt ", 12);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write("data", 36);
  b.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    b.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return b;
}

let mp4: Buffer | null = null;
/** A 64x48, 0.6 s H.264 MP4 made with the compositor's ffmpeg as renders make them (JPEG frames in), cached per process. */
export async function mp4File(): Promise<Buffer> {
  if (mp4) return mp4;
  const dir = mkdtempSync(path.join(tmpdir(), "pf-mp4-"));
  const out = path.join(dir, "clip.mp4");
  const frame = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#dc2626" } })
    .jpeg()
    .toBuffer();
  const r = spawnSync(
    compositorBinary("ffmpeg"),
    [
      "-v",
      "error",
      "-f",
      "image2pipe",
      "-framerate",
      "10",
      "-c:v",
      "mjpeg",
      "-i",
      "pipe:0",
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-pix_fmt",
      "yuv420p",
      "-movflags",
      "+faststart",
      "-f",
      "mp4",
      out,
    ],
    {
      env: compositorEnv(),
      input: Buffer.concat(Array.from({ length: 6 }, () => frame)),
    },
  );
  if (r.status !== 0) throw new Error(`ffmpeg failed: ${r.stderr}`);
  mp4 = readFileSync(out);
  rmSync(dir, { recursive: true, force: true });
  return mp4;
}

export const svgLogo = (extra = "") =>
  Buffer.from(
    `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">${extra}<rect width="200" height="100" fill="#e11d48"/></svg>`,
  );
