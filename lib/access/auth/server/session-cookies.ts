import "server-only";
/**
 * The session's two cookies (spec section 3): `authToken` holds a Firebase
 * session cookie and `userId` the uid. Both HttpOnly (no script reads them),
 * SameSite=Lax, Secure everywhere but plain-HTTP localhost.
 */
import { deleteCookie, setCookie } from "cookies-next/server";
import type { NextRequest, NextResponse } from "next/server";
import { AUTH_TOKEN_COOKIE, SESSION_MAX_AGE_SECONDS, USER_ID_COOKIE } from "@/lib/platform/constants";

const LOCAL_HOSTS = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|[a-z0-9-]+\.localhost)$/i;

export function isSecureContext(request: NextRequest): boolean {
  const hostname = (request.headers.get("host") ?? request.nextUrl.host).split(":")[0] ?? "";
  const forwardedProto = request.headers.get("x-forwarded-proto");
  if (forwardedProto === "https" || request.nextUrl.protocol === "https:") return true;
  return !LOCAL_HOSTS.test(hostname);
}

export async function setSessionCookies(
  response: NextResponse,
  request: NextRequest,
  { sessionCookie, uid }: { sessionCookie: string; uid: string },
): Promise<void> {
  const options = {
    res: response,
    httpOnly: true,
    sameSite: "lax" as const,
    secure: isSecureContext(request),
    path: "/",
    maxAge: SESSION_MAX_AGE_SECONDS,
  };
  await setCookie(AUTH_TOKEN_COOKIE, sessionCookie, options);
  await setCookie(USER_ID_COOKIE, uid, options);
}

export async function clearSessionCookies(response: NextResponse): Promise<void> {
  await deleteCookie(AUTH_TOKEN_COOKIE, { res: response, path: "/" });
  await deleteCookie(USER_ID_COOKIE, { res: response, path: "/" });
}
