/**
 * The core entities the product is built on. Domains declare their own
 * collections beside their code; the app's registry (lib/registry/collections.ts)
 * lists these and theirs for the drivers, the index generator, export/import
 * and the dashboard.
 */
import { z } from "zod";
import { libraryCollections } from "./collections-library";
import { defineCollection, isoTimestamp, type AnyCollectionDef, type DocOf } from "./define";
import { DOC_ID } from "./ids";

const uid = z.string().regex(DOC_ID);

export const PLANS = ["free", "pro", "team"] as const;
export type Plan = (typeof PLANS)[number];
/** granted: this account got them; pending: its email is not verified yet; refused: its email already had them. */
export const SIGNUP_CREDIT_STATES = ["granted", "pending", "refused"] as const;

/** Where staff change credits (money's staff grant action), named in the edit policies below. */
const GRANT_ACTION = "grant credits on /subscription (the staff panel)";

/** Profiles (Foundation), id = Firebase uid. */
export const users = defineCollection({
  name: "users",
  schema: z.object({
    user_id: uid,
    email: z.string().max(320).nullable(),
    name: z.string().max(200).nullable(),
    photo_url: z.string().max(2048).nullable(),
    provider: z.string().min(1).max(64),
    is_staff: z.boolean(),
    /** Below zero only when a refunded or disputed credit pack took back credits already spent (spending then stops). */
    credits: z.number().int(),
    plan: z.enum(PLANS),
    created_at: isoTimestamp(),
    last_login_at: isoTimestamp(),
    /** The new account's free credits (lib/money/billing/grants.ts): absent on accounts made before the once-per-email rule. */
    signup_credits: z.enum(SIGNUP_CREDIT_STATES).optional(),
  }),
  id: { pattern: DOC_ID, auto: false, description: "a Firebase uid" },
  timestamps: ["created_at", "last_login_at"],
  indexes: [["email"], ["plan", "created_at desc"]],
  edit: {
    locked: [
      {
        path: "credits",
        reason: `Credits change only through the grant action, with a reason and within a daily cap, recorded in the ledger: ${GRANT_ACTION}.`,
        initial: 0,
      },
      {
        path: "plan",
        reason:
          "The plan follows the Stripe subscription: change it in Stripe (its dashboard, or the customer's billing portal) and the webhook updates it here.",
        initial: "free",
      },
    ],
  },
});

/** A page is composed from blocks (`/content/{id}/edit`) and published at `/pages/{id}`. */
export const CONTENT_KINDS = ["image", "design", "video", "page"] as const;
export const CONTENT_STATUSES = ["draft", "queued", "running", "ready", "failed"] as const;
const storageKey = z.string().min(1).max(512);

/** Every thing a user makes; `/image-gen/{id}`, `/videos/{id}`, `/content/{id}` show these. */
export const content = defineCollection({
  name: "content",
  schema: z.object({
    owner_id: uid,
    kind: z.enum(CONTENT_KINDS),
    title: z.string().max(200),
    status: z.enum(CONTENT_STATUSES),
    visibility: z.enum(["private", "public"]),
    /** The settings it was made with (prompt, model, size, ...), as the feature defines them. */
    settings: z.record(z.string(), z.unknown()),
    blobs: z.object({
      original: storageKey.nullable(),
      thumbnail: storageKey.nullable(),
      poster: storageKey.nullable(),
    }),
    error: z.string().max(2000).nullable().default(null),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
    /**
     * The owner's choice "Show in the public gallery" (lib/creation/gallery): a separate consent from the
     * public link, off unless set; the gallery lists an item only while it is also public.
     */
    in_gallery: z.boolean().optional(),
    /**
     * Set when staff hid the item from the public gallery, whatever the owner chose; null or absent otherwise.
     * Who hid it is in the update log, not on the owner's document.
     */
    gallery_hidden_at: isoTimestamp().nullable().optional(),
  }),
  timestamps: ["created_at", "updated_at"],
  indexes: [
    ["owner_id", "created_at desc"],
    // The public gallery (lib/creation/gallery/service.ts): opted-in public items, newest first.
    ["in_gallery", "visibility", "created_at desc"],
    ["owner_id", "kind", "created_at desc"],
    ["visibility", "created_at desc"],
    // Image gallery filters (lib/media/images writes settings.model_id / settings.vibe_id) and trending.
    ["owner_id", "kind", "settings.model_id", "created_at desc"],
    ["owner_id", "kind", "settings.vibe_id", "created_at desc"],
    ["visibility", "kind", "created_at desc"],
    // Remix counts for trending (lib/media/likes counts content whose settings.remix_of names an image).
    ["settings.remix_of", "created_at desc"],
    // What was made from a product (lib/creation/products).
    ["owner_id", "settings.product_id", "created_at desc"],
    // A design's resize set (lib/creation/designs: the sizes made from one original).
    ["owner_id", "settings.resize_set", "created_at desc"],
  ],
});

export const JOB_STATES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export type JobState = (typeof JOB_STATES)[number];

/** Long work (generation, rendering), claimed by workers in a transaction with a lease. */
export const jobs = defineCollection({
  name: "jobs",
  schema: z.object({
    type: z.string().regex(/^[a-z][a-z0-9_.-]{0,63}$/),
    owner_id: uid,
    content_id: z.string().nullable(),
    state: z.enum(JOB_STATES),
    progress: z.number().min(0).max(1),
    attempts: z.number().int().min(0),
    max_attempts: z.number().int().min(1).default(3),
    error: z.string().max(2000).nullable(),
    worker_id: z.string().max(128).nullable(),
    /** When the claiming worker's lease ends; another worker may take the job after it. */
    lease_expires_at: isoTimestamp().nullable(),
    input: z.record(z.string(), z.unknown()).default({}),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
  }),
  timestamps: ["lease_expires_at", "created_at", "updated_at"],
  indexes: [
    ["state", "created_at"],
    ["state", "lease_expires_at"],
    // Workers claim their own job types (lib/platform/jobs/queue.ts claimJob `types`).
    ["type", "state", "created_at"],
    ["type", "state", "lease_expires_at"],
    ["owner_id", "created_at desc"],
    // The per-user cap on concurrent jobs (lib/media/images/generation-service.ts).
    ["owner_id", "state"],
    // Fair claims (lib/platform/jobs/fair.ts): the next owner's oldest queued job, of the worker's types or any;
    // and an owner's live running jobs (its running limit).
    ["type", "state", "owner_id", "created_at"],
    ["state", "owner_id", "created_at"],
    ["owner_id", "state", "lease_expires_at"],
  ],
});

/** Every debit, refund and grant, so a balance can be rebuilt and audited. */
export const creditLedger = defineCollection({
  name: "credit_ledger",
  schema: z.object({
    owner_id: uid,
    /** Negative for a debit, positive for a refund or grant. */
    delta: z.number().int(),
    reason: z.enum(["grant", "debit", "refund", "purchase", "adjustment"]),
    balance_after: z.number().int(),
    content_id: z.string().nullable(),
    job_id: z.string().nullable(),
    note: z.string().max(500).nullable().default(null),
    /** The staff member who granted it (staff grants only): their daily cap sums these. */
    granted_by: uid.nullable().default(null),
    created_at: isoTimestamp(),
  }),
  timestamps: ["created_at"],
  // The second serves the usage history's filter by kind (lib/money/billing/history.ts), the third the staff grant cap (lib/money/billing/staff-grant.ts).
  indexes: [
    ["owner_id", "created_at desc"],
    ["owner_id", "reason", "created_at desc"],
    ["granted_by", "created_at desc"],
  ],
  edit: {
    readOnly: `The credit ledger records every credit movement and is never edited here: a balance is the sum of its entries. To change one, ${GRANT_ACTION}: it adds an entry with your reason, within your daily cap.`,
  },
});

/** A user's uploaded files; the bytes live in lib/platform/storage under `storage_key`. */
export const assets = defineCollection({
  name: "assets",
  schema: z.object({
    owner_id: uid,
    filename: z.string().min(1).max(255),
    content_type: z.string().min(1).max(128),
    size: z.number().int().min(0),
    storage_key: storageKey,
    created_at: isoTimestamp(),
    // Added with the asset library (lib/media/assets); documents written before read with these defaults
    // (they were all PNG/JPEG/WebP images whose size and thumbnail live in `asset_details`).
    kind: z.enum(["image", "logo", "video", "audio", "font"]).nullable().default(null),
    /** The name shown, renamable; null = the filename. */
    name: z.string().min(1).max(255).nullable().default(null),
    width: z.number().int().positive().nullable().default(null),
    height: z.number().int().positive().nullable().default(null),
    duration_ms: z.number().int().min(0).nullable().default(null),
    /** A WebP thumbnail (images) or poster frame (video clips). */
    thumbnail_key: storageKey.nullable().default(null),
    font_family: z.string().max(120).nullable().default(null),
    updated_at: isoTimestamp().nullable().default(null),
    /** Words to find it by (lower case): from the file name on upload, editable; stock search matches them. */
    tags: z.array(z.string().min(1).max(40)).max(20).default([]),
    /** Copied in from a stock provider: where from, under which licence, and whose work (shown as its credit). */
    source: z
      .object({ provider: z.string().max(40), id: z.string().max(128), page_url: z.string().max(2000) })
      .nullable()
      .default(null),
    licence: z
      .object({ name: z.string().max(120), url: z.string().max(2000) })
      .nullable()
      .default(null),
    attribution: z
      .object({ author: z.string().max(200), author_url: z.string().max(2000).nullable(), text: z.string().max(300) })
      .nullable()
      .default(null),
  }),
  timestamps: ["created_at", "updated_at"],
  indexes: [["owner_id", "created_at desc"]],
});

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);

/** Style presets for image generation; `owner_id` null = built in (seeded), visible to everyone. */
export const vibes = defineCollection({
  name: "vibes",
  schema: z.object({
    owner_id: uid.nullable(),
    name: z.string().trim().min(1).max(80),
    description: z.string().max(500).default(""),
    /** Appended to the user's prompt. */
    prompt_additions: z.string().max(1000),
    negative_prompt: z.string().max(1000).default(""),
    palette: z.array(hexColor).max(8).default([]),
    example_content_ids: z.array(z.string().max(128)).max(12).default([]),
    visibility: z.enum(["private", "public"]),
    created_at: isoTimestamp(),
    updated_at: isoTimestamp(),
  }),
  timestamps: ["created_at", "updated_at"],
  indexes: [
    ["owner_id", "created_at desc"],
    ["visibility", "created_at desc"],
  ],
});

/** One like per (user, content): id = `${content_id}_${owner_id}` so liking twice is the same document. */
export const likes = defineCollection({
  name: "likes",
  schema: z.object({
    content_id: z.string().min(1).max(128),
    /** Who liked. */
    owner_id: uid,
    /** Who made the liked content (trending by creator, notifications). */
    content_owner_id: uid,
    created_at: isoTimestamp(),
  }),
  id: { pattern: /^[A-Za-z0-9_-]{1,257}$/, auto: false, description: "`${content_id}_${uid}`" },
  timestamps: ["created_at"],
  indexes: [["content_id", "created_at desc"], ["owner_id", "created_at desc"], ["created_at desc"]],
});

/** The store's own collections, first in the registry (lib/registry/collections.ts). */
export const coreCollections: readonly AnyCollectionDef[] = [
  users,
  content,
  jobs,
  creditLedger,
  assets,
  vibes,
  likes,
  ...libraryCollections,
];

export type UserDoc = DocOf<typeof users>;
export type ContentDoc = DocOf<typeof content>;
export type JobDoc = DocOf<typeof jobs>;
export type CreditLedgerDoc = DocOf<typeof creditLedger>;
export type AssetDoc = DocOf<typeof assets>;
export type VibeDoc = DocOf<typeof vibes>;
export type LikeDoc = DocOf<typeof likes>;
