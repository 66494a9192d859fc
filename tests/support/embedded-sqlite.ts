/**
 * The SQLite handle under a Db on the embedded driver, through the store's
 * wrappers (the counters' CountingDriver keeps the driver it wraps as
 * `inner`): for tests that read a query plan or plant a stored document.
 */
import type Database from "better-sqlite3";
import type { Db } from "@/lib/platform/db/db";

export function embeddedSqlite(db: Db): Database.Database {
  let driver = (db as unknown as { driver: { inner?: unknown; sqlite?: Database.Database } }).driver;
  while (!driver.sqlite && driver.inner) driver = driver.inner as typeof driver;
  if (!driver.sqlite) throw new Error("this Db is not on the embedded driver");
  return driver.sqlite;
}
