/**
 * GET /api/v1/ops/pipelines/template-versions?template_id= — the published
 * versions of a template (newest first), for pinning a pipeline's template
 * version; staff only.
 */
import { z } from "zod";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readQuery } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { publishedTemplateVersions } from "@/lib/operations/production/pipelines";
import { prodRuntime } from "@/lib/operations/production/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const query = z.object({ template_id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "Name a template.") });

export const GET = withUser(
  async ({ request }) => {
    const { template_id } = readQuery(request, query);
    return Response.json(
      { data: await publishedTemplateVersions(prodRuntime(), template_id) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { internal: true },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
