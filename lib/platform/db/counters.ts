/**
 * Counters kept by the store itself: a dashboard reads a few counter
 * documents instead of scanning a collection.
 *
 * A counter is declared once (`defineCounter`): the collection it watches and
 * what one document of it adds (per key, a few numbers). The registry hands
 * the declarations in with the collections (`countersCollection(defs)`), and
 * `Db` then wraps its driver (`CountingDriver`) so that EVERY write to a
 * watched collection (a transaction, a batch, a single write, the data
 * dashboard, account deletion, an import) stages the counter increments in
 * the same commit: before and after of each written document are known
 * (read in the transaction when the caller did not read it, after all the
 * caller's reads and before any write, as Firestore requires), and the
 * difference of their contributions is added with an `increment` op, which
 * never reads the counter document, so parallel writers do not conflict on it.
 *
 * A counter document holds one key's numbers in one shard
 * (`counters/{counter}-{hash(key)}-{shard}`); a busy counter spreads its
 * writes over `shards` documents (Firestore sustains about one write a
 * second per document) and a read sums the shards.
 *
 * `rebuildCounters` recomputes every counter from a full scan (existing data,
 * after an import, after a bug): `npm run counters:rebuild`.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { defineCollection, type AnyCollectionDef, type CollectionDef } from "./define";
import {
  docPath,
  type DocKey,
  type Driver,
  type DriverTx,
  type RawData,
  type RawDoc,
  type RawQuery,
  type WriteOp,
} from "./driver";
import { isServerTimestamp } from "./server-timestamp";
import type { Db } from "./db";

/** What one document adds to one key of a counter: field -> amount (1 per document, a sum, …). */
export interface Contribution {
  key: string;
  values: Record<string, number>;
}

export interface CounterDef {
  /** Unique among counters; part of the counter documents' ids. */
  readonly name: string;
  /** The top-level collection it counts. */
  readonly source: AnyCollectionDef;
  /** How many documents one key's increments are spread over (1 = no sharding). */
  readonly shards: number;
  /** Pure: the contributions of one stored document (as stored: timestamps are ISO strings). */
  readonly contributions: (doc: RawData) => readonly Contribution[];
}

const COUNTER_NAME = /^[a-z][a-z0-9_]{0,47}$/;
const VALUE_NAME = /^[a-z][a-z0-9_]{0,47}$/;

export function defineCounter<S extends CollectionDef>(input: {
  name: string;
  source: S;
  shards?: number;
  contributions: (doc: z.output<S["schema"]>) => readonly Contribution[];
}): CounterDef {
  if (!COUNTER_NAME.test(input.name)) throw new Error(`counter name ${input.name} must match ${COUNTER_NAME}`);
  if (input.source.parent) throw new Error(`counter ${input.name}: only top-level collections are counted`);
  const shards = input.shards ?? 1;
  if (!Number.isInteger(shards) || shards < 1 || shards > 64) throw new Error(`counter ${input.name}: bad shards`);
  return Object.freeze({
    name: input.name,
    source: input.source,
    shards,
    contributions: input.contributions as (doc: RawData) => readonly Contribution[],
  });
}

export const COUNTERS_COLLECTION = "counters";

/**
 * The numbers sit in top-level fields `n_<value>` beside the key (not in a map: the Firestore stand-in applies
 * increments to top-level fields only, and Firestore counts them the same either way).
 */
const counterDocSchema = z
  .object({
    counter: z.string().regex(COUNTER_NAME),
    key: z.string().max(1024),
    shard: z.number().int().min(0).max(63),
  })
  .catchall(z.number());
const FIELD_PREFIX = "n_";

/** The numbers of a counter document, by value name. */
export function valuesOf(doc: RawData): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [f, n] of Object.entries(doc)) {
    if (f.startsWith(FIELD_PREFIX) && typeof n === "number") out[f.slice(FIELD_PREFIX.length)] = n;
  }
  return out;
}

/** Value names -> the counter document's fields. */
export function fieldsOf(values: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(values).map(([f, n]) => [FIELD_PREFIX + f, n]));
}
export type CounterDoc = z.output<typeof counterDocSchema>;

export type CountersCollectionDef = CollectionDef<typeof counterDocSchema> & {
  readonly counters: readonly CounterDef[];
};

/** The `counters` collection, carrying the app's counter declarations (the registry lists it with the others). */
export function countersCollection(defs: readonly CounterDef[]): CountersCollectionDef {
  const names = new Set<string>();
  for (const d of defs) {
    if (names.has(d.name)) throw new Error(`counter ${d.name} declared twice`);
    names.add(d.name);
  }
  const def = defineCollection({
    name: COUNTERS_COLLECTION,
    schema: counterDocSchema,
    indexes: [["counter", "key"]],
    edit: {
      readOnly:
        "Counters are kept by the store in the same commit as every change they count. To recompute them from the data, run `npm run counters:rebuild`.",
    },
  });
  return Object.freeze({ ...def, counters: Object.freeze([...defs]) });
}

export function countersOf(collections: readonly AnyCollectionDef[]): CountersCollectionDef | null {
  const def = collections.find((d) => d.name === COUNTERS_COLLECTION && "counters" in d);
  return (def as CountersCollectionDef | undefined) ?? null;
}

export function counterDocId(counter: string, key: string, shard: number): string {
  return `${counter}-${createHash("sha256").update(key).digest("base64url").slice(0, 24)}-${shard}`;
}

/** The contributions of a document, or none when the declaration cannot read it (a malformed document). */
function contributionsOf(def: CounterDef, doc: RawData | null): readonly Contribution[] {
  if (!doc) return [];
  try {
    return def.contributions(doc);
  } catch {
    return [];
  }
}

/** Sums contributions into key -> values (the same arithmetic for increments, reads and rebuilds). */
function addInto(out: Map<string, Record<string, number>>, contributions: readonly Contribution[], sign: 1 | -1): void {
  for (const c of contributions) {
    const into = out.get(c.key) ?? {};
    for (const [f, n] of Object.entries(c.values)) {
      if (!VALUE_NAME.test(f) || !Number.isFinite(n)) continue;
      into[f] = (into[f] ?? 0) + sign * n;
    }
    out.set(c.key, into);
  }
}

function resolveSentinels(data: RawData, now: string): RawData {
  const out: RawData = {};
  for (const [k, v] of Object.entries(data)) out[k] = isServerTimestamp(v) ? now : v;
  return out;
}

/** The document after `op`, from the document before it (null = absent); undefined when the op will fail. */
function afterOf(op: WriteOp, before: RawData | null, now: string): RawData | null | undefined {
  switch (op.kind) {
    case "create":
      return before ? undefined : resolveSentinels(op.data, now);
    case "set":
      return resolveSentinels(op.data, now);
    case "update":
      return before ? { ...before, ...resolveSentinels(op.data, now) } : undefined;
    case "delete":
      return null;
    case "increment":
      return undefined;
  }
}

/**
 * A driver that keeps the declared counters: every commit and transaction that writes a counted collection
 * also stages the counters' increments. Reads pass straight through.
 */
export class CountingDriver implements Driver {
  readonly kind: Driver["kind"];
  private readonly bySource = new Map<string, CounterDef[]>();

  constructor(
    readonly inner: Driver,
    readonly countersDef: CountersCollectionDef,
  ) {
    this.kind = inner.kind;
    for (const c of countersDef.counters) {
      const list = this.bySource.get(c.source.name) ?? [];
      list.push(c);
      this.bySource.set(c.source.name, list);
    }
  }

  countersFor(key: DocKey): readonly CounterDef[] | undefined {
    return key.parent === "" ? this.bySource.get(key.def.name) : undefined;
  }

  get(key: DocKey) {
    return this.inner.get(key);
  }
  query(q: RawQuery) {
    return this.inner.query(q);
  }
  count(q: RawQuery) {
    return this.inner.count(q);
  }
  listCollections(parent: string) {
    return this.inner.listCollections(parent);
  }
  listDocumentIds(def: AnyCollectionDef, parent: string) {
    return this.inner.listDocumentIds(def, parent);
  }
  close() {
    return this.inner.close();
  }

  async commit(ops: readonly WriteOp[]): Promise<void> {
    if (!ops.some((op) => this.countersFor(op.key))) return this.inner.commit(ops);
    // A batch that touches a counted collection becomes a transaction: the befores are read, then all is written.
    await this.inner.transaction(
      async (tx) => {
        const c = new CountingTx(tx, this);
        for (const op of ops) c.stage(op);
        await c.flush();
      },
      { maxAttempts: 50 },
    );
  }

  transaction<R>(fn: (tx: DriverTx) => Promise<R>, opts: { maxAttempts: number }): Promise<R> {
    return this.inner.transaction(async (tx) => {
      const c = new CountingTx(tx, this);
      const result = await fn(c);
      await c.flush();
      return result;
    }, opts);
  }
}

/**
 * Holds the caller's writes until its callback returns, remembering what it read; then reads the documents it
 * writes without having read them, stages its writes and the counter increments.
 */
class CountingTx implements DriverTx {
  private readonly seen = new Map<string, RawData | null>();
  private readonly pending: WriteOp[] = [];

  constructor(
    private readonly tx: DriverTx,
    private readonly driver: CountingDriver,
  ) {}

  async get(key: DocKey): Promise<RawDoc | null> {
    const doc = await this.tx.get(key);
    if (this.driver.countersFor(key)) this.seen.set(docPath(key), doc?.data ?? null);
    return doc;
  }

  async query(q: RawQuery): Promise<RawDoc[]> {
    const rows = await this.tx.query(q);
    for (const r of rows) if (this.driver.countersFor(r.key)) this.seen.set(docPath(r.key), r.data);
    return rows;
  }

  stage(op: WriteOp): void {
    this.pending.push(op);
  }

  async flush(): Promise<void> {
    const counted = this.pending.filter((op) => this.driver.countersFor(op.key));
    // Reads first (Firestore: no read after a write). A create needs none: if the document exists it fails.
    const state = new Map(this.seen);
    const toRead = new Map<string, DocKey>();
    const created = new Set<string>();
    for (const op of counted) {
      const p = docPath(op.key);
      if (state.has(p) || toRead.has(p) || created.has(p)) continue;
      if (op.kind === "create" || op.kind === "set") created.add(p);
      if (op.kind !== "create") toRead.set(p, op.key);
    }
    const read = await Promise.all([...toRead.entries()].map(async ([p, key]) => [p, await this.tx.get(key)] as const));
    for (const [p, doc] of read) state.set(p, doc?.data ?? null);

    const now = new Date().toISOString();
    const deltas = new Map<string, { def: CounterDef; sums: Map<string, Record<string, number>> }>();
    for (const op of this.pending) {
      const defs = this.driver.countersFor(op.key);
      if (defs) {
        const p = docPath(op.key);
        const before = state.get(p) ?? null;
        const after = afterOf(op, before, now);
        if (after !== undefined) {
          for (const def of defs) {
            const d = deltas.get(def.name) ?? { def, sums: new Map() };
            addInto(d.sums, contributionsOf(def, before), -1);
            addInto(d.sums, contributionsOf(def, after), 1);
            deltas.set(def.name, d);
          }
          state.set(p, after);
        }
      }
      this.tx.stage(op);
    }
    const countersDef = this.driver.countersDef;
    for (const { def, sums } of deltas.values()) {
      for (const [key, values] of sums) {
        const by = Object.fromEntries(Object.entries(values).filter(([, n]) => n !== 0));
        if (Object.keys(by).length === 0) continue;
        const shard = def.shards > 1 ? Math.floor(Math.random() * def.shards) : 0;
        this.tx.stage({
          kind: "increment",
          key: { def: countersDef, parent: "", id: counterDocId(def.name, key, shard) },
          base: { counter: def.name, key, shard },
          by: fieldsOf(by),
        });
      }
    }
  }
}

/* ------------------------------------------------------------------ reads */

export interface CounterRead {
  /** key -> summed values (shards added up). */
  totals: Map<string, Record<string, number>>;
  /** Counter documents read (the cost of the read). */
  docsRead: number;
}

/**
 * One counter's keys, shards summed; `from`/`to` bound the keys (`to` exclusive), so keys that start with a day
 * (`2026-11-27|…`) read a date range.
 */
export async function readCounter(
  db: Db,
  def: CounterDef,
  range: { from?: string; to?: string } = {},
): Promise<CounterRead> {
  let q = db.collectionByName(COUNTERS_COLLECTION).where("counter", "==", def.name);
  if (range.from !== undefined) q = q.where("key", ">=", range.from);
  if (range.to !== undefined) q = q.where("key", "<", range.to);
  const rows = await q.get();
  const totals = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const d = r.data as unknown as CounterDoc;
    addInto(totals, [{ key: d.key, values: valuesOf(d) }], 1);
  }
  return { totals, docsRead: rows.length };
}

/** What a full scan of the counted collection gives (the reference for tests and the rebuild). */
export async function scanCounter(db: Db, def: CounterDef): Promise<Map<string, Record<string, number>>> {
  const rows = await db.collectionByName(def.source.name).get();
  const totals = new Map<string, Record<string, number>>();
  for (const r of rows) addInto(totals, contributionsOf(def, r.data), 1);
  return totals;
}

/** Drops zero values and keys, so a counter and a scan compare equal whatever was added and taken away. */
export function normalizeTotals(totals: Map<string, Record<string, number>>): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const key of [...totals.keys()].sort()) {
    const values = Object.fromEntries(
      Object.entries(totals.get(key)!)
        .filter(([, n]) => n !== 0)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
    if (Object.keys(values).length) out[key] = values;
  }
  return out;
}

/**
 * Recomputes every declared counter (or the named ones) from a full scan of its collection and replaces its
 * documents. Not atomic with concurrent writes: run it while the app is stopped or quiet (after an import,
 * on first deploy of the counters). Returns, per counter, the keys written.
 */
export async function rebuildCounters(db: Db, only?: readonly string[]): Promise<Record<string, number>> {
  const def = countersOf(db.collections());
  if (!def) throw new Error("this database has no counters collection");
  const out: Record<string, number> = {};
  const col = db.collectionByName(COUNTERS_COLLECTION);
  for (const counter of def.counters.filter((c) => !only || only.includes(c.name))) {
    const totals = await scanCounter(db, counter);
    const old = await col.where("counter", "==", counter.name).get();
    const writes: WriteOp[] = [];
    const keep = new Set<string>();
    for (const [key, values] of totals) {
      const id = counterDocId(counter.name, key, 0);
      keep.add(id);
      writes.push({
        kind: "set",
        key: { def, parent: "", id },
        data: { counter: counter.name, key, shard: 0, ...fieldsOf(values) },
      });
    }
    for (const r of old) if (!keep.has(r.id)) writes.push({ kind: "delete", key: { def, parent: "", id: r.id } });
    for (let i = 0; i < writes.length; i += 400) await db.commitRaw(writes.slice(i, i + 400));
    out[counter.name] = totals.size;
  }
  return out;
}
