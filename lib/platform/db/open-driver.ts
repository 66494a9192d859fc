/** Builds the driver a config names; kept apart from index.ts so scripts can open one without "server-only". */
import type { AnyCollectionDef } from "./define";
import type { DbConfig } from "./config";
import type { Driver } from "./driver";
import { EmbeddedDriver } from "./embedded/embedded-driver";
import { FirestoreDriver } from "./firestore/firestore-driver";
import { closeFirestore, openFirestore } from "./firestore/open-firestore";

export function openDriver(config: DbConfig, collections: readonly AnyCollectionDef[]): Driver {
  if (config.driver === "firestore") return new FirestoreDriver(openFirestore(), closeFirestore);
  return new EmbeddedDriver({ file: config.sqliteFile, collections });
}
