import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { modifyRouteRegex } from "next/dist/lib/redirect-status";
import { storageDriver } from "@/lib/platform/storage";
import { apiContentSecurityPolicy, contentSecurityPolicy, securityConfig, securityHeaderRules } from "./headers";

/** `npm start`'s embedded default: the Auth emulator, local files, nothing else configured. */
const EMULATOR_ENV = {
  NODE_ENV: "production",
  FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
  NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: "demo-promptframe",
};

/** A deployment with every outside service configured. */
const CONFIGURED_ENV = {
  NODE_ENV: "production",
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: "acme-prod",
  NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: "login.acme.example",
  STORAGE_DRIVER: "gcs",
  FIREBASE_STORAGE_BUCKET: "acme-prod.appspot.com",
  NEXT_PUBLIC_POSTHOG_KEY: "phc_test",
  NEXT_PUBLIC_POSTHOG_HOST: "https://eu.i.posthog.com",
  NEXT_PUBLIC_SENTRY_DSN: "https://abc123@o4505.ingest.us.sentry.io/4506",
};

/** directive name -> its sources */
function directives(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name, sources);
  }
  return out;
}

describe("contentSecurityPolicy", () => {
  it("for the embedded default: own origin, the emulator, Google's sign-in script; no outside services; no eval", () => {
    const csp = directives(contentSecurityPolicy(securityConfig(EMULATOR_ENV)));
    expect(csp.get("default-src")).toEqual(["'self'"]);
    // Next's inline bootstrap scripts (ISR pages cannot carry a per-request nonce) and gapi for the sign-in popup.
    expect(csp.get("script-src")).toEqual(["'self'", "'unsafe-inline'", "https://apis.google.com"]);
    expect(csp.get("connect-src")).toEqual(["'self'", "http://127.0.0.1:9099"]);
    expect(csp.get("frame-src")).toEqual(["'self'", "http://127.0.0.1:9099"]);
    expect(csp.get("media-src")).toEqual(["'self'", "blob:", "data:"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    const all = [...csp.values()].flat();
    expect(all).not.toContain("'unsafe-eval'");
    expect(all.join(" ")).not.toMatch(/posthog|sentry|storage\.googleapis|firebaseapp|identitytoolkit/);
  });

  it("for a configured deployment: Firebase Auth on its auth domain, Cloud Storage, PostHog (and its assets host) and Sentry", () => {
    const csp = directives(contentSecurityPolicy(securityConfig(CONFIGURED_ENV)));
    expect(csp.get("script-src")).toEqual([
      "'self'",
      "'unsafe-inline'",
      "https://apis.google.com",
      "https://eu.i.posthog.com",
      "https://eu-assets.i.posthog.com",
    ]);
    expect(csp.get("connect-src")).toEqual([
      "'self'",
      "https://identitytoolkit.googleapis.com",
      "https://securetoken.googleapis.com",
      "https://storage.googleapis.com",
      "https://eu.i.posthog.com",
      "https://eu-assets.i.posthog.com",
      "https://o4505.ingest.us.sentry.io",
    ]);
    expect(csp.get("frame-src")).toEqual(["'self'", "https://login.acme.example", "https://accounts.google.com"]);
    expect(csp.get("media-src")).toEqual(["'self'", "blob:", "data:", "https://storage.googleapis.com"]);
    expect(csp.get("img-src")).toContain("https://storage.googleapis.com");
    expect([...csp.values()].flat().join(" ")).not.toContain("127.0.0.1");
  });

  it("falls back to the project's firebaseapp.com domain, PostHog's US cloud, and a custom PostHog proxy serves its own assets", () => {
    const csp = directives(
      contentSecurityPolicy(
        securityConfig({
          NODE_ENV: "production",
          NEXT_PUBLIC_FIREBASE_PROJECT_ID: "acme-prod",
          NEXT_PUBLIC_POSTHOG_KEY: "phc_x",
        }),
      ),
    );
    expect(csp.get("frame-src")).toContain("https://acme-prod.firebaseapp.com");
    expect(csp.get("connect-src")).toEqual(
      expect.arrayContaining(["https://us.i.posthog.com", "https://us-assets.i.posthog.com"]),
    );
    const proxied = directives(
      contentSecurityPolicy(
        securityConfig({ ...CONFIGURED_ENV, NEXT_PUBLIC_POSTHOG_HOST: "https://e.acme.example/ingest" }),
      ),
    );
    expect(proxied.get("script-src")).toEqual([
      "'self'",
      "'unsafe-inline'",
      "https://apis.google.com",
      "https://e.acme.example",
    ]);
  });

  it("adds nothing for a PostHog host without a key, or a malformed Sentry DSN", () => {
    const csp = contentSecurityPolicy(
      securityConfig({
        ...EMULATOR_ENV,
        NEXT_PUBLIC_POSTHOG_HOST: "https://eu.i.posthog.com",
        NEXT_PUBLIC_SENTRY_DSN: "not a dsn",
      }),
    );
    expect(csp).not.toMatch(/posthog|not a dsn/);
  });

  it("decides Cloud Storage as the storage driver does", () => {
    const cases: Record<string, string | undefined>[] = [
      {},
      { STORAGE_DRIVER: "gcs", FIREBASE_STORAGE_BUCKET: "b" },
      { STORAGE_DRIVER: "local", FIREBASE_STORAGE_BUCKET: "b", FIREBASE_SERVICE_ACCOUNT: "{}" },
      { FIREBASE_STORAGE_BUCKET: "b", FIREBASE_SERVICE_ACCOUNT: "{}" },
      { FIREBASE_STORAGE_BUCKET: "b", GOOGLE_APPLICATION_CREDENTIALS: "/k.json" },
      { FIREBASE_STORAGE_BUCKET: "b" },
    ];
    for (const env of cases) expect(securityConfig(env).cloudStorage).toBe(storageDriver(env) === "gcs");
  });

  it("lets any site frame the embeddable player, and only it", () => {
    const config = securityConfig(EMULATOR_ENV);
    expect(directives(contentSecurityPolicy(config, { embeddable: true })).get("frame-ancestors")).toEqual(["*"]);
  });

  it("allows eval and the dev server's websocket only under `next dev`", () => {
    const csp = directives(contentSecurityPolicy(securityConfig({ ...EMULATOR_ENV, NODE_ENV: "development" })));
    expect(csp.get("script-src")).toContain("'unsafe-eval'");
    expect(csp.get("connect-src")).toContain("ws:");
  });

  it("gives API responses (JSON and stored files) a policy that runs nothing: an uploaded SVG opened directly cannot script", () => {
    const csp = directives(apiContentSecurityPolicy());
    expect(csp.get("default-src")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.has("script-src")).toBe(false);
  });
});

/** The headers Next sends for a path: every matching rule in order, a later one overriding a key (as next.config headers() do). */
function headersFor(rules: ReturnType<typeof securityHeaderRules>, pathname: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) {
    const match = getPathMatch(rule.source, {
      strict: true,
      removeUnnamedParams: true,
      regexModifier: (r: string) => modifyRouteRegex(r),
    });
    if (!match(pathname)) continue;
    for (const { key, value } of rule.headers) out[key.toLowerCase()] = value;
  }
  return out;
}

describe("securityHeaderRules", () => {
  const local = securityHeaderRules(EMULATOR_ENV);
  const deployed = securityHeaderRules(CONFIGURED_ENV);

  it("sends nosniff, the referrer policy and a policy that forbids framing on pages, public viewers and the rest", () => {
    for (const path of [
      "/",
      "/login",
      "/create",
      "/content/abc",
      "/v1/videos/abc",
      "/pages/abc",
      "/v0/videos",
      "/v0/videos/abc/edit",
      "/_next/static/chunks/x.js",
    ]) {
      const h = headersFor(local, path);
      expect(h["x-content-type-options"]).toBe("nosniff");
      expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(h["x-frame-options"]).toBe("DENY");
      expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(h["content-security-policy"]).toContain("script-src 'self'");
    }
  });

  it("lets the embeddable player /v0/videos/{id} be framed (with or without a trailing slash)", () => {
    for (const path of ["/v0/videos/abc", "/v0/videos/abc/"]) {
      const h = headersFor(local, path);
      expect(h["x-frame-options"]).toBeUndefined();
      expect(h["content-security-policy"]).toContain("frame-ancestors *");
      expect(h["x-content-type-options"]).toBe("nosniff");
    }
  });

  it("gives /api responses the policy that runs nothing", () => {
    for (const path of ["/api/v1/health", "/api/v1/blobs/images/u/x.svg"]) {
      const h = headersFor(local, path);
      expect(h["content-security-policy"]).toBe(apiContentSecurityPolicy());
      expect(h["x-frame-options"]).toBe("DENY");
    }
  });

  it("sends HSTS from a production deployment, never from the emulator default on plain-HTTP localhost", () => {
    expect(headersFor(local, "/")["strict-transport-security"]).toBeUndefined();
    expect(
      headersFor(securityHeaderRules({ ...CONFIGURED_ENV, NODE_ENV: "development" }), "/")["strict-transport-security"],
    ).toBeUndefined();
    for (const path of ["/", "/api/v1/health", "/v0/videos/abc"]) {
      expect(headersFor(deployed, path)["strict-transport-security"]).toBe("max-age=63072000");
    }
  });
});
