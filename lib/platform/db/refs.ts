/**
 * Typed references: collections, documents and queries, modelled on
 * Firestore's. Every write goes through `prepareWrite` (schema on write) and
 * every read through `parseStored` (schema on read), whatever the driver.
 */
import { DbError } from "./errors";
import { FIELD_PATH, type AnyCollectionDef, type SortDir } from "./define";
import { docPath, type DocKey, type Driver, type RawDoc, type RawQuery, type WhereOp, WHERE_OPS } from "./driver";
import { parseStored, prepareWrite, validateMerged } from "./codec";
import type { ServerTimestamp } from "./server-timestamp";
import { autoId } from "./auto-id";

export interface DocSnapshot<T> {
  id: string;
  /** Full path, e.g. `content/abc` or `content/abc/versions/v1`. */
  path: string;
  data: T;
}

/** Field values a write accepts: string fields may also take `serverTimestamp()` (declared timestamp fields only). */
export type WriteData<I> = { [K in keyof I]: I[K] | (string extends NonNullable<I[K]> ? ServerTimestamp : never) };

export interface DbContext {
  driver: Driver;
  assertKnown(def: AnyCollectionDef): void;
}

const INEQUALITIES = new Set<WhereOp>(["<", "<=", ">", ">=", "!="]);

type FieldOf<T> = keyof T & string;
type ElementOf<V> = V extends readonly (infer E)[] ? E : never;
type Scalar = string | number | boolean | null;

export function snapshotOf<T>(raw: RawDoc): DocSnapshot<T> {
  return { id: raw.key.id, path: docPath(raw.key), data: parseStored<T>(raw.key, raw.data) };
}

export class DocRef<T, I = T> {
  readonly id: string;
  readonly path: string;

  constructor(
    readonly ctx: DbContext,
    readonly key: DocKey,
  ) {
    this.id = key.id;
    this.path = docPath(key);
  }

  async get(): Promise<DocSnapshot<T> | null> {
    const raw = await this.ctx.driver.get(this.key);
    return raw ? snapshotOf<T>(raw) : null;
  }

  /** Fails with `already-exists` when the document is there. */
  async create(data: WriteData<I>): Promise<void> {
    await this.ctx.driver.commit([this.createOp(data)]);
  }

  /** Replaces the whole document. */
  async set(data: WriteData<I>): Promise<void> {
    await this.ctx.driver.commit([this.setOp(data)]);
  }

  /** Merges top-level fields into an existing document; `not-found` when it is missing. */
  async update(partial: Partial<WriteData<I>>): Promise<void> {
    await this.ctx.driver.commit([this.updateOp(partial)]);
  }

  async delete(): Promise<void> {
    await this.ctx.driver.commit([{ kind: "delete", key: this.key }]);
  }

  collection<C extends AnyCollectionDef>(
    def: C,
  ): CollectionRef<import("./define").DocOf<C>, import("./define").InputOf<C>> {
    this.ctx.assertKnown(def);
    if (def.parent !== this.key.def.name) {
      throw new DbError("unknown-collection", `${def.name} is not a sub-collection of ${this.key.def.name}`);
    }
    return new CollectionRef(this.ctx, def, this.path);
  }

  /** Names of the sub-collections that hold documents (dashboard). */
  listCollections(): Promise<string[]> {
    return this.ctx.driver.listCollections(this.path);
  }

  createOp(data: WriteData<I>) {
    return { kind: "create" as const, key: this.key, data: prepareWrite(this.key, data, "full") };
  }
  setOp(data: WriteData<I>) {
    return { kind: "set" as const, key: this.key, data: prepareWrite(this.key, data, "full") };
  }
  updateOp(partial: Partial<WriteData<I>>) {
    const data = prepareWrite(this.key, partial, "partial");
    const key = this.key;
    return {
      kind: "update" as const,
      key,
      data,
      merge: (existing: Record<string, unknown>) => validateMerged(key, { ...existing, ...data }),
    };
  }
}

export class Query<T> {
  constructor(
    readonly ctx: DbContext,
    readonly raw: RawQuery,
    private readonly cursor: DocSnapshot<T> | null = null,
  ) {}

  where<K extends FieldOf<T>>(field: K, op: "in", values: readonly T[K][]): Query<T>;
  where<K extends FieldOf<T>>(field: K, op: "array-contains", value: ElementOf<T[K]>): Query<T>;
  where<K extends FieldOf<T>>(field: K, op: "==" | "!=" | "<" | "<=" | ">" | ">=", value: T[K]): Query<T>;
  where(field: string, op: WhereOp, value: unknown): Query<T> {
    checkField(field);
    if (this.cursor) throw new DbError("invalid-query", "where must come before startAfter");
    if (!WHERE_OPS.includes(op)) throw new DbError("invalid-query", `unsupported operator ${String(op)}`);
    if (op === "in") {
      if (!Array.isArray(value) || value.length < 1 || value.length > 30) {
        throw new DbError("invalid-query", `"in" takes 1 to 30 values`);
      }
      value.forEach(checkScalar);
    } else {
      checkScalar(value);
      if (value === null && op !== "==" && op !== "!=")
        throw new DbError("invalid-query", "null only supports == and !=");
    }
    const norm = (v: unknown) => this.normaliseValue(field, v);
    const stored = op === "in" ? (value as unknown[]).map(norm) : norm(value);
    return this.with({ filters: [...this.raw.filters, { field, op, value: stored }] });
  }

  orderBy(field: FieldOf<T>, dir: SortDir = "asc"): Query<T> {
    checkField(field);
    if (this.raw.orderBy.length >= 2) throw new DbError("invalid-query", "orderBy takes at most two fields");
    if (this.cursor) throw new DbError("invalid-query", "orderBy must come before startAfter");
    return this.with({ orderBy: [...this.raw.orderBy, { field, dir }] });
  }

  limit(n: number): Query<T> {
    if (!Number.isInteger(n) || n < 1) throw new DbError("invalid-query", "limit must be a positive integer");
    return this.with({ limit: n });
  }

  /** Continues after `snap` in this query's order (Firestore's startAfter(documentSnapshot)). */
  startAfter(snap: DocSnapshot<T>): Query<T> {
    return new Query<T>(this.ctx, this.raw, snap);
  }

  async get(): Promise<DocSnapshot<T>[]> {
    const rows = await this.ctx.driver.query(this.toRaw());
    return rows.map((r) => snapshotOf<T>(r));
  }

  count(): Promise<number> {
    return this.ctx.driver.count(this.toRaw());
  }

  /**
   * The query as drivers run it, with Firestore's implicit order made explicit:
   * inequality fields missing from orderBy follow it (by field name), so both
   * drivers return the same order and cursors carry the same values.
   */
  toRaw(): RawQuery {
    const dir = this.raw.orderBy[this.raw.orderBy.length - 1]?.dir ?? "asc";
    const ordered = new Set(this.raw.orderBy.map((o) => o.field));
    const implicit = [...new Set(this.raw.filters.filter((f) => INEQUALITIES.has(f.op)).map((f) => f.field))]
      .filter((f) => !ordered.has(f))
      .sort()
      .map((field) => ({ field, dir }));
    const orderBy = [...this.raw.orderBy, ...implicit];
    let startAfter: RawQuery["startAfter"] = null;
    if (this.cursor) {
      const data = this.cursor.data as Record<string, unknown>;
      const values = orderBy.map((o) => {
        const v = readPath(data, o.field);
        if (v === undefined) throw new DbError("invalid-query", `cursor document has no ${o.field}`);
        return this.normaliseValue(o.field, v);
      });
      startAfter = { values, id: this.cursor.id };
    }
    return { ...this.raw, orderBy, startAfter };
  }

  private with(patch: Partial<RawQuery>): Query<T> {
    return new Query<T>(this.ctx, { ...this.raw, ...patch }, this.cursor);
  }

  private normaliseValue(field: string, v: unknown): unknown {
    if (typeof v === "string" && this.raw.def.timestamps.includes(field)) {
      const t = new Date(v);
      if (Number.isNaN(t.getTime())) throw new DbError("invalid-query", `${field} compares against instants, got ${v}`);
      return t.toISOString();
    }
    return v;
  }
}

export class CollectionRef<T, I = T> extends Query<T> {
  readonly def: AnyCollectionDef;
  readonly path: string;

  constructor(ctx: DbContext, def: AnyCollectionDef, parent: string) {
    super(ctx, { def, parent, filters: [], orderBy: [], limit: null, startAfter: null });
    this.def = def;
    this.path = parent ? `${parent}/${def.name}` : def.name;
  }

  /** A reference to document `id`, or to a new generated id when the collection allows it. */
  doc(id?: string): DocRef<T, I> {
    if (id === undefined) {
      if (!this.def.id.auto)
        throw new DbError("invalid-id", `${this.def.name} ids are given (${this.def.id.description})`);
      id = autoId();
    }
    if (typeof id !== "string" || !this.def.id.pattern.test(id) || id === "." || id === ".." || /^__.*__$/.test(id)) {
      throw new DbError("invalid-id", `${this.def.name} id must be ${this.def.id.description}`, { id: String(id) });
    }
    return new DocRef<T, I>(this.ctx, { def: this.def, parent: this.raw.parent, id });
  }

  /** Ids of the documents in this collection (dashboard; unpaged). */
  listDocumentIds(): Promise<string[]> {
    return this.ctx.driver.listDocumentIds(this.def, this.raw.parent);
  }
}

function checkField(field: string) {
  if (typeof field !== "string" || !FIELD_PATH.test(field))
    throw new DbError("invalid-query", `bad field path ${String(field)}`);
}

function checkScalar(v: unknown): asserts v is Scalar {
  const t = typeof v;
  if (!(v === null || t === "string" || t === "boolean" || (t === "number" && Number.isFinite(v)))) {
    throw new DbError("invalid-query", "query values must be strings, finite numbers, booleans or null");
  }
}

export function readPath(data: Record<string, unknown>, path: string): unknown {
  let cur: unknown = data;
  for (const part of path.split(".")) {
    if (typeof cur !== "object" || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}
