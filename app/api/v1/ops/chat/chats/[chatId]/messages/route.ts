/**
 * POST /api/v1/ops/chat/chats/{chatId}/messages — one turn of the chat
 * (lib/operations/chat/contract.ts `chatRequestSchema`): saves the message (creating the
 * chat on its first one) and answers with the AI SDK's UI message stream.
 * A message over 32 KB is a 413 that says so; staff only.
 */
import { readJsonBody } from "@/lib/platform/api/body";
import { ApiError, methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import {
  chatIdSchema,
  chatRequestSchema,
  MAX_CHAT_BODY_BYTES,
  MAX_MESSAGE_BYTES,
} from "@/lib/operations/chat/contract";
import { chatRuntime } from "@/lib/operations/chat/runtime";
import { streamChatTurn } from "@/lib/operations/chat/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request, user, params }) => {
    const chatId = chatIdSchema.safeParse(params.chatId);
    if (!chatId.success) throw new ApiError("not_found", "There is no such chat.");
    let body;
    try {
      body = await readJsonBody(request, chatRequestSchema, MAX_CHAT_BODY_BYTES);
    } catch (e) {
      if (e instanceof ApiError && e.code === "payload_too_large") {
        throw new ApiError(
          "payload_too_large",
          `This message is too long: a chat message can be at most ${MAX_MESSAGE_BYTES / 1024} KB. Shorten it and send it again.`,
        );
      }
      throw e;
    }
    return streamChatTurn(chatRuntime(), {
      uid: user.uid,
      chatId: chatId.data,
      request: body,
      abortSignal: request.signal,
    });
  },
  { internal: true, limit: "chat_message" },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
