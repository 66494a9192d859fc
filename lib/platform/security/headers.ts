/**
 * The security headers of every response, for next.config.ts `headers()`.
 * Pure functions of the environment; no imports, because next.config.ts loads
 * this file before the app is compiled.
 *
 * Next.js writes these rules into the routes manifest at build time, so the
 * policy follows the BUILD's environment, like the NEXT_PUBLIC_* values the
 * browser bundles inline (the build stamp rebuilds when STORAGE_DRIVER or
 * FIREBASE_STORAGE_BUCKET change too).
 *
 * The Content-Security-Policy is static so that cached pages (the ISR public
 * viewers /content/{id}, /v0|v1/videos/{id}, /pages/{id}) carry the same one
 * as everything else: a per-request nonce would force every page to render
 * per request. Next's inline bootstrap scripts (the RSC payload pushed by
 * `self.__next_f.push`) differ per page and per data, so hashes cannot list
 * them either: script-src keeps 'unsafe-inline' and no other host than
 * Google's sign-in loader (and PostHog when configured). What the policy still
 * stops: plugins, <base> hijacking, forms posting elsewhere, framing
 * (clickjacking), scripts and connections to hosts it does not name.
 * Pictures may come from any http(s) host: the link-to-video screen shows a
 * shop's own pictures and the account menu a Google profile photo.
 */

export interface SecurityConfig {
  /** A production build outside emulator mode: HSTS. */
  production: boolean;
  /** `next dev`: eval (source maps) and its websocket. */
  dev: boolean;
  /** host:port of the Auth emulator the browser talks to, or null. */
  authEmulatorHost: string | null;
  /** Firebase Auth's domain (its sign-in iframe), outside emulator mode. */
  authDomain: string | null;
  cloudStorage: boolean;
  /** PostHog's API host (origin) when analytics is configured. */
  posthogHost: string | null;
  /** Sentry's ingest origin when browser error reporting is configured. */
  sentryOrigin: string | null;
}

type Env = Record<string, string | undefined>;

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  const parsed = URL.parse(url);
  return parsed && (parsed.protocol === "https:" || parsed.protocol === "http:") ? parsed.origin : null;
}

export function securityConfig(env: Env): SecurityConfig {
  const emulator = env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST || env.FIREBASE_AUTH_EMULATOR_HOST || null;
  const projectId = env.NEXT_PUBLIC_FIREBASE_PROJECT_ID || "demo-promptframe";
  // As lib/platform/storage's storageDriver(): an explicit driver wins, else a bucket with credentials.
  const driver = env.STORAGE_DRIVER?.trim();
  const cloudStorage = driver
    ? driver === "gcs"
    : !!(env.FIREBASE_STORAGE_BUCKET && (env.FIREBASE_SERVICE_ACCOUNT || env.GOOGLE_APPLICATION_CREDENTIALS));
  return {
    production: env.NODE_ENV === "production" && !emulator,
    dev: env.NODE_ENV === "development",
    authEmulatorHost: emulator,
    authDomain: emulator ? null : env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
    cloudStorage,
    posthogHost: env.NEXT_PUBLIC_POSTHOG_KEY
      ? originOf(env.NEXT_PUBLIC_POSTHOG_HOST || "https://us.i.posthog.com")
      : null,
    sentryOrigin: originOf(env.NEXT_PUBLIC_SENTRY_DSN),
  };
}

/** PostHog's cloud loads its extensions from a sibling assets host (us.i -> us-assets.i), as posthog-js does. */
function posthogSources(host: string | null): string[] {
  if (!host) return [];
  const m = /^https:\/\/(us|eu)\.i\.posthog\.com$/.exec(host);
  return m ? [host, `https://${m[1]}-assets.i.posthog.com`] : [host];
}

const GCS = "https://storage.googleapis.com";

export function contentSecurityPolicy(config: SecurityConfig, { embeddable = false } = {}): string {
  const posthog = posthogSources(config.posthogHost);
  const emulator = config.authEmulatorHost ? [`http://${config.authEmulatorHost}`] : [];
  const firebaseApi = config.authEmulatorHost
    ? []
    : ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"];
  const storage = config.cloudStorage ? [GCS] : [];
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    // The sign-in popup loads Google's gapi loader into the page, in emulator mode too.
    [
      "script-src",
      ["'self'", "'unsafe-inline'", ...(config.dev ? ["'unsafe-eval'"] : []), "https://apis.google.com", ...posthog],
    ],
    // React style props, the Remotion Player and the bare player's <style>.
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:", "https:", "http:", ...storage]],
    ["media-src", ["'self'", "blob:", "data:", ...storage]],
    ["font-src", ["'self'", "data:"]],
    [
      "connect-src",
      [
        "'self'",
        ...(config.dev ? ["ws:"] : []),
        ...emulator,
        ...firebaseApi,
        ...storage,
        ...posthog,
        ...(config.sentryOrigin ? [config.sentryOrigin] : []),
      ],
    ],
    // Firebase's sign-in helper iframe: the emulator's, or the auth domain's.
    [
      "frame-src",
      [
        "'self'",
        ...emulator,
        ...(config.authDomain ? [`https://${config.authDomain}`, "https://accounts.google.com"] : []),
      ],
    ],
    ["worker-src", ["'self'", "blob:"]],
    ["manifest-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", [embeddable ? "*" : "'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${[...new Set(sources)].join(" ")}`).join("; ");
}

/**
 * API answers are JSON or stored files, never pages: nothing in them may run.
 * Pictures and media may still show when such a URL is opened on its own.
 */
export function apiContentSecurityPolicy(): string {
  return "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
}

export interface HeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}

/** The embeddable player (Next's header matching also accepts a trailing slash). */
const EMBED_SOURCE = "/v0/videos/:id";

/** next.config.ts `headers()`: for a path, a later rule overrides an earlier one's header of the same name. */
export function securityHeaderRules(env: Env): HeaderRule[] {
  const config = securityConfig(env);
  const common = [
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    // Two years; not includeSubDomains, which would also bind every other host of the company's domain.
    ...(config.production ? [{ key: "Strict-Transport-Security", value: "max-age=63072000" }] : []),
  ];
  return [
    { source: "/(.*)", headers: common },
    {
      // Everything but the embeddable player may not be framed.
      source: "/((?!v0/videos/[^/]+/?$).*)",
      headers: [
        { key: "Content-Security-Policy", value: contentSecurityPolicy(config) },
        { key: "X-Frame-Options", value: "DENY" },
      ],
    },
    {
      source: EMBED_SOURCE,
      headers: [{ key: "Content-Security-Policy", value: contentSecurityPolicy(config, { embeddable: true }) }],
    },
    { source: "/api/(.*)", headers: [{ key: "Content-Security-Policy", value: apiContentSecurityPolicy() }] },
  ];
}
