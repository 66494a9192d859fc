/**
 * A scene's visual query when no model wrote one (the Local preview, older
 * plans): the words of what it says that could be seen in a picture, in their
 * order, without the words of selling ("shop", "now", "50% off", prices,
 * codes) and without repeats, at most five. Pure, browser-safe, linear.
 */
import { isStopWord, wordsOf } from "@/lib/media/assets/words";

/** Words of selling and talk that no picture shows. */
const UNSEEN = new Set(
  (
    "shop buy order get save off sale deal deals offer free discount code coupon price prices only just now today " +
    "tonight new best great amazing perfect ultimate premium quality link bio click tap swipe follow subscribe " +
    "learn discover find see try start meet introducing say says said need needs love loves use uses using ever " +
    "never always still even really thing things something everything nothing way ways lot lots per percent"
  ).split(" "),
);

export const VISUAL_QUERY_MAX_WORDS = 5;

export function visualQueryFrom(text: string, max = VISUAL_QUERY_MAX_WORDS): string {
  const out: string[] = [];
  for (const w of wordsOf(text, 120)) {
    if (w.length < 3 || /\d/.test(w) || isStopWord(w) || UNSEEN.has(w) || out.includes(w)) continue;
    out.push(w);
    if (out.length >= max) break;
  }
  return out.join(" ");
}
