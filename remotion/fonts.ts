/**
 * Loads the template's font files (public/fonts, copied there by
 * scripts/bundle-remotion.ts) once per page, holding the render until they
 * are ready. In a server render a missing font fails the render (better than
 * a video in the wrong typeface); in the Player it only logs.
 */
import { cancelRender, continueRender, delayRender, getRemotionEnvironment, staticFile } from "remotion";
import type { RenderProps } from "@/lib/engine/composition/render-props";

const loaded = new Map<string, Promise<void>>();

function loadOne(f: RenderProps["fonts"][number]): Promise<void> {
  const key = `${f.family}|${f.weight}|${f.url ?? f.file}`;
  let p = loaded.get(key);
  if (p) return p;
  const handle = delayRender(`font ${f.family} ${f.weight}`, { timeoutInMilliseconds: 60_000 });
  p = (async () => {
    try {
      // A brand font asset is one file of any format, drawn for every weight (no faux bold).
      const face = f.url
        ? new FontFace(f.family, `url(${JSON.stringify(f.url)})`, { weight: "1 1000", display: "block" })
        : new FontFace(f.family, `url(${staticFile(f.file)}) format("woff2")`, {
            weight: String(f.weight),
            unicodeRange: f.unicodeRange,
            display: "block",
          });
      await face.load();
      document.fonts.add(face);
    } catch (err) {
      if (getRemotionEnvironment().isRendering)
        cancelRender(new Error(`font ${f.file} could not be loaded (run npm run remotion:bundle): ${String(err)}`));
      else console.warn(`font ${f.file} could not be loaded`, err);
    } finally {
      continueRender(handle);
    }
  })();
  loaded.set(key, p);
  return p;
}

/** Starts loading every face (deduplicated across renders); a no-op outside a browser. */
export function ensureFonts(fonts: RenderProps["fonts"]): void {
  if (typeof document === "undefined" || typeof FontFace === "undefined") return;
  for (const f of fonts) void loadOne(f);
}
