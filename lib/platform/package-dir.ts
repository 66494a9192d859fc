/**
 * The folder of an installed package, looked up in node_modules from the
 * project root upwards, as Node does: plain file-system lookups, which a Next
 * server bundle cannot rewrite (webpack replaces `createRequire(...)` with a
 * stub that has no `resolve`). Node-only.
 */
import fs from "node:fs";
import path from "node:path";

/** The folder of an installed package, looked up from `from` (default: the project root) upwards; null when missing. */
export function findPackageDir(name: string, from = process.env.PROMPTFRAME_ROOT || process.cwd()): string | null {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name);
    if (fs.existsSync(path.join(candidate, "package.json"))) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}
