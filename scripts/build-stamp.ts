/**
 * Is the production build in a dist folder still the build of these sources?
 * `npm start` and the web bench rebuild only when the answer is no.
 *
 *   tsx scripts/build-stamp.ts check <distDir>   exit 0 when fresh, 1 when stale or missing
 *   tsx scripts/build-stamp.ts write <distDir>   records the current fingerprint after a build
 *
 * The fingerprint hashes the contents of everything `next build` reads (app,
 * components, lib, remotion, public, root config, the lock file, .env files)
 * and the NEXT_PUBLIC_* values, which are inlined into the browser bundles at
 * build time. Contents, not modification times: a fresh clone or a branch
 * switch touches every file without changing one.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const SOURCE_DIRS = ["app", "components", "lib", "remotion", "public"];
const SOURCE_FILES = [
  "middleware.ts",
  "instrumentation.ts",
  "instrumentation-client.ts",
  "next.config.ts",
  "package-lock.json",
  "postcss.config.mjs",
  "tsconfig.json",
  ".env",
  ".env.local",
  ".env.production",
  ".env.production.local",
];
const STAMP_FILE = "promptframe-build-stamp";
/** Tests and their helpers never reach a bundle. */
const IGNORED = /(\.test\.tsx?$|\/testing\/|\/README\.md$)/;

function walk(dir: string, out: string[]): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile() && !IGNORED.test(full)) out.push(full);
  }
}

/** Server variables the security headers are built from (lib/platform/security/headers.ts); credentials count by presence only. */
const HEADER_ENV = ["FIREBASE_AUTH_EMULATOR_HOST", "STORAGE_DRIVER", "FIREBASE_STORAGE_BUCKET"];
const HEADER_ENV_PRESENCE = ["FIREBASE_SERVICE_ACCOUNT", "GOOGLE_APPLICATION_CREDENTIALS"];

/** Env values that change what the build produces. */
function buildEnv(env: NodeJS.ProcessEnv): string[] {
  return Object.keys(env)
    .filter(
      (k) =>
        k.startsWith("NEXT_PUBLIC_") ||
        k === "SENTRY_DSN" ||
        k === "NODE_ENV" ||
        HEADER_ENV.includes(k) ||
        HEADER_ENV_PRESENCE.includes(k),
    )
    .sort()
    .map((k) => (HEADER_ENV_PRESENCE.includes(k) ? `${k} set` : `${k}=${env[k]}`));
}

export function sourceFingerprint(env: NodeJS.ProcessEnv = process.env): string {
  const files: string[] = [];
  for (const dir of SOURCE_DIRS) walk(path.join(ROOT, dir), files);
  for (const f of SOURCE_FILES) if (existsSync(path.join(ROOT, f))) files.push(path.join(ROOT, f));
  files.sort();
  const hash = createHash("sha256");
  hash.update(`node ${process.version}\n`);
  for (const line of buildEnv(env)) hash.update(`${line}\n`);
  for (const f of files) {
    hash.update(`${path.relative(ROOT, f)}\n`);
    hash.update(readFileSync(f));
  }
  return hash.digest("hex");
}

function stampPath(distDir: string): string {
  return path.join(path.resolve(ROOT, distDir), STAMP_FILE);
}

export function isBuildFresh(distDir: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const stamp = stampPath(distDir);
  // A build that died half-way leaves no BUILD_ID; never trust its stamp.
  if (!existsSync(stamp) || !existsSync(path.join(path.resolve(ROOT, distDir), "BUILD_ID"))) return false;
  return readFileSync(stamp, "utf8").trim() === sourceFingerprint(env);
}

export function writeBuildStamp(distDir: string, env: NodeJS.ProcessEnv = process.env): void {
  const dir = path.resolve(ROOT, distDir);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`No build folder at ${dir}`);
  writeFileSync(stampPath(distDir), `${sourceFingerprint(env)}\n`);
}

if (require.main === module) {
  const [command, distDir = ".next"] = process.argv.slice(2);
  if (command === "check") process.exit(isBuildFresh(distDir) ? 0 : 1);
  else if (command === "write") writeBuildStamp(distDir);
  else {
    console.error("usage: tsx scripts/build-stamp.ts check|write <distDir>");
    process.exit(2);
  }
}
