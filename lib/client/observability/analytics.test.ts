import type { Profile } from "@/lib/access/auth/types";
import { createAnalytics, type AnalyticsClient } from "./analytics";
import { CONSENT_STORAGE_KEY, createConsentStore, type ConsentStorage } from "./consent";

/** localStorage as the browser has it: strings by key. */
function memoryStorage(initial: Record<string, string> = {}): ConsentStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
}

/** A PostHog stand-in that records the calls it got, and how often the SDK was fetched. */
function fakeSdk() {
  const calls: [string, ...unknown[]][] = [];
  const record =
    (name: string) =>
    (...a: unknown[]) =>
      void calls.push([name, ...a]);
  // Only the calls analytics.ts makes; their return values are not used.
  const client = {
    init: record("init"),
    capture: record("capture"),
    identify: record("identify"),
    reset: record("reset"),
    opt_in_capturing: record("opt_in"),
    opt_out_capturing: record("opt_out"),
  } as unknown as AnalyticsClient;
  const sdk = { fetched: 0, calls, load: async () => (sdk.fetched++, client) };
  return sdk;
}

const profile: Profile = {
  user_id: "u1",
  email: "a@example.com",
  name: "A",
  photo_url: null,
  provider: "password",
  is_staff: false,
  credits: 100,
  plan: "free",
  created_at: "",
  last_login_at: "",
};

function setup({ key = "phc_test" as string | null, storage = memoryStorage(), inBrowser = true } = {}) {
  const sdk = fakeSdk();
  const consent = createConsentStore(() => storage);
  const analytics = createAnalytics({
    key,
    host: "https://ph.example",
    consent,
    loadSdk: sdk.load,
    inBrowser: () => inBrowser,
  });
  return { analytics, sdk, storage, consent };
}

it("without PostHog configured: no prompt, nothing loaded, whatever is stored", async () => {
  const { analytics, sdk } = setup({ key: null, storage: memoryStorage({ [CONSENT_STORAGE_KEY]: "granted" }) });
  expect(analytics.configured()).toBe(false);
  expect(analytics.needsConsent()).toBe(false);
  expect(await analytics.load()).toBeNull();
  await analytics.capturePageView("https://app/x");
  await analytics.setConsent("granted");
  expect(sdk.fetched).toBe(0);
});

it("with PostHog configured, asks first and loads nothing before an answer", async () => {
  const { analytics, sdk } = setup();
  expect(analytics.needsConsent()).toBe(true);
  expect(await analytics.load()).toBeNull();
  await analytics.capturePageView("https://app/x");
  await analytics.identifyUser(profile);
  expect(sdk.fetched).toBe(0);
  expect(sdk.calls).toEqual([]);
});

it("starts PostHog once on consent, applies an identity given before, and remembers the answer", async () => {
  const { analytics, sdk, storage } = setup();
  await analytics.identifyUser(profile); // signed in before answering
  await analytics.setConsent("granted");
  expect(analytics.needsConsent()).toBe(false);
  expect(storage.data[CONSENT_STORAGE_KEY]).toBe("granted");
  expect(sdk.fetched).toBe(1);
  expect(sdk.calls.map((c) => c[0])).toEqual(["init", "identify", "opt_in"]);
  expect(sdk.calls[0]![1]).toBe("phc_test");
  expect(sdk.calls[1]![1]).toBe("u1");
  await analytics.capturePageView("https://app/y");
  expect(sdk.calls.at(-1)).toEqual(["capture", "$pageview", { $current_url: "https://app/y" }]);
  expect(sdk.fetched).toBe(1);

  // The next visit (a new page load over the same storage) starts without asking.
  const again = setup({ storage });
  expect(again.analytics.needsConsent()).toBe(false);
  expect(await again.analytics.load()).not.toBeNull();
});

it("a decline loads nothing, is remembered, and can be changed later", async () => {
  const { analytics, sdk, storage } = setup();
  await analytics.setConsent("denied");
  expect(storage.data[CONSENT_STORAGE_KEY]).toBe("denied");
  expect(analytics.needsConsent()).toBe(false);
  await analytics.capturePageView("https://app/x");
  expect(await analytics.load()).toBeNull();
  expect(sdk.fetched).toBe(0);
  await analytics.setConsent("granted");
  expect(sdk.fetched).toBe(1);
});

it("withdrawing consent opts PostHog out, forgets the identity and sends nothing more", async () => {
  const { analytics, sdk } = setup({ storage: memoryStorage({ [CONSENT_STORAGE_KEY]: "granted" }) });
  await analytics.load();
  await analytics.setConsent("denied");
  expect(sdk.calls.slice(-2).map((c) => c[0])).toEqual(["opt_out", "reset"]);
  const before = sdk.calls.length;
  await analytics.capturePageView("https://app/z");
  await analytics.identifyUser(profile);
  expect(sdk.calls).toHaveLength(before);
});

it("never loads during a server render, and treats an unreadable or odd stored value as undecided", async () => {
  const server = setup({ inBrowser: false, storage: memoryStorage({ [CONSENT_STORAGE_KEY]: "granted" }) });
  expect(await server.analytics.load()).toBeNull();
  expect(server.sdk.fetched).toBe(0);

  expect(setup({ storage: memoryStorage({ [CONSENT_STORAGE_KEY]: "yes please" }) }).analytics.needsConsent()).toBe(
    true,
  );
  const blocked: ConsentStorage = {
    getItem: () => {
      throw new Error("SecurityError");
    },
    setItem: () => {
      throw new Error("SecurityError");
    },
  };
  const { analytics, sdk } = setup({ storage: blocked as ReturnType<typeof memoryStorage> });
  expect(analytics.needsConsent()).toBe(true);
  await analytics.setConsent("granted"); // kept for this page only
  expect(analytics.needsConsent()).toBe(false);
  expect(sdk.fetched).toBe(1);
});
