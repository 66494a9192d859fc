/** GET /api/v1/studio/generated-layouts?status=pending|accepted|rejected|all&batch= — staff: the review queue of generated layout candidates. */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readQuery } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { listGeneratedQuerySchema } from "@/lib/studio/layout-gen/contract";
import { layoutGenRuntime } from "@/lib/studio/layout-gen/runtime";
import { listGenerated } from "@/lib/studio/layout-gen/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(
  async ({ request }) => {
    const q = readQuery(request, listGeneratedQuerySchema);
    return Response.json({ data: await listGenerated(await layoutGenRuntime(), q) }, { headers: NO_STORE });
  },
  { internal: true },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
