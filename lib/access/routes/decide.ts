/**
 * The access decision of the edge middleware, as one pure function:
 * request facts in, allow / redirect / rewrite out. The middleware only
 * gathers the facts (path, host, verified viewer) and applies the result,
 * so every rule here is unit-tested without a server.
 */
import { ALTERNATE_HOST_REDIRECT_TARGET } from "@/lib/platform/constants";
import { isInternalPath, isPreviewRoute, isPublicPath, isSignInPath, normalisePath, safeNextPath } from "./access";
import { PREVIEW_ROUTE, matchRoute } from "./route-map";

export type Viewer = { kind: "visitor" } | { kind: "user"; uid: string; staff: boolean };

export interface RequestFacts {
  pathname: string;
  /** The query string including "?", or "". */
  search: string;
  /** Host name without port, lower-case. */
  hostname: string;
  viewer: Viewer;
}

export interface AccessConfig {
  imageGenHosts: readonly string[];
  publicPreviewPath: string | null;
}

export type Decision =
  | { action: "allow" }
  | { action: "redirect"; location: string; permanent?: boolean }
  | { action: "rewrite"; pathname: string }
  | { action: "not-found" };

/** Entry screens from which alternate-host users go straight to image generation. */
const ENTRY_PATHS = new Set(["/", "/create", "/product", "/main"]);

export function isAlternateHost(hostname: string, config: AccessConfig): boolean {
  return config.imageGenHosts.includes(hostname.toLowerCase());
}

function loginRedirect(pathname: string, search: string): Decision {
  const next = `${pathname}${search}`;
  return { action: "redirect", location: next === "/" ? "/login" : `/login?next=${encodeURIComponent(next)}` };
}

export function decide(facts: RequestFacts, config: AccessConfig): Decision {
  const path = normalisePath(facts.pathname);
  const signedIn = facts.viewer.kind === "user";
  const alternate = isAlternateHost(facts.hostname, config);

  // API routes answer JSON themselves; never redirect them.
  if (path === "/api" || path.startsWith("/api/")) return { action: "allow" };

  if (config.publicPreviewPath && path === config.publicPreviewPath)
    return { action: "rewrite", pathname: PREVIEW_ROUTE };
  // The rewrite target is only reachable through the secret path.
  if (isPreviewRoute(path)) return { action: "not-found" };

  if (isSignInPath(path)) {
    if (!signedIn) return { action: "allow" };
    const fallback = alternate ? ALTERNATE_HOST_REDIRECT_TARGET : "/";
    const next = safeNextPath(new URLSearchParams(facts.search).get("next"), fallback);
    const target = alternate && ENTRY_PATHS.has(normalisePath(next.split(/[?#]/)[0]!)) ? fallback : next;
    return { action: "redirect", location: target };
  }

  if (isPublicPath(path)) return { action: "allow" };

  if (facts.viewer.kind === "visitor") return loginRedirect(facts.pathname, facts.search);

  if (isInternalPath(path)) return facts.viewer.staff ? { action: "allow" } : { action: "redirect", location: "/" };

  if (alternate && ENTRY_PATHS.has(path)) return { action: "redirect", location: ALTERNATE_HOST_REDIRECT_TARGET };

  // Old screens kept for their links: a permanent redirect to the new one, same ids and query.
  const match = matchRoute(path);
  if (match?.entry.redirect) {
    const target = match.entry.redirect.replace(/\[([^\]]+)\]/g, (_, name: string) =>
      encodeURIComponent(match.params[name] ?? ""),
    );
    return { action: "redirect", location: `${target}${facts.search}`, permanent: true };
  }

  return { action: "allow" };
}
