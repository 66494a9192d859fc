/**
 * What in an SVG's text could reach outside it: scripts, entities, embedded
 * HTML, and links to other files (only same-document `#id` references and
 * embedded PNG/JPEG/GIF/WebP data may stay). Each check is one linear scan;
 * lib/media/assets/inspect.ts runs them in a worker thread.
 */

/** The reason an SVG is refused, in the user's words, or null when it may be drawn. */
export function svgRefusal(text: string, name: string): string | null {
  if (/<!ENTITY/i.test(text) || /<script[\s>]/i.test(text) || /<foreignObject[\s>]/i.test(text)) {
    return `"${name}" is an SVG with scripts, entities or embedded HTML; export it as a plain SVG or a PNG.`;
  }
  for (const m of text.matchAll(/(?:xlink:)?href\s*=\s*["']([^"']*)["']/gi)) {
    const ref = m[1]!.trim();
    if (!ref.startsWith("#") && !/^data:image\/(png|jpeg|gif|webp);base64,/i.test(ref)) {
      return `"${name}" is an SVG that links to another file (${ref.slice(0, 60)}); embed the picture or export a PNG.`;
    }
  }
  return null;
}
