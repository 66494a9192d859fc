/**
 * Accounts for the Playwright suites. Locally they live in the Auth emulator
 * (created here through firebase-admin), one pair per Playwright worker
 * (user-w0@example.com, staff-w0@promptframe.ai, …) so that one worker's sign
 * out, "sign out everywhere" or password change never ends another worker's
 * session; against a deployment (BASE_URL) they come from E2E_* variables and
 * sign in through the real Identity Toolkit.
 */
import { initializeApp, getApps } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import type { APIRequestContext } from "@playwright/test";
import { SEED_ACCOUNTS } from "./seed-accounts";
import { TEST_EMULATOR_HOST, TEST_PROJECT_ID } from "./test-env";

export type Role = "user" | "staff";
type SeedAccount = { uid: string; email: string; password: string; name: string; emailVerified: boolean };

export interface Account {
  email: string;
  password: string;
  name: string;
}

const deployed = !!process.env.BASE_URL;

/**
 * The local seed account of a role for this Playwright worker: Playwright numbers its parallel
 * slots (TEST_PARALLEL_INDEX, 0…workers-1, kept by a worker restarted after a failure), and each
 * slot has its own uid and address (the same name and password as the seed account). Outside
 * Playwright (Jest, scripts) it is the seed account itself.
 */
export function seedAccount(role: Role): SeedAccount {
  const base = SEED_ACCOUNTS[role];
  const slot = process.env.TEST_PARALLEL_INDEX;
  if (!slot) return base;
  const at = base.email.indexOf("@");
  return { ...base, uid: `${base.uid}-w${slot}`, email: `${base.email.slice(0, at)}-w${slot}${base.email.slice(at)}` };
}

export function accountFor(role: Role): Account {
  if (deployed) {
    const prefix = role === "staff" ? "E2E_STAFF" : "E2E_USER";
    const email = process.env[`${prefix}_EMAIL`];
    const password = process.env[`${prefix}_PASSWORD`];
    if (!email || !password)
      throw new Error(`Set ${prefix}_EMAIL and ${prefix}_PASSWORD to run against ${process.env.BASE_URL}.`);
    return { email, password, name: role };
  }
  return seedAccount(role);
}

function identityToolkit(path: string): string {
  if (deployed) {
    const key = process.env.FIREBASE_WEB_API_KEY;
    if (!key) throw new Error("Set FIREBASE_WEB_API_KEY to sign in against a deployment.");
    return `https://identitytoolkit.googleapis.com/v1/${path}?key=${key}`;
  }
  return `http://${TEST_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/${path}?key=demo-api-key`;
}

function adminAuth() {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = TEST_EMULATOR_HOST;
  const app = getApps()[0] ?? initializeApp({ projectId: TEST_PROJECT_ID });
  return getAuth(app);
}

let seeded: Promise<void> | null = null;

/**
 * Makes sure this worker's seed accounts exist in the local emulator. Idempotent
 * and safe when a race is lost: whoever loses the create updates instead.
 */
export function ensureSeedAccounts(): Promise<void> {
  if (deployed) return Promise.resolve();
  seeded ??= (async () => {
    const auth = adminAuth();
    for (const a of [seedAccount("user"), seedAccount("staff")]) {
      const props = { email: a.email, password: a.password, displayName: a.name, emailVerified: a.emailVerified };
      try {
        await auth.createUser({ uid: a.uid, ...props });
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code !== "auth/uid-already-exists" && code !== "auth/email-already-exists") throw err;
        // Never rewrite an existing account's password: that revokes its sessions (a worker restarted
        // after a failure calls this again, and a deployment's accounts are shared).
        const current = await auth.getUser(a.uid);
        if (current.email !== a.email || current.emailVerified !== a.emailVerified || current.displayName !== a.name) {
          await auth.updateUser(a.uid, { email: a.email, displayName: a.name, emailVerified: a.emailVerified });
        }
      }
    }
  })();
  return seeded;
}

/** Creates a throwaway emulator account (e.g. an unverified company address). */
export async function createEmulatorAccount(props: {
  email: string;
  password: string;
  emailVerified?: boolean;
  displayName?: string;
}) {
  return adminAuth().createUser(props);
}

export async function idTokenFor(account: Account): Promise<string> {
  const res = await fetch(identityToolkit("accounts:signInWithPassword"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: true }),
  });
  const body = (await res.json()) as { idToken?: string; error?: unknown };
  if (!body.idToken) throw new Error(`sign-in failed for ${account.email}: ${JSON.stringify(body.error)}`);
  return body.idToken;
}

/** Signs a request context in the way the browser does: backend login with a Bearer ID token. */
export async function signInContext(ctx: APIRequestContext, account: Account): Promise<string> {
  const token = await idTokenFor(account);
  const res = await ctx.post("/api/v1/users/login/", { headers: { authorization: `Bearer ${token}` } });
  if (res.status() !== 200) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
  return token;
}
