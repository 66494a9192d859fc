/** GET /api/v1/ops/chat/chats — my chats, newest first (staff only). A chat is created by its first message. */
import { methodsNotAllowed } from "@/lib/api/errors";
import { withUser } from "@/lib/auth/server/with-user";
import { chatRuntime } from "@/lib/chat/runtime";
import { listChats } from "@/lib/chat/service";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withUser(async ({ user }) => Response.json({ data: await listChats(chatRuntime(), user.uid) }), { internal: true });

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
