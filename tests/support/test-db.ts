/**
 * Opens the local test stack's document store from the test runner (same
 * SQLite file as the app server; WAL lets both use it). Only for facts a
 * user cannot set through the product, such as an empty credit balance.
 */
import path from "node:path";
import { Db } from "@/lib/platform/db/db";
import { users } from "@/lib/platform/db/collections";
import { allCollections } from "../../lib/registry/collections";
import { EmbeddedDriver } from "@/lib/platform/db/embedded/embedded-driver";
import { testAppEnv } from "./test-env";

let db: Db | null = null;

function testDb(): Db {
  db ??= new Db(
    new EmbeddedDriver({ file: path.join(testAppEnv.DATA_DIR!, "promptframe.sqlite"), collections: allCollections }),
    allCollections,
  );
  return db;
}

export async function setCredits(uid: string, credits: number): Promise<void> {
  await testDb().collection(users).doc(uid).update({ credits });
}
