/**
 * Scripts beyond Latin in resolved props: the faces that draw the
 * characters a composition uses (only those: a Chinese video loads the few
 * Noto Sans SC slices its characters fall in, out of ~100), the fallback
 * families appended to every text's font-family so the browser draws each
 * glyph from a font that has it, and the writing direction (Arabic and
 * Hebrew right to left, with left-aligned text mirrored to the right).
 * A Latin-only composition comes out unchanged. Pure, browser-safe.
 */
import { findLanguage, isRtl } from "@/lib/engine/language/languages";
import { FONT_SUBSETS } from "./fonts";
import type { RenderProps } from "./render-props";
import { SCRIPT_FACES, SCRIPT_FONT_PACKAGES } from "./script-fonts.generated";

type Range = [number, number];

function parseCss(css: string): Range[] {
  return css.split(",").map((r) => {
    const [a, b] = r.replace(/^U\+/iu, "").split("-");
    const lo = parseInt(a!, 16);
    return [lo, b ? parseInt(b, 16) : lo];
  });
}

function decode(encoded: string): Range[] {
  let prev = 0;
  return encoded.split(",").map((part) => {
    const [d, len] = part.split("-");
    const lo = prev + parseInt(d!, 36);
    const hi = lo + (len ? parseInt(len, 36) : 0);
    prev = hi;
    return [lo, hi];
  });
}

const inRanges = (ranges: readonly Range[], cp: number) => ranges.some(([lo, hi]) => cp >= lo && cp <= hi);
const toCss = (ranges: readonly Range[]) =>
  ranges.map(([lo, hi]) => (lo === hi ? `U+${lo.toString(16)}` : `U+${lo.toString(16)}-${hi.toString(16)}`)).join(",");

/** What the templates' own fonts draw (their latin and latin-ext subsets). */
const LATIN: Range[] = [...parseCss(FONT_SUBSETS.latin), ...parseCss(FONT_SUBSETS["latin-ext"])];

interface Face {
  pkg: string;
  subset: string;
  ranges: Range[];
}
let faces: Face[] | null = null;
function allFaces(): Face[] {
  faces ??= SCRIPT_FACES.map(([pkg, subset, enc]) => ({ pkg, subset, ranges: decode(enc) }));
  return faces;
}

/** Han characters look different in Chinese, Japanese and Korean fonts: the language's own goes first. */
function packageOrder(language: string | null | undefined): string[] {
  const cjk: Record<string, string[]> = {
    ja: ["noto-sans-jp", "noto-sans-sc", "noto-sans-kr"],
    ko: ["noto-sans-kr", "noto-sans-sc", "noto-sans-jp"],
  };
  const first = cjk[findLanguage(language)?.tag ?? ""] ?? ["noto-sans-sc", "noto-sans-jp", "noto-sans-kr"];
  return ["inter", "noto-sans-arabic", "noto-sans-hebrew", "noto-sans-devanagari", "noto-sans-thai", ...first];
}

/** Code points the template's Latin fonts do not draw. */
export function codePointsBeyondLatin(texts: Iterable<string>): Set<number> {
  const out = new Set<number>();
  for (const t of texts)
    for (const ch of t) {
      const cp = ch.codePointAt(0)!;
      if (cp < 0x250 || cp === 0x200b || /\s/u.test(ch)) continue;
      if (!inRanges(LATIN, cp)) out.add(cp);
    }
  return out;
}

export interface ScriptFace {
  pkg: string;
  family: string;
  subset: string;
  weight: number;
  file: string;
  unicodeRange: string;
}

function nearest(weights: readonly number[], w: number): number {
  let best = weights[0]!;
  for (const x of weights) if (Math.abs(x - w) <= Math.abs(best - w)) best = x;
  return best;
}

/** File name under public/fonts/scripts/ (copied by lib/engine/render/bundle.ts). */
export function scriptFontFile(pkg: string, subset: string, weight: number): string {
  return `fonts/scripts/${pkg}-${subset}-${weight}.woff2`;
}

/** Every shipped script face file, for the bundle's copy: [package, subset, weight]. */
export function allScriptFontFiles(): [string, string, number][] {
  return SCRIPT_FACES.flatMap(([pkg, subset]) =>
    SCRIPT_FONT_PACKAGES[pkg]!.weights.map((w) => [pkg, subset, w] as [string, string, number]),
  );
}

/**
 * The faces that draw `codePoints` (each by the first package, in the
 * language's order, that has it), at the weights used.
 */
export function scriptFaces(
  codePoints: ReadonlySet<number>,
  weights: readonly number[],
  language?: string | null,
): ScriptFace[] {
  if (codePoints.size === 0) return [];
  const order = packageOrder(language);
  const byPkg = new Map<string, Face[]>();
  for (const f of allFaces()) byPkg.set(f.pkg, [...(byPkg.get(f.pkg) ?? []), f]);
  const chosen = new Set<Face>();
  for (const cp of codePoints) {
    for (const pkg of order) {
      const face = byPkg.get(pkg)?.find((f) => inRanges(f.ranges, cp));
      if (face) {
        chosen.add(face);
        break;
      }
    }
  }
  const out: ScriptFace[] = [];
  const seen = new Set<string>();
  for (const face of [...chosen].sort((a, b) => order.indexOf(a.pkg) - order.indexOf(b.pkg))) {
    const info = SCRIPT_FONT_PACKAGES[face.pkg]!;
    for (const w of weights) {
      const weight = nearest(info.weights, w);
      const k = `${face.pkg}|${face.subset}|${weight}`;
      if (seen.has(k)) continue;
      seen.add(k);
      out.push({
        pkg: face.pkg,
        family: info.family,
        subset: face.subset,
        weight,
        file: scriptFontFile(face.pkg, face.subset, weight),
        unicodeRange: toCss(face.ranges),
      });
    }
  }
  return out;
}

/** `"Playfair Display", serif` + families -> `"Playfair Display", "Noto Sans SC", serif` (the generic stays last). */
export function withFallbacks(fontFamily: string, families: readonly string[]): string {
  if (families.length === 0) return fontFamily;
  const parts = fontFamily.split(",").map((p) => p.trim());
  const generic = parts.length > 1 && !/["']/u.test(parts[parts.length - 1]!) ? parts.pop()! : null;
  const have = new Set(parts.map((p) => p.replace(/["']/gu, "")));
  const added = families.filter((f) => !have.has(f)).map((f) => `"${f}"`);
  return [...parts, ...added, ...(generic ? [generic] : [])].join(", ");
}

/** Every text a viewer sees in the props (slots and caption pages). */
function propsTexts(props: RenderProps): string[] {
  const out: string[] = [];
  for (const s of props.scenes) {
    for (const slot of s.slots) if (slot.text) for (const l of slot.text.lines) out.push(l.text);
    for (const p of s.captions) for (const line of p.lines) for (const w of line) out.push(w.text);
  }
  return out;
}

const MIRROR = { left: "right", right: "left", center: "center" } as const;

/**
 * Props with the script faces the texts need, their families in every
 * font-family, and right-to-left direction (left-aligned text mirrored)
 * for Arabic and Hebrew compositions.
 */
export function applyScripts(props: RenderProps, language?: string | null): RenderProps {
  const rtl = isRtl(language);
  const cps = codePointsBeyondLatin(propsTexts(props));
  const weights = [...new Set(props.fonts.map((f) => f.weight).concat(props.captionStyle.fontWeight))];
  const extra = scriptFaces(cps, weights, language);
  if (extra.length === 0 && !rtl) return props;
  const families = [...new Set(extra.map((f) => f.family))];
  const direction = rtl ? ("rtl" as const) : undefined;
  return {
    ...props,
    fonts: [
      ...props.fonts,
      ...extra.map((f) => ({ family: f.family, weight: f.weight, file: f.file, unicodeRange: f.unicodeRange })),
    ],
    captionStyle: {
      ...props.captionStyle,
      fontFamily: withFallbacks(props.captionStyle.fontFamily, families),
      ...(direction ? { direction } : {}),
    },
    scenes: props.scenes.map((s) => ({
      ...s,
      slots: s.slots.map((slot) =>
        slot.text
          ? {
              ...slot,
              text: {
                ...slot.text,
                fontFamily: withFallbacks(slot.text.fontFamily, families),
                ...(direction ? { direction, align: MIRROR[slot.text.align] } : {}),
              },
            }
          : slot,
      ),
    })),
  };
}
