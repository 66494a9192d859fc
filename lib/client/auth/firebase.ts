/**
 * The browser's Firebase app and Auth instance, created once on first use.
 * In dev and test `NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST` points Auth at the
 * local emulator. Persistence is Firebase's default for browsers.
 */
import "client-only";
import { getApp, getApps, initializeApp, type FirebaseApp } from "firebase/app";
import { connectAuthEmulator, getAuth, type Auth } from "firebase/auth";
import { requireFirebaseConfig } from "@/lib/platform/env-client";

let auth: Auth | null = null;

function firebaseApp(): FirebaseApp {
  // Hot reload re-evaluates this module while the SDK keeps its app registry.
  if (getApps().length > 0) return getApp();
  const env = requireFirebaseConfig();
  return initializeApp({ apiKey: env.apiKey, authDomain: env.authDomain, projectId: env.projectId });
}

export function firebaseAuth(): Auth {
  if (auth) return auth;
  const instance = getAuth(firebaseApp());
  // connectAuthEmulator throws if called after the instance has been used,
  // so connect exactly once, before anything else touches it.
  const { authEmulatorHost } = requireFirebaseConfig();
  if (authEmulatorHost && !instance.emulatorConfig) {
    connectAuthEmulator(instance, `http://${authEmulatorHost}`, { disableWarnings: true });
  }
  auth = instance;
  return instance;
}
