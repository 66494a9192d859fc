/**
 * Writes firestore.indexes.json from lib/platform/db/collections.ts.
 * `--check` exits 1 when the committed file is out of date (for CI).
 */
import fs from "node:fs";
import path from "node:path";
import { allCollections } from "../lib/registry/collections";
import { renderFirestoreIndexes } from "@/lib/platform/db/firestore/indexes";

const file = path.join(__dirname, "..", "firestore.indexes.json");
const wanted = renderFirestoreIndexes(allCollections);

if (process.argv.includes("--check")) {
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  if (current !== wanted) {
    console.error("firestore.indexes.json is out of date: run `npm run db:indexes`");
    process.exit(1);
  }
  console.log("firestore.indexes.json is up to date");
} else {
  fs.writeFileSync(file, wanted);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
