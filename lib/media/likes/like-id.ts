/** The likes collection's id rule (lib/platform/db/collections.ts): one document per (image, user), so liking twice is one like. */
export function likeId(contentId: string, uid: string): string {
  return `${contentId}_${uid}`;
}
