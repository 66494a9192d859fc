/**
 * Which driver `getDb()` opens, from the environment. Read here rather than in
 * lib/platform/env.ts because the embedded driver must work with no Firebase project
 * configured at all (scripts, tests, a fresh laptop).
 *
 * DB_DRIVER=embedded|firestore wins. Otherwise Firestore is chosen when
 * FIRESTORE_EMULATOR_HOST is set, or when service-account credentials for a
 * non-demo project are present; everything else gets the embedded driver.
 * On Google Cloud with ambient credentials (no key in the env), set DB_DRIVER=firestore.
 */
import path from "node:path";
import type { DriverKind } from "./driver";

export interface DbConfig {
  driver: DriverKind;
  dataDir: string;
  sqliteFile: string;
}

export function dbConfig(env: Record<string, string | undefined> = process.env): DbConfig {
  const dataDir = env.DATA_DIR || ".data";
  return { driver: chooseDriver(env), dataDir, sqliteFile: path.join(dataDir, "promptframe.sqlite") };
}

function chooseDriver(env: Record<string, string | undefined>): DriverKind {
  const explicit = env.DB_DRIVER?.trim();
  if (explicit) {
    if (explicit !== "embedded" && explicit !== "firestore") {
      throw new Error(`DB_DRIVER must be "embedded" or "firestore", got "${explicit}"`);
    }
    return explicit;
  }
  if (env.FIRESTORE_EMULATOR_HOST) return "firestore";
  const project = env.FIREBASE_PROJECT_ID ?? env.NEXT_PUBLIC_FIREBASE_PROJECT_ID ?? env.GOOGLE_CLOUD_PROJECT;
  const hasCredentials = Boolean(env.FIREBASE_SERVICE_ACCOUNT || env.GOOGLE_APPLICATION_CREDENTIALS);
  if (project && !project.startsWith("demo-") && hasCredentials) return "firestore";
  return "embedded";
}
