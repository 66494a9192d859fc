/** The public workspace operations: all my content, pages, gallery choices, notifications, my profile. */
import { z } from "zod";
import { galleryChoiceSchema } from "@/lib/creation/gallery/contract";
import { notificationsViewSchema } from "@/lib/creation/notifications/contract";
import {
  createPageInputSchema,
  editPageInputSchema,
  pageViewSchema,
  publishInputSchema,
} from "@/lib/creation/pages/contract";
import {
  bulkItemsSchema,
  itemRefSchema,
  WORKSPACE_KINDS,
  WORKSPACE_SORTS,
  WORKSPACE_STATUSES,
  workspaceItemSchema,
} from "@/lib/creation/workspace/contract";
import { profileSchema } from "@/lib/access/auth/types";
import type { ApiOperation } from "@/lib/platform/api/openapi";
import { data, param } from "../shared";

const tag = "Workspace";
const contentId = { id: param("The content's id (a video, design, image or page).", "CONTENT_ID") };
const pageId = { id: param("The page's id.", "PAGE_ID") };
const galleryChoice = data(
  z.object({
    id: z.string(),
    kind: z.string(),
    show: z.boolean().meta({ description: "My choice." }),
    listing: z
      .enum(["listed", "off", "not_public", "not_ready", "hidden"])
      .meta({ description: "What the gallery does with it now." }),
  }),
);

export const workspaceOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/workspace",
    tag,
    scope: "read",
    operationId: "listWorkspace",
    summary: "Everything I made",
    description: "Videos, designs, images, pages and products in one list; filter, search and sort.",
    query: z.object({
      kind: z
        .string()
        .optional()
        .meta({ description: `Comma-separated: ${WORKSPACE_KINDS.join(", ")}.` }),
      status: z
        .string()
        .optional()
        .meta({ description: `Comma-separated: ${WORKSPACE_STATUSES.join(", ")}.` }),
      q: z.string().max(200).optional(),
      sort: z.enum(WORKSPACE_SORTS).optional(),
      cursor: z.string().max(600).optional(),
      limit: z.coerce.number().int().min(1).max(100).optional(),
    }),
    example: { query: { kind: "video,design", sort: "newest" } },
    success: [
      {
        status: 200,
        description: "A page of items.",
        json: z.object({
          data: z.array(workspaceItemSchema),
          next_cursor: z.string().nullable(),
          scan: z.object({ limit: z.number().int(), truncated: z.boolean() }),
        }),
      },
    ],
    errors: ["unprocessable_entity"],
  },
  {
    method: "post",
    path: "/api/v1/workspace/download",
    tag,
    scope: "read",
    operationId: "downloadWorkspaceItems",
    summary: "Download several items",
    description: "A ZIP of the rendered files of the items named; `X-Files` and `X-Skipped` count what went in.",
    body: bulkItemsSchema,
    example: { body: { items: [{ kind: "video", id: "VIDEO_ID" }] } },
    success: [{ status: 200, description: "The files.", file: "application/zip" }],
    errors: ["unprocessable_entity", "not_found", "conflict"],
  },
  {
    method: "post",
    path: "/api/v1/workspace/delete",
    tag,
    scope: "delete",
    operationId: "deleteWorkspaceItems",
    summary: "Delete several items",
    body: bulkItemsSchema,
    example: { body: { items: [{ kind: "design", id: "DESIGN_ID" }] } },
    success: [
      {
        status: 200,
        description: "What was deleted, and what was skipped and why.",
        json: data(
          z.object({
            deleted: z.array(itemRefSchema),
            skipped: z.array(itemRefSchema.extend({ reason: z.string() })),
          }),
        ),
      },
    ],
    errors: ["unprocessable_entity"],
  },
  {
    method: "get",
    path: "/api/v1/content/{id}",
    tag,
    scope: "read",
    operationId: "getContentRef",
    summary: "What kind an item is",
    params: contentId,
    success: [
      {
        status: 200,
        description: "Its kind, title, status and visibility.",
        json: data(
          z.object({
            id: z.string(),
            kind: z.string(),
            title: z.string(),
            status: z.string(),
            visibility: z.enum(["private", "public"]),
          }),
        ),
      },
    ],
    errors: ["not_found"],
  },
  {
    method: "get",
    path: "/api/v1/content/{id}/gallery",
    tag,
    scope: "read",
    operationId: "getGalleryChoice",
    summary: "Is an item in the public gallery",
    params: contentId,
    success: [{ status: 200, description: "My choice and its effect.", json: galleryChoice }],
    errors: ["not_found"],
  },
  {
    method: "put",
    path: "/api/v1/content/{id}/gallery",
    tag,
    scope: "create",
    operationId: "setGalleryChoice",
    summary: "Show an item in the public gallery, or not",
    params: contentId,
    body: galleryChoiceSchema,
    example: { body: { show: false } },
    success: [{ status: 200, description: "My choice and its effect.", json: galleryChoice }],
    errors: ["not_found", "unprocessable_entity"],
  },
  {
    method: "post",
    path: "/api/v1/pages",
    tag: "Pages",
    scope: "create",
    operationId: "createPage",
    summary: "Make a page",
    description: "A simple web page of blocks (headings, text, videos, pictures, buttons).",
    body: createPageInputSchema,
    example: { body: { title: "Our coffee", blocks: [{ id: "b1", type: "heading", text: "Roasted this morning" }] } },
    success: [{ status: 201, description: "The page.", json: data(pageViewSchema) }],
    errors: ["unprocessable_entity", "not_found", "payload_too_large"],
  },
  {
    method: "get",
    path: "/api/v1/pages/{id}",
    tag: "Pages",
    scope: "read",
    operationId: "getPage",
    summary: "Get a page",
    params: pageId,
    success: [{ status: 200, description: "The page.", json: data(pageViewSchema) }],
    errors: ["not_found"],
  },
  {
    method: "patch",
    path: "/api/v1/pages/{id}",
    tag: "Pages",
    scope: "create",
    operationId: "editPage",
    summary: "Edit a page",
    description: "Send the revision you edited: another stored revision answers 409.",
    params: pageId,
    body: editPageInputSchema,
    example: { body: { revision: 1, title: "Our coffee, roasted daily" } },
    success: [{ status: 200, description: "The page.", json: data(pageViewSchema) }],
    errors: ["not_found", "conflict", "unprocessable_entity", "payload_too_large"],
  },
  {
    method: "delete",
    path: "/api/v1/pages/{id}",
    tag: "Pages",
    scope: "delete",
    operationId: "deletePage",
    summary: "Delete a page",
    params: pageId,
    success: [{ status: 204, description: "Deleted." }],
    errors: ["not_found"],
  },
  {
    method: "put",
    path: "/api/v1/pages/{id}/publish",
    tag: "Pages",
    scope: "create",
    operationId: "publishPage",
    summary: "Publish or unpublish a page",
    params: pageId,
    body: publishInputSchema,
    example: { body: { published: true } },
    success: [{ status: 200, description: "The page.", json: data(pageViewSchema) }],
    errors: ["not_found", "unprocessable_entity", "conflict"],
  },
  {
    method: "get",
    path: "/api/v1/notifications",
    tag: "Account",
    scope: "read",
    operationId: "listNotifications",
    summary: "Work that finished lately",
    description: "Renders, exports and batches that finished, newest first, and how many jobs still run.",
    success: [{ status: 200, description: "The notifications.", json: data(notificationsViewSchema) }],
  },
  {
    method: "get",
    path: "/api/v1/user-info",
    tag: "Account",
    scope: "read",
    operationId: "getUserInfo",
    summary: "My profile",
    description: "Name, plan and credit balance.",
    success: [
      {
        status: 200,
        description: "The profile.",
        json: data(profileSchema),
      },
    ],
    errors: ["not_found"],
  },
];
