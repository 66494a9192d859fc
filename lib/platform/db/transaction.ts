/**
 * Typed transactions and batched writes over a driver. Like Firestore, a
 * transaction does all its reads before its writes, and its callback may run
 * more than once (on conflict), so it must not have side effects outside `tx`.
 */
import { DbError } from "./errors";
import type { DriverTx, WriteOp } from "./driver";
import { DocRef, Query, snapshotOf, type DocSnapshot, type WriteData } from "./refs";

export class Transaction {
  private wrote = false;

  constructor(private readonly tx: DriverTx) {}

  get<T, I>(ref: DocRef<T, I>): Promise<DocSnapshot<T> | null>;
  get<T>(query: Query<T>): Promise<DocSnapshot<T>[]>;
  async get<T, I>(target: DocRef<T, I> | Query<T>): Promise<DocSnapshot<T> | null | DocSnapshot<T>[]> {
    if (this.wrote) throw new DbError("invalid-argument", "a transaction must do all its reads before its writes");
    if (target instanceof DocRef) {
      const raw = await this.tx.get(target.key);
      return raw ? snapshotOf<T>(raw) : null;
    }
    const rows = await this.tx.query(target.toRaw());
    return rows.map((r) => snapshotOf<T>(r));
  }

  create<T, I>(ref: DocRef<T, I>, data: WriteData<I>): this {
    return this.stage(ref.createOp(data));
  }
  set<T, I>(ref: DocRef<T, I>, data: WriteData<I>): this {
    return this.stage(ref.setOp(data));
  }
  update<T, I>(ref: DocRef<T, I>, partial: Partial<WriteData<I>>): this {
    return this.stage(ref.updateOp(partial));
  }
  delete<T, I>(ref: DocRef<T, I>): this {
    return this.stage({ kind: "delete", key: ref.key });
  }

  private stage(op: WriteOp): this {
    this.wrote = true;
    this.tx.stage(op);
    return this;
  }
}

/** Firestore's limit, kept on every driver so code that works locally works on Firestore. */
export const MAX_BATCH_WRITES = 500;

export class WriteBatch {
  private readonly ops: WriteOp[] = [];
  private committed = false;

  constructor(private readonly commitOps: (ops: readonly WriteOp[]) => Promise<void>) {}

  create<T, I>(ref: DocRef<T, I>, data: WriteData<I>): this {
    return this.push(ref.createOp(data));
  }
  set<T, I>(ref: DocRef<T, I>, data: WriteData<I>): this {
    return this.push(ref.setOp(data));
  }
  update<T, I>(ref: DocRef<T, I>, partial: Partial<WriteData<I>>): this {
    return this.push(ref.updateOp(partial));
  }
  delete<T, I>(ref: DocRef<T, I>): this {
    return this.push({ kind: "delete", key: ref.key });
  }

  get size(): number {
    return this.ops.length;
  }

  /** All writes or none. */
  async commit(): Promise<void> {
    if (this.committed) throw new DbError("invalid-argument", "a batch commits once");
    this.committed = true;
    if (this.ops.length) await this.commitOps(this.ops);
  }

  private push(op: WriteOp): this {
    if (this.committed) throw new DbError("invalid-argument", "batch already committed");
    if (this.ops.length >= MAX_BATCH_WRITES)
      throw new DbError("invalid-argument", `a batch holds at most ${MAX_BATCH_WRITES} writes`);
    this.ops.push(op);
    return this;
  }
}
