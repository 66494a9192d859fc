/** POST /api/v1/pages — a new (unpublished) page, optionally with first blocks (201). */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { pageRuntime } from "@/lib/creation/pages/runtime";
import { createPage } from "@/lib/creation/pages/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const POST = withUser(
  async ({ request, user }) => {
    const body = await readJsonBody(request, z.unknown(), 256 * 1024);
    return Response.json({ data: await createPage(pageRuntime(), user.uid, body) }, { status: 201, headers: NO_STORE });
  },
  { apiKey: "create" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
