/**
 * Where a picture will be seen, for image models: the part of it (fractions
 * 0..1) that no text covers and no crop cuts away. The local preview model
 * draws its subject inside (`providerOptions.local.area`); models that read
 * only the prompt get it as a sentence.
 */
export interface SubjectArea {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The area in words ("… inside the upper part of the frame (about 55% of it) …"). */
export function subjectAreaWords(a: SubjectArea): string {
  const cy = a.y + a.h / 2;
  const cx = a.x + a.w / 2;
  const vertical = a.h < 0.85 ? (cy < 0.45 ? "upper" : cy > 0.55 ? "lower" : "middle") : "";
  const horizontal = a.w < 0.85 ? (cx < 0.45 ? "left" : cx > 0.55 ? "right" : "centre") : "";
  const where = [vertical, horizontal].filter(Boolean).join(" ") || "middle";
  const share = Math.round(a.w * a.h * 100);
  return `Composition: the main subject whole and inside the ${where} part of the frame (about ${share}% of it); the rest is plain background where text will sit.`;
}
