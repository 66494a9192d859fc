import "server-only";
/**
 * The one wrapper of /api/v1 handlers: it owns token verification, the staff
 * check and error mapping, so each handler holds only its own logic.
 */
import type { NextRequest } from "next/server";
import { authenticate, type Identity } from "./identity";
import { assertNotCrossSite } from "@/lib/platform/security/cross-site";
import { runAs, screenFromHeader } from "@/lib/platform/update-log/context";
import { SCREEN_HEADER } from "@/lib/platform/update-log/contract";
import { limitIp, limitUser, type IpLimitName, type UserLimitName } from "@/lib/platform/rate-limit";
import { readBodyBytes } from "@/lib/platform/api/body";
import { ApiError, toErrorResponse } from "@/lib/platform/api/errors";

type RouteContext = { params: Promise<Record<string, string | string[]>> };

export interface HandlerArgs {
  request: NextRequest;
  params: Record<string, string | string[]>;
}

export interface UserHandlerArgs extends HandlerArgs {
  user: Identity;
}

export interface WithUserOptions {
  /** Company-domain staff only. */
  internal?: boolean;
  /** Ask Firebase whether the token was revoked (one extra lookup). */
  checkRevoked?: boolean;
  /** A per-user rate limit (lib/platform/rate-limit/limits.ts) each call spends once signed in: 429 + Retry-After past it. */
  limit?: UserLimitName;
}

export interface WithErrorsOptions {
  /** A per-IP rate limit (lib/platform/rate-limit/limits.ts) each call spends first: 429 + Retry-After past it. */
  limit?: IpLimitName;
}

export function withErrors(
  handler: (args: HandlerArgs) => Promise<Response> | Response,
  options: WithErrorsOptions = {},
) {
  return async (request: NextRequest, context: RouteContext): Promise<Response> => {
    try {
      // A cookie-signed change sent from another site's page: a typed 403 before anything runs.
      assertNotCrossSite(request);
      if (options.limit) await limitIp(options.limit, request);
      // Next always passes a context; tolerate its absence for direct calls.
      const params = (await context?.params) ?? {};
      return await handler({ request, params });
    } catch (error) {
      return toErrorResponse(error, `${request.method} ${request.nextUrl.pathname}`);
    }
  };
}

export function withUser(
  handler: (args: UserHandlerArgs) => Promise<Response> | Response,
  options: WithUserOptions = {},
) {
  return withErrors(async ({ request, params }) => {
    const user = await authenticate(request, { checkRevoked: options.checkRevoked });
    if (options.internal && !user.isStaff) {
      throw new ApiError("forbidden", "This call is for company staff only.");
    }
    if (options.limit) await limitUser(options.limit, user.uid);
    // Every change this call makes is logged as this user's, from this call and screen.
    const context = {
      actorKind: "user" as const,
      actorId: user.uid,
      actorEmail: user.email,
      source: `${request.method} ${request.nextUrl.pathname}`,
      screen: screenFromHeader(request.headers.get(SCREEN_HEADER)),
    };
    return runAs(context, () => handler({ request, params, user }));
  });
}

/** For calls that take no body: refuse anything larger than a stray `{}`. */
export async function assertNoBody(request: Request, maxBytes = 1024): Promise<void> {
  await readBodyBytes(request, maxBytes, "This call takes no request body.");
}
