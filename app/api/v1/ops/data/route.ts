/** GET /api/v1/ops/data — the registry's top-level collections with document counts (staff only). */
import { methodsNotAllowed } from "@/lib/api/errors";
import { withUser } from "@/lib/auth/server/with-user";
import { getDb } from "@/lib/db";
import { listCollections } from "@/lib/data-dashboard/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(async () => Response.json({ data: await listCollections(getDb()) }, { headers: { "Cache-Control": "private, no-store" } }), { internal: true });

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
