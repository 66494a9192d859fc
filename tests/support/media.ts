/** Small real media for tests: a solid-colour PNG made with sharp (decodable, a few hundred bytes). */
import sharp from "sharp";

export function png(
  width = 64,
  height = 48,
  background: string | { r: number; g: number; b: number } = "#0f766e",
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}
