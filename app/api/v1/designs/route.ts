/**
 * POST /api/v1/designs — a new design from a template + layout (sample content), a product, or a video's scene (201).
 */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { designRuntime } from "@/lib/creation/designs/runtime";
import { createDesign } from "@/lib/creation/designs/service/create-design";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const POST = withUser(
  async ({ request, user }) => {
    const body = await readJsonBody(request, z.unknown(), 16 * 1024);
    return Response.json(
      { data: await createDesign(designRuntime(), user.uid, body) },
      { status: 201, headers: NO_STORE },
    );
  },
  { apiKey: "create" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
