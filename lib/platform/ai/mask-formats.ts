/**
 * The product's masks are opaque black and white, white = change (what the
 * mask painter exports and the local model reads). OpenAI's edit endpoint reads
 * only the alpha channel instead: transparent = change. Sent as is, an opaque
 * mask would tell OpenAI to change nothing.
 */
import { InvalidArgumentError } from "@ai-sdk/provider";
import sharp from "sharp";

/** White (change) becomes transparent, black (keep) opaque; grey stays partial. */
export async function toTransparentEditMask(mask: Uint8Array): Promise<Uint8Array> {
  const { data: keep, info } = await sharp(mask)
    .flatten({ background: "#000000" }) // transparent pixels in a product mask mean "keep"
    .greyscale()
    .negate({ alpha: false })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((cause: unknown) => {
      throw new InvalidArgumentError({ argument: "mask", message: "The mask could not be read as an image.", cause });
    });
  const { width, height } = info;
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .joinChannel(keep, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}
