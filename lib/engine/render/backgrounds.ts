import "server-only";
/**
 * Template backgrounds as pictures: the background's SVG (gradient,
 * pattern, blobs, grain; or a stored picture with its overlay) drawn once
 * per canvas size with sharp and kept in the blob store under a hash of what
 * it is made of. Renders composite this one JPEG instead of painting CSS
 * gradients or filters in every frame.
 */
import { createHash } from "node:crypto";
import sharp, { type Sharp } from "sharp";
import { backgroundNeedsImage, backgroundSvg } from "../composition/background-svg";
import type { CanvasSize } from "../composition/ratios";
import type { TemplateBackground } from "../composition/template-schema";
import type { BlobStore } from "@/lib/platform/storage/types";

export const BACKGROUND_PREFIX = "render-cache/backgrounds";
/** Bump when the drawing changes, so old pictures are not reused. */
const DRAWING_VERSION = 1;

export function backgroundKey(bg: TemplateBackground, size: CanvasSize): string {
  const basis = JSON.stringify({
    v: DRAWING_VERSION,
    svg: backgroundSvg(bg, size),
    image: bg.kind === "image" ? bg.image_key : null,
    size,
  });
  return `${BACKGROUND_PREFIX}/${createHash("sha256").update(basis).digest("hex").slice(0, 32)}.jpg`;
}

async function readBlob(store: BlobStore, key: string): Promise<Buffer> {
  const read = await store.get(key);
  if (!read) throw new Error(`background picture ${key} is not in the blob store`);
  const chunks: Buffer[] = [];
  for await (const c of read.body) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

/** Draws the background at `size` as a JPEG (4:4:4 chroma, so fine pattern lines keep their colour). */
export async function drawBackground(bg: TemplateBackground, size: CanvasSize, store?: BlobStore): Promise<Buffer> {
  const svg = Buffer.from(backgroundSvg(bg, size));
  let img: Sharp;
  if (bg.kind === "image" && bg.image_key) {
    if (!store) throw new Error("an image background needs the blob store");
    const picture = await sharp(await readBlob(store, bg.image_key))
      .resize(size.width, size.height, { fit: "cover" })
      .toBuffer();
    img = sharp(picture).composite([{ input: svg, top: 0, left: 0 }]);
  } else {
    img = sharp(svg, { density: 72 }).resize(size.width, size.height);
  }
  return img
    .flatten({ background: bg.colors[0] })
    .jpeg({ quality: 92, chromaSubsampling: "4:4:4", mozjpeg: false })
    .toBuffer();
}

/**
 * The blob key of the background picture for this size, drawing and storing
 * it the first time; null for a solid colour (painted as the page colour).
 */
export async function ensureBackground(input: {
  background: TemplateBackground;
  size: CanvasSize;
  store: BlobStore;
}): Promise<string | null> {
  if (!backgroundNeedsImage(input.background)) return null;
  const key = backgroundKey(input.background, input.size);
  if (await input.store.head(key)) return key;
  const jpeg = await drawBackground(input.background, input.size, input.store);
  await input.store.put(key, jpeg, { allowedTypes: ["image/jpeg"] });
  return key;
}
