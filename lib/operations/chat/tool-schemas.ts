/**
 * The chat's tools as data: each one's description and input schema. The
 * chat (tools.ts adds what they do) and the function-calling evaluation
 * (lib/operations/fc-report/eval-cases.ts, which only compares calls) share them, so the
 * evaluation measures the very functions production offers. Browser-safe.
 */
import { z } from "zod";
import { CONTENT_KINDS, CONTENT_STATUSES } from "@/lib/platform/db/collections";
import { DOC_ID } from "@/lib/platform/db/ids";

const docId = z.string().regex(DOC_ID, "an id is 1-128 characters of A-Z a-z 0-9 _ -");

export const IMAGE_RATIOS = ["1:1", "4:5", "3:2", "16:9", "9:16"] as const;
export const DRAFT_SLOT_ROLES = [
  "headline",
  "subhead",
  "body",
  "price",
  "cta",
  "badge",
  "quote",
  "stat",
  "media",
  "logo",
] as const;

export const lookupUserInput = z
  .object({
    email: z.email("email must be an email address").optional().describe("The user's email address"),
    uid: docId.optional().describe("The user's id (Firebase uid)"),
  })
  .refine((v) => Boolean(v.email) !== Boolean(v.uid), {
    message: "Give exactly one of email or uid (missing argument).",
  });

export const lookupContentInput = z.object({ id: docId.describe("The content item's id") });
export const lookupJobInput = z.object({ id: docId.describe("The job's id") });

const filterValue = z.union([z.string().max(200), z.number(), z.boolean(), z.null()]);
export const countDocumentsInput = z.object({
  collection: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,62}$/, "a collection name is lowercase, e.g. content")
    .describe("A collection of the registry, e.g. content, jobs, users"),
  filters: z
    .array(
      z.object({
        field: z
          .string()
          .regex(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/)
          .describe("A field the collection declares, e.g. status"),
        op: z.enum(["==", "!=", "in"]).default("=="),
        value: z.union([filterValue, z.array(filterValue).min(1).max(10)]),
      }),
    )
    .max(4)
    .default([])
    .describe("Equality filters, all of which must hold"),
});

export const countContentInput = z.object({
  kind: z.enum(CONTENT_KINDS).optional().describe("Only items of this kind: image, design, video or page"),
  status: z
    .enum(CONTENT_STATUSES)
    .optional()
    .describe("Only items in this state: draft, queued, running, ready (finished) or failed"),
});

export const generateImageInput = z.object({
  prompt: z.string().trim().min(1, "prompt is required").max(2000).describe("What the picture shows"),
  aspect_ratio: z.enum(IMAGE_RATIOS).default("1:1").describe("The picture's shape"),
});

export const draftLayoutInput = z.object({
  name: z.string().trim().min(1).max(80).describe("The layout's name"),
  brief: z.string().trim().min(1).max(2000).describe("What the layout is for"),
  slots: z
    .array(z.object({ role: z.enum(DRAFT_SLOT_ROLES), label: z.string().trim().min(1).max(80).optional() }))
    .min(1)
    .max(8)
    .describe("The slots from top to bottom; role media is a picture, logo a logo, the rest text"),
});

export const CHAT_TOOL_SPECS = {
  lookup_user: {
    description:
      "Look up one user of the product by email address or uid: plan, credits, staff or not, when they joined.",
    inputSchema: lookupUserInput,
  },
  lookup_content: {
    description: "Look up one content item (an image, design, video or page) by id: kind, title, status, owner, dates.",
    inputSchema: lookupContentInput,
  },
  lookup_job: {
    description: "Look up one job of the queue by id: type, state, progress, attempts, error.",
    inputSchema: lookupJobInput,
  },
  count_content: {
    description:
      "Count the product's content items (videos, images, designs, pages), optionally of one kind and in one state, e.g. the videos that are ready.",
    inputSchema: countContentInput,
  },
  count_documents: {
    description:
      "Count the documents of one collection of the data store (not videos or images as such: use count_content for those), optionally with equality filters on the collection's declared fields.",
    inputSchema: countDocumentsInput,
  },
  generate_image: {
    description:
      "Generate a picture with the image generator (charged in credits like any generation); answers with the job and content ids.",
    inputSchema: generateImageInput,
  },
  draft_layout: {
    description:
      "Draft a new scene layout into the generated-layouts review queue (stage draft, awaiting review), from a name, a brief and its slots.",
    inputSchema: draftLayoutInput,
  },
} as const;

export type ChatToolName = keyof typeof CHAT_TOOL_SPECS;
export const CHAT_TOOL_NAMES = Object.keys(CHAT_TOOL_SPECS) as ChatToolName[];
