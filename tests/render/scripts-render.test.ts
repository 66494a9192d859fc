/**
 * Scripts in real renders (Remotion + Debian's Chromium, small stills): an
 * Arabic video draws right to left with its headline against the right edge
 * and its glyphs from Noto Sans Arabic; a Chinese video's captions and
 * headline are drawn by the Noto Sans SC slices the composition loads (the
 * same still without them is different: the system has no CJK font, so it
 * would show empty boxes). The stills are kept in tests/render/out/ to look at.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { ensureBundle } from "@/lib/engine/render/bundle";
import { LocalRenderer } from "@/lib/engine/render/local-driver";
import { prepareRender } from "@/lib/engine/render/prepare";
import type { RenderProps } from "@/lib/engine/composition/render-props";
import { openRenderTestEnv, sampleComposition, storeNarration, type RenderTestEnv } from "@/tests/support/render-env";

jest.setTimeout(120_000);

const OUT = path.join(__dirname, "out");
let env: RenderTestEnv;
let renderer: LocalRenderer;

beforeAll(async () => {
  await ensureBundle();
  env = await openRenderTestEnv();
  renderer = new LocalRenderer();
  fs.mkdirSync(OUT, { recursive: true });
}, 240_000);

afterAll(async () => {
  try {
    await renderer?.close();
  } finally {
    env?.close();
  }
}, 30_000);

async function composition(language: string | undefined, headline: string, caption: string) {
  const voice = await storeNarration(env.dir, env.store, `n-${language}`, 2, 440);
  const { composition, templateVersion } = sampleComposition({
    ratio: "9:16",
    layoutIds: ["starter-split"],
    voices: [{ ...voice, cues: [{ text: caption, startMs: 0, endMs: 2000 }] }],
    durationMs: 2500,
  });
  const scene = composition.scenes[0]!;
  scene.values = { headline: { type: "text", text: headline } };
  scene.narration = caption;
  return { composition: { ...composition, ...(language ? { language } : {}) }, templateVersion };
}

/** A still where the headline has entered and the first caption page is up; returns the file and the props drawn. */
async function still(
  name: string,
  c: Awaited<ReturnType<typeof composition>>,
  edit: (p: RenderProps) => RenderProps = (p) => p,
): Promise<{ file: string; props: RenderProps }> {
  const prepared = await prepareRender({ ...c, store: env.store, driver: "local", size: { width: 270, height: 480 } });
  try {
    const props = edit(prepared.props);
    const scene = props.scenes[0]!;
    const frame = Math.max(scene.stillFrame, scene.captions[0]!.startFrame) + 1;
    const file = path.join(OUT, `${name}.png`);
    await renderer.renderStill({ props, frame, format: "png", outputPath: file });
    return { file, props };
  } finally {
    await prepared.close();
  }
}

/** Pixels within `tolerance` of `hex` in the left and right halves of a box. */
async function inkHalves(file: string, box: { x: number; y: number; w: number; h: number }, hex: string) {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  let left = 0;
  let right = 0;
  for (let y = Math.floor(box.y); y < Math.min(info.height, box.y + box.h); y++)
    for (let x = Math.floor(box.x); x < Math.min(info.width, box.x + box.w); x++) {
      const i = (y * info.width + x) * 3;
      if (Math.abs(data[i]! - r!) + Math.abs(data[i + 1]! - g!) + Math.abs(data[i + 2]! - b!) > 60) continue;
      if (x < box.x + box.w / 2) left++;
      else right++;
    }
  return { left, right };
}

async function meanDiff(a: string, b: string, box: { x: number; y: number; w: number; h: number }) {
  const region = {
    left: Math.floor(box.x),
    top: Math.floor(box.y),
    width: Math.floor(box.w),
    height: Math.floor(box.h),
  };
  const [x, y] = await Promise.all([a, b].map((f) => sharp(f).extract(region).removeAlpha().raw().toBuffer()));
  let sum = 0;
  for (let i = 0; i < x!.length; i++) sum += Math.abs(x![i]! - y![i]!);
  return sum / x!.length;
}

it("draws an Arabic video right to left, its headline against the right edge", async () => {
  const headline = "قهوة طازجة";
  const caption = "مرحبا بكم في متجرنا";
  const rtl = await still("arabic-rtl", await composition("ar", headline, caption));
  const ltr = await still("arabic-as-if-ltr", await composition(undefined, headline, caption));
  expect(rtl.props.captionStyle.direction).toBe("rtl");
  expect(rtl.props.fonts.some((f) => f.family === "Noto Sans Arabic")).toBe(true);
  const slot = rtl.props.scenes[0]!.slots.find((s) => s.id === "headline")!;
  expect(slot.text!.align).toBe("right");
  // The starter headline sits on a highlight band: the band's colour shows where the text is.
  const ink = slot.text!.treatment === "highlight" ? slot.text!.treatmentColor : slot.text!.color;
  const inRtl = await inkHalves(rtl.file, slot.box, ink);
  const inLtr = await inkHalves(ltr.file, slot.box, ink);
  expect(inRtl.right).toBeGreaterThan(20);
  expect(inRtl.left).toBeLessThan(inRtl.right / 4);
  expect(inLtr.left).toBeGreaterThan(inLtr.right);
});

it("draws Chinese captions and headline with the Chinese font the composition loads", async () => {
  const c = await composition("zh", "新鲜咖啡", "我们推出了新的不锈钢水瓶。");
  const drawn = await still("chinese", c);
  const sc = drawn.props.fonts.filter((f) => f.family === "Noto Sans SC");
  expect(sc.length).toBeGreaterThan(0);
  expect(sc.length).toBeLessThan(12);
  const bare = await still("chinese-without-its-font", c, (p) => ({
    ...p,
    fonts: p.fonts.filter((f) => !f.file.includes("scripts/")),
  }));
  const scene = drawn.props.scenes[0]!;
  expect(await meanDiff(drawn.file, bare.file, scene.captionBox)).toBeGreaterThan(1);
  const slot = scene.slots.find((s) => s.id === "headline")!;
  expect(await meanDiff(drawn.file, bare.file, slot.box)).toBeGreaterThan(1);
});
