/**
 * GET    /api/v1/ops/chat/chats/{chatId} — the chat with its messages
 * PATCH  /api/v1/ops/chat/chats/{chatId} — rename `{ title }`
 * DELETE /api/v1/ops/chat/chats/{chatId} — delete it and its messages
 * Staff only; someone else's chat is a 404.
 */
import { readJsonBody } from "@/lib/platform/api/body";
import { ApiError, methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { chatIdSchema, renameChatSchema } from "@/lib/operations/chat/contract";
import { chatRuntime } from "@/lib/operations/chat/runtime";
import { deleteChat, getChat, renameChat } from "@/lib/operations/chat/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

function chatIdOf(params: Record<string, string | string[]>): string {
  const parsed = chatIdSchema.safeParse(params.chatId);
  if (!parsed.success) throw new ApiError("not_found", "There is no such chat.");
  return parsed.data;
}

export const GET = withUser(
  async ({ user, params }) => Response.json({ data: await getChat(chatRuntime(), user.uid, chatIdOf(params)) }),
  { internal: true },
);

export const PATCH = withUser(
  async ({ request, user, params }) => {
    const chatId = chatIdOf(params);
    const body = await readJsonBody(request, renameChatSchema, 4096);
    return Response.json({ data: await renameChat(chatRuntime(), user.uid, chatId, body.title) });
  },
  { internal: true },
);

export const DELETE = withUser(
  async ({ user, params }) => {
    await deleteChat(chatRuntime(), user.uid, chatIdOf(params));
    return Response.json({ data: { deleted: true } });
  },
  { internal: true },
);

export const { POST, PUT } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);
