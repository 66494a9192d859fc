/** POST /api/v1/designs/{id}/resize { aspect_ratios } — one new design per ratio, in this design's resize set (201, all or none). */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { designRuntime } from "@/lib/creation/designs/runtime";
import { resizeDesign } from "@/lib/creation/designs/service/resize-design";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request, user, params }) => {
    const body = await readJsonBody(request, z.unknown(), 4 * 1024);
    return Response.json(
      { data: await resizeDesign(designRuntime(), user.uid, String(params.id), body) },
      { status: 201, headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { apiKey: "create" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
