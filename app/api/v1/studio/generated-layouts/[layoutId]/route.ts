/** GET /api/v1/studio/generated-layouts/{layoutId} — staff: one generated candidate (404 for any other layout). */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { layoutIdParam } from "@/lib/studio/layout-gen/params";
import { layoutGenRuntime } from "@/lib/studio/layout-gen/runtime";
import { getGenerated } from "@/lib/studio/layout-gen/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(
  async ({ params }) =>
    Response.json({ data: await getGenerated(await layoutGenRuntime(), layoutIdParam(params)) }, { headers: NO_STORE }),
  { internal: true },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
