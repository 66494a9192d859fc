/**
 * POST /api/v1/images/generations — accepts a run: validates, checks the
 * job cap (429) and credits (402), debits, records the images and the job,
 * and answers 202 at once; the worker does the generating.
 */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { readJsonBody } from "@/lib/platform/api/body";
import { withUser } from "@/lib/access/auth/server/with-user";
import { startGeneration } from "@/lib/media/images/generation-service";
import { GENERATION_BODY_LIMIT, generationRequestSchema, toAccepted, toGenerateInput } from "@/lib/media/images/http";
import { imageRuntime, startInAppWorker } from "@/lib/media/images/runtime";
import { ensureBuiltInVibes } from "@/lib/media/vibes/vibes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request, user }) => {
    const body = await readJsonBody(request, generationRequestSchema, GENERATION_BODY_LIMIT);
    const deps = imageRuntime();
    // Built-in vibes live in the store once seeded; a run may name one before anyone listed them.
    await ensureBuiltInVibes(deps.db);
    const started = await startGeneration({ uid: user.uid, input: toGenerateInput(body), deps });
    startInAppWorker();
    return Response.json({ data: toAccepted(started) }, { status: 202 });
  },
  { apiKey: "render", limit: "image_generate" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
