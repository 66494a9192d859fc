/**
 * Page titles come from the route map only, so the <h1>, the document
 * title and the route tests can never disagree.
 */
import { ROUTES } from "./route-map";

const TITLES: ReadonlyMap<string, string> = new Map(ROUTES.map((r) => [r.pattern, r.title]));

/**
 * The exact title of a route pattern. Throws for an unknown pattern; pages
 * call it at module scope, so a typo fails the build instead of shipping.
 */
export function titleFor(pattern: string): string {
  const title = TITLES.get(pattern);
  if (title === undefined) {
    throw new Error(`titleFor: "${pattern}" is not a pattern in lib/access/routes/route-map.ts`);
  }
  return title;
}
