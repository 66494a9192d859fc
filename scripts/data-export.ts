/**
 * `npm run data:export [-- --out <dir>]`: writes every collection of the
 * configured database (DB_DRIVER / FIRESTORE_EMULATOR_HOST / DATA_DIR) to
 * JSON lines. Exits 1 when some stored documents were malformed (listed).
 */
import path from "node:path";
import { Db } from "@/lib/platform/db/db";
import { allCollections } from "../lib/registry/collections";
import { dbConfig } from "@/lib/platform/db/config";
import { openDriver } from "@/lib/platform/db/open-driver";
import { exportDb } from "@/lib/platform/db/transfer";

async function main() {
  const config = dbConfig();
  const i = process.argv.indexOf("--out");
  const out =
    i > 0 && process.argv[i + 1]
      ? process.argv[i + 1]!
      : path.join(config.dataDir, "exports", new Date().toISOString().replace(/[:.]/g, "-"));
  const db = new Db(openDriver(config, allCollections), allCollections);
  try {
    const report = await exportDb(db, out);
    console.log(`exported from ${config.driver} to ${out}:`, report.counts);
    for (const m of report.malformed) console.error(`malformed, not exported: ${m.path}: ${m.message}`);
    process.exitCode = report.malformed.length ? 1 : 0;
  } finally {
    await db.close();
  }
}

void main();
