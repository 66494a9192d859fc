/**
 * Typed server configuration (Node and edge). Every variable is documented in
 * `.env.example`. Variables are read with literal `process.env.X` references so
 * the edge runtime can see them at run time.
 *
 * Two ways to run, one code path: with FIREBASE_AUTH_EMULATOR_HOST set the app
 * trusts the local Auth emulator (unsigned tokens); otherwise it needs a real
 * Firebase project and only accepts tokens signed by Google.
 */
import { z } from "zod";

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );

const schema = z
  .object({
    FIREBASE_PROJECT_ID: z.string().min(1).optional(),
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: z.string().min(1).optional(),
    FIREBASE_AUTH_EMULATOR_HOST: z.string().min(1).optional(),
    COMPANY_EMAIL_DOMAINS: list,
    IMAGE_GEN_HOSTS: list,
    PUBLIC_PREVIEW_PATH: z
      .string()
      .regex(
        /^\/[A-Za-z0-9_-]{12,}$/,
        "PUBLIC_PREVIEW_PATH must be one path segment of at least 12 URL-safe characters, e.g. /p-3f9c1a7e5b2d",
      )
      .optional(),
    AUTH_PUBLIC_KEYS_URL: z.string().url().optional(),
    AUTH_ID_TOKEN_KEYS_URL: z.string().url().optional(),
    DATA_DIR: z.string().min(1).optional(),
  })
  .transform((e) => {
    const emulatorHost = e.FIREBASE_AUTH_EMULATOR_HOST;
    const projectId =
      e.FIREBASE_PROJECT_ID ?? e.NEXT_PUBLIC_FIREBASE_PROJECT_ID ?? (emulatorHost ? DEMO_PROJECT_ID : undefined);
    if (!projectId) {
      throw new Error(
        "No Firebase project configured: set FIREBASE_PROJECT_ID (see .env.example), or run `npm start`, which uses the Auth emulator.",
      );
    }
    return {
      projectId,
      authEmulatorHost: emulatorHost ?? null,
      companyDomains: e.COMPANY_EMAIL_DOMAINS.length ? e.COMPANY_EMAIL_DOMAINS : ["promptframe.ai"],
      imageGenHosts: e.IMAGE_GEN_HOSTS,
      publicPreviewPath: e.PUBLIC_PREVIEW_PATH ?? null,
      /** Session-cookie signing keys (x509 PEMs by key id). */
      authPublicKeysUrl:
        e.AUTH_PUBLIC_KEYS_URL ?? "https://www.googleapis.com/identitytoolkit/v3/relyingparty/publicKeys",
      /** ID-token signing keys (the API's Bearer calls). */
      idTokenKeysUrl:
        e.AUTH_ID_TOKEN_KEYS_URL ??
        "https://www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com",
      dataDir: e.DATA_DIR ?? ".data",
    };
  });

export const DEMO_PROJECT_ID = "demo-promptframe";

export type ServerEnv = z.output<typeof schema>;

/** Parses any source of variables; pure, for tests. */
export function parseServerEnv(source: Record<string, string | undefined>): ServerEnv {
  return schema.parse(source);
}

let cached: ServerEnv | null = null;

export function serverEnv(): ServerEnv {
  cached ??= parseServerEnv({
    FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID,
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
    COMPANY_EMAIL_DOMAINS: process.env.COMPANY_EMAIL_DOMAINS,
    IMAGE_GEN_HOSTS: process.env.IMAGE_GEN_HOSTS,
    PUBLIC_PREVIEW_PATH: process.env.PUBLIC_PREVIEW_PATH,
    AUTH_PUBLIC_KEYS_URL: process.env.AUTH_PUBLIC_KEYS_URL,
    AUTH_ID_TOKEN_KEYS_URL: process.env.AUTH_ID_TOKEN_KEYS_URL,
    DATA_DIR: process.env.DATA_DIR,
  });
  return cached;
}

/** For tests that change the environment between cases. */
export function resetServerEnvCache(): void {
  cached = null;
}

/**
 * URL_FETCH_ALLOW_HOSTS: host names or IPs the link fetcher may reach even
 * though they are private (tests and staging, e.g. `127.0.0.1`). Empty by
 * default. Read on each call (tests set it per case); it does not need the
 * Firebase settings above.
 */
export function urlFetchAllowHosts(): string[] {
  return list.parse(process.env.URL_FETCH_ALLOW_HOSTS);
}

/**
 * Rate limits (lib/platform/rate-limit). Read apart from `serverEnv()` because the
 * limiter must work with no Firebase project configured (scripts, tests), and
 * tests change these per file.
 *
 * - RATE_LIMIT_STORE: memory | sqlite | redis. Default: redis when REDIS_URL
 *   is set (limits hold across app instances), else sqlite (a file under
 *   DATA_DIR: holds across restarts and the processes of one machine).
 * - REDIS_URL: redis://[user:pass@]host:port[/db] (rediss:// for TLS).
 * - TRUST_PROXY: how many proxies in front of the app append to
 *   X-Forwarded-For (0, the default: none; 1: one load balancer). See
 *   lib/platform/rate-limit/client-ip.ts for why the count matters.
 * - RATE_LIMIT_FACTOR: multiplies every limit's points (test stacks run many
 *   storyboards from one address and account; production leaves it at 1).
 * - RATE_LIMITS: JSON overrides per limit name, e.g.
 *   {"storyboard":{"points":3},"link_extract":{"points":2,"duration":60}}.
 */
const overridesSchema = z.record(
  z.string(),
  z.object({ points: z.number().int().min(1).optional(), duration: z.number().int().min(1).optional() }).strict(),
);

const rateLimitSchema = z
  .object({
    RATE_LIMIT_STORE: z.enum(["memory", "sqlite", "redis"]).optional(),
    REDIS_URL: z
      .string()
      .trim()
      .min(1)
      .refine((v) => /^rediss?:\/\//.test(v), "REDIS_URL must start with redis:// or rediss://")
      .optional(),
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    RATE_LIMIT_FACTOR: z.coerce.number().positive().max(1_000_000).default(1),
    RATE_LIMITS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v?.trim()) return {};
        try {
          return overridesSchema.parse(JSON.parse(v));
        } catch (e) {
          ctx.addIssue({
            code: "custom",
            message: `RATE_LIMITS must be JSON like {"storyboard":{"points":3}}: ${(e as Error).message}`,
          });
          return z.NEVER;
        }
      }),
    DATA_DIR: z.string().min(1).optional(),
  })
  .transform((e, ctx) => {
    const store = e.RATE_LIMIT_STORE ?? (e.REDIS_URL ? "redis" : "sqlite");
    if (store === "redis" && !e.REDIS_URL) {
      ctx.addIssue({ code: "custom", message: "RATE_LIMIT_STORE=redis needs REDIS_URL." });
      return z.NEVER;
    }
    return {
      store,
      redisUrl: e.REDIS_URL ?? null,
      sqliteFile: `${(e.DATA_DIR ?? ".data").replace(/\/+$/, "")}/rate-limits.sqlite`,
      trustProxyHops: e.TRUST_PROXY,
      factor: e.RATE_LIMIT_FACTOR,
      overrides: e.RATE_LIMITS,
    };
  });

export type RateLimitEnv = z.output<typeof rateLimitSchema>;

export function parseRateLimitEnv(source: Record<string, string | undefined>): RateLimitEnv {
  return rateLimitSchema.parse(source);
}

export function rateLimitEnv(): RateLimitEnv {
  return parseRateLimitEnv({
    RATE_LIMIT_STORE: process.env.RATE_LIMIT_STORE || undefined,
    REDIS_URL: process.env.REDIS_URL || undefined,
    TRUST_PROXY: process.env.TRUST_PROXY || undefined,
    RATE_LIMIT_FACTOR: process.env.RATE_LIMIT_FACTOR || undefined,
    RATE_LIMITS: process.env.RATE_LIMITS,
    DATA_DIR: process.env.DATA_DIR || undefined,
  });
}
