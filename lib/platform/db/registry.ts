/**
 * Which collections this process's store serves. The driver layer knows no
 * product: the app's registry of domain collections (lib/registry) hands its
 * list in at start-up (instrumentation.ts, the worker script, Jest's setup),
 * and `getDb()` reads it here. A loader function defers reading the list to
 * the first use. Kept on globalThis because Next bundles instrumentation and
 * routes apart, each with its own copy of this module.
 */
import type { AnyCollectionDef } from "./define";

export type CollectionSource = readonly AnyCollectionDef[] | (() => readonly AnyCollectionDef[]);

const KEY = Symbol.for("promptframe.db.collections");
type Holder = { [KEY]?: CollectionSource };

export function registerCollections(source: CollectionSource): void {
  (globalThis as Holder)[KEY] = source;
}

export function registeredCollections(): readonly AnyCollectionDef[] {
  const source = (globalThis as Holder)[KEY];
  if (!source)
    throw new Error(
      "No collections are registered: the entry point must import lib/registry/register.ts before using getDb().",
    );
  return typeof source === "function" ? source() : source;
}
