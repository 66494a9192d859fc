/**
 * Cross-site request refusal for cookie-signed changes (login CSRF's cousin:
 * a page elsewhere making the browser send our session cookie with a POST).
 *
 * The rule follows Go's net/http CrossOriginProtection (Go 1.25), which reads
 * only what browsers send and never needs a token:
 *  - reads (GET, HEAD, OPTIONS) and calls signed with a Bearer token pass: a page
 *    on another site cannot attach an Authorization header without a CORS
 *    preflight, which this app never grants;
 *  - `Sec-Fetch-Site: same-origin` or `none` passes (the browser's own verdict;
 *    it holds even behind a proxy that rewrites Host), `cross-site` is refused;
 *  - `same-site` is not enough: a sibling subdomain or another port on
 *    localhost is the same site but not this app, and the session cookie
 *    (SameSite=Lax) travels with its requests. It passes only when its Origin
 *    is one of the app's own hosts (the alternate IMAGE_GEN_HOSTS host);
 *  - otherwise an Origin header, when present, must name the host the request
 *    was sent to (Host, X-Forwarded-Host), an alternate host on the same port,
 *    or APP_BASE_URL; `Origin: null` (sandboxed frames, file:) is refused;
 *  - a request that sends neither header (older browsers, curl, server to
 *    server such as Stripe's webhook) passes.
 * Schemes are not compared: behind a TLS-terminating proxy the app sees http
 * for https pages, and a same-host page on the other scheme is a network
 * attacker that HSTS and Secure cookies answer.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { AUTH_TOKEN_COOKIE, USER_ID_COOKIE } from "@/lib/platform/constants";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface CrossSiteFacts {
  method: string;
  /** The session cookie is present and no Authorization header is. */
  cookieAuthenticated: boolean;
  /** The Host header (host[:port]). */
  host: string | null;
  forwardedHost: string | null;
  origin: string | null;
  secFetchSite: string | null;
}

export interface CrossSiteConfig {
  /** Alternate host names of this app (IMAGE_GEN_HOSTS), lower case, without port. */
  alternateHosts: readonly string[];
  /** host[:port] of APP_BASE_URL when set. */
  baseHost: string | null;
}

export function crossSiteConfigFromEnv(env: Record<string, string | undefined>): CrossSiteConfig {
  const alternateHosts = (env.IMAGE_GEN_HOSTS ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  let baseHost: string | null = null;
  try {
    if (env.APP_BASE_URL) baseHost = new URL(env.APP_BASE_URL).host.toLowerCase();
  } catch {
    baseHost = null; // billing reports a malformed APP_BASE_URL; here it only adds nothing
  }
  return { alternateHosts, baseHost };
}

/** host[:port] in lower case, without the default ports 80 and 443. */
function normalHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/:(?:80|443)$/, "");
}

function portOf(host: string): string {
  const m = /:(\d+)$/.exec(host);
  return m ? m[1]! : "";
}

function isOwnOrigin(origin: string, facts: CrossSiteFacts, config: CrossSiteConfig): boolean {
  const parsed = URL.parse(origin);
  if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:") || !parsed.host) return false;
  const originHost = normalHost(parsed.host);
  const own = [facts.host, facts.forwardedHost?.split(",")[0], config.baseHost]
    .filter((h): h is string => !!h)
    .map(normalHost);
  if (own.includes(originHost)) return true;
  // The alternate host, served by this same server: on the port the request came to.
  if (!config.alternateHosts.includes(parsed.hostname.toLowerCase())) return false;
  const ports = own.map(portOf);
  return ports.includes(portOf(originHost)) || (ports.length === 0 && portOf(originHost) === "");
}

/** Why this request must be refused, or null when it may go on. */
export function crossSiteRefusal(facts: CrossSiteFacts, config: CrossSiteConfig): string | null {
  if (!STATE_CHANGING.has(facts.method.toUpperCase()) || !facts.cookieAuthenticated) return null;
  const site = facts.secFetchSite?.trim().toLowerCase() ?? null;
  if (site === "same-origin" || site === "none") return null;
  if (site === "cross-site") return "This request came from another site, so it was not carried out.";
  if (facts.origin === null) {
    return site === null
      ? null
      : "This request came from another site (its origin is unknown), so it was not carried out.";
  }
  return isOwnOrigin(facts.origin, facts, config)
    ? null
    : "This request came from another site, so it was not carried out.";
}

/** Whether the Cookie header carries the session (without parsing the other cookies). */
function hasSessionCookie(cookieHeader: string | null): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((part) => {
    const name = part.slice(0, part.indexOf("=")).trim();
    return name === AUTH_TOKEN_COOKIE || name === USER_ID_COOKIE;
  });
}

export function crossSiteFactsOf(request: Request): CrossSiteFacts {
  const h = request.headers;
  return {
    method: request.method,
    cookieAuthenticated: !h.has("authorization") && hasSessionCookie(h.get("cookie")),
    host: h.get("host"),
    forwardedHost: h.get("x-forwarded-host"),
    origin: h.get("origin"),
    secFetchSite: h.get("sec-fetch-site"),
  };
}

let envConfig: CrossSiteConfig | null = null;

/** Throws a typed 403 for a cookie-signed change sent from another site. */
export function assertNotCrossSite(request: Request): void {
  const facts = crossSiteFactsOf(request);
  if (!facts.cookieAuthenticated || !STATE_CHANGING.has(facts.method.toUpperCase())) return;
  envConfig ??= crossSiteConfigFromEnv({
    IMAGE_GEN_HOSTS: process.env.IMAGE_GEN_HOSTS,
    APP_BASE_URL: process.env.APP_BASE_URL,
  });
  const reason = crossSiteRefusal(facts, envConfig);
  if (reason) throw new ApiError("forbidden", reason);
}
