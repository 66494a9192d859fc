/**
 * Store declarations of the composition domain: layouts, templates, their
 * immutable versions and users' compositions. Registered in
 * lib/platform/db/collections.ts through `compositionCollections`.
 */
import { z } from "zod";
import { defineCollection, isoTimestamp, type AnyCollectionDef, type DocOf } from "@/lib/platform/db/define";
import { compositionBodySchema } from "./composition-schema";
import { LAYOUT_ID, LAYOUT_ORIGINS, LIBRARY_STAGES, layoutBodySchema } from "./layout-schema";
import { TEMPLATE_ID, templateIdSchema, templateVersionBodySchema } from "./template-schema";
import { DOC_ID } from "@/lib/platform/db/ids";

const uid = z.string().regex(DOC_ID);
/** Who made a library item: a staff uid, or "system" for seeded data. */
const author = z.string().regex(DOC_ID);

const libraryMeta = {
  stage: z.enum(LIBRARY_STAGES),
  /** Bumped on every write: the staff studio sends the revision it edited and gets a conflict when it moved. */
  revision: z.number().int().min(0),
  /** Seeded example data (starter library). */
  demo: z.boolean(),
  created_at: isoTimestamp(),
  updated_at: isoTimestamp(),
  created_by: author,
};

/** How a generated layout came about and where its review stands (null for starter and staff layouts). */
export const GENERATION_STATUSES = ["pending", "accepted", "rejected"] as const;
export const layoutGenerationSchema = z.object({
  brief: z.string().max(2000),
  model_id: z.string().min(1).max(128),
  /** One /layout-gen request: the candidates made together. */
  batch_id: z.string().min(1).max(128),
  /** pending = in the review queue (/generated-layouts); accepted = entered the pipeline as a draft; rejected = kept with its reason, out of the library. */
  status: z.enum(GENERATION_STATUSES),
  reason: z.string().max(500).nullable(),
  reviewed_by: z.string().max(128).nullable(),
  reviewed_at: isoTimestamp().nullable(),
});
export type LayoutGeneration = z.infer<typeof layoutGenerationSchema>;

/** Layouts, id = a slug (`starter-split`); the body is layout-schema.ts. */
export const layouts = defineCollection({
  name: "layouts",
  schema: layoutBodySchema.extend({
    ...libraryMeta,
    origin: z.enum(LAYOUT_ORIGINS),
    /** Bumped when the layout's body changes in a way template versions should snapshot anew. */
    version: z.number().int().min(1),
    generation: layoutGenerationSchema.nullable().default(null),
  }),
  id: { pattern: LAYOUT_ID, auto: false, description: "a lowercase slug, e.g. starter-split" },
  timestamps: ["created_at", "updated_at"],
  indexes: [
    ["stage", "updated_at desc"],
    ["origin", "stage", "updated_at desc"],
    ["generation.status", "created_at desc"],
  ],
});

/** Templates, id = a slug (`starter-bold`); what a version looks like is in `template_versions`. */
export const templates = defineCollection({
  name: "templates",
  schema: z.object({
    name: z.string().trim().min(1).max(80),
    description: z.string().max(500),
    ...libraryMeta,
    /** The version new content uses. */
    current_version: z.number().int().min(1),
    /** Layout ids of the current version, for "which templates use this layout" lookups. */
    layout_ids: z.array(z.string().regex(LAYOUT_ID)).max(40),
  }),
  id: { pattern: TEMPLATE_ID, auto: false, description: "a lowercase slug, e.g. starter-bold" },
  timestamps: ["created_at", "updated_at"],
  indexes: [["stage", "updated_at desc"]],
});

/** Versions of templates, id = `${template_id}@${version}`; immutable once `published_at` is set. */
export const templateVersions = defineCollection({
  name: "template_versions",
  schema: templateVersionBodySchema.extend({
    template_id: templateIdSchema,
    version: z.number().int().min(1),
    /** Set when the version is published; from then on it never changes. */
    published_at: isoTimestamp().nullable(),
    created_at: isoTimestamp(),
    created_by: author,
  }),
  id: { pattern: /^[a-z0-9][a-z0-9-]{0,63}@[1-9][0-9]{0,5}$/, auto: false, description: "`${template_id}@${version}`" },
  timestamps: ["published_at", "created_at"],
  indexes: [["template_id", "version desc"]],
});

/** Users' compositions, id = the id of their `content` document. */
export const compositions = defineCollection({
  name: "compositions",
  schema: compositionBodySchema.extend({
    owner_id: uid,
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
  }),
  timestamps: ["created_at", "updated_at"],
  indexes: [
    ["owner_id", "updated_at desc"],
    // A template's newest content (the templates dashboard's "last used"; its counts are counters).
    ["template.id", "created_at desc"],
  ],
});

export const compositionCollections: readonly AnyCollectionDef[] = [layouts, templates, templateVersions, compositions];

export type LayoutDoc = DocOf<typeof layouts>;
export type TemplateDoc = DocOf<typeof templates>;
export type TemplateVersionDoc = DocOf<typeof templateVersions>;
export type CompositionDoc = DocOf<typeof compositions>;
