/** GET /api/v1/ops/chat/models — the language models the chat can use (staff only). */
import { defaultLanguageModelId, listLanguageModels } from "@/lib/platform/ai/language/models";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import type { ChatModelsView } from "@/lib/operations/chat/contract";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(
  async () => {
    const data: ChatModelsView = { models: listLanguageModels(), default_model_id: defaultLanguageModelId() };
    return Response.json({ data });
  },
  { internal: true },
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
