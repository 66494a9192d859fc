/**
 * GET /api/v1/openapi.json — the OpenAPI 3.1 document of the public API
 * (app/api/v1/_openapi). Public: no sign-in; the same for everyone, so caches may keep it.
 */
import { withErrors } from "@/lib/access/auth/server/with-user";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { openApiDocument } from "../_openapi/document";

export const runtime = "nodejs";

export const GET = withErrors(() =>
  Response.json(openApiDocument(), {
    headers: { "Cache-Control": "public, max-age=300, stale-while-revalidate=3600" },
  }),
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
