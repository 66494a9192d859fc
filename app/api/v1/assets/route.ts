/**
 * GET /api/v1/assets?cursor&limit — my assets newest first: AssetPage.
 * POST multipart field "file" (PNG, JPEG or WebP, at most 10 MB) -> AssetItem (201);
 * 415 for anything else, 413 when too large, nothing written either way.
 */
import { z } from "zod";
import { methodNotAllowed } from "@/lib/api/errors";
import { readQuery } from "@/lib/api/body";
import { withUser } from "@/lib/api/with-user";
import { ASSET_MAX_BYTES, listAssets, uploadAsset } from "@/lib/assets/assets";
import { readUploadedFile } from "@/lib/assets/read-upload";
import { getDb } from "@/lib/db";
import { getBlobStore } from "@/lib/storage";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "private, no-store" };

const querySchema = z.object({
  cursor: z.string().max(128).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const GET = withUser(async ({ request, user }) => {
  const q = readQuery(request, querySchema);
  const page = await listAssets({ db: getDb(), store: getBlobStore(), uid: user.uid, cursor: q.cursor, limit: q.limit });
  return Response.json({ data: page }, { headers: NO_STORE });
});

export const POST = withUser(async ({ request, user }) => {
  const file = await readUploadedFile(request, { field: "file", maxBytes: ASSET_MAX_BYTES });
  const item = await uploadAsset({ db: getDb(), store: getBlobStore(), uid: user.uid, name: file.name, bytes: file.bytes });
  return Response.json({ data: item }, { status: 201, headers: NO_STORE });
});

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = PUT;
export const DELETE = PUT;
