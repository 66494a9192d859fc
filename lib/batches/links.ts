import "server-only";
/**
 * The one file that wires the links domain into bulk rows (link rows and rows
 * with an image URL). Until `lib/links/extract.ts` and
 * `lib/links/product-video.ts` exist on this branch it answers null, and the
 * worker fails such rows with a clear reason; prompt rows do not need it.
 */
import type { BatchLinks } from "./worker";

export function batchLinks(): BatchLinks | null {
  return null;
}
