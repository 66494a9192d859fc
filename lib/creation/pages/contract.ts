/**
 * Pages: the wire contract (browser-safe). A page is a `content` document of
 * kind "page" whose blocks live in `settings.page`; published pages are
 * public at `/pages/{id}`.
 *
 *   POST   /api/v1/pages                 body CreatePageInput -> 201 { data: PageView }
 *   GET    /api/v1/pages/{id}            -> { data: PageView }
 *   PATCH  /api/v1/pages/{id}            body EditPageInput -> { data: PageView }  (409 on a stale revision)
 *   DELETE /api/v1/pages/{id}            -> 204
 *   PUT    /api/v1/pages/{id}/publish    body { published } -> { data: PageView }  (409 when there is nothing to show)
 *   Public (signed out): GET /api/v1/public/pages/{id}/media/{blockId}[/{n}][?v=poster]
 *     -> 307 to a signed URL while the page is published and the block names that media; else 404.
 */
import { z } from "zod";
import { DOC_ID } from "@/lib/platform/db/ids";

export const MAX_BLOCKS = 50;
export const MAX_GALLERY_ITEMS = 12;
export const MAX_TEXT_CHARS = 10_000;
export const MAX_PAGE_TITLE = 200;

const ref = z.string().regex(DOC_ID, "Not a valid id.");
const blockId = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, "Not a valid block id.");

/** Only web links: no javascript:, data:, mailto: or relative paths that would point into the app. */
export const httpUrlSchema = z
  .string()
  .trim()
  .min(1, "Add the link.")
  .max(2048, "Keep the link under 2,048 characters.")
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.length > 0;
    } catch {
      return false;
    }
  }, "Use a full web address starting with http:// or https://.");

/** One picture: one of my images or designs (content id), or one of my uploaded assets. */
export const mediaRefSchema = z.union([z.strictObject({ content_id: ref }), z.strictObject({ asset_id: ref })]);
export type MediaRef = z.infer<typeof mediaRefSchema>;

export const headingBlockSchema = z.strictObject({
  id: blockId,
  type: z.literal("heading"),
  text: z.string().trim().min(1, "Write the heading.").max(200, "Keep a heading under 200 characters."),
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(2),
});
export const textBlockSchema = z.strictObject({
  id: blockId,
  type: z.literal("text"),
  /** Plain text with a small markdown subset: paragraphs, **bold**, *italic*, [links](https://…), "- " lists. */
  text: z.string().max(MAX_TEXT_CHARS, `Keep a text block under ${MAX_TEXT_CHARS.toLocaleString("en-US")} characters.`),
});
export const videoBlockSchema = z.strictObject({ id: blockId, type: z.literal("video"), content_id: ref });
export const imageBlockSchema = z.strictObject({
  id: blockId,
  type: z.literal("image"),
  media: mediaRefSchema,
  alt: z.string().trim().max(300).default(""),
});
export const galleryBlockSchema = z.strictObject({
  id: blockId,
  type: z.literal("gallery"),
  items: z
    .array(mediaRefSchema)
    .min(1, "Pick at least one picture.")
    .max(MAX_GALLERY_ITEMS, `A gallery holds up to ${MAX_GALLERY_ITEMS} pictures.`),
});
export const buttonBlockSchema = z.strictObject({
  id: blockId,
  type: z.literal("button"),
  label: z.string().trim().min(1, "Write the button's label.").max(60, "Keep a label under 60 characters."),
  url: httpUrlSchema,
});

export const blockSchema = z.discriminatedUnion("type", [
  headingBlockSchema,
  textBlockSchema,
  videoBlockSchema,
  imageBlockSchema,
  galleryBlockSchema,
  buttonBlockSchema,
]);
export type PageBlock = z.infer<typeof blockSchema>;
export type PageBlockInput = z.input<typeof blockSchema>;
export type BlockType = PageBlock["type"];
export const BLOCK_TYPES = [
  "heading",
  "text",
  "video",
  "image",
  "gallery",
  "button",
] as const satisfies readonly BlockType[];

export const blocksSchema = z
  .array(blockSchema)
  .max(MAX_BLOCKS, `A page holds up to ${MAX_BLOCKS} blocks.`)
  .refine((blocks) => new Set(blocks.map((b) => b.id)).size === blocks.length, "Two blocks have the same id.");

const titleSchema = z
  .string()
  .trim()
  .min(1, "Give the page a title.")
  .max(MAX_PAGE_TITLE, `Keep the title under ${MAX_PAGE_TITLE} characters.`);

export const createPageInputSchema = z.strictObject({
  title: titleSchema.default("Untitled page"),
  /** E.g. from a video's share screen: that video as the first block. */
  blocks: blocksSchema.default([]),
});
export type CreatePageInput = z.input<typeof createPageInputSchema>;

export const editPageInputSchema = z.strictObject({
  /** The revision the edit was made on; another stored revision is a 409. */
  revision: z.number().int().min(0),
  title: titleSchema.optional(),
  blocks: blocksSchema.optional(),
});
export type EditPageInput = z.input<typeof editPageInputSchema>;

export const publishInputSchema = z.strictObject({ published: z.boolean() });

/** What a block's media looks like to its owner (signed URLs), for the editor's preview. */
export const mediaPreviewSchema = z.object({
  /** "content:{id}" or "asset:{id}". */
  key: z.string(),
  kind: z.enum(["video", "image", "design", "asset"]),
  title: z.string(),
  /** A still (image, design still, video poster); null while a video has no render. */
  thumbnail_url: z.string().nullable(),
  /** Videos: the MP4, when rendered. */
  video_url: z.string().nullable(),
  /** Missing: deleted since it was placed on the page. */
  missing: z.boolean(),
});
export type MediaPreview = z.infer<typeof mediaPreviewSchema>;

export const pageViewSchema = z
  .object({
    id: z.string(),
    kind: z.literal("page"),
    title: z.string(),
    blocks: z.array(blockSchema),
    revision: z.number().int(),
    published: z.boolean(),
    /** `/pages/{id}`; it answers only while published. */
    public_path: z.string(),
    /** Keyed by MediaPreview.key, for every media the blocks name. */
    media: z.record(z.string(), mediaPreviewSchema),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Page" });
export type PageView = z.infer<typeof pageViewSchema>;

export function mediaKey(m: MediaRef | { content_id: string }): string {
  return "asset_id" in m ? `asset:${m.asset_id}` : `content:${m.content_id}`;
}

export function publicPagePath(id: string): string {
  return `/pages/${encodeURIComponent(id)}`;
}

/** Every media a list of blocks names, in block order. */
export function mediaRefsOf(
  blocks: readonly PageBlock[],
): { blockId: string; n: number | null; ref: MediaRef; as: "video" | "picture" }[] {
  const out: { blockId: string; n: number | null; ref: MediaRef; as: "video" | "picture" }[] = [];
  for (const b of blocks) {
    if (b.type === "video") out.push({ blockId: b.id, n: null, ref: { content_id: b.content_id }, as: "video" });
    else if (b.type === "image") out.push({ blockId: b.id, n: null, ref: b.media, as: "picture" });
    else if (b.type === "gallery")
      b.items.forEach((item, n) => out.push({ blockId: b.id, n, ref: item, as: "picture" }));
  }
  return out;
}

/** A block as a reader sees it: media resolved to URLs (stable public ones on `/pages/{id}`, signed ones in the editor's preview). */
export interface PublicPicture {
  src: string;
  alt: string;
}

export type PublicBlock =
  | { id: string; type: "heading"; text: string; level: 1 | 2 | 3 }
  | { id: string; type: "text"; text: string }
  | { id: string; type: "video"; title: string; src: string; poster: string | null }
  | { id: string; type: "image"; picture: PublicPicture }
  | { id: string; type: "gallery"; pictures: PublicPicture[] }
  | { id: string; type: "button"; label: string; url: string };
