/**
 * POST /api/v1/account/delete — deletes the caller's account: body
 * `{ confirm_email }` (their email, typed). Answers `{ data: DeleteAccountResult }`
 * and clears the session cookies. 422 for a wrong confirmation, 409 while
 * their work runs or a subscription is live, 403 for staff; nothing changes
 * then. Safe to retry (lib/creation/account/delete.ts).
 */
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/platform/api/body";
import { methodsNotAllowed } from "@/lib/platform/api/errors";
import { withUser } from "@/lib/access/auth/server/with-user";
import { deleteAccountInputSchema } from "@/lib/creation/account/schema";
import { accountDeps, deleteAccount } from "@/lib/creation/account/service";
import { clearSessionCookies } from "@/lib/access/auth/server/session-cookies";

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
