/**
 * The classic /image-gen/v1 screens now live in the new generator. Old links
 * and bookmarks get a permanent (308) redirect to the equivalent page with
 * the same id and the same query string (decided by the lead; the route
 * tests expect 308).
 */
import { permanentRedirect } from "next/navigation";

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export function withQuery(path: string, query: Record<string, string | string[] | undefined>): string {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) q.append(name, v);
  }
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export async function redirectTo(path: string, searchParams: SearchParams): Promise<never> {
  permanentRedirect(withQuery(path, await searchParams));
}
