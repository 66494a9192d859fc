/**
 * GET /api/v1/designs/{id} — the design with its composition, export state, files and resize set.
 * PATCH — an edit (revision-checked; 409 while exporting or on a stale revision).
 * DELETE — the design, its revisions and files (204).
 */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { designRuntime } from "@/lib/creation/designs/runtime";
import { deleteDesign } from "@/lib/creation/designs/service/delete-design";
import { editDesign } from "@/lib/creation/designs/service/edit-design";
import { getDesign } from "@/lib/creation/designs/service/get-design";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(
  async ({ user, params }) => {
    return Response.json(
      { data: await getDesign(designRuntime(), user.uid, String(params.id)) },
      { headers: NO_STORE },
    );
  },
  { apiKey: "read" },
);

export const PATCH = withUser(
  async ({ request, user, params }) => {
    const body = await readJsonBody(request, z.unknown(), 512 * 1024);
    return Response.json(
      { data: await editDesign(designRuntime(), user.uid, String(params.id), body) },
      { headers: NO_STORE },
    );
  },
  { apiKey: "create" },
);

export const DELETE = withUser(
  async ({ user, params }) => {
    await deleteDesign(designRuntime(), user.uid, String(params.id));
    return new Response(null, { status: 204 });
  },
  { apiKey: "delete" },
);

export const { POST, PUT } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);
