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
import { limitApiKey, limitIp, limitUser, type IpLimitName, type UserLimitName } from "@/lib/platform/rate-limit";
import type { ApiKeyScope } from "@/lib/access/api-keys/collections";
import type { VerifiedApiKey } from "@/lib/access/api-keys/keys";
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
  /**
   * The permission an API key (`Bearer pf_…`) needs for this call. Calls that
   * do not name one refuse keys (403): account, billing, sign-in and every
   * staff call are for people on the site only.
   */
  apiKey?: ApiKeyScope;
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
    if (user.apiKey) await checkApiKey(user.apiKey, user.uid, options);
    if (options.internal && !user.isStaff) {
      throw new ApiError("forbidden", "This call is for company staff only.");
    }
    if (options.limit) await limitUser(options.limit, user.uid);
    // Every change this call makes is logged as this user's, from this call and screen.
    const context = {
      actorKind: "user" as const,
      actorId: user.uid,
      actorEmail: user.email,
      source: `${user.apiKey ? `API key ${user.apiKey.name}: ` : ""}${request.method} ${request.nextUrl.pathname}`,
      screen: screenFromHeader(request.headers.get(SCREEN_HEADER)),
    };
    return runAs(context, () => handler({ request, params, user }));
  });
}

/**
 * For a call whose body decides what it costs (`render_now: true` queues a
 * paid render): an API key must also hold `scope`. People on the site pass.
 */
export function requireKeyScope(user: Identity, scope: ApiKeyScope): void {
  if (user.apiKey && !user.apiKey.scopes.includes(scope)) {
    throw new ApiError("forbidden", `This API key lacks the "${scope}" permission this request needs.`);
  }
}

async function checkApiKey(key: VerifiedApiKey, uid: string, options: WithUserOptions): Promise<void> {
  if (options.internal) throw new ApiError("forbidden", "Staff calls do not accept API keys.");
  if (!options.apiKey) {
    throw new ApiError("forbidden", "This call does not accept API keys: it is only for people signed in on the site.");
  }
  if (!key.scopes.includes(options.apiKey)) {
    throw new ApiError(
      "forbidden",
      `This API key lacks the "${options.apiKey}" permission. Make a key with it on the Developers page.`,
    );
  }
  await limitApiKey(key.id, uid);
}

/** For calls that take no body: refuse anything larger than a stray `{}`. */
export async function assertNoBody(request: Request, maxBytes = 1024): Promise<void> {
  await readBodyBytes(request, maxBytes, "This call takes no request body.");
}
