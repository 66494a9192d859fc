/**
 * POST /api/v1/studio/layout-gen — staff: a brief, a count (1–6) and a model
 * → candidate layouts, saved pending review (201 with each candidate's
 * outcome: saved with its repairs, or refused with the reason). Runs in the
 * request: one structured call per candidate, side by side (see the report in
 * lib/studio/layout-gen/generator.ts).
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { generateLayoutsSchema } from "@/lib/studio/layout-gen/contract";
import { layoutGenRuntime } from "@/lib/studio/layout-gen/runtime";
import { generateLayouts } from "@/lib/studio/layout-gen/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export const maxDuration = 120;
const NO_STORE = { "Cache-Control": "private, no-store" };

export const POST = withUser(
  async ({ request, user }) => {
    const body = await readJsonBody(request, generateLayoutsSchema, 16 * 1024);
    const deps = await layoutGenRuntime();
    const result = await generateLayouts(deps, {
      userId: user.uid,
      brief: body.brief,
      count: body.count,
      modelId: body.model_id,
      abortSignal: AbortSignal.any([request.signal, AbortSignal.timeout(110_000)]),
    });
    return Response.json({ data: result }, { status: 201, headers: NO_STORE });
  },
  { internal: true, limit: "layout_gen" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
