/**
 * The update log's wire contract: what an entry is and how the log is asked
 * for. Browser-safe. Entries are written by lib/platform/update-log/write.ts and
 * never edited or deleted (no API does either).
 */
import { z } from "zod";

/** What kinds of things the log follows. A dashboard edit of any other collection is a `document` (`entity_id` = `collection/docId`). */
export const ENTITY_TYPES = [
  "content",
  "layout",
  "template",
  "client",
  "pipeline",
  "prompt",
  "suite",
  "document",
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export const ACTOR_KINDS = ["user", "system"] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

/** A short verb: create, update, delete, stage, publish, approve, reject, run… */
export const ACTION = /^[a-z][a-z_]{1,31}$/;

export const changeSchema = z.object({
  /** Dotted field path (`slots.2.fit.maxChars`), "" for the whole document. */
  path: z.string().max(300),
  /** JSON text of the value before / after (cut at 500 characters); null when absent. */
  before: z.string().max(500).nullable(),
  after: z.string().max(500).nullable(),
});
export type FieldChange = z.infer<typeof changeSchema>;

export const MAX_CHANGES = 100;

export const updateLogEntrySchema = z.object({
  entity_type: z.enum(ENTITY_TYPES),
  entity_id: z.string().min(1).max(300),
  /** A readable name at the time (title, layout name…). */
  entity_label: z.string().max(200).nullable(),
  action: z.string().regex(ACTION),
  actor_kind: z.enum(ACTOR_KINDS),
  /** A uid, or "system" (workers, seeding). */
  actor_id: z.string().min(1).max(128),
  actor_email: z.string().max(320).nullable(),
  /** The API call or process that made it: "PATCH /api/v1/studio/layouts/x", "worker:video". */
  source: z.string().min(1).max(300),
  /** The screen the call came from (the app sends it), when known. */
  screen: z.string().max(300).nullable(),
  changes: z.array(changeSchema).max(MAX_CHANGES),
  /** True when more fields changed than `changes` holds. */
  truncated: z.boolean(),
  created_at: z.string(),
});
export type UpdateLogEntry = z.infer<typeof updateLogEntrySchema>;

/** The header the browser fetcher sends with the current pathname, so entries say which screen made them. */
export const SCREEN_HEADER = "x-promptframe-screen";
