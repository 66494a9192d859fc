/**
 * Reports about items in the public gallery, sent by any visitor (signed out
 * too). Staff read them in the data dashboard (/firestore-dashboard/gallery_reports)
 * and hide the item from there. No field names the reporter: the per-IP rate
 * limit is kept by the limiter, not here. Nor does it copy the item's title: the owner's words
 * stay with the item (and go when the item or its owner's account is deleted); staff open the item by id.
 */
import { z } from "zod";
import { defineCollection, isoTimestamp, type AnyCollectionDef, type DocOf } from "@/lib/platform/db/define";
import { DOC_ID } from "@/lib/platform/db/ids";
import { REPORT_NOTE_MAX, REPORT_REASONS } from "./contract";

export const galleryReports = defineCollection({
  name: "gallery_reports",
  schema: z.object({
    content_id: z.string().regex(DOC_ID),
    content_kind: z.string().max(32),
    reason: z.enum(REPORT_REASONS),
    note: z.string().max(REPORT_NOTE_MAX),
    /** open until staff hide the item or dismiss the report. */
    status: z.enum(["open", "hidden", "dismissed"]),
    created_at: isoTimestamp(),
    resolved_at: isoTimestamp().nullable(),
  }),
  timestamps: ["created_at", "resolved_at"],
  indexes: [
    ["status", "created_at desc"],
    ["content_id", "status"],
  ],
});

export type GalleryReportDoc = DocOf<typeof galleryReports>;
export const galleryCollections: readonly AnyCollectionDef[] = [galleryReports];
