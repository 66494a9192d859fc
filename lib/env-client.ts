/**
 * Browser configuration. NEXT_PUBLIC_* values are inlined at build time, so
 * each is referenced literally.
 */
import { z } from "zod";

const schema = z.object({
  apiKey: z.string().min(1),
  authDomain: z.string().min(1),
  projectId: z.string().min(1),
  authEmulatorHost: z.string().min(1).nullable(),
  posthogKey: z.string().min(1).nullable(),
  posthogHost: z.string().url(),
  sentryDsn: z.string().min(1).nullable(),
});

export type ClientEnv = z.output<typeof schema>;

const emulatorHost = process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST || null;
const projectId = process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID || "demo-promptframe";

export const clientEnv: ClientEnv = schema.parse({
  // The emulator accepts any API key; a real project must provide its own.
  apiKey: process.env.NEXT_PUBLIC_FIREBASE_API_KEY || (emulatorHost ? "demo-api-key" : ""),
  authDomain: process.env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
  projectId,
  authEmulatorHost: emulatorHost,
  posthogKey: process.env.NEXT_PUBLIC_POSTHOG_KEY || null,
  posthogHost: process.env.NEXT_PUBLIC_POSTHOG_HOST || "https://us.i.posthog.com",
  sentryDsn: process.env.NEXT_PUBLIC_SENTRY_DSN || null,
});
