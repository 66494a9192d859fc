/** Billing configuration from the environment: nothing set is the embedded default, malformed values switch payments off. */
import { itemForPrice, NOT_CONFIGURED_REASON, parseBillingConfig, priceFor } from "./config";

const full = {
  STRIPE_SECRET_KEY: "sk_test_123abc",
  STRIPE_WEBHOOK_SECRET: "whsec_abc",
  STRIPE_PRICE_PRO: "price_pro",
  STRIPE_PRICE_TEAM: "price_team",
  STRIPE_PRICE_CREDITS_500: "price_pack",
};

test("nothing set: not configured, with the reason the screen shows", () => {
  const c = parseBillingConfig({});
  expect(c).toMatchObject({
    stripe: false,
    secretKey: null,
    webhookSecret: null,
    apiBase: null,
    problem: null,
    unavailableReason: NOT_CONFIGURED_REASON,
  });
  expect(priceFor(c, "pro")).toBeNull();
  // Empty strings (a copied .env.example) are the same as unset.
  expect(parseBillingConfig({ STRIPE_SECRET_KEY: "  ", STRIPE_PRICE_PRO: "" }).stripe).toBe(false);
});

test("a key and prices: configured; a price id maps back to its plan or pack", () => {
  const c = parseBillingConfig(full);
  expect(c).toMatchObject({ stripe: true, secretKey: "sk_test_123abc", unavailableReason: null });
  expect([priceFor(c, "pro"), priceFor(c, "team"), priceFor(c, "credits_500")]).toEqual([
    "price_pro",
    "price_team",
    "price_pack",
  ]);
  expect([itemForPrice(c, "price_team"), itemForPrice(c, "price_pack"), itemForPrice(c, "price_other")]).toEqual([
    "team",
    "credits_500",
    null,
  ]);
  // A missing price leaves the rest on sale.
  expect(priceFor(parseBillingConfig({ ...full, STRIPE_PRICE_TEAM: "" }), "team")).toBeNull();
});

test("STRIPE_API_BASE points the client at a stand-in", () => {
  expect(parseBillingConfig({ ...full, STRIPE_API_BASE: "http://127.0.0.1:12111" }).apiBase).toEqual({
    host: "127.0.0.1",
    port: 12111,
    protocol: "http",
  });
  expect(parseBillingConfig({ ...full, STRIPE_API_BASE: "https://stripe.internal" }).apiBase).toEqual({
    host: "stripe.internal",
    port: 443,
    protocol: "https",
  });
});

test("malformed values are a reported problem and switch payments off, never a crash", () => {
  for (const bad of [
    { STRIPE_API_BASE: "not a url" },
    { STRIPE_SECRET_KEY: "pk_test_publishable" },
    { APP_BASE_URL: "/relative" },
  ]) {
    const c = parseBillingConfig({ ...full, ...bad });
    expect(c.stripe).toBe(false);
    expect(c.problem).toEqual(expect.any(String));
  }
});
