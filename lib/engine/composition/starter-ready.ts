import "server-only";
/**
 * The starter library seeded once per process over the configured store:
 * the video domain and the layout studio both wait on the same promise.
 */
import { getDb } from "@/lib/platform/db";
import { ensureStarterLibrary } from "./library";

let seeded: Promise<void> | null = null;

/** Seeds the starter library once per process (creates only what is missing). */
export function starterLibraryReady(): Promise<void> {
  seeded ??= ensureStarterLibrary(getDb())
    .then(() => undefined)
    .catch((e) => {
      seeded = null;
      throw e;
    });
  return seeded;
}
