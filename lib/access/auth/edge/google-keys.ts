/**
 * Google's session-cookie signing keys, fetched from the x509 endpoint and
 * cached by its Cache-Control max-age. Edge-safe (fetch + WebCrypto via jose).
 *
 * Stale-while-revalidate: once keys are loaded, no request waits on the
 * network; an expired set is served while a refresh runs in the background.
 * An unknown key id triggers one awaited refetch at most once a minute, which
 * covers Google's key rotation without letting garbage `kid`s hammer Google.
 */
import { importX509, type CryptoKey } from "jose";

export interface KeySource {
  getKey(kid: string): Promise<CryptoKey | null>;
  warm(): void;
}

interface Options {
  url: string;
  fetchImpl?: typeof fetch;
  now?: () => number;
  /** Minimum gap between refetches caused by unknown key ids. */
  minRefetchMs?: number;
  /** Used when the response has no max-age. */
  defaultMaxAgeMs?: number;
}

export function parseMaxAgeMs(cacheControl: string | null): number | null {
  const m = cacheControl?.match(/(?:^|,)\s*max-age=(\d+)/i);
  return m ? Number(m[1]) * 1000 : null;
}

export function createX509KeySource({
  url,
  fetchImpl = (...args) => fetch(...args),
  now = Date.now,
  minRefetchMs = 60_000,
  defaultMaxAgeMs = 60 * 60 * 1000,
}: Options): KeySource {
  let keys: Map<string, CryptoKey> | null = null;
  let expiresAt = 0;
  let lastFetchAt = -Infinity;
  let inflight: Promise<void> | null = null;

  async function load(): Promise<void> {
    lastFetchAt = now();
    const res = await fetchImpl(url, { cache: "no-store" });
    if (!res.ok) throw new Error(`key fetch failed: HTTP ${res.status}`);
    const body = (await res.json()) as Record<string, unknown>;
    const next = new Map<string, CryptoKey>();
    for (const [kid, pem] of Object.entries(body)) {
      if (typeof pem !== "string") continue;
      try {
        next.set(kid, await importX509(pem, "RS256"));
      } catch (err) {
        console.warn(`[auth] skipping unparsable signing key ${kid}:`, err);
      }
    }
    keys = next;
    expiresAt = now() + (parseMaxAgeMs(res.headers.get("cache-control")) ?? defaultMaxAgeMs);
  }

  function refresh(): Promise<void> {
    inflight ??= load()
      .catch((err) => {
        console.error("[auth] could not refresh Google signing keys:", err);
      })
      .finally(() => {
        inflight = null;
      });
    return inflight;
  }

  return {
    warm() {
      if (!keys) void refresh();
    },
    async getKey(kid) {
      if (!keys) await refresh();
      else if (now() >= expiresAt) void refresh();
      if (keys?.has(kid)) return keys.get(kid)!;
      if (now() - lastFetchAt >= minRefetchMs) {
        await refresh();
        return keys?.get(kid) ?? null;
      }
      return null;
    },
  };
}
