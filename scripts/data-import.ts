/**
 * `npm run data:import -- <dir>`: loads a data:export folder into the
 * configured database (embedded, or Firestore with DB_DRIVER=firestore and
 * credentials). Every document is validated; the first invalid one stops the
 * import with its file and line (batches before it stay written).
 */
import { Db } from "@/lib/platform/db/db";
import { allCollections } from "../lib/registry/collections";
import { dbConfig } from "@/lib/platform/db/config";
import { openDriver } from "@/lib/platform/db/open-driver";
import { importDb } from "@/lib/platform/db/transfer";
import { rebuildCounters } from "@/lib/platform/db/counters";

async function main() {
  const dir = process.argv[2];
  if (!dir) {
    console.error("usage: npm run data:import -- <export folder>");
    process.exit(2);
  }
  const config = dbConfig();
  const db = new Db(openDriver(config, allCollections), allCollections);
  try {
    console.log(`imported into ${config.driver}:`, await importDb(db, dir));
    // The counters are recomputed from what the store now holds (documents that were there before included).
    console.log("counters rebuilt (keys per counter):", await rebuildCounters(db));
  } finally {
    await db.close();
  }
}

void main();
