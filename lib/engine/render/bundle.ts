/**
 * The Remotion bundle the local renderer serves from: fonts copied from
 * @fontsource into public/fonts (the Next-hosted Player loads them from
 * there too), then remotion/index.ts bundled with @remotion/bundler into
 * .remotion/bundle, but only when the sources changed since the last bundle
 * (a hash of remotion/, lib/engine/composition/, the fonts and the Remotion
 * version is kept beside it).
 *
 * Node-only. Deliberately without `import "server-only"`: the bundle script
 * runs it under plain tsx. The bundler cannot run inside a Next route
 * handler; renders only read the folder (`requireBundle`).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { FONT_IDS, FONTS, FONT_SUBSETS, fontFileName, type FontSubset } from "../composition/fonts";
import { allScriptFontFiles, scriptFontFile } from "../composition/scripts";
import { RenderError } from "./errors";

export const BUNDLE_COMMAND = "npm run remotion:bundle";

export function projectRoot(): string {
  return process.env.PROMPTFRAME_ROOT ? path.resolve(process.env.PROMPTFRAME_ROOT) : process.cwd();
}

/** Where the bundle lives: REMOTION_BUNDLE_DIR, else .remotion/bundle in the project. */
export function bundleDir(root = projectRoot()): string {
  return process.env.REMOTION_BUNDLE_DIR
    ? path.resolve(process.env.REMOTION_BUNDLE_DIR)
    : path.join(root, ".remotion", "bundle");
}

const HASH_FILE = ".source-hash";

interface FontCopy {
  from: string;
  to: string;
}

function fontCopies(root: string): FontCopy[] {
  const out: FontCopy[] = [];
  for (const id of FONT_IDS) {
    for (const weight of FONTS[id].weights) {
      for (const subset of Object.keys(FONT_SUBSETS) as FontSubset[]) {
        out.push({
          from: path.join(root, "node_modules/@fontsource", id, "files", `${id}-${subset}-${weight}-normal.woff2`),
          to: path.join(root, "public/fonts", fontFileName(id, weight, subset)),
        });
      }
    }
  }
  // Faces for scripts beyond Latin (lib/engine/composition/scripts.ts picks the few a composition needs).
  for (const [pkg, subset, weight] of allScriptFontFiles()) {
    out.push({
      from: path.join(root, "node_modules/@fontsource", pkg, "files", `${pkg}-${subset}-${weight}-normal.woff2`),
      to: path.join(root, "public", scriptFontFile(pkg, subset, weight)),
    });
  }
  return out;
}

/** Copies the shipped font files to public/fonts (only those missing or changed). Returns how many were copied. */
export function copyFonts(root = projectRoot()): number {
  let copied = 0;
  for (const f of fontCopies(root)) {
    if (!fs.existsSync(f.from)) throw new Error(`font file missing: ${f.from} (npm install?)`);
    const same = fs.existsSync(f.to) && fs.statSync(f.to).size === fs.statSync(f.from).size;
    if (same) continue;
    fs.mkdirSync(path.dirname(f.to), { recursive: true });
    fs.copyFileSync(f.from, f.to);
    copied++;
  }
  return copied;
}

function walk(dir: string, out: string[]): void {
  if (!fs.existsSync(dir)) return;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.(ts|tsx|json)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(p);
  }
}

/** Hash of everything the bundle is made from. */
export function sourceHash(root = projectRoot()): string {
  const h = createHash("sha256");
  const files: string[] = [];
  walk(path.join(root, "remotion"), files);
  walk(path.join(root, "lib/engine/composition"), files);
  files.push(path.join(root, "lib/engine/render/bundle.ts"));
  for (const f of files.sort()) {
    h.update(path.relative(root, f));
    h.update(fs.readFileSync(f));
  }
  for (const f of fontCopies(root))
    h.update(`${path.basename(f.to)}:${fs.existsSync(f.from) ? fs.statSync(f.from).size : 0}`);
  const pkg = path.join(root, "node_modules/remotion/package.json");
  if (fs.existsSync(pkg)) h.update((JSON.parse(fs.readFileSync(pkg, "utf8")) as { version: string }).version);
  return h.digest("hex").slice(0, 24);
}

export function bundleIsCurrent(root = projectRoot()): boolean {
  const file = path.join(bundleDir(root), HASH_FILE);
  return (
    fs.existsSync(path.join(bundleDir(root), "index.html")) &&
    fs.existsSync(file) &&
    fs.readFileSync(file, "utf8").trim() === sourceHash(root)
  );
}

/**
 * Copies the fonts and bundles when the sources changed. Builds into a
 * temporary folder and swaps it in, so a render reading the old bundle is
 * never served half a new one.
 */
export async function ensureBundle(
  opts: { root?: string; force?: boolean; log?: (line: string) => void } = {},
): Promise<{ dir: string; rebuilt: boolean }> {
  const root = opts.root ?? projectRoot();
  const log = opts.log ?? (() => undefined);
  const copied = copyFonts(root);
  if (copied) log(`copied ${copied} font files to public/fonts`);
  const dir = bundleDir(root);
  if (!opts.force && bundleIsCurrent(root)) {
    log(`remotion bundle is up to date (${path.relative(root, dir)})`);
    return { dir, rebuilt: false };
  }
  const hash = sourceHash(root);
  const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`;
  const { bundle } = await import("@remotion/bundler");
  let last = -1;
  log("bundling remotion/entry.ts ...");
  await bundle({
    entryPoint: path.join(root, "remotion/entry.ts"),
    outDir: tmp,
    publicDir: path.join(root, "public"),
    enableCaching: true,
    onProgress: (p) => {
      const step = Math.floor(p / 10) * 10;
      if (step > last) {
        last = step;
        log(`  bundling ${step}%`);
      }
    },
    webpackOverride: (config) => ({
      ...config,
      resolve: {
        ...config.resolve,
        alias: { ...(config.resolve?.alias as Record<string, string> | undefined), "@": root },
      },
    }),
  });
  fs.writeFileSync(path.join(tmp, HASH_FILE), hash);
  const old = `${dir}.old-${process.pid}-${Date.now()}`;
  if (fs.existsSync(dir)) fs.renameSync(dir, old);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  fs.renameSync(tmp, dir);
  fs.rmSync(old, { recursive: true, force: true });
  log(`remotion bundle written to ${path.relative(root, dir)}`);
  return { dir, rebuilt: true };
}

/** The bundle folder to render from; a RenderError naming the command when it was never built. */
export function requireBundle(root = projectRoot()): string {
  const dir = bundleDir(root);
  if (!fs.existsSync(path.join(dir, "index.html"))) {
    throw new RenderError("bundle-missing", `no Remotion bundle at ${dir}: run \`${BUNDLE_COMMAND}\` first`, {
      retryable: false,
    });
  }
  return dir;
}
