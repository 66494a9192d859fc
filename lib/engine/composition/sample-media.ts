import "server-only";
/**
 * The starter library's sample pictures, drawn offline with sharp (no
 * network, no model) and stored once in the blob store under
 * SAMPLE_MEDIA's keys: a landscape photo, a product on transparency and a
 * logo mark. Previews, tests, the bench and the staff studio use them.
 */
import sharp from "sharp";
import type { BlobStore } from "@/lib/platform/storage/types";
import { SAMPLE_MEDIA } from "./starter/samples";

function photoSvg(size: number): string {
  const s = size;
  const hill = (y: number, amp: number, color: string, phase: number) => {
    const pts: string[] = [];
    for (let i = 0; i <= 24; i++) {
      const x = (i / 24) * s;
      pts.push(
        `${x.toFixed(1)},${(y + Math.sin(i / 3.2 + phase) * amp + Math.sin(i / 1.7 + phase * 2) * amp * 0.35).toFixed(1)}`,
      );
    }
    return `<polygon points="0,${s} ${pts.join(" ")} ${s},${s}" fill="${color}"/>`;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1d3a6e"/><stop offset="0.45" stop-color="#e9805a"/><stop offset="0.7" stop-color="#f7c873"/></linearGradient></defs>
  <rect width="${s}" height="${s}" fill="url(#sky)"/>
  <circle cx="${s * 0.62}" cy="${s * 0.5}" r="${s * 0.09}" fill="#fff1c9"/>
  ${hill(s * 0.56, s * 0.035, "#8c4a5a", 0.4)}
  ${hill(s * 0.64, s * 0.04, "#5b3357", 1.7)}
  ${hill(s * 0.73, s * 0.045, "#33244a", 2.9)}
  ${hill(s * 0.84, s * 0.03, "#1b1630", 4.1)}
</svg>`;
}

function productSvg(size: number): string {
  const s = size;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}">
  <rect x="${s * 0.3}" y="${s * 0.18}" width="${s * 0.4}" height="${s * 0.7}" rx="${s * 0.04}" fill="#6f4a32"/>
  <rect x="${s * 0.3}" y="${s * 0.14}" width="${s * 0.4}" height="${s * 0.07}" rx="${s * 0.015}" fill="#4e3322"/>
  <rect x="${s * 0.35}" y="${s * 0.38}" width="${s * 0.3}" height="${s * 0.3}" rx="${s * 0.02}" fill="#f3e6d3"/>
  <circle cx="${s * 0.5}" cy="${s * 0.5}" r="${s * 0.075}" fill="#c0392b"/>
  <rect x="${s * 0.39}" y="${s * 0.6}" width="${s * 0.22}" height="${s * 0.025}" rx="${s * 0.01}" fill="#6f4a32"/>
</svg>`;
}

function logoSvg(w: number, h: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <circle cx="${h / 2}" cy="${h / 2}" r="${h * 0.42}" fill="#ff4f86"/>
  <polygon points="${h * 0.42},${h * 0.3} ${h * 0.42},${h * 0.7} ${h * 0.72},${h / 2}" fill="#ffffff"/>
  <rect x="${h * 1.1}" y="${h * 0.28}" width="${w - h * 1.2}" height="${h * 0.16}" rx="${h * 0.08}" fill="#2d1b69"/>
  <rect x="${h * 1.1}" y="${h * 0.56}" width="${(w - h * 1.2) * 0.65}" height="${h * 0.16}" rx="${h * 0.08}" fill="#6b5ca5"/>
</svg>`;
}

/** Draws the sample pictures (for tests that want the bytes). */
export async function drawSampleMedia(): Promise<Record<keyof typeof SAMPLE_MEDIA, Buffer>> {
  return {
    photo: await sharp(Buffer.from(photoSvg(1600)))
      .jpeg({ quality: 85 })
      .toBuffer(),
    product: await sharp(Buffer.from(productSvg(1000)))
      .png()
      .toBuffer(),
    logo: await sharp(Buffer.from(logoSvg(800, 320)))
      .png()
      .toBuffer(),
  };
}

/** Stores the sample pictures unless they are there already. Safe to call from many processes (same bytes, atomic puts). */
export async function ensureSampleMedia(store: BlobStore): Promise<typeof SAMPLE_MEDIA> {
  const missing: (keyof typeof SAMPLE_MEDIA)[] = [];
  for (const [name, key] of Object.entries(SAMPLE_MEDIA))
    if (!(await store.head(key))) missing.push(name as keyof typeof SAMPLE_MEDIA);
  if (missing.length) {
    const drawn = await drawSampleMedia();
    for (const name of missing)
      await store.put(SAMPLE_MEDIA[name], drawn[name], { allowedTypes: ["image/png", "image/jpeg"] });
  }
  return SAMPLE_MEDIA;
}
