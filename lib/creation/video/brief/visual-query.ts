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
    "never always still even really thing things something everything nothing way ways lot lots per percent first " +
    // The same in the languages briefs are most often written in besides English (offers, shipping, "now").
    "gratis envío envio oferta descuento compra compre ahora hoy nuevo nueva desde hasta para " +
    "gratuit gratuite livraison offre remise achetez maintenant aujourd nouveau nouvelle dès pour " +
    "kostenlos versand angebot rabatt jetzt heute neu neue für " +
    "spedizione offerta sconto ora oggi nuovo nuova " +
    "grátis frete desconto agora hoje novo nova"
  ).split(" "),
);

export const VISUAL_QUERY_MAX_WORDS = 5;

/**
 * A scene's query that names at least two things: one with fewer (an offer
 * scene, "First tune-up £25" → "tune") leads with the video's subject words
 * ("bike repair tune"), so the search still looks for the right thing.
 */
export function withSubject(query: string, subject: string, max = VISUAL_QUERY_MAX_WORDS): string {
  const own = query.split(" ").filter(Boolean);
  if (own.length >= 2) return query;
  const out: string[] = [];
  for (const w of [...subject.split(" "), ...own]) if (w && !out.includes(w) && out.length < max) out.push(w);
  return out.join(" ");
}

export function visualQueryFrom(text: string, max = VISUAL_QUERY_MAX_WORDS): string {
  const out: string[] = [];
  for (const w of wordsOf(text, 120)) {
    if (w.length < 3 || /\d/.test(w) || isStopWord(w) || UNSEEN.has(w) || out.includes(w)) continue;
    out.push(w);
    if (out.length >= max) break;
  }
  return out.join(" ");
}
