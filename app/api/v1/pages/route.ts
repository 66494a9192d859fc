/** POST /api/v1/pages — a new (unpublished) page, optionally with first blocks (201). */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/api/errors";
import { readJsonBody } from "@/lib/api/body";
import { withUser } from "@/lib/auth/server/with-user";
import { pageRuntime } from "@/lib/pages/runtime";
import { createPage } from "@/lib/pages/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const POST = withUser(async ({ request, user }) => {
  const body = await readJsonBody(request, z.unknown(), 256 * 1024);
  return Response.json({ data: await createPage(pageRuntime(), user.uid, body) }, { status: 201, headers: NO_STORE });
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
