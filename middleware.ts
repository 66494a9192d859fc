/**
 * Edge middleware: gathers the request facts (path, host, verified viewer),
 * asks the pure `decide()` and applies its answer. A bad cookie means
 * "signed out" and is cleared; it never produces an error page.
 */
import { NextResponse, type NextRequest } from "next/server";
import { AUTH_TOKEN_COOKIE, USER_ID_COOKIE } from "@/lib/platform/constants";
import { serverEnv } from "@/lib/platform/env";
import { createX509KeySource } from "@/lib/access/auth/edge/google-keys";
import { createVerifiedTokens } from "@/lib/access/auth/edge/verified-tokens";
import { verifySessionToken, type SessionClaims } from "@/lib/access/auth/edge/verify-session";
import { isStaff } from "@/lib/access/auth/staff";
import { decide, type Viewer } from "@/lib/access/routes/decide";

const env = serverEnv();
const keys = createX509KeySource({ url: env.authPublicKeysUrl });
if (!env.authEmulatorHost) keys.warm();
const verified = createVerifiedTokens();

/** A session cookie comes with every request: verify it once, then remember it until it expires. */
async function verifyCookie(
  token: string | undefined,
): Promise<{ ok: true; claims: SessionClaims } | { ok: false; reason: string }> {
  const known = token ? verified.get(token) : null;
  if (known) return { ok: true, claims: known };
  const result = await verifySessionToken(token, {
    projectId: env.projectId,
    emulator: env.authEmulatorHost !== null,
    keys,
  });
  if (result.ok && token) verified.set(token, result.claims);
  return result;
}

async function viewerOf(request: NextRequest): Promise<{ viewer: Viewer; clearCookies: boolean }> {
  const token = request.cookies.get(AUTH_TOKEN_COOKIE)?.value;
  const uid = request.cookies.get(USER_ID_COOKIE)?.value;
  if (!token && !uid) return { viewer: { kind: "visitor" }, clearCookies: false };
  const checked = await verifyCookie(token);
  const result =
    checked.ok && checked.claims.uid !== uid ? { ok: false as const, reason: "userId cookie mismatch" } : checked;
  if (!result.ok) {
    console.warn(`[middleware] rejected session cookie on ${request.nextUrl.pathname}: ${result.reason}`);
    return { viewer: { kind: "visitor" }, clearCookies: true };
  }
  const { claims } = result;
  return {
    viewer: { kind: "user", uid: claims.uid, staff: isStaff(claims, env.companyDomains) },
    clearCookies: false,
  };
}

/**
 * Redirects stay on the host the browser asked for, so the alternate host
 * never bounces to the main one. Only a configured alternate host is taken
 * from the Host header; anything else falls back to the server's own origin.
 */
function originOf(request: NextRequest, hostname: string): string {
  const host = request.headers.get("host");
  if (host && env.imageGenHosts.includes(hostname)) return `${request.nextUrl.protocol}//${host}`;
  return request.nextUrl.origin;
}

export async function middleware(request: NextRequest) {
  const { viewer, clearCookies } = await viewerOf(request);
  const hostname = (request.headers.get("host") ?? request.nextUrl.host).split(":")[0]!.toLowerCase();
  const decision = decide(
    { pathname: request.nextUrl.pathname, search: request.nextUrl.search, hostname, viewer },
    { imageGenHosts: env.imageGenHosts, publicPreviewPath: env.publicPreviewPath },
  );

  let response: NextResponse;
  switch (decision.action) {
    case "allow":
      response = NextResponse.next();
      break;
    case "redirect":
      response = NextResponse.redirect(
        new URL(decision.location, originOf(request, hostname)),
        decision.permanent ? 308 : 307,
      );
      break;
    case "rewrite":
      response = NextResponse.rewrite(new URL(decision.pathname, request.url));
      break;
    case "not-found":
      // A path that no page owns renders the app's not-found page with a 404.
      response = NextResponse.rewrite(new URL("/_not-found", request.url));
      break;
  }
  if (clearCookies) {
    response.cookies.delete(AUTH_TOKEN_COOKIE);
    response.cookies.delete(USER_ID_COOKIE);
  }
  return response;
}

export const config = {
  // Everything but API routes, Next's assets, static files and the public
  // viewers (`/content/{id}`, `/v0|v1/videos/{id}`, `/pages/{id}`), which every
  // viewer may open (decide() allows them for all) and which are served from
  // the page cache: running middleware would only slow them down.
  // lib/access/routes/middleware-matcher.test.ts checks this list against the route map.
  matcher: [
    "/((?!api/|_next/static|_next/image|favicon.ico|robots.txt|.*\\.(?:svg|png|jpg|jpeg|gif|webp|ico|txt|xml|map|woff2)$|(?:content|pages)/[^/]+/?$|v[01]/videos/[^/]+/?$).*)",
  ],
};
