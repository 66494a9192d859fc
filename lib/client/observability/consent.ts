/**
 * The person's answer to "may we measure how you use Promptframe?", kept in
 * the browser (localStorage) so it is asked once per browser and can be
 * changed any time (the prompt, and the privacy section of /subscription).
 * Undecided until they answer: analytics starts only on "granted".
 * Browser-safe and dependency-free (it is in every page's bundle when
 * analytics is configured).
 */
export type ConsentAnswer = "granted" | "denied";
export type Consent = ConsentAnswer | null;

/** Versioned: a change to what is collected asks again under a new key. */
export const CONSENT_STORAGE_KEY = "promptframe.analytics-consent.v1";

export interface ConsentStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface ConsentStore {
  read(): Consent;
  set(answer: ConsentAnswer): void;
  /** Called after every change, including one made in another tab. */
  subscribe(listener: () => void): () => void;
}

function parse(value: string | null | undefined): Consent {
  return value === "granted" || value === "denied" ? value : null;
}

/**
 * `storage` may be missing (server render) or throw (storage blocked): the
 * answer then lives in memory for this page, and the person is asked again
 * on the next visit, which is the safe side.
 */
export function createConsentStore(
  storage: () => ConsentStorage | null,
  events?: Pick<Window, "addEventListener" | "removeEventListener">,
): ConsentStore {
  const listeners = new Set<() => void>();
  let memory: Consent = null;
  const notify = () => listeners.forEach((l) => l());
  return {
    read() {
      try {
        return parse(storage()?.getItem(CONSENT_STORAGE_KEY)) ?? memory;
      } catch {
        return memory;
      }
    },
    set(answer) {
      memory = answer;
      try {
        storage()?.setItem(CONSENT_STORAGE_KEY, answer);
      } catch {
        // Kept in memory only (see above).
      }
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (e: Event) => {
        if ((e as StorageEvent).key === CONSENT_STORAGE_KEY) listener();
      };
      events?.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(listener);
        events?.removeEventListener("storage", onStorage);
      };
    },
  };
}

const browser = typeof window !== "undefined";

/** This browser's answer. */
export const analyticsConsent: ConsentStore = createConsentStore(
  () => (browser ? window.localStorage : null),
  browser ? window : undefined,
);
