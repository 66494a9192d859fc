/**
 * Ranking candidates for a scene, pure: how well a candidate's tags and title
 * fit the scene's words (stemmed keywords, the share of the scene's words it
 * covers), a bonus when its orientation suits the video's ratio, and nothing
 * already used in the same video. Browser-safe.
 */
import { keywords } from "@/lib/media/assets/words";

export type Orientation = "landscape" | "portrait" | "square";

export interface Rankable {
  provider: string;
  id: string;
  title: string;
  tags: readonly string[];
  width: number;
  height: number;
}

export interface Ranked<T extends Rankable> {
  item: T;
  /** Share of the scene's keywords the candidate's words cover, 0..1. */
  fit: number;
  /** The scene's keywords it matched. */
  matched: string[];
  /** fit plus the orientation bonus: the order. */
  score: number;
}

/** Own media is used over stock or a generated picture only when it fits at least this well (or matches two words). */
export const OWN_MEDIA_MIN_FIT = 0.5;

export function orientationOf(width: number, height: number): Orientation | null {
  if (!width || !height) return null;
  const r = width / height;
  if (r > 1.15) return "landscape";
  if (r < 0.87) return "portrait";
  return "square";
}

export function orientationForRatio(ratio: string): Orientation {
  if (ratio === "16:9") return "landscape";
  if (ratio === "1:1") return "square";
  return "portrait";
}

/** A candidate's identity across providers: what "no repeats within a video" compares. */
export function candidateKey(c: { provider: string; id: string }): string {
  return `${c.provider}:${c.id}`;
}

function orientationBonus(o: Orientation | null, want: Orientation): number {
  if (!o) return 0;
  if (o === want) return 0.15;
  if (want === "square" || o === "square") return 0.05;
  return -0.1;
}

/** How well one candidate fits the scene's keywords (already stemmed, see `keywords`). */
export function textFit(
  sceneWords: readonly string[],
  c: Pick<Rankable, "title" | "tags">,
): { fit: number; matched: string[] } {
  if (sceneWords.length === 0) return { fit: 0, matched: [] };
  const own = new Set(keywords(`${c.tags.join(" ")} ${c.title}`, 80));
  const matched = sceneWords.filter((w) => own.has(w));
  return { fit: matched.length / sceneWords.length, matched };
}

/**
 * The candidates best first, without any in `used` (keys from candidateKey)
 * or repeated within the list. Ties keep the provider's own order.
 */
export function rankCandidates<T extends Rankable>(a: {
  query: string;
  candidates: readonly T[];
  ratio: string;
  used?: ReadonlySet<string>;
}): Ranked<T>[] {
  const words = keywords(a.query, 12);
  const want = orientationForRatio(a.ratio);
  const seen = new Set<string>(a.used ?? []);
  const out: (Ranked<T> & { order: number })[] = [];
  a.candidates.forEach((item, order) => {
    const key = candidateKey(item);
    if (seen.has(key)) return;
    seen.add(key);
    const { fit, matched } = textFit(words, item);
    const score = fit + orientationBonus(orientationOf(item.width, item.height), want);
    out.push({ item, fit, matched, score, order });
  });
  out.sort((x, y) => y.score - x.score || x.order - y.order);
  return out.map(({ order: _o, ...r }) => r);
}

/** Whether own media fits a scene well enough to be used without asking. */
export function fitsWell(r: Pick<Ranked<Rankable>, "fit" | "matched">): boolean {
  return r.fit >= OWN_MEDIA_MIN_FIT || r.matched.length >= 2;
}

/**
 * One pick per scene in order, never the same item twice in a video: each
 * scene gets its best candidate not yet taken by an earlier scene.
 */
export function pickWithoutRepeats<T extends Rankable>(
  scenes: readonly { query: string; candidates: readonly T[] }[],
  ratio: string,
  used: ReadonlySet<string> = new Set(),
): (Ranked<T> | null)[] {
  const taken = new Set(used);
  return scenes.map((s) => {
    const best = rankCandidates({ query: s.query, candidates: s.candidates, ratio, used: taken })[0] ?? null;
    if (best) taken.add(candidateKey(best.item));
    return best;
  });
}
