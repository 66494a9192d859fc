/** The public asset-library and brand-kit operations (app/api/v1/assets/**, brand-kit). */
import { z } from "zod";
import { brandKitInputSchema, brandKitViewSchema } from "@/lib/creation/brand/contract";
import {
  assetUsageSchema,
  assetViewPageSchema,
  assetViewSchema,
  assetPatchSchema,
  ASSET_KINDS,
} from "@/lib/media/assets/contract";
import type { ApiOperation } from "@/lib/platform/api/openapi";
import { data, param } from "../shared";

const tag = "Assets";
const id = { id: param("The asset's id.", "ASSET_ID") };
const UPLOAD_TYPES = [
  "image/png",
  "image/jpeg",
  "image/webp",
  "image/svg+xml",
  "video/mp4",
  "audio/mpeg",
  "font/ttf",
  "font/woff2",
  "application/octet-stream",
];

export const assetOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/assets",
    tag,
    scope: "read",
    operationId: "listAssets",
    summary: "List my assets",
    description: "Uploaded pictures, logos, clips, audio and fonts, newest first.",
    query: z.object({
      kind: z
        .string()
        .optional()
        .meta({ description: `Comma-separated kinds: ${ASSET_KINDS.join(", ")}.` }),
      cursor: z.string().max(128).optional(),
      limit: z.coerce.number().int().min(1).max(100).optional(),
    }),
    success: [{ status: 200, description: "A page of assets.", json: data(assetViewPageSchema) }],
    errors: ["unprocessable_entity"],
  },
  {
    method: "post",
    path: "/api/v1/assets",
    tag,
    scope: "create",
    operationId: "uploadAsset",
    summary: "Upload an asset",
    description:
      "The file's bytes as the body (or multipart with a `file` field); `name` gives its file name. The bytes decide its kind.",
    query: z.object({ name: z.string().max(1000).optional(), kind: z.enum(["image", "logo"]).optional() }),
    body: { raw: UPLOAD_TYPES, description: "The file." },
    example: { query: { name: "logo.png" } },
    success: [{ status: 201, description: "The asset.", json: data(assetViewSchema) }],
    errors: ["unprocessable_entity", "payload_too_large", "unsupported_media_type", "conflict"],
  },
  {
    method: "get",
    path: "/api/v1/assets/{id}",
    tag,
    scope: "read",
    operationId: "getAsset",
    summary: "Get an asset",
    params: id,
    success: [{ status: 200, description: "The asset.", json: data(assetViewSchema) }],
    errors: ["not_found"],
  },
  {
    method: "patch",
    path: "/api/v1/assets/{id}",
    tag,
    scope: "create",
    operationId: "editAsset",
    summary: "Rename an asset or switch image/logo",
    params: id,
    body: assetPatchSchema,
    example: { body: { name: "Shop logo" } },
    success: [{ status: 200, description: "The asset.", json: data(assetViewSchema) }],
    errors: ["not_found", "unprocessable_entity", "conflict"],
  },
  {
    method: "delete",
    path: "/api/v1/assets/{id}",
    tag,
    scope: "delete",
    operationId: "deleteAsset",
    summary: "Delete an asset",
    description: "409 while something uses it, unless `force=true`.",
    params: id,
    query: z.object({ force: z.enum(["true", "false"]).optional() }),
    example: { query: { force: "true" } },
    success: [
      {
        status: 200,
        description: "Deleted, and what had used it.",
        json: data(z.object({ deleted: z.literal(1), kept_for: assetUsageSchema })),
      },
    ],
    errors: ["not_found", "conflict", "unprocessable_entity"],
  },
  {
    method: "put",
    path: "/api/v1/assets/{id}/content",
    tag,
    scope: "create",
    operationId: "replaceAssetContent",
    summary: "Replace an asset's file",
    description: "Everything that uses the asset shows the new file.",
    params: id,
    query: z.object({ name: z.string().max(1000).optional() }),
    body: { raw: UPLOAD_TYPES, description: "The new file (the same kind)." },
    success: [{ status: 200, description: "The asset.", json: data(assetViewSchema) }],
    errors: ["not_found", "unprocessable_entity", "payload_too_large", "unsupported_media_type", "conflict"],
  },
  {
    method: "get",
    path: "/api/v1/assets/{id}/download",
    tag,
    scope: "read",
    operationId: "downloadAsset",
    summary: "Download an asset",
    params: id,
    success: [{ status: 200, description: "The file as uploaded, with its own media type.", file: "*/*" }],
    errors: ["not_found"],
  },
  {
    method: "get",
    path: "/api/v1/assets/{id}/usage",
    tag,
    scope: "read",
    operationId: "getAssetUsage",
    summary: "Where an asset is used",
    params: id,
    success: [
      {
        status: 200,
        description: "Videos, designs, products and the brand kit using it.",
        json: data(assetUsageSchema),
      },
    ],
    errors: ["not_found"],
  },
  {
    method: "get",
    path: "/api/v1/brand-kit",
    tag: "Brand kit",
    scope: "read",
    operationId: "getBrandKit",
    summary: "My brand kit",
    success: [{ status: 200, description: "The kit (defaults until saved).", json: data(brandKitViewSchema) }],
  },
  {
    method: "put",
    path: "/api/v1/brand-kit",
    tag: "Brand kit",
    scope: "create",
    operationId: "saveBrandKit",
    summary: "Save my brand kit",
    body: brandKitInputSchema,
    example: {
      body: {
        logo_asset_id: null,
        colors: { primary: "#4f46e5", secondary: "#e0e7ff", accent: "#f59e0b", text: "#111827", background: "#ffffff" },
        fonts: { heading: { kind: "bundled", id: "inter" }, body: { kind: "bundled", id: "inter" } },
      },
    },
    success: [{ status: 200, description: "The kit.", json: data(brandKitViewSchema) }],
    errors: ["unprocessable_entity", "not_found"],
  },
];
