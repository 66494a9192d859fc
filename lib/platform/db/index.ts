import "server-only";
/**
 * The document store's entry point: `getDb()` opens the configured driver once
 * per process. See README.md in this folder for the API.
 */
import { dbConfig } from "./config";
import { Db } from "./db";
import { openDriver } from "./open-driver";
import { registeredCollections } from "./registry";

export { Db } from "./db";
export type { TransactionOptions } from "./db";
export { DbError, isDbError, type DbErrorCode } from "./errors";
export { serverTimestamp } from "./server-timestamp";
export type { DocSnapshot, DocRef, CollectionRef, Query, WriteData } from "./refs";
export type { Transaction, WriteBatch } from "./transaction";
export type { DocOf, InputOf, CollectionDef, AnyCollectionDef } from "./define";
export { registerCollections, type CollectionSource } from "./registry";

let instance: Db | null = null;

export function getDb(): Db {
  if (!instance) {
    const collections = registeredCollections();
    instance = new Db(openDriver(dbConfig(), collections), collections);
  }
  return instance;
}

/** For tests and scripts that change DATA_DIR / DB_DRIVER between runs. */
export async function closeDb(): Promise<void> {
  const db = instance;
  instance = null;
  await db?.close();
}
