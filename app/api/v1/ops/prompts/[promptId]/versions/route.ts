/**
 * POST /api/v1/ops/prompts/{promptId}/versions — staff: { text, notes, based_on } → a new version, now current (201).
 * Versions are never edited or deleted; a stale `based_on` is a 409.
 */
import { z } from "zod";
import { readJsonBody } from "@/lib/platform/api/body";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { promptsRuntime } from "@/lib/operations/prompt-testing/runtime";
import { createPromptVersion } from "@/lib/operations/prompt-testing/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request, params, user }) => {
    const body = await readJsonBody(request, z.unknown(), 128 * 1024);
    return Response.json(
      { data: await createPromptVersion(promptsRuntime(), user.uid, String(params.promptId), body) },
      { status: 201, headers: { "Cache-Control": "private, no-store" } },
    );
  },
  { internal: true },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
