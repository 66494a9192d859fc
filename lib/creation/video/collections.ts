/**
 * Saved revisions of compositions (the editor's history, restorable), id =
 * `${contentId}@${revision}`. The live composition is in `compositions`.
 */
import { z } from "zod";
import { defineCollection, isoTimestamp, type AnyCollectionDef, type DocOf } from "@/lib/platform/db/define";
import { compositionBodySchema } from "@/lib/engine/composition/composition-schema";
import { DOC_ID } from "@/lib/platform/db/ids";

export const compositionRevisions = defineCollection({
  name: "composition_revisions",
  schema: z.object({
    content_id: z.string().min(1).max(128),
    owner_id: z.string().regex(DOC_ID),
    revision: z.number().int().min(0),
    body: compositionBodySchema,
    saved_at: isoTimestamp(),
  }),
  id: { pattern: /^[A-Za-z0-9_-]{1,128}@[0-9]{1,9}$/, auto: false, description: "`${contentId}@${revision}`" },
  timestamps: ["saved_at"],
  indexes: [["content_id", "revision desc"]],
});

export type CompositionRevisionDoc = DocOf<typeof compositionRevisions>;
export const videoCollections: readonly AnyCollectionDef[] = [compositionRevisions];

export function revisionId(contentId: string, revision: number): string {
  return `${contentId}@${revision}`;
}
