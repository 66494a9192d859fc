/**
 * GET /api/v1/studio/layouts/{id} — one layout with its validation issues and sample media URLs (staff).
 * PATCH `{ revision, body }` — saves the body; 422 with issues when it has errors, 409 when the revision moved.
 * DELETE ?revision= — deletes a draft (204); 409 for other stages, a stale revision or a template offering it.
 */
import { readJsonBody } from "@/lib/platform/api/body";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { updateLayoutInputSchema } from "@/lib/studio/layouts/contract";
import { studioLayoutRuntime } from "@/lib/studio/layouts/runtime";
import { deleteLayout, getLayout, updateLayout } from "@/lib/studio/layouts/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(
  async ({ params }) =>
    Response.json({ data: await getLayout(studioLayoutRuntime(), String(params.id)) }, { headers: NO_STORE }),
  { internal: true },
);

export const PATCH = withUser(
  async ({ request, params }) => {
    const body = await readJsonBody(request, updateLayoutInputSchema, 256 * 1024);
    return Response.json(
      { data: await updateLayout(studioLayoutRuntime(), String(params.id), body) },
      { headers: NO_STORE },
    );
  },
  { internal: true },
);

export const DELETE = withUser(
  async ({ request, params }) => {
    const raw = request.nextUrl.searchParams.get("revision");
    await deleteLayout(studioLayoutRuntime(), String(params.id), raw === null || raw === "" ? -1 : Number(raw));
    return new Response(null, { status: 204 });
  },
  { internal: true },
);

export const { POST, PUT } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);
