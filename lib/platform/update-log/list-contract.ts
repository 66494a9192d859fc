/**
 * How the update log is asked for (`GET /api/v1/ops/update-log`), what a
 * listed entry looks like, and where an entity lives in the app. Browser-safe.
 */
import { z } from "zod";
import { ENTITY_TYPES, type EntityType, type UpdateLogEntry } from "./contract";

export const UPDATE_LOG_PAGE_MAX = 100;

const instant = z.iso.datetime({ offset: true }).or(z.iso.date());

export const updateLogQuerySchema = z
  .object({
    entity_type: z.enum(ENTITY_TYPES).optional(),
    entity_id: z.string().trim().min(1).max(300).optional(),
    /** A uid, an email (resolved to the user's uid), or "system". */
    actor: z.string().trim().min(1).max(320).optional(),
    /** Inclusive bounds on created_at: an ISO instant or a date (a date `to` means the end of that day, UTC). */
    from: instant.optional(),
    to: instant.optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(UPDATE_LOG_PAGE_MAX).default(50),
    format: z.enum(["json", "csv"]).default("json"),
  })
  .refine((q) => !(q.actor && (q.entity_type || q.entity_id)), {
    path: ["actor"],
    message: "Filter by actor alone, or by entity type and id: the log is indexed for one or the other.",
  });
export type UpdateLogQuery = z.input<typeof updateLogQuerySchema>;

export interface UpdateLogItem extends UpdateLogEntry {
  id: string;
  /** Where the entity is shown in the app, when it has a screen. */
  href: string | null;
}

export interface UpdateLogPage {
  data: UpdateLogItem[];
  next_cursor: string | null;
}

/** The filters that can be combined (each is served by a declared index, newest first; a date range goes with any). */
export const UPDATE_LOG_FILTER_HELP =
  "Filters: entity type, entity id, or both; or the actor (a user's email or uid, or “system”) alone. A date range combines with any of them.";

/** The screen an entity is shown on. Content goes to its video or content page by kind when known. */
export function entityHref(type: EntityType, id: string, opts: { contentKind?: string | null } = {}): string | null {
  const enc = (s: string) => encodeURIComponent(s);
  switch (type) {
    case "content":
      return opts.contentKind === "video" ? `/videos/${enc(id)}` : `/content/${enc(id)}`;
    case "layout":
      return `/layouts-pipeline/${enc(id)}`;
    case "template":
      return `/templates-pipeline/${enc(id)}`;
    case "client":
      return `/prod/clients/${enc(id)}`;
    case "pipeline":
      return `/prod/pipelines/${enc(id)}`;
    case "prompt":
    case "suite":
      return `/automated-prompts-testing`;
    case "document": {
      const slash = id.indexOf("/");
      if (slash < 1) return null;
      return `/firestore-dashboard/${enc(id.slice(0, slash))}/${enc(id.slice(slash + 1))}`;
    }
  }
}
