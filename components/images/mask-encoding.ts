/**
 * The inpainting mask's geometry and pixels. The user paints on a canvas the
 * size it is displayed at; the API wants a PNG of the SOURCE's natural size,
 * white = change, black = keep (lib/media/images/schema.ts checks the size). Pure,
 * so the conversions are unit-tested without a DOM.
 */
export interface Size {
  width: number;
  height: number;
}

/** A pointer position in the element's box, in the source image's pixels. */
export function toImagePoint(input: {
  clientX: number;
  clientY: number;
  rect: { left: number; top: number; width: number; height: number };
  natural: Size;
}): { x: number; y: number } {
  const { clientX, clientY, rect, natural } = input;
  const sx = rect.width > 0 ? natural.width / rect.width : 1;
  const sy = rect.height > 0 ? natural.height / rect.height : 1;
  const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);
  return { x: clamp((clientX - rect.left) * sx, natural.width), y: clamp((clientY - rect.top) * sy, natural.height) };
}

/** The brush size chosen on screen, in source pixels, so a stroke looks as wide as its preview. */
export function brushInImagePixels(brushCssPx: number, displayedWidth: number, naturalWidth: number): number {
  if (displayedWidth <= 0) return brushCssPx;
  return Math.max(1, Math.round((brushCssPx * naturalWidth) / displayedWidth));
}

/**
 * The painting canvas keeps strokes as alpha over transparency (so it can be
 * shown tinted over the image); the export is opaque black and white.
 * Anti-aliased edges count as painted from half coverage.
 */
export function alphaToMask(rgba: Uint8ClampedArray, threshold = 128): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(rgba.length);
  for (let i = 0; i < rgba.length; i += 4) {
    const v = (rgba[i + 3] ?? 0) >= threshold ? 255 : 0;
    out[i] = v;
    out[i + 1] = v;
    out[i + 2] = v;
    out[i + 3] = 255;
  }
  return out;
}

/** True once anything at all is painted: an empty mask is sent as "no mask". */
export function hasPaint(rgba: Uint8ClampedArray): boolean {
  for (let i = 3; i < rgba.length; i += 4) if ((rgba[i] ?? 0) > 0) return true;
  return false;
}

/** Bytes a base64 data URL decodes to, to refuse an oversized mask before uploading it. */
export function dataUrlBytes(dataUrl: string): number {
  const comma = dataUrl.indexOf(",");
  const b64 = comma >= 0 ? dataUrl.slice(comma + 1) : dataUrl;
  const padding = b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - padding;
}
