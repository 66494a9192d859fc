import "server-only";
/**
 * The firebase-admin app, created once. With FIREBASE_AUTH_EMULATOR_HOST set
 * the SDK talks to the emulator and needs no credentials; otherwise it uses
 * FIREBASE_SERVICE_ACCOUNT (JSON) or Application Default Credentials.
 */
import { cert, getApps, initializeApp, type App } from "firebase-admin/app";
import { getAuth, type Auth } from "firebase-admin/auth";
import { serverEnv } from "@/lib/platform/env";

let app: App | null = null;

export function adminApp(): App {
  if (app) return app;
  const existing = getApps()[0];
  if (existing) return (app = existing);
  const env = serverEnv();
  const serviceAccount = process.env.FIREBASE_SERVICE_ACCOUNT;
  app = initializeApp({
    projectId: env.projectId,
    ...(serviceAccount && !env.authEmulatorHost ? { credential: cert(JSON.parse(serviceAccount)) } : {}),
    ...(process.env.FIREBASE_STORAGE_BUCKET ? { storageBucket: process.env.FIREBASE_STORAGE_BUCKET } : {}),
  });
  return app;
}

export function adminAuth(): Auth {
  return getAuth(adminApp());
}
