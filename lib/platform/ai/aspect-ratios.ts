/**
 * The aspect ratios the product offers and the pixel sizes they mean. Shared by
 * the local model (which renders exactly these sizes) and the adapters that
 * translate a ratio into what each provider accepts.
 */
export const ASPECT_RATIOS = ["1:1", "4:5", "3:2", "16:9", "9:16"] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export const LONGEST_SIDE = 1024;

/** Longest side 1024, the other side rounded to a multiple of 8 (what encoders and providers like). */
export function sizeForAspectRatio(
  ratio: `${number}:${number}`,
  longest = LONGEST_SIDE,
): { width: number; height: number } {
  const [rw, rh] = ratio.split(":").map(Number) as [number, number];
  if (!(rw > 0 && rh > 0) || rw / rh > 4 || rh / rw > 4) {
    throw new RangeError(`Unsupported aspect ratio "${ratio}": use width:height between 1:4 and 4:1.`);
  }
  const short = (n: number) => Math.max(8, Math.round(n / 8) * 8);
  return rw >= rh
    ? { width: longest, height: short((longest * rh) / rw) }
    : { width: short((longest * rw) / rh), height: longest };
}

export function isAspectRatio(value: string): value is AspectRatio {
  return (ASPECT_RATIOS as readonly string[]).includes(value);
}
