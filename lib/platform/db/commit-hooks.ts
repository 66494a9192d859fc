/**
 * After-commit observers: code told of the documents a commit wrote, once it
 * committed (a transaction's last, successful attempt only). Generic: the
 * store knows no observer; the job runtime registers one for the `jobs`
 * collection to hand new and requeued jobs to a queue engine
 * (lib/platform/jobs/announce.ts), so no domain code changes.
 *
 * Observers are kept on `globalThis`, not in this module: Next bundles
 * instrumentation.ts apart from the routes, so each holds its own copy of
 * this module, and an observer registered at start-up must see the routes'
 * writes. A commit awaits its observers (each bounded by its own timeout),
 * so when a write returns, what observed it is done; an observer's failure
 * is logged and never fails the write.
 */
import type { Db } from "./db";
import type { RawData, WriteOp } from "./driver";

export interface CommittedWrite {
  kind: WriteOp["kind"];
  /** The collection's name and the parent path ("" for a top-level collection). */
  collection: string;
  parent: string;
  id: string;
  /** What the write set (for an update only the fields it changed). */
  data: RawData | null;
}

export type CommitObserver = (db: Db, writes: readonly CommittedWrite[]) => Promise<void> | void;

interface Registry {
  byCollection: Map<string, Set<CommitObserver>>;
}

const KEY = Symbol.for("promptframe.db.commitObservers");

function registry(): Registry {
  const g = globalThis as unknown as Record<symbol, Registry | undefined>;
  g[KEY] ??= { byCollection: new Map() };
  return g[KEY]!;
}

/** Calls `observer` after every commit, by any Db of this process, that wrote documents of `collection`; returns an unregister. */
export function observeCommits(collection: string, observer: CommitObserver): () => void {
  const reg = registry().byCollection;
  if (!reg.has(collection)) reg.set(collection, new Set());
  reg.get(collection)!.add(observer);
  return () => void reg.get(collection)?.delete(observer);
}

/** True when some observer watches one of these ops' collections (a commit with none costs nothing more). */
export function observed(ops: readonly WriteOp[]): boolean {
  const reg = registry().byCollection;
  if (reg.size === 0) return false;
  return ops.some((op) => (reg.get(op.key.def.name)?.size ?? 0) > 0);
}

export async function notifyCommitted(db: Db, ops: readonly WriteOp[]): Promise<void> {
  const reg = registry().byCollection;
  const by = new Map<string, CommittedWrite[]>();
  for (const op of ops) {
    // Counter increments (counters.ts) are the store's own bookkeeping, never a document anyone observes.
    if (op.kind === "increment" || !reg.get(op.key.def.name)?.size) continue;
    const list = by.get(op.key.def.name) ?? [];
    list.push({
      kind: op.kind,
      collection: op.key.def.name,
      parent: op.key.parent,
      id: op.key.id,
      data: op.kind === "delete" ? null : op.data,
    });
    by.set(op.key.def.name, list);
  }
  const calls: Promise<void>[] = [];
  for (const [name, writes] of by)
    for (const fn of reg.get(name) ?? [])
      calls.push(
        Promise.resolve()
          .then(() => fn(db, writes))
          .catch((e) => console.error(`[db] an after-commit observer of ${name} failed`, e)),
      );
  await Promise.all(calls);
}
