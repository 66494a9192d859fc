/**
 * What a resized design is called: its source's title and the size it was
 * made for ("Bakery ad · Story 9:16"), so the copies can be told apart in
 * every list. Resizing a resized design replaces the size, never stacks it.
 * Browser-safe.
 */
import { COMPOSITION_RATIOS, type CompositionRatio } from "@/lib/engine/composition/ratios";

/** The names people use for each size of a design. */
export const DESIGN_SIZE_NAMES: Record<CompositionRatio, string> = {
  "9:16": "Story",
  "1:1": "Square",
  "4:5": "Portrait",
  "16:9": "Widescreen",
};

const TITLE_MAX = 200;
const SEPARATOR = " · ";
const SUFFIXES = COMPOSITION_RATIOS.map((r) => `${SEPARATOR}${DESIGN_SIZE_NAMES[r]} ${r}`);

export function sizeTitle(title: string, ratio: CompositionRatio): string {
  let base = title.trim();
  const own = SUFFIXES.find((s) => base.endsWith(s));
  if (own) base = base.slice(0, -own.length).trimEnd();
  const suffix = `${SEPARATOR}${DESIGN_SIZE_NAMES[ratio]} ${ratio}`;
  return `${(base || "Untitled design").slice(0, TITLE_MAX - suffix.length).trimEnd()}${suffix}`;
}
