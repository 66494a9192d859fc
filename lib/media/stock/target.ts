/**
 * The size a stock file is fetched at: 1080p for the video's ratio (the short
 * side 1080), and which of several renditions is nearest to it. Pure.
 */
export function targetSize(ratio: string): { width: number; height: number } {
  switch (ratio) {
    case "16:9":
      return { width: 1920, height: 1080 };
    case "1:1":
      return { width: 1080, height: 1080 };
    case "4:5":
      return { width: 1080, height: 1350 };
    default:
      return { width: 1080, height: 1920 };
  }
}

/**
 * The rendition whose short side is nearest 1080 px, preferring one at least
 * that big over a smaller one of the same distance; renditions without a
 * size count as far away.
 */
export function nearest1080<T extends { width: number | null; height: number | null }>(files: readonly T[]): T | null {
  let best: T | null = null;
  let bestCost = Number.POSITIVE_INFINITY;
  for (const f of files) {
    const short = f.width && f.height ? Math.min(f.width, f.height) : 0;
    // Upscaling costs more than downscaling: a 720p file is further from 1080 than a 1440p one.
    const cost = short === 0 ? 1e6 : short >= 1080 ? short - 1080 : (1080 - short) * 2;
    if (cost < bestCost) {
      best = f;
      bestCost = cost;
    }
  }
  return best;
}
