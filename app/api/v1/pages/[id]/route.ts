/**
 * GET /api/v1/pages/{id} — the page with its blocks and media previews.
 * PATCH — title and/or blocks (revision-checked: 409 on a stale revision).
 * DELETE — the page (204); its public URL stops answering at once.
 */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { pageRuntime } from "@/lib/creation/pages/runtime";
import { deletePage, editPage, getPage } from "@/lib/creation/pages/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(
  async ({ user, params }) => {
    return Response.json({ data: await getPage(pageRuntime(), user.uid, String(params.id)) }, { headers: NO_STORE });
  },
  { apiKey: "read" },
);

export const PATCH = withUser(
  async ({ request, user, params }) => {
    const body = await readJsonBody(request, z.unknown(), 256 * 1024);
    return Response.json(
      { data: await editPage(pageRuntime(), user.uid, String(params.id), body) },
      { headers: NO_STORE },
    );
  },
  { apiKey: "create" },
);

export const DELETE = withUser(
  async ({ user, params }) => {
    await deletePage(pageRuntime(), user.uid, String(params.id));
    return new Response(null, { status: 204 });
  },
  { apiKey: "delete" },
);

export const { POST, PUT } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);
