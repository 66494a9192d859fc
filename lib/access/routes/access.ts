/**
 * Access facts about paths, shared by the edge middleware and the browser.
 * Pure functions over the route map; no I/O.
 */
import { INTERNAL_SEGMENTS, PREVIEW_ROUTE, matchRoute } from "./route-map";

const SIGN_IN_PATHS = new Set(["/login", "/email-login"]);

export function normalisePath(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith("/")) return pathname.replace(/\/+$/, "") || "/";
  return pathname;
}

export function isSignInPath(pathname: string): boolean {
  return SIGN_IN_PATHS.has(normalisePath(pathname));
}

/** Public patterns of the spec: open to everyone. `publicPreviewPath` is the hard-to-guess one. */
export function isPublicPath(pathname: string, publicPreviewPath?: string | null): boolean {
  const path = normalisePath(pathname);
  if (publicPreviewPath && path === publicPreviewPath) return true;
  return matchRoute(path)?.entry.access === "public";
}

export function isInternalPath(pathname: string): boolean {
  const first = normalisePath(pathname).split("/")[1] ?? "";
  return INTERNAL_SEGMENTS.has(first);
}

export function isPreviewRoute(pathname: string): boolean {
  return normalisePath(pathname) === PREVIEW_ROUTE;
}

const MAX_NEXT_LENGTH = 2048;
const PROBE_ORIGIN = "http://next.invalid";

/**
 * Returns `next` only when it is a same-origin path, otherwise `fallback`.
 * Rejects absolute and protocol-relative URLs, backslash tricks, control
 * characters and encoded variants of them, and the sign-in screens themselves.
 */
export function safeNextPath(next: string | null | undefined, fallback = "/"): string {
  if (!next || next.length > MAX_NEXT_LENGTH) return fallback;
  if (!next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return fallback;
  if (/[\u0000-\u001f\u007f]/.test(next)) return fallback;
  let decoded = next;
  try {
    decoded = decodeURIComponent(next);
  } catch {
    return fallback;
  }
  if (decoded.startsWith("//") || decoded.includes("\\") || /[\u0000-\u001f\u007f]/.test(decoded)) return fallback;
  let url: URL;
  try {
    url = new URL(next, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  if (isSignInPath(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
