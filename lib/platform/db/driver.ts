/**
 * The contract between the typed layer (validation, parsing, ids) and a
 * storage driver. Drivers see already-validated plain data; timestamps are
 * ISO strings on this side of the boundary whatever the driver stores.
 */
import type { AnyCollectionDef, SortDir } from "./define";

export type DriverKind = "embedded" | "firestore";

/** A document's address: `parent` is "" for a top-level collection, else the parent document's path. */
export interface DocKey {
  def: AnyCollectionDef;
  parent: string;
  id: string;
}

export type RawData = Record<string, unknown>;

export interface RawDoc {
  key: DocKey;
  data: RawData;
}

export type WriteOp =
  | { kind: "create" | "set"; key: DocKey; data: RawData }
  /** `merge` validates the merged document (the embedded driver can; Firestore validated the partial). */
  | { kind: "update"; key: DocKey; data: RawData; merge: (existing: RawData) => RawData }
  | { kind: "delete"; key: DocKey }
  /**
   * Adds `by` to the document's top-level number fields, creating the document from `base` when missing; no read
   * in the caller's transaction (Firestore: FieldValue.increment; embedded: inside the commit's write lock), so
   * parallel transactions never lose one another's increments. Used by counters (./counters.ts).
   */
  | { kind: "increment"; key: DocKey; base: RawData; by: Record<string, number> };

export const WHERE_OPS = ["==", "!=", "<", "<=", ">", ">=", "in", "array-contains"] as const;
export type WhereOp = (typeof WHERE_OPS)[number];

export interface RawQuery {
  def: AnyCollectionDef;
  parent: string;
  filters: readonly { field: string; op: WhereOp; value: unknown }[];
  orderBy: readonly { field: string; dir: SortDir }[];
  limit: number | null;
  /** Values of the orderBy fields of the cursor document, then its id. */
  startAfter: { values: readonly unknown[]; id: string } | null;
}

export interface DriverTx {
  get(key: DocKey): Promise<RawDoc | null>;
  query(q: RawQuery): Promise<RawDoc[]>;
  stage(op: WriteOp): void;
}

export interface Driver {
  readonly kind: DriverKind;
  get(key: DocKey): Promise<RawDoc | null>;
  query(q: RawQuery): Promise<RawDoc[]>;
  count(q: RawQuery): Promise<number>;
  /** Applies all ops atomically. */
  commit(ops: readonly WriteOp[]): Promise<void>;
  /** Runs fn until it commits without conflict; fn may run more than once. */
  transaction<R>(fn: (tx: DriverTx) => Promise<R>, opts: { maxAttempts: number }): Promise<R>;
  /** Collection ids that hold documents under `parent` ("" = root). */
  listCollections(parent: string): Promise<string[]>;
  listDocumentIds(def: AnyCollectionDef, parent: string): Promise<string[]>;
  close(): Promise<void>;
}

export function docPath(key: DocKey): string {
  return key.parent ? `${key.parent}/${key.def.name}/${key.id}` : `${key.def.name}/${key.id}`;
}
