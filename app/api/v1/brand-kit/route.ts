/**
 * GET /api/v1/brand-kit -> BrandKitView (the defaults, saved: false, until one is saved)
 * PUT BrandKitInput -> BrandKitView (422 for a logo or font that is not one of my assets of that kind)
 */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { getBrandKit, saveBrandKit } from "@/lib/creation/brand/service";
import { getDb } from "@/lib/platform/db";
import { getBlobStore } from "@/lib/platform/storage";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(
  async ({ user }) =>
    Response.json({ data: await getBrandKit({ db: getDb(), store: getBlobStore() }, user.uid) }, { headers: NO_STORE }),
  { apiKey: "read" },
);

export const PUT = withUser(
  async ({ request, user }) => {
    const body = await readJsonBody(request, z.unknown(), 8 * 1024);
    return Response.json(
      { data: await saveBrandKit({ db: getDb(), store: getBlobStore() }, user.uid, body) },
      { headers: NO_STORE },
    );
  },
  { apiKey: "create" },
);

export const { POST, PATCH, DELETE } = methodsNotAllowed(["GET", "PUT"]);
