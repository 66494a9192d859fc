/**
 * POST /api/v1/account/delete — deletes the caller's account: body
 * `{ confirm_email }` (their email, typed). Answers `{ data: DeleteAccountResult }`
 * and clears the session cookies. 422 for a wrong confirmation, 409 while
 * their work runs or a subscription is live, 403 for staff; nothing changes
 * then. Safe to retry (lib/account/delete.ts).
 */
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/api/body";
import { methodsNotAllowed } from "@/lib/api/errors";
import { withUser } from "@/lib/auth/server/with-user";
import { deleteAccountInputSchema } from "@/lib/account/schema";
import { accountDeps, deleteAccount } from "@/lib/account/service";
import { clearSessionCookies } from "@/lib/auth/server/session-cookies";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withUser(
  async ({ request, user }) => {
    const input = await readJsonBody(request, deleteAccountInputSchema, 4 * 1024);
    const result = await deleteAccount(accountDeps(), user, input);
    const response = NextResponse.json({ data: result }, { headers: { "Cache-Control": "private, no-store" } });
    await clearSessionCookies(response);
    return response;
  },
  { checkRevoked: true },
);

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
