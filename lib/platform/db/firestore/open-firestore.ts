/**
 * A Firestore instance for the driver, on its own named firebase-admin app so
 * it never fights the auth module over the default app's settings. With
 * FIRESTORE_EMULATOR_HOST set the SDK connects to the emulator by itself.
 */
import { cert, deleteApp, getApps, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, type Firestore } from "firebase-admin/firestore";

const APP_NAME = "promptframe-db";
let instance: Firestore | null = null;

/** The firebase-admin app the data layer (Firestore, Cloud Storage) uses. */
export function dataApp(env: Record<string, string | undefined> = process.env): App {
  const existing = getApps().find((a) => a.name === APP_NAME);
  if (existing) return existing;
  const projectId =
    env.FIREBASE_PROJECT_ID ??
    env.NEXT_PUBLIC_FIREBASE_PROJECT_ID ??
    env.GOOGLE_CLOUD_PROJECT ??
    (env.FIRESTORE_EMULATOR_HOST ? "demo-promptframe" : undefined);
  const serviceAccount = env.FIREBASE_SERVICE_ACCOUNT;
  return initializeApp(
    {
      ...(projectId ? { projectId } : {}),
      ...(serviceAccount && !env.FIRESTORE_EMULATOR_HOST ? { credential: cert(JSON.parse(serviceAccount)) } : {}),
      ...(env.FIREBASE_STORAGE_BUCKET ? { storageBucket: env.FIREBASE_STORAGE_BUCKET } : {}),
    },
    APP_NAME,
  );
}

export function openFirestore(env: Record<string, string | undefined> = process.env): Firestore {
  if (instance) return instance;
  const app = dataApp(env);
  instance = getFirestore(app);
  // Nested optional values can be `undefined` (top-level ones are stripped by the codec); Firestore would reject them.
  instance.settings({ ignoreUndefinedProperties: true });
  return instance;
}

/** Ends the connection and forgets the instance, so the next openFirestore() starts afresh. */
export async function closeFirestore(): Promise<void> {
  const app = getApps().find((a) => a.name === APP_NAME);
  instance = null;
  if (app) await deleteApp(app);
}
