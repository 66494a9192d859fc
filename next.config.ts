import type { NextConfig } from "next";
import { withSentryConfig } from "@sentry/nextjs/config";
import { securityHeaderRules } from "./lib/security/headers";

const nextConfig: NextConfig = {
  // The spec's calls end in a slash (/api/v1/user-info/); both forms must
  // answer directly, with no redirect.
  skipTrailingSlashRedirect: true,
  // Native and server-only packages stay out of the bundles.
  serverExternalPackages: ["better-sqlite3", "firebase-admin", "@remotion/renderer", "@remotion/bundler", "@remotion/lambda", "@remotion/lambda-client"],
  poweredByHeader: false,
  reactStrictMode: true,
  // A separate build folder lets tests build while a dev server runs.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // `npm test` type-checks once with tsc before building; its build skips the repeat.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === "1" },
  // CSP, framing, nosniff, referrer policy and (production) HSTS on every
  // response, public cached pages and API included (lib/security/headers.ts).
  headers: async () => securityHeaderRules(process.env),
};

// Sentry's build plugin only when a DSN is configured; without one nothing is sent.
export default process.env.SENTRY_DSN || process.env.NEXT_PUBLIC_SENTRY_DSN
  ? withSentryConfig(nextConfig, { silent: true, telemetry: false })
  : nextConfig;
