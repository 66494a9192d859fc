/** The files kept for each image: the original as PNG (lossless, downloadable) and a WebP grid thumbnail. */
import sharp from "sharp";
import { isPng } from "./png-size";
import { WorkerError } from "./failure-reasons";

/** Grid cells are at most ~192 CSS px wide; 384 covers 2x screens. */
export const THUMBNAIL_PX = 384;

export interface RenderedImage {
  png: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

export async function renderImage(bytes: Uint8Array): Promise<RenderedImage> {
  let png: Buffer;
  let width: number | undefined;
  let height: number | undefined;
  try {
    // Providers answer PNG, JPEG or WebP; we always keep a PNG so downloads are one format.
    png = isPng(bytes) ? Buffer.from(bytes) : await sharp(bytes).png().toBuffer();
    ({ width, height } = await sharp(png).metadata());
  } catch (cause) {
    throw new WorkerError("The provider returned something that is not a readable image.", true, { cause });
  }
  if (!width || !height) throw new WorkerError("The provider returned an image without a size.", true);
  const thumbnail = await sharp(png)
    .resize({ width: THUMBNAIL_PX, height: THUMBNAIL_PX, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  return { png, thumbnail, width, height };
}
