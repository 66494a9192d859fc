/**
 * Every caption preset renders in every ratio, inside the caption box: a
 * 240 px still per preset and ratio, at a frame where the second word is being
 * spoken (mid-motion for the moving presets), compared with the same frame
 * without captions. Something is drawn, and nothing outside the caption box
 * (the full width for a band) changes. One browser for the file.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { CAPTION_PRESETS } from "@/lib/engine/composition/caption-presets";
import { COMPOSITION_RATIOS, sizeForWidth } from "@/lib/engine/composition/ratios";
import type { RenderProps } from "@/lib/engine/composition/render-props";
import { ensureBundle } from "@/lib/engine/render/bundle";
import { LocalRenderer } from "@/lib/engine/render/local-driver";
import { prepareRender } from "@/lib/engine/render/prepare";
import { openRenderTestEnv, sampleComposition, storeNarration, type RenderTestEnv } from "@/tests/support/render-env";

jest.setTimeout(180_000);

let env: RenderTestEnv;
let renderer: LocalRenderer;

beforeAll(async () => {
  await ensureBundle();
  env = await openRenderTestEnv();
  renderer = new LocalRenderer();
}, 240_000);

afterAll(async () => {
  try {
    await renderer?.close();
  } finally {
    env?.close();
  }
}, 30_000);

async function raw(file: string) {
  return sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

it("draws every preset in every ratio inside the caption box", async () => {
  const started = Date.now();
  const voice = await storeNarration(env.dir, env.store, "n1", 2.4, 440);
  const failures: string[] = [];
  let count = 0;
  for (const ratio of COMPOSITION_RATIOS) {
    const size = sizeForWidth(ratio, 240);
    const { composition, templateVersion } = sampleComposition({ ratio, scenes: 1, voices: [voice] });
    const prepared = await prepareRender({ composition, templateVersion, store: env.store, driver: "local", size });
    try {
      const scene = prepared.props.scenes[0]!;
      const words = scene.captions[0]!.lines.flat();
      const frame = scene.from + words[1]!.startFrame! + 1;
      const bare = path.join(env.dir, `bare-${ratio.replace(":", "x")}.png`);
      await renderer.renderStill({
        props: { ...prepared.props, captions: { enabled: false } },
        frame,
        format: "png",
        outputPath: bare,
      });
      const base = await raw(bare);
      const box = scene.captionBox;
      for (const preset of CAPTION_PRESETS) {
        const props: RenderProps = { ...prepared.props, captionStyle: { ...prepared.props.captionStyle, preset } };
        const file = path.join(env.dir, `caption-${preset}-${ratio.replace(":", "x")}.png`);
        await renderer.renderStill({ props, frame, format: "png", outputPath: file });
        if (process.env.CAPTION_STILLS_DIR)
          fs.copyFileSync(file, path.join(process.env.CAPTION_STILLS_DIR, path.basename(file)));
        const img = await raw(file);
        const { width, height, channels } = img.info;
        const band =
          props.captionStyle.background === "band" && !["outline", "boxed", "lower-third", "single"].includes(preset);
        const [x0, x1] = band ? [0, width] : [Math.floor(box.x) - 1, Math.ceil(box.x + box.w) + 1];
        const [y0, y1] = [Math.floor(box.y) - 1, Math.ceil(box.y + box.h) + 1];
        let inside = 0;
        let outside = 0;
        for (let y = 0; y < height; y++)
          for (let x = 0; x < width; x++) {
            const i = (y * width + x) * channels;
            const d = Math.max(
              Math.abs(img.data[i]! - base.data[i]!),
              Math.abs(img.data[i + 1]! - base.data[i + 1]!),
              Math.abs(img.data[i + 2]! - base.data[i + 2]!),
            );
            if (d < 24) continue;
            if (x >= x0 && x < x1 && y >= y0 && y < y1) inside++;
            else outside++;
          }
        if (inside < 20) failures.push(`${preset} ${ratio}: no caption drawn (${inside} px)`);
        if (outside > 0) failures.push(`${preset} ${ratio}: ${outside} px drawn outside the caption box`);
        count++;
      }
    } finally {
      await prepared.close();
    }
  }
  expect(failures).toEqual([]);
  expect(count).toBe(CAPTION_PRESETS.length * COMPOSITION_RATIOS.length);
  console.log(`caption preset stills: ${count} in ${Date.now() - started} ms`);
});
