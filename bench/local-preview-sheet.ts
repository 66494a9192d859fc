/**
 * Contact sheet of the local preview model (not a test): eight everyday
 * prompts at 16:9 and 9:16, drawn through the AI SDK's generateImage, in one
 * PNG with each prompt written under its pair (the pictures themselves carry no text).
 * Run: `npx tsx bench/local-preview-sheet.ts [out.png] [seed]` (default docs/local-preview-pictures.png, seed 1).
 */
import fs from "node:fs";
import { generateImage } from "ai";
import sharp, { type OverlayOptions } from "sharp";
import { createLocalPreviewModel } from "@/lib/platform/ai/local-preview-model";

const PROMPTS = [
  "a reusable steel water bottle",
  "fresh croissants from a bakery",
  "a cozy coffee shop at sunrise",
  "running shoes",
  "a birthday party",
  "a yoga class",
  "a laptop for students",
  "pizza delivery",
];
const OUT = process.argv[2] ?? "docs/local-preview-pictures.png";
const SEED = Number(process.argv[3] ?? 1);
const H = 216;
const WIDE = Math.round((H * 16) / 9);
const TALL = Math.round((H * 9) / 16);
const GAP = 12;
const LABEL = 30;
const COLS = 4;
const CELL_W = WIDE + GAP / 2 + TALL;
const CELL_H = H + LABEL;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function main() {
  const model = createLocalPreviewModel();
  const tiles: OverlayOptions[] = [];
  const labels: string[] = [];
  for (const [i, prompt] of PROMPTS.entries()) {
    const left = GAP + (i % COLS) * (CELL_W + GAP);
    const top = GAP + Math.floor(i / COLS) * (CELL_H + GAP);
    for (const [j, size] of (["1024x576", "576x1024"] as const).entries()) {
      const { image } = await generateImage({ model, prompt, seed: SEED + i * 2 + j, size });
      const input = await sharp(Buffer.from(image.uint8Array))
        .resize(j === 0 ? WIDE : TALL, H)
        .png()
        .toBuffer();
      tiles.push({ input, left: j === 0 ? left : left + WIDE + GAP / 2, top });
    }
    labels.push(
      `<text x="${left}" y="${top + H + 21}" font-family="DejaVu Sans, sans-serif" font-size="15" fill="#222">${escapeXml(`“${prompt}”`)}</text>`,
    );
  }
  const width = GAP + COLS * (CELL_W + GAP);
  const height = GAP + Math.ceil(PROMPTS.length / COLS) * (CELL_H + GAP);
  const text = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${labels.join("")}</svg>`,
  );
  const sheet = await sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
    .composite([...tiles, { input: text, left: 0, top: 0 }])
    .png({ palette: true, quality: 90, compressionLevel: 9 })
    .toBuffer();
  fs.writeFileSync(OUT, sheet);
  console.log(`${OUT}: ${width}x${height}, ${(sheet.length / 1024).toFixed(0)} KB`);
}

void main();
