import type { NextConfig } from "next";
import { withSentryConfig } from "@sentry/nextjs/config";
import { securityHeaderRules } from "./lib/platform/security/headers";

const nextConfig: NextConfig = {
  // The spec's calls end in a slash (/api/v1/user-info/); both forms must
  // answer directly, with no redirect.
  skipTrailingSlashRedirect: true,
  // Native and server-only packages stay out of the bundles.
  serverExternalPackages: [
    "better-sqlite3",
    // The queue engine (QUEUE_DRIVER=bullmq): loaded by Node, not bundled (its optional backends stay optional).
    "bullmq",
    "firebase-admin",
    "@remotion/renderer",
    "@remotion/bundler",
    "@remotion/lambda",
    "@remotion/lambda-client",
  ],
  poweredByHeader: false,
  reactStrictMode: true,
  // A separate build folder lets tests build while a dev server runs.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // `npm test` type-checks once with tsc before building; its build skips the repeat.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === "1" },
  // CSP, framing, nosniff, referrer policy and (production) HSTS on every
  // response, public cached pages and API included (lib/platform/security/headers.ts).
  headers: async () => securityHeaderRules(process.env),
  webpack: (config, { isServer, nextRuntime }) => {
    // Worker threads (lib/platform/off-thread): webpack makes each `new Worker(new URL("./x.worker.ts", import.meta.url))`
    // file a chunk and resolves it against the public path, which Next sets to "/_next/" on the server too
    // (vercel/next.js#67063); the server's chunks are files beside each other.
    if (isServer && nextRuntime === "nodejs") config.output.workerPublicPath = "./";
    return config;
  },
};

// Sentry's build plugin only when a DSN is configured; without one nothing is sent.
export default process.env.SENTRY_DSN || process.env.NEXT_PUBLIC_SENTRY_DSN
  ? withSentryConfig(nextConfig, { silent: true, telemetry: false })
  : nextConfig;
