/**
 * Composes the local preview picture as SVG: a scene ground in the prompt's (or
 * the caller's) colours, the illustration that shows the subject large and
 * framed with a soft drop shadow and a ground shadow, and up to two smaller
 * illustrations for other things the prompt names. The seed varies the layout
 * and the ground's treatment so the scenes of one video differ. No text is
 * drawn: the picture sits under headlines and captions.
 */
import { createRng, type PromptFeatures } from "./prompt-features";

export interface Artwork {
  main: string;
  support: string[];
  /** Draws an icon as an SVG fragment (see illustrations.ts). */
  draw(name: string, a: { x: number; y: number; size: number; idPrefix: string; extra?: string }): string;
}

type Treatment = "spotlight" | "disc" | "split" | "horizon" | "arch";
const TREATMENTS: Treatment[] = ["spotlight", "disc", "split", "horizon", "arch"];

/** A region to draw the subject into (a mask's painted area): the illustration fills it, without supporting ones. */
export type Focus = { left: number; top: number; width: number; height: number };

export function composeSvg(opts: {
  features: PromptFeatures;
  seed: number;
  width: number;
  height: number;
  art: Artwork;
  focus?: Focus;
  /** Where the picture will be seen (the rest sits under text or is cropped away): subject and support go inside. */
  area?: Focus;
}): string {
  const { features, width: w, height: h, art } = opts;
  // Mixing the word hash into the seed makes two prompts with the same seed differ.
  const rng = createRng((opts.seed ^ features.wordHash) >>> 0);
  const between = (a: number, b: number) => a + rng() * (b - a);
  const p = features.palette;
  const short = Math.min(w, h);
  const landscape = w / h > 1.15;
  const portrait = h / w > 1.15;

  // The ground: the palette's hues at an even lightness (pastel most of the time, else deep) so the
  // illustration stands out and made-up harmonies never come out muddy; near-greys stay grey.
  // Deep yellows turn olive, so yellow grounds stay light.
  const tone = rng() < 0.7 || isYellow(p[0]!) ? "light" : "deep";
  const level = tone === "light" ? between(0.72, 0.84) : between(0.26, 0.38);
  const shift = Math.round(between(-14, 14));
  const g0 = settle(p[0]!, level, 0);
  const g1 = settle(p[1] ?? p[0]!, level + (tone === "light" ? 0.06 : 0.08), shift);
  const accent = settle(p[0]!, level + (tone === "light" ? 0.09 : 0.14), 0);
  const accent2 = settle(p[2] ?? p[1] ?? p[0]!, level + (tone === "light" ? 0.02 : 0.1), 0);
  const treatment = TREATMENTS[Math.floor(rng() * TREATMENTS.length)]!;

  // The main illustration: 55-68 % of the short side, centred or on a third of the long side.
  let size = short * between(0.55, 0.68);
  const place = rng();
  let cx = w / 2;
  let cy = h / 2;
  if (landscape && place < 0.6) cx = w * (place < 0.3 ? 0.36 : 0.64);
  else if (portrait && place < 0.6) cy = h * (place < 0.3 ? 0.42 : 0.56);
  // The illustration rests a little above its ground shadow.
  cy -= size * 0.04;
  cx = clamp(cx, size / 2 + short * 0.04, w - size / 2 - short * 0.04);
  cy = clamp(cy, size / 2 + short * 0.04, h - size / 2 - short * 0.1);
  const focus = opts.focus;
  // The clear area as the frame the subject is placed in, the same way (centred or on a third of its long side).
  const frame = !focus && opts.area ? opts.area : { left: 0, top: 0, width: w, height: h };
  const fShort = Math.min(frame.width, frame.height);
  const fLandscape = frame.width / frame.height > 1.15;
  const fPortrait = frame.height / frame.width > 1.15;
  if (frame === opts.area && (frame.width < w || frame.height < h)) {
    size = Math.min(size, fShort * 0.78);
    cx = frame.left + frame.width / 2;
    cy = frame.top + frame.height / 2;
    if (fLandscape && place < 0.6) cx = frame.left + frame.width * (place < 0.3 ? 0.36 : 0.64);
    else if (fPortrait && place < 0.6) cy = frame.top + frame.height * (place < 0.3 ? 0.42 : 0.56);
    cy -= size * 0.04;
    cx = clamp(cx, frame.left + size / 2 + fShort * 0.03, frame.left + frame.width - size / 2 - fShort * 0.03);
    cy = clamp(cy, frame.top + size / 2 + fShort * 0.03, frame.top + frame.height - size / 2 - fShort * 0.07);
  }
  if (focus) {
    size = Math.max(8, Math.min(focus.width, focus.height) * 0.8);
    cx = focus.left + focus.width / 2;
    cy = focus.top + focus.height / 2 - size * 0.04;
  }
  const angle = Math.round(between(-35, 35));

  const parts: string[] = [];
  const defs: string[] = [
    `<linearGradient id="bg" gradientTransform="rotate(${90 + angle} .5 .5)"><stop offset="0" stop-color="${g0}"/><stop offset="1" stop-color="${g1}"/></linearGradient>`,
    `<radialGradient id="glow"><stop offset="0" stop-color="#ffffff" stop-opacity="${tone === "light" ? ".75" : ".35"}"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="floor"><stop offset="0" stop-color="#000000" stop-opacity=".28"/><stop offset=".6" stop-color="#000000" stop-opacity=".12"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>`,
  ];
  parts.push(`<rect width="${w}" height="${h}" fill="url(#bg)"/>`);

  switch (treatment) {
    case "spotlight":
      parts.push(`<circle cx="${fx(cx)}" cy="${fx(cy)}" r="${fx(size * 0.95)}" fill="url(#glow)"/>`);
      break;
    case "disc": {
      const r = size * between(0.62, 0.72);
      parts.push(
        `<circle cx="${fx(cx)}" cy="${fx(cy)}" r="${fx(r)}" fill="${accent}" fill-opacity="${tone === "light" ? ".55" : ".45"}"/>`,
      );
      parts.push(
        `<circle cx="${fx(cx)}" cy="${fx(cy)}" r="${fx(r * 1.16)}" fill="none" stroke="${accent}" stroke-opacity=".35" stroke-width="${fx(short * 0.008)}"/>`,
      );
      break;
    }
    case "split": {
      // A soft diagonal band of the second colour through the subject.
      const t = between(0.25, 0.45);
      const d = `M0 ${fx(h * (0.5 + t))} L${w} ${fx(h * (0.5 - t))} L${w} ${h} L0 ${h} Z`;
      parts.push(`<path d="${d}" fill="${accent2}" fill-opacity=".5"/>`);
      parts.push(`<circle cx="${fx(cx)}" cy="${fx(cy)}" r="${fx(size * 0.8)}" fill="url(#glow)"/>`);
      break;
    }
    case "horizon": {
      // A ground the subject stands on, curved like a hill.
      const base = cy + size * 0.46;
      parts.push(
        `<path d="M0 ${fx(base + short * 0.04)} Q${fx(w / 2)} ${fx(base - short * 0.08)} ${w} ${fx(base + short * 0.04)} V${h} H0 Z" fill="${accent2}" fill-opacity=".7"/>`,
      );
      parts.push(`<circle cx="${fx(cx)}" cy="${fx(cy)}" r="${fx(size * 0.75)}" fill="url(#glow)"/>`);
      break;
    }
    case "arch": {
      // A rounded window behind the subject, like a product photographed in a niche.
      const aw = size * 1.25;
      const x = cx - aw / 2;
      const bottom = Math.min(h - short * 0.05, cy + size * 0.62);
      const top = Math.max(short * 0.05, cy - size * 0.85);
      parts.push(
        `<path d="M${fx(x)} ${fx(bottom)} V${fx(top + aw / 2)} A${fx(aw / 2)} ${fx(aw / 2)} 0 0 1 ${fx(x + aw)} ${fx(top + aw / 2)} V${fx(bottom)} Z" fill="${accent}" fill-opacity=".5"/>`,
      );
      break;
    }
  }

  // A few soft shapes in the corners for depth, away from the subject.
  const dots = 2 + Math.floor(rng() * 3);
  for (let i = 0; i < dots; i++) {
    const corner = i % 4;
    const x = (corner % 2 === 0 ? between(0, 0.22) : between(0.78, 1)) * w;
    const y = (corner < 2 ? between(0, 0.22) : between(0.78, 1)) * h;
    const r = short * between(0.03, 0.11);
    // The ground's own hues, lighter: a complementary colour half-transparent over the ground reads as grey smudge.
    const colour = settle(p[i % 2] ?? p[0]!, level + (tone === "deep" ? 0.3 : 0.1), 0);
    parts.push(
      rng() < 0.5
        ? `<circle cx="${fx(x)}" cy="${fx(y)}" r="${fx(r)}" fill="${colour}" fill-opacity=".45"/>`
        : `<circle cx="${fx(x)}" cy="${fx(y)}" r="${fx(r)}" fill="none" stroke="${colour}" stroke-opacity=".5" stroke-width="${fx(short * 0.012)}"/>`,
    );
  }

  // Supporting illustrations: smaller, beside the main one, slightly turned.
  const spots = supportSpots({
    w: frame.width,
    h: frame.height,
    cx: cx - frame.left,
    cy: cy - frame.top,
    size,
    landscape: fLandscape,
    portrait: fPortrait,
    flip: rng() < 0.5,
  });
  (focus ? [] : art.support.slice(0, 2)).forEach((name, i) => {
    const spot = spots[i];
    if (!spot) return;
    const s = Math.min(short * between(0.2, 0.26), fShort * 0.3);
    const x = clamp(
      frame.left + spot.x,
      frame.left + s / 2 + short * 0.03,
      frame.left + frame.width - s / 2 - short * 0.03,
    );
    const y = clamp(
      frame.top + spot.y,
      frame.top + s / 2 + short * 0.03,
      frame.top + frame.height - s / 2 - short * 0.03,
    );
    const turn = Math.round(between(-12, 12));
    parts.push(
      `<ellipse cx="${fx(x)}" cy="${fx(y + s * 0.5)}" rx="${fx(s * 0.36)}" ry="${fx(s * 0.07)}" fill="url(#floor)"/>`,
    );
    parts.push(
      `<g transform="rotate(${turn} ${fx(x)} ${fx(y)})">` +
        lifted(art, name, { x: x - s / 2, y: y - s / 2, size: s, idPrefix: `s${i}-` }) +
        `</g>`,
    );
  });

  // The subject, with its shadow on the ground.
  parts.push(
    `<ellipse cx="${fx(cx)}" cy="${fx(cy + size * 0.5)}" rx="${fx(size * 0.42)}" ry="${fx(size * 0.075)}" fill="url(#floor)"/>`,
  );
  parts.push(lifted(art, art.main, { x: cx - size / 2, y: cy - size / 2, size, idPrefix: "m-" }));

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    // The shadow copies are the icon in one dark colour: CSS outranks the paths' own fill attributes.
    `<style>.shade *{fill:#1a1a2e;stroke:#1a1a2e}</style>` +
    `<defs>${defs.join("")}</defs>${parts.join("")}</svg>`
  );
}

/**
 * An icon with a soft drop shadow: a few faint dark copies stepped downwards
 * read as a blurred shadow and cost a fraction of an SVG blur filter (which
 * made a 1024 px picture take over a second).
 */
function lifted(art: Artwork, name: string, a: { x: number; y: number; size: number; idPrefix: string }): string {
  const steps = [0.012, 0.024, 0.036].map(
    (k, i) =>
      `<g opacity=".07" transform="translate(${fx(a.size * k * 0.4)} ${fx(a.size * k)})">` +
      art.draw(name, { ...a, idPrefix: `${a.idPrefix}sh${i}-`, extra: ` class="shade"` }) +
      `</g>`,
  );
  return steps.join("") + art.draw(name, a);
}

/** Where supporting illustrations go: on the free side of the main one, never on top of it. */
function supportSpots(a: {
  w: number;
  h: number;
  cx: number;
  cy: number;
  size: number;
  landscape: boolean;
  portrait: boolean;
  flip: boolean;
}) {
  const { w, h, cx, cy, size } = a;
  if (a.landscape) {
    // The wider free side takes both, stacked; centred subjects get one each side.
    const leftFree = cx - size / 2;
    const rightFree = w - cx - size / 2;
    if (Math.abs(leftFree - rightFree) < size * 0.2) {
      return [
        { x: cx - size * 0.78, y: cy + size * 0.22 },
        { x: cx + size * 0.78, y: cy - size * 0.18 },
      ];
    }
    const x = leftFree > rightFree ? leftFree / 2 + size * 0.02 : w - rightFree / 2 - size * 0.02;
    return [
      { x, y: cy - size * 0.2 },
      { x: x + (leftFree > rightFree ? -1 : 1) * size * 0.05, y: cy + size * 0.32 },
    ];
  }
  if (a.portrait) {
    const above = cy - size / 2;
    const below = h - cy - size / 2;
    const y = above > below ? above * 0.55 : h - below * 0.55;
    return [
      { x: w * (a.flip ? 0.3 : 0.7), y },
      { x: w * (a.flip ? 0.72 : 0.28), y: y + (above > below ? 1 : -1) * size * 0.12 },
    ];
  }
  // Square-ish: the corners beside the subject.
  const side = a.flip ? -1 : 1;
  return [
    { x: cx + side * size * 0.62, y: cy + size * 0.3 },
    { x: cx - side * size * 0.62, y: cy - size * 0.34 },
  ];
}

/** `hex`'s hue (turned by `turn` degrees) at lightness `light`, its saturation kept between 0.4 and 0.85 unless it is a grey. */
function settle(hex: string, light: number, turn: number): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  let h = 0;
  if (d !== 0) h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  const hue = (h * 60 + turn + 360) % 360;
  const sat = s < 0.12 ? s : Math.min(0.85, Math.max(0.4, s));
  return hslHex(hue, sat, Math.min(0.95, light));
}

function isYellow(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return r! > b! + 40 && g! > b! + 40 && Math.abs(r! - g!) < 90;
}

function hslHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round((l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

function clamp(v: number, lo: number, hi: number): number {
  return lo > hi ? (lo + hi) / 2 : Math.min(hi, Math.max(lo, v));
}

/** Two decimals keeps the SVG short and identical across runs. */
function fx(n: number): string {
  return n.toFixed(2);
}
