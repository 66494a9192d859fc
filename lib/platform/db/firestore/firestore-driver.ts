/**
 * The hosted driver: firebase-admin Firestore. Transactions are Firestore's
 * own (server-side locks, retried by the SDK); composite indexes come from
 * firestore.indexes.json, generated from the collection declarations.
 */
import {
  FieldPath,
  FieldValue,
  type Firestore,
  type Query as FsQuery,
  type Transaction as FsTransaction,
} from "firebase-admin/firestore";
import { DbError } from "../errors";
import type { AnyCollectionDef } from "../define";
import {
  docPath,
  type DocKey,
  type Driver,
  type DriverTx,
  type RawData,
  type RawDoc,
  type RawQuery,
  type WriteOp,
} from "../driver";
import { fromFirestore, queryValue, toFirestore } from "./convert";

export class FirestoreDriver implements Driver {
  readonly kind = "firestore" as const;

  constructor(
    readonly fs: Firestore,
    private readonly onClose: () => Promise<void> = () => this.fs.terminate(),
  ) {}

  private ref(key: DocKey) {
    return this.fs.doc(docPath(key));
  }

  private collectionPath(def: AnyCollectionDef, parent: string) {
    return parent ? `${parent}/${def.name}` : def.name;
  }

  private build(q: RawQuery): FsQuery {
    let query: FsQuery = this.fs.collection(this.collectionPath(q.def, q.parent));
    for (const f of q.filters) query = query.where(f.field, f.op, queryValue(q.def, f.field, f.value));
    for (const o of q.orderBy) query = query.orderBy(o.field, o.dir);
    if (q.startAfter) {
      // Ordering by the id explicitly lets the cursor carry it, like startAfter(snapshot) does.
      const dir = q.orderBy[q.orderBy.length - 1]?.dir ?? "asc";
      query = query.orderBy(FieldPath.documentId(), dir);
      const values = q.startAfter.values.map((v, i) => queryValue(q.def, q.orderBy[i]!.field, v));
      query = query.startAfter(...values, q.startAfter.id);
    }
    if (q.limit !== null) query = query.limit(q.limit);
    return query;
  }

  private toDocs(q: RawQuery, docs: FirebaseFirestore.QueryDocumentSnapshot[]): RawDoc[] {
    return docs.map((d) => ({
      key: { def: q.def, parent: q.parent, id: d.id },
      data: fromFirestore(d.data()) as RawData,
    }));
  }

  async get(key: DocKey): Promise<RawDoc | null> {
    const snap = await wrap(() => this.ref(key).get());
    return snap.exists ? { key, data: fromFirestore(snap.data()) as RawData } : null;
  }

  async query(q: RawQuery): Promise<RawDoc[]> {
    const snap = await wrap(() => this.build(q).get());
    return this.toDocs(q, snap.docs);
  }

  async count(q: RawQuery): Promise<number> {
    const snap = await wrap(() => this.build(q).count().get());
    return snap.data().count;
  }

  async commit(ops: readonly WriteOp[]): Promise<void> {
    const batch = this.fs.batch();
    for (const op of ops) {
      const ref = this.ref(op.key);
      if (op.kind === "delete") batch.delete(ref);
      else if (op.kind === "increment") batch.set(ref, incrementData(op), { merge: true });
      else if (op.kind === "update") batch.update(ref, toFirestore(op.key.def, op.data));
      else if (op.kind === "create") batch.create(ref, toFirestore(op.key.def, op.data));
      else batch.set(ref, toFirestore(op.key.def, op.data));
    }
    await wrap(() => batch.commit(), ops);
  }

  async transaction<R>(fn: (tx: DriverTx) => Promise<R>, opts: { maxAttempts: number }): Promise<R> {
    return wrap(() => this.fs.runTransaction((t) => fn(new FirestoreTx(this, t)), { maxAttempts: opts.maxAttempts }));
  }

  async listCollections(parent: string): Promise<string[]> {
    const cols = await wrap(() => (parent ? this.fs.doc(parent).listCollections() : this.fs.listCollections()));
    return cols.map((c) => c.id).sort();
  }

  async listDocumentIds(def: AnyCollectionDef, parent: string): Promise<string[]> {
    // A field-less query lists existing documents only (listDocuments() also returns "missing" parents).
    const snap = await wrap(() => this.fs.collection(this.collectionPath(def, parent)).select().get());
    // Sorted here, in code-point order like the embedded driver, rather than trusting the backend's order.
    return snap.docs.map((d) => d.id).sort();
  }

  async close(): Promise<void> {
    await this.onClose();
  }

  /** Internal to FirestoreTx. */
  _ref(key: DocKey) {
    return this.ref(key);
  }
  _build(q: RawQuery) {
    return this.build(q);
  }
  _toDocs(q: RawQuery, docs: FirebaseFirestore.QueryDocumentSnapshot[]) {
    return this.toDocs(q, docs);
  }
}

class FirestoreTx implements DriverTx {
  constructor(
    private readonly driver: FirestoreDriver,
    private readonly t: FsTransaction,
  ) {}

  async get(key: DocKey): Promise<RawDoc | null> {
    const snap = await this.t.get(this.driver._ref(key));
    return snap.exists ? { key, data: fromFirestore(snap.data()) as RawData } : null;
  }

  async query(q: RawQuery): Promise<RawDoc[]> {
    const snap = await this.t.get(this.driver._build(q));
    return this.driver._toDocs(q, snap.docs);
  }

  stage(op: WriteOp): void {
    const ref = this.driver._ref(op.key);
    if (op.kind === "delete") this.t.delete(ref);
    else if (op.kind === "increment") this.t.set(ref, incrementData(op), { merge: true });
    else if (op.kind === "update") this.t.update(ref, toFirestore(op.key.def, op.data));
    else if (op.kind === "create") this.t.create(ref, toFirestore(op.key.def, op.data));
    else this.t.set(ref, toFirestore(op.key.def, op.data));
  }
}

/** A merge-set that creates the counter document when missing and adds to its numbers server-side. */
function incrementData(op: Extract<WriteOp, { kind: "increment" }>) {
  const by: Record<string, FieldValue> = {};
  for (const [f, n] of Object.entries(op.by)) by[f] = FieldValue.increment(n);
  return { ...op.base, ...by };
}

/** Maps Firestore's gRPC status codes onto DbError codes; anything else passes through. */
async function wrap<R>(fn: () => Promise<R>, ops?: readonly WriteOp[]): Promise<R> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof DbError) throw e;
    const code = (e as { code?: unknown }).code;
    const message = e instanceof Error ? e.message : String(e);
    const path = ops?.length === 1 ? docPath(ops[0]!.key) : undefined;
    const details = path ? { path } : {};
    if (code === 6) throw new DbError("already-exists", message, details, { cause: e });
    if (code === 5) throw new DbError("not-found", message, details, { cause: e });
    if (code === 10) throw new DbError("aborted", message, details, { cause: e });
    if (code === 9) throw new DbError("invalid-query", message, details, { cause: e }); // e.g. a missing composite index
    if (code === 14 || code === 4) throw new DbError("unavailable", message, details, { cause: e });
    throw e;
  }
}
