/**
 * The document store a route handler or worker holds: a registry of declared
 * collections over one driver. Domain code only ever sees this class, so the
 * driver can change with configuration and no domain line changes.
 */
import { DbError } from "./errors";
import type { AnyCollectionDef, DocOf, InputOf } from "./define";
import type { Driver, DriverKind, DriverTx, WriteOp } from "./driver";
import { notifyCommitted, observed } from "./commit-hooks";
import { CountingDriver, countersOf } from "./counters";
import { CollectionRef, type DbContext } from "./refs";
import { Transaction, WriteBatch } from "./transaction";

export interface TransactionOptions {
  /** How many times the callback may run before `aborted` (conflicts only; other errors are not retried). */
  maxAttempts?: number;
}

export class Db {
  readonly driverKind: DriverKind;
  private readonly byName: Map<string, AnyCollectionDef>;
  private readonly ctx: DbContext;
  /** The driver with the counters kept (counters.ts), when the registry declares any. */
  private readonly driver: Driver;
  /** The driver as every read and write goes through it: with after-commit observers (commit-hooks.ts). */
  private readonly io: Driver;

  constructor(driver: Driver, collections: readonly AnyCollectionDef[]) {
    // A registry that declares counters (lib/platform/db/counters.ts) gets them kept on every write.
    const counters = countersOf(collections);
    this.driver = counters ? new CountingDriver(driver, counters) : driver;
    this.io = withCommitObservers(this.driver, this);
    this.driverKind = driver.kind;
    this.byName = new Map();
    for (const def of collections) {
      if (this.byName.has(def.name)) throw new Error(`collection ${def.name} declared twice`);
      this.byName.set(def.name, def);
    }
    this.ctx = {
      driver: this.io,
      // Known by name and place, not by object identity: Next bundles instrumentation.ts (which registers the
      // collections, lib/registry) apart from the routes, so a route holds its own copy of the same declaration.
      assertKnown: (def) => {
        const known = this.byName.get(def.name);
        if (!known || (known.parent ?? null) !== (def.parent ?? null)) {
          throw new DbError("unknown-collection", `collection ${def.name} is not in this database's registry`);
        }
      },
    };
  }

  collection<D extends AnyCollectionDef>(def: D): CollectionRef<DocOf<D>, InputOf<D>> {
    this.ctx.assertKnown(def);
    if (def.parent) throw new DbError("unknown-collection", `${def.name} is a sub-collection of ${def.parent}`);
    return new CollectionRef(this.ctx, def, "");
  }

  /** For code that only has a name (dashboard, import). Documents are still parsed by the declared schema. */
  collectionByName(name: string): CollectionRef<Record<string, unknown>> {
    const def = this.byName.get(name);
    if (!def || def.parent) throw new DbError("unknown-collection", `no top-level collection named ${name}`, { name });
    return new CollectionRef(this.ctx, def, "");
  }

  /** The registry: every declared collection, top-level and sub-collections. */
  collections(): readonly AnyCollectionDef[] {
    return [...this.byName.values()];
  }

  runTransaction<R>(fn: (tx: Transaction) => Promise<R>, opts: TransactionOptions = {}): Promise<R> {
    return this.io.transaction((tx) => fn(new Transaction(tx)), { maxAttempts: opts.maxAttempts ?? 50 });
  }

  /**
   * Store-internal: driver ops as they are, no schema (the counters' rebuild writes counter documents, whose
   * number fields are open-ended). Domain code uses batch() and runTransaction().
   */
  commitRaw(ops: readonly WriteOp[]): Promise<void> {
    return this.driver.commit(ops);
  }

  batch(): WriteBatch {
    return new WriteBatch((ops) => this.io.commit(ops));
  }

  /** Top-level collections that hold documents. */
  listCollections(): Promise<string[]> {
    return this.driver.listCollections("");
  }

  close(): Promise<void> {
    return this.driver.close();
  }
}

/** The driver with after-commit observers (commit-hooks.ts): told of a commit's writes once it committed. */
function withCommitObservers(inner: Driver, db: Db): Driver {
  const after = async (ops: readonly WriteOp[]) => {
    if (observed(ops)) await notifyCommitted(db, ops);
  };
  return {
    kind: inner.kind,
    get: (key) => inner.get(key),
    query: (q) => inner.query(q),
    count: (q) => inner.count(q),
    listCollections: (parent) => inner.listCollections(parent),
    listDocumentIds: (def, parent) => inner.listDocumentIds(def, parent),
    close: () => inner.close(),
    async commit(ops) {
      await inner.commit(ops);
      await after(ops);
    },
    async transaction(fn, opts) {
      // The callback may run more than once: only the last (committed) attempt's writes count.
      let staged: WriteOp[] = [];
      const result = await inner.transaction((tx: DriverTx) => {
        staged = [];
        return fn({ get: (k) => tx.get(k), query: (q) => tx.query(q), stage: (op) => (staged.push(op), tx.stage(op)) });
      }, opts);
      await after(staged);
      return result;
    },
  };
}
