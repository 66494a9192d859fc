/**
 * Shared by the billing route tests: Stripe's HTTP API served by msw from
 * the wire-format fake (tests/support/stripe-fake.ts), the environment that
 * configures billing (or not), and profiles for emulator users.
 */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { FakeStripe, type FakePrice } from "../support/stripe-fake";

export const SECRET_KEY = "sk_test_billingtests123";
export const WEBHOOK_SECRET = "whsec_billingtests123";
export const PRICES = {
  pro: { id: "price_pro_monthly", product: "prod_pro", unitAmount: 1900, recurring: true },
  team: { id: "price_team_monthly", product: "prod_team", unitAmount: 7900, recurring: true },
  pack: { id: "price_credits_500", product: "prod_credits", unitAmount: 1000, recurring: false },
} satisfies Record<string, FakePrice>;

const ENV_KEYS = [
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_PRICE_PRO",
  "STRIPE_PRICE_TEAM",
  "STRIPE_PRICE_CREDITS_500",
  "STRIPE_API_BASE",
  "APP_BASE_URL",
];

/** Billing as a deployment with Stripe set up would have it (read per request, so tests can switch). */
export function configureStripe(overrides: Record<string, string | undefined> = {}) {
  unconfigureStripe();
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_PRO: PRICES.pro.id,
    STRIPE_PRICE_TEAM: PRICES.team.id,
    STRIPE_PRICE_CREDITS_500: PRICES.pack.id,
  });
  for (const [k, v] of Object.entries(overrides)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}

/** The embedded default: nothing about Stripe set. */
export function unconfigureStripe() {
  for (const k of ENV_KEYS) delete process.env[k];
}

/** api.stripe.com through msw; everything else (the Auth emulator) goes out untouched. */
export function stripeServer() {
  const state = { fake: newFake() };
  const server = setupServer(
    http.all("https://api.stripe.com/*", async ({ request }) => {
      const url = new URL(request.url);
      const res = state.fake.handle({
        method: request.method,
        path: url.pathname + url.search,
        headers: Object.fromEntries(request.headers),
        body: request.method === "GET" ? "" : await request.text(),
      });
      return HttpResponse.json(res.json as Record<string, unknown>, { status: res.status, headers: res.headers });
    }),
  );
  return {
    server,
    get fake() {
      return state.fake;
    },
    reset() {
      state.fake = newFake();
    },
    listen() {
      server.listen({
        onUnhandledRequest: (req, print) => {
          if (new URL(req.url).hostname.endsWith("stripe.com")) print.error();
        },
      });
    },
  };
}

function newFake() {
  return new FakeStripe({
    secretKey: SECRET_KEY,
    prices: Object.values(PRICES),
    pagesBase: "https://checkout.stripe.com",
  });
}

export async function addProfile(
  db: import("@/lib/platform/db/db").Db,
  user: { uid: string; email?: string | null },
  over: { credits?: number; plan?: "free" | "pro" | "team"; created_at?: string } = {},
) {
  const { users } = await import("@/lib/platform/db/collections");
  const at = over.created_at ?? new Date().toISOString();
  await db
    .collection(users)
    .doc(user.uid)
    .set({
      user_id: user.uid,
      email: user.email ?? null,
      name: null,
      photo_url: null,
      provider: "password",
      is_staff: false,
      credits: over.credits ?? 100,
      plan: over.plan ?? "free",
      created_at: at,
      last_login_at: at,
    });
}

const emulator = () => process.env.FIREBASE_AUTH_EMULATOR_HOST!;

/** An emulator account with a verified company address: staff, as the API sees it. */
export async function newStaffUser(label: string): Promise<{ uid: string; token: string; email: string }> {
  const email = `${label}.${Math.random().toString(36).slice(2, 10)}@promptframe.ai`;
  const password = "secret-pass-1";
  const base = `http://${emulator()}/identitytoolkit.googleapis.com/v1`;
  const up = (await (
    await fetch(`${base}/accounts:signUp?key=demo-api-key`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    })
  ).json()) as { localId: string };
  const project = process.env.FIREBASE_PROJECT_ID ?? "demo-promptframe";
  await fetch(`${base}/projects/${project}/accounts:update`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer owner" },
    body: JSON.stringify({ localId: up.localId, emailVerified: true }),
  });
  const signIn = (await (
    await fetch(`${base}/accounts:signInWithPassword?key=demo-api-key`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    })
  ).json()) as { idToken?: string };
  if (!signIn.idToken) throw new Error(`emulator sign-in failed: ${JSON.stringify(signIn)}`);
  return { uid: up.localId, token: signIn.idToken, email };
}

/** An ordinary emulator account (unverified example.com address). */
export async function newPlainUser(label: string): Promise<{ uid: string; token: string; email: string }> {
  const email = `${label}.${Math.random().toString(36).slice(2, 10)}@example.com`;
  const res = await fetch(`http://${emulator()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "secret-pass-1", returnSecureToken: true }),
  });
  const body = (await res.json()) as { idToken?: string; localId?: string };
  if (!body.idToken || !body.localId) throw new Error(`emulator sign-up failed: ${JSON.stringify(body)}`);
  return { uid: body.localId, token: body.idToken, email };
}
