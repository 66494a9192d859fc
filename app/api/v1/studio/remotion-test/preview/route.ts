/**
 * POST /api/v1/studio/remotion-test/preview — Player props for a template × version × layout × ratio × sample text,
 * or a real content item (`sample: "content"`, `content_id`) as it renders with its own template version. Staff only.
 */
import { z } from "zod";
import { readJsonBody } from "@/lib/platform/api/body";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { previewProps } from "@/lib/studio/templates/remotion-test";
import { studioDeps } from "@/lib/studio/templates/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request }) => {
    const body = await readJsonBody(request, z.unknown(), 8 * 1024);
    return Response.json(
      { data: await previewProps(studioDeps(), body) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { internal: true },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
