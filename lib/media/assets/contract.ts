/**
 * The asset library's wire contract and rules the browser needs too (kinds,
 * size limits, accepted files). Browser-safe.
 *
 *   POST   /api/v1/assets?name=&kind=           raw bytes (or multipart "file", up to 25 MB) -> AssetView (201)
 *   GET    /api/v1/assets?kind=&cursor=&limit=  -> AssetViewPage (kind: one kind or a comma list)
 *   GET    /api/v1/assets/{id}                  -> AssetView
 *   PATCH  /api/v1/assets/{id}  { name?, kind?, tags? } -> AssetView (kind only between image and logo)
 *   DELETE /api/v1/assets/{id}                  -> { deleted: 1, kept_for: AssetUsage }
 *   PUT    /api/v1/assets/{id}/content?name=    raw bytes of the same kind -> AssetView
 *   GET    /api/v1/assets/{id}/download         the original as an attachment
 *   GET    /api/v1/assets/{id}/usage            -> AssetUsage
 *   GET|PUT /api/v1/brand-kit                   -> BrandKitView (lib/creation/brand/contract.ts)
 */
import { z } from "zod";
import { TAG_MAX, TAG_MAX_CHARS, normaliseTags } from "./words";

export const ASSET_KINDS = ["image", "logo", "video", "audio", "font"] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];
export const assetKindSchema = z.enum(ASSET_KINDS);

export const KIND_LABELS: Record<AssetKind, { one: string; many: string }> = {
  image: { one: "Image", many: "Images" },
  logo: { one: "Logo", many: "Logos" },
  video: { one: "Video clip", many: "Video clips" },
  audio: { one: "Audio", many: "Audio" },
  font: { one: "Font", many: "Fonts" },
};

const MB = 1024 * 1024;
/** Per-kind caps on the stored bytes (an SVG logo's source is capped at 1 MB before it is rasterised). */
export const KIND_MAX_BYTES: Record<AssetKind, number> = {
  image: 10 * MB,
  logo: 10 * MB,
  video: 200 * MB,
  audio: 50 * MB,
  font: 10 * MB,
};
export const SVG_MAX_BYTES = 1 * MB;
export const UPLOAD_MAX_BYTES = Math.max(...Object.values(KIND_MAX_BYTES));

/** What each kind accepts, as the bytes are judged (content types) and as people know them (formats). */
export const KIND_FORMATS: Record<AssetKind, string> = {
  image: "PNG, JPEG, WebP or GIF",
  logo: "PNG, JPEG, WebP, GIF or SVG",
  video: "MP4, MOV or WebM",
  audio: "MP3, WAV, OGG or M4A",
  font: "TTF, OTF, WOFF or WOFF2",
};

/** File name extensions and the kind they claim: a file named like one kind whose bytes are another is refused. */
export const EXTENSION_KINDS: Record<string, AssetKind> = {
  png: "image",
  jpg: "image",
  jpeg: "image",
  webp: "image",
  gif: "image",
  svg: "logo",
  mp4: "video",
  m4v: "video",
  mov: "video",
  webm: "video",
  mp3: "audio",
  wav: "audio",
  ogg: "audio",
  oga: "audio",
  m4a: "audio",
  ttf: "font",
  otf: "font",
  woff: "font",
  woff2: "font",
};

/** The `accept` attribute of the file pickers. */
export const ACCEPT_ATTRIBUTE = Object.keys(EXTENSION_KINDS)
  .map((e) => `.${e}`)
  .join(",");

/** "an image", "a video clip", "audio": the kind as a sentence names it. */
export function aKind(kind: AssetKind): string {
  const label = KIND_LABELS[kind].one.toLowerCase();
  return kind === "audio" ? "audio" : /^[aeiou]/.test(label) ? `an ${label}` : `a ${label}`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < MB) return `${(n / 1024).toFixed(n < 10 * 1024 ? 1 : 0)} KB`;
  return `${(n / MB).toFixed(n < 10 * MB ? 1 : 0)} MB`;
}

export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,6})$/.exec(name.trim());
  return m ? m[1]!.toLowerCase() : "";
}

/**
 * A sentence when the browser can already tell a file will be refused (size
 * over every limit, or an extension we do not take); null when only the
 * server can judge its bytes.
 */
export function clientUploadProblem(file: { name: string; size: number }): string | null {
  const ext = extensionOf(file.name);
  const kind = EXTENSION_KINDS[ext];
  if (ext && !kind)
    return `"${file.name}": .${ext} files are not supported. Upload images, logos (SVG too), video clips, audio or fonts.`;
  const max = kind ? (ext === "svg" ? SVG_MAX_BYTES : KIND_MAX_BYTES[kind]) : UPLOAD_MAX_BYTES;
  if (file.size > max)
    return `"${file.name}" is ${formatBytes(file.size)}; ${kind ? KIND_LABELS[kind].many.toLowerCase() : "files"} are at most ${formatBytes(max)}.`;
  if (file.size === 0) return `"${file.name}" is empty.`;
  return null;
}

export const assetViewSchema = z
  .object({
    id: z.string(),
    kind: assetKindSchema,
    /** The name shown (renamable). */
    name: z.string(),
    /** The uploaded file's name (downloads use it). */
    filename: z.string(),
    content_type: z.string(),
    size: z.number().int(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    duration_ms: z.number().nullable(),
    /** A font's family name, read from its `name` table. */
    font_family: z.string().nullable(),
    urls: z.object({
      original: z.string(),
      /** Images: a 384 px WebP; videos: the poster; fonts and audio: the original (no picture). */
      thumbnail: z.string(),
      /** The video's poster frame, or null. */
      poster: z.string().nullable(),
      download: z.string(),
    }),
    /** Words to find it by: from the file name on upload, editable. */
    tags: z.array(z.string()),
    /** Copied in from a stock provider (null for uploads): where from, the licence and the credit to show. */
    stock: z
      .object({
        provider: z.string(),
        id: z.string(),
        page_url: z.string(),
        licence: z.string(),
        licence_url: z.string(),
        author: z.string(),
        author_url: z.string().nullable(),
        credit: z.string(),
      })
      .nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Asset" });
export type AssetView = z.infer<typeof assetViewSchema>;

export const assetViewPageSchema = z.object({ items: z.array(assetViewSchema), next_cursor: z.string().nullable() });
export type AssetViewPage = z.infer<typeof assetViewPageSchema>;

export const assetUsageSchema = z.object({
  videos: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      kind: z.enum(["video", "design"]),
      href: z.string(),
      scenes: z.array(z.number().int()),
    }),
  ),
  products: z.array(z.object({ id: z.string(), name: z.string(), href: z.string() })),
  brand_kit: z.object({ fields: z.array(z.string()) }).nullable(),
  /** Everything above in one number: 0 = unused. */
  total: z.number().int(),
});
export type AssetUsage = z.infer<typeof assetUsageSchema>;

export const assetPatchSchema = z
  .object({
    name: z.string().trim().min(1, "Give the asset a name.").max(255).optional(),
    /** Only between image and logo: the bytes decide every other kind. */
    kind: z.enum(["image", "logo"]).optional(),
    /** Replaces the tags: at most 20 of at most 40 characters each. */
    tags: z
      .array(
        z
          .string()
          .trim()
          .min(1, "A tag cannot be empty.")
          .max(TAG_MAX_CHARS, `A tag is at most ${TAG_MAX_CHARS} characters.`),
      )
      .max(TAG_MAX, `At most ${TAG_MAX} tags.`)
      .transform(normaliseTags)
      .optional(),
  })
  .strict()
  .refine((p) => p.name !== undefined || p.kind !== undefined || p.tags !== undefined, {
    message: "Send a name, a kind or tags.",
  });
export type AssetPatch = z.infer<typeof assetPatchSchema>;

export const assetListQuerySchema = z.object({
  kind: z
    .string()
    .max(80)
    .transform((s) =>
      s
        .split(",")
        .map((k) => k.trim())
        .filter(Boolean),
    )
    .pipe(z.array(assetKindSchema).min(1))
    .optional(),
  cursor: z.string().max(128).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const uploadQuerySchema = z.object({
  name: z.string().max(1000).optional(),
  kind: z.enum(["image", "logo"]).optional(),
});
