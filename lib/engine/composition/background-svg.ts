/**
 * A template background as one SVG picture of the canvas size: solid,
 * gradient or pattern (dots, grid, stripes, waves, soft blobs, grain). The
 * server renders it once per size to a JPEG with sharp (lib/engine/render), so
 * frames only composite a picture and never paint gradients or filters; the
 * browser Player may show the same SVG as a data: URI. Pure, browser-safe.
 */
import { designScale, type CanvasSize } from "./ratios";
import type { TemplateBackground } from "./template-schema";

const esc = (s: string) => s.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]!);

/** Deterministic pseudo-random numbers (mulberry32), so a background is the same picture every time. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gradient(bg: TemplateBackground, { width: w, height: h }: CanvasSize): { defs: string; fill: string } {
  const colors = bg.colors.length > 1 ? bg.colors : [bg.colors[0]!, bg.colors[0]!];
  const stops = colors
    .map((c, i) => `<stop offset="${(i / (colors.length - 1)).toFixed(4)}" stop-color="${c}"/>`)
    .join("");
  if (bg.radial) {
    const r = Math.hypot(w, h) / 2;
    return {
      defs: `<radialGradient id="g" gradientUnits="userSpaceOnUse" cx="${w / 2}" cy="${h * 0.4}" r="${r}">${stops}</radialGradient>`,
      fill: "url(#g)",
    };
  }
  // CSS convention: 0deg points up, 90deg right; the line is long enough to reach the corners.
  const a = (bg.angle * Math.PI) / 180;
  const dx = Math.sin(a);
  const dy = -Math.cos(a);
  const half = Math.abs((w / 2) * dx) + Math.abs((h / 2) * dy);
  const [x1, y1, x2, y2] = [w / 2 - dx * half, h / 2 - dy * half, w / 2 + dx * half, h / 2 + dy * half].map((n) =>
    n.toFixed(2),
  );
  return {
    defs: `<linearGradient id="g" gradientUnits="userSpaceOnUse" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops}</linearGradient>`,
    fill: "url(#g)",
  };
}

function pattern(bg: TemplateBackground, size: CanvasSize): string {
  const s = Math.max(4, bg.patternScale * designScale(size));
  const c = bg.colors[1] ?? bg.colors[0]!;
  const c2 = bg.colors[2] ?? c;
  const o = bg.patternOpacity;
  const { width: w, height: h } = size;
  switch (bg.pattern ?? "dots") {
    case "dots":
      return `<defs><pattern id="p" width="${s}" height="${s}" patternUnits="userSpaceOnUse"><circle cx="${s / 2}" cy="${s / 2}" r="${(s * 0.11).toFixed(2)}" fill="${c}"/></pattern></defs><rect width="${w}" height="${h}" fill="url(#p)" opacity="${o}"/>`;
    case "grid":
      return `<defs><pattern id="p" width="${s}" height="${s}" patternUnits="userSpaceOnUse"><path d="M ${s} 0 L 0 0 0 ${s}" fill="none" stroke="${c}" stroke-width="${Math.max(1, s * 0.03).toFixed(2)}"/></pattern></defs><rect width="${w}" height="${h}" fill="url(#p)" opacity="${o}"/>`;
    case "diagonal":
      return `<defs><pattern id="p" width="${s}" height="${s}" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="${(s * 0.28).toFixed(2)}" height="${s}" fill="${c}"/></pattern></defs><rect width="${w}" height="${h}" fill="url(#p)" opacity="${o}"/>`;
    case "waves": {
      const amp = s * 0.18;
      const path = `M 0 ${s / 2} Q ${s / 4} ${s / 2 - amp} ${s / 2} ${s / 2} T ${s} ${s / 2}`;
      return `<defs><pattern id="p" width="${s}" height="${s / 2}" patternUnits="userSpaceOnUse"><path d="${path}" fill="none" stroke="${c}" stroke-width="${Math.max(1, s * 0.05).toFixed(2)}"/></pattern></defs><rect width="${w}" height="${h}" fill="url(#p)" opacity="${o}"/>`;
    }
    case "blobs": {
      const r = rng(w * 7919 + h);
      const short = Math.min(w, h);
      const blobs = Array.from({ length: 5 }, (_, i) => {
        const cx = (r() * w).toFixed(1);
        const cy = (r() * h).toFixed(1);
        const rad = (short * (0.22 + r() * 0.25)).toFixed(1);
        return `<circle cx="${cx}" cy="${cy}" r="${rad}" fill="${i % 2 ? c2 : c}"/>`;
      }).join("");
      const blur = (short * 0.06).toFixed(1);
      return `<defs><filter id="b" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${blur}"/></filter></defs><g filter="url(#b)" opacity="${Math.min(1, o * 4)}">${blobs}</g>`;
    }
    case "grain":
      return `<defs><filter id="n"><feTurbulence type="fractalNoise" baseFrequency="${(0.9 / Math.max(1, designScale(size) * 1.5)).toFixed(3)}" numOctaves="2" stitchTiles="stitch"/><feColorMatrix type="saturate" values="0"/></filter></defs><rect width="${w}" height="${h}" filter="url(#n)" opacity="${o}"/>`;
  }
}

/**
 * The background as an SVG document. Kind "image" draws only the base colour
 * and the overlay: the picture itself is composited under it by the caller
 * (it lives in the blob store).
 */
export function backgroundSvg(bg: TemplateBackground, size: CanvasSize): string {
  const { width: w, height: h } = size;
  const base = bg.colors[0]!;
  let defs = "";
  let body = "";
  if (bg.kind === "gradient") {
    const g = gradient(bg, size);
    defs = g.defs;
    body = `<rect width="${w}" height="${h}" fill="${g.fill}"/>`;
  } else if (bg.kind === "pattern") {
    body = `<rect width="${w}" height="${h}" fill="${base}"/>${pattern(bg, size)}`;
  } else if (bg.kind === "image") {
    body = bg.overlay > 0 ? `<rect width="${w}" height="${h}" fill="#000000" opacity="${bg.overlay}"/>` : "";
  } else {
    body = `<rect width="${w}" height="${h}" fill="${base}"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${defs ? `<defs>${defs}</defs>` : ""}${body}</svg>`;
}

/** The SVG as a data: URI (for the Player, where no pre-rendered picture exists). */
export function backgroundDataUri(bg: TemplateBackground, size: CanvasSize): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(backgroundSvg(bg, size))}`;
}

/** Whether the background needs a picture at all (a solid colour is painted as the page colour). */
export function backgroundNeedsImage(bg: TemplateBackground): boolean {
  return bg.kind !== "solid";
}

export { esc as escapeSvgText };
