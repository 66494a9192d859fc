/**
 * bench/render.ts runs this first, in a process of its own without the
 * react-server condition (under it `remotion` refuses to load, and the
 * bundler needs it): the app's Remotion bundle (lib/engine/render/bundle.ts) and
 * the bench's CSS-background variant (bench/render-css-entry.tsx, into
 * .remotion/bench-css), each rebuilt only when its sources changed.
 * Usage: `tsx bench/render-bundle.ts [--css]`.
 */
import fs from "node:fs";
import path from "node:path";
import { ensureBundle, sourceHash } from "@/lib/engine/render/bundle";

const ROOT = path.resolve(__dirname, "..");
export const CSS_BUNDLE_DIR = path.join(ROOT, ".remotion", "bench-css");

async function cssBundle(): Promise<void> {
  const entry = path.join(__dirname, "render-css-entry.tsx");
  const hash = `${sourceHash(ROOT)}:${fs.readFileSync(entry, "utf8")}:${fs.readFileSync(path.join(__dirname, "render-template.ts"), "utf8")}`;
  const hashFile = path.join(CSS_BUNDLE_DIR, ".source-hash");
  if (fs.existsSync(hashFile) && fs.readFileSync(hashFile, "utf8") === hash) return;
  console.error("bundling the CSS-background variant ...");
  const { bundle } = await import("@remotion/bundler");
  fs.rmSync(CSS_BUNDLE_DIR, { recursive: true, force: true });
  await bundle({
    entryPoint: entry,
    outDir: CSS_BUNDLE_DIR,
    publicDir: path.join(ROOT, "public"),
    enableCaching: true,
  });
  fs.writeFileSync(hashFile, hash);
}

if (require.main === module) {
  ensureBundle({ root: ROOT, log: (l) => console.error(l) })
    .then(() => (process.argv.includes("--css") ? cssBundle() : undefined))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
