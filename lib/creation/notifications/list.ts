import "server-only";
/**
 * What finished lately, read from the caller's own jobs and batches only (every query is `owner_id == uid`, and a
 * content title is read only when that item is also the caller's), so no one hears of another person's work.
 */
import { content, jobs } from "@/lib/platform/db/collections";
import { clipText } from "@/lib/platform/utils";
import type { Db } from "@/lib/platform/db/db";
import { batches, batchItems } from "@/lib/creation/batches/collections";
import { DESIGN_RENDER_JOB } from "@/lib/creation/designs/service/shared";
import { VIDEO_RENDER_JOB } from "@/lib/creation/video/service/shared";
import type { NotificationItem, NotificationsView } from "./contract";

/** How far back finished work is listed, and how much of it. */
export const NOTIFICATION_WINDOW_DAYS = 7;
export const MAX_NOTIFICATIONS = 20;
const RECENT_JOBS = 40;
const RECENT_BATCHES = 5;

const KIND_BY_JOB: Record<string, "video" | "design"> = {
  [VIDEO_RENDER_JOB]: "video",
  [DESIGN_RENDER_JOB]: "design",
};

function quoted(title: string | null | undefined, fallback: string): string {
  const t = (title ?? "").trim();
  return t ? `“${clipText(t, 60)}”` : fallback;
}

export async function listNotifications(a: { db: Db; uid: string; now?: Date }): Promise<NotificationsView> {
  const since = new Date((a.now ?? new Date()).getTime() - NOTIFICATION_WINDOW_DAYS * 86_400_000).toISOString();
  const [recentJobs, active, recentBatches] = await Promise.all([
    a.db.collection(jobs).where("owner_id", "==", a.uid).orderBy("created_at", "desc").limit(RECENT_JOBS).get(),
    a.db.collection(jobs).where("owner_id", "==", a.uid).where("state", "in", ["queued", "running"]).count(),
    a.db.collection(batches).where("owner_id", "==", a.uid).orderBy("created_at", "desc").limit(RECENT_BATCHES).get(),
  ]);

  const finishedJobs = recentJobs.filter(
    (j) =>
      KIND_BY_JOB[j.data.type] !== undefined &&
      (j.data.state === "succeeded" || j.data.state === "failed") &&
      j.data.content_id !== null &&
      j.data.updated_at >= since,
  );
  const contentIds = [...new Set(finishedJobs.map((j) => j.data.content_id!))];
  const docs = await Promise.all(
    contentIds.map((id) =>
      a.db
        .collection(content)
        .doc(id)
        .get()
        .catch(() => null),
    ),
  );
  const mine = new Map(docs.flatMap((d) => (d && d.data.owner_id === a.uid ? [[d.id, d.data] as const] : [])));

  const items: NotificationItem[] = [];
  for (const j of finishedJobs) {
    const item = mine.get(j.data.content_id!);
    if (!item) continue; // deleted since, or (never) someone else's
    const kind = KIND_BY_JOB[j.data.type]!;
    const ok = j.data.state === "succeeded";
    const noun = kind === "video" ? "video" : "design";
    const name = quoted(item.title, `your ${noun}`);
    items.push({
      id: `job:${j.id}`,
      kind,
      outcome: ok ? "succeeded" : "failed",
      title:
        kind === "video"
          ? ok
            ? `Your video ${name} is ready`
            : `Your video ${name} did not render`
          : ok
            ? `Your design ${name} is exported`
            : `Your design ${name} did not export`,
      href:
        kind === "video"
          ? `/videos/${encodeURIComponent(j.data.content_id!)}`
          : `/content/${encodeURIComponent(j.data.content_id!)}`,
      finished_at: j.data.updated_at,
    });
  }

  const finishedBatches = recentBatches.filter(
    (b) => b.data.state === "finished" && (b.data.finished_at ?? "") >= since,
  );
  for (const b of finishedBatches) {
    const rows = await a.db.collection(batchItems).where("batch_id", "==", b.id).limit(b.data.item_count).get();
    const done = rows.filter((r) => r.data.owner_id === a.uid && r.data.state === "done").length;
    items.push({
      id: `batch:${b.id}`,
      kind: "batch",
      outcome: done > 0 ? "succeeded" : "failed",
      title: `${quoted(b.data.name, "Your batch")}: ${done} of ${b.data.item_count} video${b.data.item_count === 1 ? "" : "s"} ready`,
      href: `/megapot?batch=${encodeURIComponent(b.id)}`,
      finished_at: b.data.finished_at!,
    });
  }

  items.sort((x, y) => (x.finished_at < y.finished_at ? 1 : x.finished_at > y.finished_at ? -1 : 0));
  return { items: items.slice(0, MAX_NOTIFICATIONS), active };
}
