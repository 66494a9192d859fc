/** GET /api/v1/ops/data — the registry's top-level collections with document counts (staff only). */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { getDb } from "@/lib/platform/db";
import { listCollections } from "@/lib/operations/data-dashboard/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async () =>
    Response.json({ data: await listCollections(getDb()) }, { headers: { "Cache-Control": "private, no-store" } }),
  { internal: true },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
