/**
 * POST /api/v1/images/generations — accepts a run: validates, checks the
 * job cap (429) and credits (402), debits, records the images and the job,
 * and answers 202 at once; the worker does the generating.
 */
import { methodsNotAllowed } from "@/lib/api/errors";
import { readJsonBody } from "@/lib/api/body";
import { withUser } from "@/lib/auth/server/with-user";
import { startGeneration } from "@/lib/images/generation-service";
import { GENERATION_BODY_LIMIT, generationRequestSchema, toAccepted, toGenerateInput } from "@/lib/images/http";
import { imageRuntime, startInAppWorker } from "@/lib/images/runtime";
import { ensureBuiltInVibes } from "@/lib/vibes/vibes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(async ({ request, user }) => {
  const body = await readJsonBody(request, generationRequestSchema, GENERATION_BODY_LIMIT);
  const deps = imageRuntime();
  // Built-in vibes live in the store once seeded; a run may name one before anyone listed them.
  await ensureBuiltInVibes(deps.db);
  const started = await startGeneration({ uid: user.uid, input: toGenerateInput(body), deps });
  startInAppWorker();
  return Response.json({ data: toAccepted(started) }, { status: 202 });
}, { limit: "image_generate" });

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
