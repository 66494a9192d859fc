/**
 * Where the counters live, chosen once from the environment (lib/platform/env.ts
 * `rateLimitEnv().store`):
 *
 * - redis: RateLimiterRedis on one ioredis client, so every app instance
 *   counts against the same numbers. If Redis is unreachable, each limiter
 *   falls back to an in-memory one (the library's insurance limiter): limits
 *   then hold per instance instead of failing every request.
 * - sqlite: RateLimiterSQLite on its own file under DATA_DIR (not the
 *   document store's file: counters are written on every limited call and
 *   need neither its transactions nor its durability). Holds across restarts
 *   and across the processes of one machine (WAL, busy timeout).
 * - memory: RateLimiterMemory, per process (tests, throwaway servers).
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { Redis } from "ioredis";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";

export type StoreKind = "memory" | "sqlite" | "redis";

export interface LimiterOptions {
  /** Counters of one limit share this prefix whatever the points (a plan change keeps the day's count). */
  keyPrefix: string;
  points: number;
  /** Seconds; a consume may set its own for a new key (calendar-day windows). */
  duration: number;
}

export interface LimiterStore {
  readonly kind: StoreKind;
  limiter(opts: LimiterOptions): RateLimiterAbstract;
  /** Resolves once the store can count (Redis connected), or after `timeoutMs`; the insurance limiter covers the gap. */
  ready(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

const TABLE = "rate_limits";

export function memoryStore(): LimiterStore {
  return {
    kind: "memory",
    limiter: (opts) => new RateLimiterMemory(opts),
    ready: async () => undefined,
    close: async () => undefined,
  };
}

export function sqliteStore(file: string): LimiterStore {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  // Counters, not records: losing the last second of them to a power cut is fine.
  db.pragma("synchronous = NORMAL");
  db.pragma("busy_timeout = 2000");
  // Created here, synchronously: the library creates it asynchronously and refuses calls until then.
  db.prepare(
    `CREATE TABLE IF NOT EXISTS ${TABLE} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`,
  ).run();
  // Rows expired over an hour ago are swept every 5 minutes for the whole table. Our own unref'd timer, not the
  // library's: close() stops it (the library's kept firing on a closed database in a long-lived process).
  const sweep = setInterval(() => {
    try {
      if (db.open) db.prepare(`DELETE FROM ${TABLE} WHERE expire < ?`).run(Date.now() - 3_600_000);
    } catch (e) {
      console.error("[rate-limit] sweeping expired counters failed", e);
    }
  }, 300_000);
  sweep.unref();
  return {
    kind: "sqlite",
    limiter: (opts) =>
      new RateLimiterSQLite({
        ...opts,
        storeClient: db,
        storeType: "better-sqlite3",
        tableName: TABLE,
        tableCreated: true,
        clearExpiredByTimeout: false,
        insuranceLimiter: new RateLimiterMemory(opts),
      }),
    ready: async () => undefined,
    close: async () => {
      clearInterval(sweep);
      db.close();
    },
  };
}

export async function redisStore(url: string): Promise<LimiterStore> {
  // Loaded only when configured. ioredis's CommonJS export is the client class itself: webpack's
  // dynamic-import interop gives it as `default` only, Node's as `Redis` too.
  const mod = await import("ioredis");
  const RedisClient = (mod.Redis ?? mod.default) as typeof mod.Redis;
  // No offline queue: while Redis is down a call fails at once and the insurance limiter answers,
  // instead of every limited request waiting for a reconnect.
  const client: Redis = new RedisClient(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
  });
  client.on("error", (e: Error) => {
    // ioredis retries by itself; one line per failure is enough.
    console.warn(`[rate-limit] Redis: ${e.message}`);
  });
  return {
    kind: "redis",
    limiter: (opts) =>
      new RateLimiterRedis({
        ...opts,
        storeClient: client,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(opts),
      }),
    ready: (timeoutMs) =>
      client.status === "ready"
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              client.off("ready", done);
              resolve();
            };
            const timer = setTimeout(done, timeoutMs);
            client.once("ready", done);
          }),
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

export async function openStore(config: {
  store: StoreKind;
  sqliteFile: string;
  redisUrl: string | null;
}): Promise<LimiterStore> {
  if (config.store === "redis") return redisStore(config.redisUrl!);
  if (config.store === "sqlite") return sqliteStore(config.sqliteFile);
  return memoryStore();
}
