/** GET /api/v1/ops/chat/chats — my chats, newest first (staff only). A chat is created by its first message. */
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { chatRuntime } from "@/lib/operations/chat/runtime";
import { listChats } from "@/lib/operations/chat/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(async ({ user }) => Response.json({ data: await listChats(chatRuntime(), user.uid) }), {
  internal: true,
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
