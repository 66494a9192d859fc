/**
 * Imported once by each entry point that uses `getDb()` (instrumentation.ts for
 * the Next server, scripts/worker.ts): hands the store the app's collections.
 */
import { registerCollections } from "@/lib/platform/db/registry";
import { allCollections } from "./collections";
import { registerJobLimits } from "./job-limits";

registerCollections(allCollections);

// Each user runs at most their plan's "jobs at once" (claims pass over them until one ends).
registerJobLimits();
