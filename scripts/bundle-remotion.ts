/**
 * `npm run remotion:bundle`: copies the fonts to public/fonts and bundles
 * the Remotion compositions into .remotion/bundle when their sources
 * changed (`--force` to rebuild anyway). Run before `next build` and before
 * rendering; the render driver refuses to start without the bundle.
 */
import { ensureBundle } from "@/lib/engine/render/bundle";

const started = Date.now();
ensureBundle({ force: process.argv.includes("--force"), log: (line) => console.log(line) })
  .then(({ rebuilt }) =>
    console.log(`${rebuilt ? "bundled" : "nothing to do"} in ${((Date.now() - started) / 1000).toFixed(1)} s`),
  )
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
