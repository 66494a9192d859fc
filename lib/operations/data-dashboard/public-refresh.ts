import "server-only";
/**
 * A dashboard write to something anyone can see (a public image, video,
 * design or page) drops its cached public pages, as the share routes do
 * (lib/creation/public-views/refresh.ts, lib/creation/pages/refresh.ts): unsharing an item
 * here takes effect on the next visit, not after the revalidate window.
 */
import { refreshPublicPages } from "@/lib/creation/pages/refresh";
import { refreshPublicViews } from "@/lib/creation/public-views/refresh";

type Data = Record<string, unknown> | null;

export function refreshPublicAfterWrite(collection: string, id: string, before: Data, after: Data): void {
  if (collection !== "content") return;
  // Public before or after: a visibility change either way, or an edit to what the public page shows.
  if (before?.visibility !== "public" && after?.visibility !== "public") return;
  refreshPublicViews([id]);
  if (before?.kind === "page" || after?.kind === "page") refreshPublicPages([id]);
}
