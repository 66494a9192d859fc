/**
 * Browser configuration. NEXT_PUBLIC_* values are inlined at build time, so
 * each is referenced literally. Plain checks instead of a schema library: this
 * module is in the sign-in screens' bundle, where every kilobyte counts.
 */
export interface ClientEnv {
  apiKey: string;
  authDomain: string;
  projectId: string;
  authEmulatorHost: string | null;
  posthogKey: string | null;
  posthogHost: string;
  sentryDsn: string | null;
}

const emulatorHost = process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST || null;
const projectId = process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID || "demo-promptframe";

export const clientEnv: ClientEnv = {
  // The emulator accepts any API key; a real project must provide its own.
  apiKey: process.env.NEXT_PUBLIC_FIREBASE_API_KEY || (emulatorHost ? "demo-api-key" : ""),
  authDomain: process.env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
  projectId,
  authEmulatorHost: emulatorHost,
  posthogKey: process.env.NEXT_PUBLIC_POSTHOG_KEY || null,
  posthogHost: process.env.NEXT_PUBLIC_POSTHOG_HOST || "https://us.i.posthog.com",
  sentryDsn: process.env.NEXT_PUBLIC_SENTRY_DSN || null,
};

/** Fails loudly where the config is used, not at import (public pages never touch Firebase). */
export function requireFirebaseConfig(env: ClientEnv = clientEnv): ClientEnv {
  if (!env.apiKey) {
    throw new Error(
      "NEXT_PUBLIC_FIREBASE_API_KEY is not set: copy .env.example to .env.local and fill in the web config.",
    );
  }
  return env;
}
