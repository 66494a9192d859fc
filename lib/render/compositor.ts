/**
 * Remotion's own ffmpeg and ffprobe (from @remotion/compositor-*), used for
 * encoding, mixing and probing: no system ffmpeg needed. Node-only.
 * Resolved from the project root with createRequire, which also works when
 * this file is compiled into a Next server bundle.
 */
import { createRequire } from "node:module";
import path from "node:path";

const PACKAGE = `@remotion/compositor-${process.platform}-${process.arch}${process.platform === "linux" ? "-gnu" : ""}`;

export function compositorDir(): string {
  const req = createRequire(path.join(process.env.PROMPTFRAME_ROOT || process.cwd(), "package.json"));
  return path.dirname(req.resolve(`${PACKAGE}/package.json`));
}

export function compositorBinary(name: "ffmpeg" | "ffprobe"): string {
  return path.join(compositorDir(), name);
}

/** The binaries load their shared libraries from their own folder. */
export function compositorEnv(): NodeJS.ProcessEnv {
  const dir = compositorDir();
  return { ...process.env, LD_LIBRARY_PATH: [dir, process.env.LD_LIBRARY_PATH].filter(Boolean).join(":") };
}
