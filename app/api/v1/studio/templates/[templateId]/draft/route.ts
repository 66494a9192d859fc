/**
 * PATCH /api/v1/studio/templates/{id}/draft — save edits (style, motion, music, captions, layout_ids) to the
 * unpublished next version: `{ revision, ... }` (409 on a stale revision, 422 with issues on invalid values).
 * DELETE — discard the unpublished edits: `{ revision }`. Both answer the template's page. Staff only.
 */
import { z } from "zod";
import { readJsonBody } from "@/lib/platform/api/body";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { studioDeps } from "@/lib/studio/templates/runtime";
import { discardDraft, updateDraft } from "@/lib/studio/templates/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const PATCH = withUser(
  async ({ request, params, user }) => {
    const body = await readJsonBody(request, z.unknown(), 256 * 1024);
    return Response.json(
      { data: await updateDraft(studioDeps(), user.uid, String(params.templateId), body) },
      { headers: NO_STORE },
    );
  },
  { internal: true },
);

export const DELETE = withUser(
  async ({ request, params }) => {
    const body = await readJsonBody(request, z.unknown(), 4 * 1024);
    return Response.json(
      { data: await discardDraft(studioDeps(), String(params.templateId), body) },
      { headers: NO_STORE },
    );
  },
  { internal: true },
);

export const { GET, POST, PUT } = methodsNotAllowed(["PATCH", "DELETE"]);
