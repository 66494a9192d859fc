/**
 * The default driver: SQLite via better-sqlite3, one durable file, WAL mode.
 *
 * Transactions are optimistic and serialisable: reads record each document's
 * version (and each query's result), writes are buffered, and the commit runs
 * inside `BEGIN IMMEDIATE` (SQLite's single writer lock, which also holds
 * across processes sharing the file) where every read is re-checked before
 * anything is written. A changed read means a conflict: the callback runs
 * again after a short random delay. Versions come from one global sequence so
 * a document deleted and re-created never looks unchanged.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { DbError, TransactionConflict } from "../errors";
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
import { isServerTimestamp } from "../server-timestamp";
import { compileQuery } from "./compile-query";
import { ensureMeta, ensureTable, tableName } from "./tables";

/** How long a statement or commit waits for another process's lock before it fails. */
const BUSY_TIMEOUT_MS = 5000;

interface Row {
  id: string;
  data: string;
  version: number;
}

export interface EmbeddedOptions {
  /** The SQLite file; its folder is created when missing. */
  file: string;
  collections: readonly AnyCollectionDef[];
}

export class EmbeddedDriver implements Driver {
  readonly kind = "embedded" as const;
  readonly sqlite: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();
  private readonly defs: readonly AnyCollectionDef[];

  constructor(opts: EmbeddedOptions) {
    fs.mkdirSync(path.dirname(path.resolve(opts.file)), { recursive: true });
    this.sqlite = new Database(opts.file);
    this.sqlite.pragma("journal_mode = WAL");
    // FULL: a commit that returned survives power loss, not only a process crash.
    this.sqlite.pragma("synchronous = FULL");
    // Other processes (a worker, a script) may hold the write lock briefly.
    this.sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    this.defs = opts.collections;
    this.sqlite
      .transaction(() => {
        ensureMeta(this.sqlite);
        for (const def of opts.collections) ensureTable(this.sqlite, def);
      })
      .immediate();
  }

  private stmt(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.sqlite.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  readRow(key: DocKey): Row | undefined {
    return this.stmt(`SELECT id, data, version FROM "${tableName(key.def)}" WHERE parent = ? AND id = ?`).get(
      key.parent,
      key.id,
    ) as Row | undefined;
  }

  runQuery(q: RawQuery): Row[] {
    const { sql, params } = compileQuery(q, "rows");
    return this.stmt(sql).all(...params) as Row[];
  }

  async get(key: DocKey): Promise<RawDoc | null> {
    const row = this.readRow(key);
    return row ? { key, data: JSON.parse(row.data) as RawData } : null;
  }

  async query(q: RawQuery): Promise<RawDoc[]> {
    return this.runQuery(q).map((r) => toDoc(q, r));
  }

  async count(q: RawQuery): Promise<number> {
    const { sql, params } = compileQuery(q, "count");
    return (this.stmt(sql).get(...params) as { n: number }).n;
  }

  async commit(ops: readonly WriteOp[]): Promise<void> {
    await this.write(() => this.apply(ops));
  }

  /**
   * Runs `fn` under SQLite's write lock (BEGIN IMMEDIATE). When another process holds it, we retry every
   * millisecond ourselves rather than in SQLite's busy handler, whose sleeps grow to 25-100 ms: under contention
   * between processes (app and workers) that handler made a commit wait tens of milliseconds for a lock freed
   * long before. Gives up after the connection's 5 s, as the handler did.
   */
  private async write(fn: () => void): Promise<void> {
    const deadline = Date.now() + BUSY_TIMEOUT_MS;
    for (;;) {
      this.sqlite.pragma("busy_timeout = 0");
      try {
        this.sqlite.transaction(fn).immediate();
        return;
      } catch (e) {
        if ((e as { code?: string }).code !== "SQLITE_BUSY" || Date.now() > deadline) throw e;
      } finally {
        this.sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      }
      await new Promise((r) => setTimeout(r, 1));
    }
  }

  async transaction<R>(fn: (tx: DriverTx) => Promise<R>, opts: { maxAttempts: number }): Promise<R> {
    for (let attempt = 1; attempt <= opts.maxAttempts; attempt++) {
      const tx = new EmbeddedTx(this);
      try {
        const result = await fn(tx);
        await this.write(() => {
          tx.validate();
          this.apply(tx.ops);
        });
        return result;
      } catch (e) {
        if (!(e instanceof TransactionConflict)) throw e;
      }
      // Random delay spreads contending callbacks out so the next attempt usually runs alone.
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(100, 2 ** attempt)));
    }
    throw new DbError("aborted", `transaction still conflicting after ${opts.maxAttempts} attempts`);
  }

  /** Applies ops inside the caller's SQLite transaction; throws (rolling back) on the first failure. */
  private apply(ops: readonly WriteOp[]): void {
    const seq = (this.stmt(`UPDATE meta SET v = v + 1 WHERE k = 'seq' RETURNING v`).get() as { v: number }).v;
    const now = new Date().toISOString();
    for (const op of ops) {
      const t = tableName(op.key.def);
      const { parent, id } = op.key;
      switch (op.kind) {
        case "create":
          if (this.readRow(op.key))
            throw new DbError("already-exists", `${docPath(op.key)} already exists`, { path: docPath(op.key) });
          this.stmt(`INSERT INTO "${t}" (parent, id, data, version) VALUES (?, ?, ?, ?)`).run(
            parent,
            id,
            encode(op.data, now),
            seq,
          );
          break;
        case "set":
          this.stmt(
            `INSERT INTO "${t}" (parent, id, data, version) VALUES (?, ?, ?, ?)
             ON CONFLICT (parent, id) DO UPDATE SET data = excluded.data, version = excluded.version`,
          ).run(parent, id, encode(op.data, now), seq);
          break;
        case "update": {
          const row = this.readRow(op.key);
          if (!row) throw new DbError("not-found", `${docPath(op.key)} does not exist`, { path: docPath(op.key) });
          const merged = op.merge({ ...(JSON.parse(row.data) as RawData), ...resolve(op.data, now) });
          this.stmt(`UPDATE "${t}" SET data = ?, version = ? WHERE parent = ? AND id = ?`).run(
            encode(merged, now),
            seq,
            parent,
            id,
          );
          break;
        }
        case "delete":
          this.stmt(`DELETE FROM "${t}" WHERE parent = ? AND id = ?`).run(parent, id);
          break;
        case "increment": {
          const row = this.readRow(op.key);
          const data = row ? (JSON.parse(row.data) as RawData) : { ...op.base };
          for (const [f, n] of Object.entries(op.by)) data[f] = (typeof data[f] === "number" ? data[f] : 0) + n;
          this.stmt(
            `INSERT INTO "${t}" (parent, id, data, version) VALUES (?, ?, ?, ?)
             ON CONFLICT (parent, id) DO UPDATE SET data = excluded.data, version = excluded.version`,
          ).run(parent, id, encode(data, now), seq);
          break;
        }
      }
    }
  }

  async listCollections(parent: string): Promise<string[]> {
    const parentCollection = parent ? parent.split("/").at(-2) : null;
    return this.defs
      .filter((d) => d.parent === parentCollection)
      .filter((d) => this.stmt(`SELECT 1 FROM "${tableName(d)}" WHERE parent = ? LIMIT 1`).get(parent) !== undefined)
      .map((d) => d.name)
      .sort();
  }

  async listDocumentIds(def: AnyCollectionDef, parent: string): Promise<string[]> {
    const rows = this.stmt(`SELECT id FROM "${tableName(def)}" WHERE parent = ? ORDER BY id`).all(parent) as {
      id: string;
    }[];
    return rows.map((r) => r.id);
  }

  async close(): Promise<void> {
    if (this.sqlite.open) this.sqlite.close();
  }
}

class EmbeddedTx implements DriverTx {
  readonly ops: WriteOp[] = [];
  private readonly reads = new Map<string, { key: DocKey; version: number }>();
  private readonly queries: { q: RawQuery; sig: string }[] = [];

  constructor(private readonly driver: EmbeddedDriver) {}

  async get(key: DocKey): Promise<RawDoc | null> {
    const row = this.driver.readRow(key);
    this.reads.set(docPath(key), { key, version: row?.version ?? 0 });
    // Re-checking earlier reads now means the callback never acts on a mix of old and new data.
    this.validate();
    return row ? { key, data: JSON.parse(row.data) as RawData } : null;
  }

  async query(q: RawQuery): Promise<RawDoc[]> {
    const rows = this.driver.runQuery(q);
    this.queries.push({ q, sig: signature(rows) });
    this.validate();
    return rows.map((r) => toDoc(q, r));
  }

  stage(op: WriteOp): void {
    this.ops.push(op);
  }

  /** Throws TransactionConflict when anything this transaction read has changed since. */
  validate(): void {
    for (const { key, version } of this.reads.values()) {
      if ((this.driver.readRow(key)?.version ?? 0) !== version) throw new TransactionConflict();
    }
    for (const { q, sig } of this.queries) {
      if (signature(this.driver.runQuery(q)) !== sig) throw new TransactionConflict();
    }
  }
}

function signature(rows: Row[]): string {
  return rows.map((r) => `${r.id}@${r.version}`).join(",");
}

function toDoc(q: RawQuery, r: Row): RawDoc {
  return { key: { def: q.def, parent: q.parent, id: r.id }, data: JSON.parse(r.data) as RawData };
}

function resolve(data: RawData, now: string): RawData {
  const out: RawData = {};
  for (const [k, v] of Object.entries(data)) out[k] = isServerTimestamp(v) ? now : v;
  return out;
}

function encode(data: RawData, now: string): string {
  return JSON.stringify(resolve(data, now));
}
