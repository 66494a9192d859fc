/**
 * Composes the local preview picture as SVG: a gradient background, shapes
 * whose kind follows the prompt's nouns and whose count and placement come from
 * the seeded RNG, the prompt's key words as a caption, and a "Local preview"
 * badge so nobody mistakes the result for AI output.
 */
import { createRng, type PromptFeatures } from "./prompt-features";

export const LOCAL_PREVIEW_LABEL = "Local preview";

type Shape = "circle" | "triangle" | "tower" | "wave" | "ring";

const SHAPE_HINTS: Record<string, Shape> = {
  sun: "circle", moon: "circle", planet: "circle", bubble: "circle", bubbles: "circle", orb: "circle",
  ball: "circle", flower: "circle", flowers: "circle", eye: "circle", circle: "circle",
  mountain: "triangle", mountains: "triangle", peak: "triangle", pyramid: "triangle", tree: "triangle",
  trees: "triangle", forest: "triangle", triangle: "triangle",
  city: "tower", skyline: "tower", building: "tower", buildings: "tower", tower: "tower", house: "tower",
  robot: "tower", castle: "tower", street: "tower",
  ocean: "wave", sea: "wave", wave: "wave", waves: "wave", river: "wave", water: "wave", lake: "wave",
  portal: "ring", ring: "ring", galaxy: "ring", space: "ring", vortex: "ring",
};
const ALL_SHAPES: Shape[] = ["circle", "triangle", "tower", "wave", "ring"];

export function composeSvg(opts: { features: PromptFeatures; seed: number; width: number; height: number }): string {
  const { features, width: w, height: h } = opts;
  // Mixing the word hash into the seed makes two prompts with the same seed differ.
  const rng = createRng((opts.seed ^ features.wordHash) >>> 0);
  const pick = <T,>(items: T[]): T => items[Math.floor(rng() * items.length)]!;
  const p = features.palette;
  const unit = Math.min(w, h);

  const hinted = features.words.map((word) => SHAPE_HINTS[word]).filter((s): s is Shape => s != null);
  const count = 4 + (features.wordHash % 4) + Math.floor(rng() * 4);
  const angle = Math.floor(rng() * 360);

  const parts: string[] = [];
  parts.push(
    `<defs><linearGradient id="bg" gradientTransform="rotate(${angle} .5 .5)">` +
      `<stop offset="0" stop-color="${p[0]}"/><stop offset="1" stop-color="${p[1]}"/></linearGradient>` +
      `<radialGradient id="glow"><stop offset="0" stop-color="${p[2]}" stop-opacity=".55"/>` +
      `<stop offset="1" stop-color="${p[2]}" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>`,
    `<circle cx="${fx(rng() * w)}" cy="${fx(rng() * h)}" r="${fx(unit * (0.4 + rng() * 0.4))}" fill="url(#glow)"/>`,
  );

  for (let i = 0; i < count; i++) {
    // Prompt nouns win two draws out of three so the subject shows; the rest adds variety.
    const shape = hinted.length > 0 && rng() < 0.67 ? pick(hinted) : pick(ALL_SHAPES);
    const colour = p[2 + (i % 3)]!;
    const opacity = (0.35 + rng() * 0.45).toFixed(2);
    const x = rng() * w;
    const y = rng() * h;
    const size = unit * (0.08 + rng() * 0.22);
    parts.push(drawShape({ shape, x, y, size, colour, opacity, rng, w, h }));
  }

  parts.push(caption(features.keyWords, w, h, unit));
  parts.push(badge(unit, h));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${parts.join("")}</svg>`;
}

function drawShape(a: {
  shape: Shape; x: number; y: number; size: number; colour: string; opacity: string;
  rng: () => number; w: number; h: number;
}): string {
  const { x, y, size: s, colour, opacity } = a;
  const paint = `fill="${colour}" fill-opacity="${opacity}"`;
  switch (a.shape) {
    case "circle":
      return `<circle cx="${fx(x)}" cy="${fx(y)}" r="${fx(s)}" ${paint}/>`;
    case "ring":
      return `<circle cx="${fx(x)}" cy="${fx(y)}" r="${fx(s)}" fill="none" stroke="${colour}" stroke-opacity="${opacity}" stroke-width="${fx(s * 0.18)}"/>`;
    case "triangle": {
      const base = a.h * (0.75 + a.rng() * 0.25);
      return `<polygon points="${fx(x - s * 1.4)},${fx(base)} ${fx(x)},${fx(base - s * 2.6)} ${fx(x + s * 1.4)},${fx(base)}" ${paint}/>`;
    }
    case "tower": {
      const tw = s * 0.7;
      const th = s * (1.5 + a.rng() * 2.5);
      return `<rect x="${fx(x - tw / 2)}" y="${fx(a.h - th)}" width="${fx(tw)}" height="${fx(th)}" ${paint}/>`;
    }
    case "wave": {
      const amp = s * 0.35;
      const step = a.w / 4;
      let d = `M0 ${fx(y)}`;
      for (let i = 0; i < 4; i++) d += ` q${fx(step / 2)} ${fx(i % 2 ? amp : -amp)} ${fx(step)} 0`;
      d += ` V${a.h} H0 Z`;
      return `<path d="${d}" ${paint}/>`;
    }
  }
}

function caption(keyWords: string[], w: number, h: number, unit: number): string {
  if (keyWords.length === 0) return "";
  const text = keyWords.join(" ");
  // Shrink long captions so they stay inside the frame (DejaVu averages ~0.6 em per glyph).
  const size = Math.max(12, Math.min(unit * 0.09, (w * 0.86) / (text.length * 0.62)));
  const y = h * 0.62;
  return (
    `<rect x="0" y="${fx(y - size * 1.1)}" width="${w}" height="${fx(size * 1.6)}" fill="#000" fill-opacity=".28"/>` +
    `<text x="${fx(w / 2)}" y="${fx(y)}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" ` +
    `font-weight="bold" font-size="${fx(size)}" fill="#fff">${escapeXml(text)}</text>`
  );
}

function badge(unit: number, h: number): string {
  const size = Math.max(10, unit * 0.022);
  const pad = size * 0.6;
  const bw = size * LOCAL_PREVIEW_LABEL.length * 0.62 + pad * 2;
  const bh = size + pad * 1.4;
  const y = h - bh - pad;
  return (
    `<rect x="${fx(pad)}" y="${fx(y)}" width="${fx(bw)}" height="${fx(bh)}" rx="${fx(bh / 2)}" fill="#000" fill-opacity=".6"/>` +
    `<text x="${fx(pad * 2)}" y="${fx(y + bh / 2 + size * 0.35)}" font-family="DejaVu Sans, Liberation Sans, sans-serif" ` +
    `font-size="${fx(size)}" fill="#fff">${LOCAL_PREVIEW_LABEL}</text>`
  );
}

/** Two decimals keeps the SVG short and identical across runs. */
function fx(n: number): string {
  return n.toFixed(2);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
