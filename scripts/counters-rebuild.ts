/**
 * `npm run counters:rebuild [-- <counter> ...]`: recomputes the store's counters (lib/platform/db/counters.ts)
 * from a full scan of the collections they count, in the configured database (embedded, or Firestore with
 * DB_DRIVER=firestore and credentials), and replaces their documents. For data written before the counters
 * existed, after an import (data:import runs it), or after a bug. Writes made while it runs may be missed:
 * run it with the app and workers stopped or quiet, then it is exact.
 */
import { Db } from "@/lib/platform/db/db";
import { allCollections, allCounters } from "../lib/registry/collections";
import { dbConfig } from "@/lib/platform/db/config";
import { openDriver } from "@/lib/platform/db/open-driver";
import { rebuildCounters } from "@/lib/platform/db/counters";

async function main() {
  const only = process.argv.slice(2);
  const known = new Set(allCounters.map((c) => c.name));
  const unknown = only.filter((n) => !known.has(n));
  if (unknown.length) {
    console.error(`unknown counter(s): ${unknown.join(", ")}. Known: ${[...known].join(", ")}`);
    process.exit(2);
  }
  const config = dbConfig();
  const db = new Db(openDriver(config, allCollections), allCollections);
  try {
    const t = performance.now();
    const keys = await rebuildCounters(db, only.length ? only : undefined);
    console.log(
      `rebuilt in ${config.driver} in ${((performance.now() - t) / 1000).toFixed(1)} s (keys per counter):`,
      keys,
    );
  } finally {
    await db.close();
  }
}

void main();
