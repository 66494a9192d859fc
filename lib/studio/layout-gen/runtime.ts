import "server-only";
/**
 * Where the layout generator meets the configured store: route handlers call
 * `layoutGenRuntime()`, which seeds the demo candidates once per process
 * (create-if-missing) before the first read.
 */
import { getDb } from "@/lib/platform/db";
import { ensureDemoCandidates, type LayoutGenDeps } from "./service";

let seeded: Promise<void> | null = null;

function ready(deps: LayoutGenDeps): Promise<void> {
  seeded ??= ensureDemoCandidates(deps)
    .then(() => undefined)
    .catch((e) => {
      seeded = null;
      throw e;
    });
  return seeded;
}

export async function layoutGenRuntime(): Promise<LayoutGenDeps> {
  const deps: LayoutGenDeps = { db: getDb() };
  await ready(deps);
  return deps;
}
