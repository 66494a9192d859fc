import "server-only";
/** Where the layout studio meets the configured stores; the starter library is seeded the way videos seed it. */
import { getDb } from "@/lib/platform/db";
import { getBlobStore } from "@/lib/platform/storage";
import { starterLibraryReady } from "@/lib/engine/composition/starter-ready";
import type { StudioLayoutDeps } from "./service";

export function studioLayoutRuntime(): StudioLayoutDeps {
  return { db: getDb(), store: getBlobStore(), ready: starterLibraryReady };
}
