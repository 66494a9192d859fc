/**
 * Loading screens on demand (spec section 2, "Loading behaviour"): a failed
 * chunk load is retried LAZY_SCREEN_RETRIES times, LAZY_SCREEN_RETRY_DELAY_MS
 * apart; if it still fails the page reloads once (a new deployment usually
 * explains a missing chunk). A sessionStorage marker per path stops a reload
 * loop: the second time the error is thrown so the error page shows.
 */
import { LAZY_SCREEN_RETRIES, LAZY_SCREEN_RETRY_DELAY_MS } from "@/lib/platform/constants";

const MARKER_PREFIX = "promptframe:lazy-reload:";

/** What retryImport needs from the browser; injectable for tests. */
export interface ReloadEnvironment {
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  path: string;
  reload: () => void;
}

export interface RetryImportOptions {
  retries?: number;
  delayMs?: number;
  /** Defaults to the current window; without a window (server) the error is thrown. */
  environment?: ReloadEnvironment | null;
}

function browserEnvironment(): ReloadEnvironment | null {
  if (typeof window === "undefined") return null;
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage can be blocked; then no reload, so no risk of a loop.
  }
  return { storage, path: window.location.pathname, reload: () => window.location.reload() };
}

/**
 * Reloads the page unless this path has already been reloaded for a failed
 * load; in that case clears the marker and returns false.
 */
function reloadOnce(environment: ReloadEnvironment, marker: string): boolean {
  const { storage } = environment;
  if (!storage) return false;
  try {
    if (storage.getItem(marker) !== null) {
      storage.removeItem(marker);
      return false;
    }
    storage.setItem(marker, String(Date.now()));
  } catch {
    return false;
  }
  environment.reload();
  return true;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function retryImport<T>(importer: () => Promise<T>, options: RetryImportOptions = {}): Promise<T> {
  const { retries = LAZY_SCREEN_RETRIES, delayMs = LAZY_SCREEN_RETRY_DELAY_MS } = options;
  const environment = options.environment === undefined ? browserEnvironment() : options.environment;
  const marker = environment ? `${MARKER_PREFIX}${environment.path}` : "";

  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(delayMs);
    try {
      const loaded = await importer();
      try {
        environment?.storage?.removeItem(marker);
      } catch {
        // Nothing to clean up when storage is unavailable.
      }
      return loaded;
    } catch (error) {
      lastError = error;
    }
  }

  if (environment && reloadOnce(environment, marker)) {
    // The page is going away; never settle, so no error screen flashes meanwhile.
    return new Promise<T>(() => {});
  }
  throw lastError;
}
