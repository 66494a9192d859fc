/**
 * Remotion's own ffmpeg and ffprobe (from @remotion/compositor-*), used for
 * encoding, mixing and probing: no system ffmpeg needed. Node-only.
 * Found by looking in node_modules from the project root upwards, as Node
 * does: plain file-system lookups, which a Next server bundle cannot rewrite
 * (webpack replaces `createRequire(...)` with a stub that has no `resolve`).
 */
import path from "node:path";
import { findPackageDir } from "@/lib/platform/package-dir";

export { findPackageDir };

export const COMPOSITOR_PACKAGE = `@remotion/compositor-${process.platform}-${process.arch}${process.platform === "linux" ? "-gnu" : ""}`;

export function compositorDir(): string {
  const dir = findPackageDir(COMPOSITOR_PACKAGE);
  if (!dir) throw new Error(`${COMPOSITOR_PACKAGE} is not installed: run npm install`);
  return dir;
}

export function compositorBinary(name: "ffmpeg" | "ffprobe"): string {
  return path.join(compositorDir(), name);
}

/** The binaries load their shared libraries from their own folder. */
export function compositorEnv(): NodeJS.ProcessEnv {
  const dir = compositorDir();
  return { ...process.env, LD_LIBRARY_PATH: [dir, process.env.LD_LIBRARY_PATH].filter(Boolean).join(":") };
}
