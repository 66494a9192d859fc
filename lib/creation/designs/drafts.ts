import "server-only";
/**
 * Recent drafts for /create: my content not yet rendered (videos planned but
 * never rendered, designs never exported, pages not published), newest
 * first, each with the screen that continues it.
 */
import { signedUrlTtl } from "@/lib/media/images/present-image";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import { content } from "@/lib/platform/db/collections";
import type { DraftSummary } from "./contract";
import type { DesignDeps } from "./service/shared";

/** Scanned newest first (the owner + created_at index); drafts are usually among the latest things made. */
const SCAN = 60;

function editPath(kind: DraftSummary["kind"], id: string): string {
  return kind === "image" ? `/image-gen/${encodeURIComponent(id)}` : `/content/${encodeURIComponent(id)}/edit`;
}

export async function listRecentDrafts(deps: DesignDeps, uid: string, limit = 8): Promise<DraftSummary[]> {
  const rows = await deps.db
    .collection(content)
    .where("owner_id", "==", uid)
    .orderBy("created_at", "desc")
    .limit(SCAN)
    .get();
  const drafts = rows.filter((r) => r.data.status === "draft" && r.data.kind !== "image").slice(0, limit);
  const ttl = signedUrlTtl();
  return Promise.all(
    drafts.map(async (r) => {
      const d = r.data;
      const thumb = d.blobs.thumbnail ?? d.blobs.poster;
      const ratio = (d.settings as { aspect_ratio?: CompositionRatio }).aspect_ratio ?? null;
      return {
        id: r.id,
        kind: d.kind,
        title: d.title,
        aspect_ratio: ratio,
        thumbnail_url: thumb ? await deps.store.signedUrl(thumb, { expiresInSeconds: ttl }) : null,
        edit_path: editPath(d.kind, r.id),
        updated_at: d.updated_at,
        created_at: d.created_at,
      };
    }),
  );
}
