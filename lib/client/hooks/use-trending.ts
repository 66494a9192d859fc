/** Public images of all users, ranked by the server (likes and remixes in a recent window). */
import type { ImageItem } from "@/lib/media/images/contract";
import { pageUrl, useCursorPages } from "./use-images";

export const TRENDING_PATH = "/api/v1/images/trending";

export function useTrending(limit = 24) {
  return useCursorPages<ImageItem>((cursor) => pageUrl({ path: TRENDING_PATH, cursor, limit }));
}
