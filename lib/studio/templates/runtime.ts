import "server-only";
/** The studio's stores and the one-time starter seeding, for route handlers. */
import { getDb } from "@/lib/db";
import { getBlobStore } from "@/lib/storage";
import { seedOnce, type StudioDeps } from "./service";

let ready: (() => Promise<void>) | null = null;

export function studioDeps(): StudioDeps {
  const db = getDb();
  ready ??= seedOnce(db);
  return { db, store: getBlobStore(), ready };
}
