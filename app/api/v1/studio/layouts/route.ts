/**
 * GET /api/v1/studio/layouts?ratio=&kind=&stage=&q= — the layout library (staff) `{ layouts, sample_media }`: every layout but generated candidates in review or rejected, with usage and last stage move.
 * POST — a new draft layout `{ name, description?, copy_from? }` (201).
 */
import { readJsonBody } from "@/lib/platform/api/body";
import { ApiError, methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { createLayoutInputSchema, layoutListQuerySchema } from "@/lib/studio/layouts/contract";
import { studioLayoutRuntime } from "@/lib/studio/layouts/runtime";
import { createLayout, layoutLibrary } from "@/lib/studio/layouts/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
const NO_STORE = { "Cache-Control": "private, no-store" };

export const GET = withUser(
  async ({ request }) => {
    const params = Object.fromEntries([...request.nextUrl.searchParams.entries()].filter(([, v]) => v !== ""));
    const query = layoutListQuerySchema.safeParse(params);
    if (!query.success) throw ApiError.fromZod(query.error, "The filters are not valid.");
    return Response.json({ data: await layoutLibrary(studioLayoutRuntime(), query.data) }, { headers: NO_STORE });
  },
  { internal: true },
);

export const POST = withUser(
  async ({ request, user }) => {
    const body = await readJsonBody(request, createLayoutInputSchema);
    return Response.json(
      { data: await createLayout(studioLayoutRuntime(), user.uid, body) },
      { status: 201, headers: NO_STORE },
    );
  },
  { internal: true },
);

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
