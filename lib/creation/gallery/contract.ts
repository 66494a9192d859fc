/**
 * The public gallery: items whose owner chose "Show in the public gallery" (a
 * separate consent from the public link, off by default) and that are public
 * and finished; staff can hide any of them, and any visitor can report one.
 * Browser-safe.
 *
 *   GET /api/v1/content/{id}/gallery              -> { data: GalleryChoice }  (owner only; 404 otherwise)
 *   PUT /api/v1/content/{id}/gallery { show }     -> { data: GalleryChoice }
 *   GET /api/v1/public/gallery?limit=             -> { data: GalleryItem[] }   (no sign-in)
 *   POST /api/v1/public/gallery/{id}/report { reason, note? } -> 201 { data: { received: true } }
 *        (no sign-in; per-IP limit `gallery_report`; 404 for an item not in the gallery)
 *   GET /api/v1/ops/gallery/{id}                  -> { data: GalleryStaffState } (staff)
 *   PUT /api/v1/ops/gallery/{id} { hidden }       -> { data: GalleryStaffState } (staff)
 */
import { z } from "zod";

/** The kinds the gallery shows: each has a public page (`/content/{id}`, videos also `/v1/videos/{id}`). */
export const GALLERY_KINDS = ["video", "image", "design"] as const;
export type GalleryKind = (typeof GALLERY_KINDS)[number];

export const GALLERY_PAGE_SIZE = 24;
/** Opted-in public items read per listing before hidden and unfinished ones are dropped. */
export const GALLERY_SCAN_LIMIT = 200;

/** Why the item is or is not listed, for the owner's switch. */
export type GalleryListing = "listed" | "off" | "not_public" | "not_ready" | "hidden";

export interface GalleryChoice {
  id: string;
  kind: GalleryKind;
  /** The owner's choice. */
  show: boolean;
  /** What the gallery does with it now. */
  listing: GalleryListing;
}

export interface GalleryItem {
  id: string;
  kind: GalleryKind;
  title: string;
  /** A stable public URL of its still (redirects to a signed one). */
  poster_url: string;
  /** Its public page. */
  href: string;
  created_at: string;
}

export interface GalleryStaffState {
  id: string;
  kind: string;
  title: string;
  show: boolean;
  hidden: boolean;
  listing: GalleryListing;
  /** Reports about it not yet dealt with. */
  open_reports: number;
}

export const galleryChoiceSchema = z.strictObject({
  show: z.boolean({ error: "Say whether to show it in the public gallery (true or false)." }),
});

export const galleryHideSchema = z.strictObject({
  hidden: z.boolean({ error: "Say whether to hide it from the public gallery (true or false)." }),
});

export const REPORT_REASONS = ["spam", "offensive", "copyright", "personal", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam or advertising",
  offensive: "Offensive or harmful",
  copyright: "Uses someone else's work",
  personal: "Shows private information",
  other: "Something else",
};
export const REPORT_NOTE_MAX = 500;

export const galleryReportSchema = z.strictObject({
  reason: z.enum(REPORT_REASONS, { error: `Choose a reason: ${REPORT_REASONS.join(", ")}.` }),
  note: z
    .string()
    .max(REPORT_NOTE_MAX, `Keep the note under ${REPORT_NOTE_MAX} characters.`)
    .optional()
    .transform((v) => v?.trim() ?? ""),
});
export type GalleryReportInput = z.input<typeof galleryReportSchema>;

export const galleryListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(60).default(GALLERY_PAGE_SIZE),
});
