import "server-only";
/**
 * Searching the configured stock providers: each call has a deadline, recent
 * searches are answered from memory (Pexels allows about 200 calls an hour
 * for the whole app, Pixabay 100 a minute), each provider has an hourly budget
 * this process keeps under, and a person's searches are rate-limited
 * (`stock_search`). A provider that fails or is over budget is skipped with a
 * note; the others still answer.
 */
import { limitUser } from "@/lib/platform/rate-limit";
import { stockConfig } from "./config";
import { PROVIDER_LABELS, type StockCandidate, type StockProviderId } from "./contract";
import { StockProviderError } from "./http";
import { pexelsProvider } from "./pexels";
import { pixabayProvider } from "./pixabay";
import type { StockProvider } from "./provider";
import { orientationForRatio } from "./rank";

const CACHE_TTL_MS = 60 * 60_000;
const CACHE_MAX = 300;
/** Calls per provider per window this process makes at most (under each provider's own limit). */
const BUDGET: Record<StockProviderId, { calls: number; windowMs: number }> = {
  pexels: { calls: 180, windowMs: 60 * 60_000 },
  pixabay: { calls: 90, windowMs: 60_000 },
};

interface Entry<T> {
  at: number;
  value: T;
}
const searches = new Map<string, Entry<StockCandidate[]>>();
const items = new Map<string, Entry<StockCandidate>>();
const spentCalls = new Map<StockProviderId, number[]>();

/** Tests: forget cached searches and spent budget. */
export function resetStockCache(): void {
  searches.clear();
  items.clear();
  spentCalls.clear();
}

function remember<T>(map: Map<string, Entry<T>>, key: string, value: T, now: number): void {
  map.delete(key);
  map.set(key, { at: now, value });
  while (map.size > CACHE_MAX) map.delete(map.keys().next().value!);
}

function recall<T>(map: Map<string, Entry<T>>, key: string, now: number): T | null {
  const e = map.get(key);
  if (!e) return null;
  if (now - e.at > CACHE_TTL_MS) {
    map.delete(key);
    return null;
  }
  // Most recently used last, so the oldest go first.
  map.delete(key);
  map.set(key, e);
  return e.value;
}

function takeBudget(id: StockProviderId, now: number): boolean {
  const b = BUDGET[id];
  const calls = (spentCalls.get(id) ?? []).filter((t) => now - t < b.windowMs);
  if (calls.length >= b.calls) {
    spentCalls.set(id, calls);
    return false;
  }
  calls.push(now);
  spentCalls.set(id, calls);
  return true;
}

/** The providers with a key, in a fixed order (Pexels first). */
export function stockProviders(): StockProvider[] {
  return stockConfig().map((c) => (c.id === "pexels" ? pexelsProvider(c) : pixabayProvider(c)));
}

export function stockConfigured(): boolean {
  return stockConfig().length > 0;
}

export interface StockSearch {
  query: string;
  /** "any": photos and clips, interleaved. */
  kind: "photo" | "video" | "any";
  ratio: string;
  perPage?: number;
  signal?: AbortSignal;
  /** The person searching: their `stock_search` limit is spent when a provider is asked (not for a cached answer). */
  uid?: string;
  providers?: StockProvider[];
  now?: () => number;
}

export interface StockResult {
  candidates: StockCandidate[];
  /** Sentences for providers that did not answer ("Pexels did not answer in time."). */
  problems: string[];
}

function cleanQuery(q: string): string {
  return q.trim().toLowerCase().split(/\s+/).filter(Boolean).join(" ").slice(0, 100);
}

/** Searches every configured provider for photos and/or clips; cached answers first, failures noted, never thrown. */
export async function searchStock(s: StockSearch): Promise<StockResult> {
  const query = cleanQuery(s.query);
  const providers = s.providers ?? stockProviders();
  if (!query || providers.length === 0) return { candidates: [], problems: [] };
  const now = s.now ?? Date.now;
  const orientation = orientationForRatio(s.ratio);
  const kinds: ("photo" | "video")[] = s.kind === "any" ? ["photo", "video"] : [s.kind];
  const perPage = Math.min(30, Math.max(3, s.perPage ?? 12));
  const signal = s.signal ?? new AbortController().signal;
  const problems: string[] = [];
  let limited = false;

  const lists = await Promise.all(
    providers.flatMap((p) =>
      kinds.map(async (kind) => {
        const key = [p.id, kind, orientation, s.ratio, perPage, query].join("|");
        const cached = recall(searches, key, now());
        if (cached) return cached;
        if (s.uid && !limited) {
          limited = true;
          await limitUser("stock_search", s.uid);
        }
        if (!takeBudget(p.id, now())) {
          problems.push(`${PROVIDER_LABELS[p.id]} has had many searches this hour; try again in a few minutes.`);
          return [];
        }
        try {
          const found = await p.search({ query, kind, orientation, ratio: s.ratio, perPage, signal });
          remember(searches, key, found, now());
          for (const c of found) remember(items, `${c.provider}|${c.kind}|${c.id}|${s.ratio}`, c, now());
          return found;
        } catch (e) {
          if (signal.aborted) throw e;
          problems.push(
            e instanceof StockProviderError ? e.message : `${PROVIDER_LABELS[p.id]} sent an answer we could not read.`,
          );
          return [];
        }
      }),
    ),
  );
  // Interleaved (one from each list in turn), so one provider or kind does not push the others off the page.
  const candidates: StockCandidate[] = [];
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (l[i]) candidates.push(l[i]!);
  return { candidates, problems: [...new Set(problems)] };
}

/** One stock item as its provider describes it now (from memory when it was seen in the last hour). */
export async function getStockItem(a: {
  provider: StockProviderId;
  id: string;
  kind: "photo" | "video";
  ratio: string;
  signal?: AbortSignal;
  providers?: StockProvider[];
  now?: () => number;
}): Promise<StockCandidate | null> {
  const now = a.now ?? Date.now;
  const cached = recall(items, `${a.provider}|${a.kind}|${a.id}|${a.ratio}`, now());
  if (cached) return cached;
  const p = (a.providers ?? stockProviders()).find((x) => x.id === a.provider);
  if (!p) return null;
  return p.get({ id: a.id, kind: a.kind, ratio: a.ratio, signal: a.signal ?? new AbortController().signal });
}
