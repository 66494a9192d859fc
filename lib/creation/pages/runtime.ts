import "server-only";
/** The one place the pages domain meets the configured stores. */
import { getDb } from "@/lib/platform/db";
import { getBlobStore } from "@/lib/platform/storage";
import type { PageDeps } from "./service";

export function pageRuntime(): PageDeps {
  return { db: getDb(), store: getBlobStore() };
}
