/**
 * SQLite layout: one table per declared collection (`c_<name>`), rows keyed by
 * (parent document path, id) so sub-collections share their declaration's
 * table. JSON documents live in `data`; every field a declared index names
 * gets a generated column, and each declared index becomes a SQLite index on
 * those columns, so indexed queries never parse JSON to find their rows.
 */
import type Database from "better-sqlite3";
import type { AnyCollectionDef } from "../define";

export function tableName(def: AnyCollectionDef): string {
  return `c_${def.name}`; // names are validated by defineCollection: [a-z][a-z0-9_]*
}

export function generatedColumn(field: string): string {
  return `g_${field.replace(/\./g, "__")}`;
}

/** SQL for a field's value: its generated column when indexed (so SQLite uses the index), else json_extract. */
export function fieldExpr(def: AnyCollectionDef, field: string): string {
  const indexed = def.indexes.some((ix) => ix.some((f) => f.field === field));
  return indexed ? `"${generatedColumn(field)}"` : `json_extract(data, '$.${field}')`;
}

/** JSON type of a field ('null', 'true', 'false', 'integer', 'real', 'text', ...), SQL NULL when absent. */
export function jsonTypeExpr(field: string): string {
  return `json_type(data, '$.${field}')`;
}

export function ensureMeta(db: Database.Database): void {
  db.exec(`CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v INTEGER NOT NULL)`);
  db.prepare(`INSERT OR IGNORE INTO meta (k, v) VALUES ('seq', 0)`).run();
}

/** Idempotent: creates the table, adds generated columns and indexes that a newer declaration names. */
export function ensureTable(db: Database.Database, def: AnyCollectionDef): void {
  const t = tableName(def);
  db.exec(`CREATE TABLE IF NOT EXISTS "${t}" (
    parent TEXT NOT NULL,
    id TEXT NOT NULL,
    data TEXT NOT NULL,
    version INTEGER NOT NULL,
    PRIMARY KEY (parent, id)
  )`);
  const existing = new Set((db.prepare(`PRAGMA table_xinfo("${t}")`).all() as { name: string }[]).map((c) => c.name));
  const fields = new Set(def.indexes.flatMap((ix) => ix.map((f) => f.field)));
  for (const field of fields) {
    const col = generatedColumn(field);
    if (!existing.has(col)) {
      db.exec(`ALTER TABLE "${t}" ADD COLUMN "${col}" GENERATED ALWAYS AS (json_extract(data, '$.${field}')) VIRTUAL`);
    }
  }
  for (const ix of def.indexes) {
    const last = ix[ix.length - 1]?.order ?? "asc";
    const cols = ix.map((f) => `"${generatedColumn(f.field)}" ${f.order.toUpperCase()}`);
    const name = `ix_${t}__${ix.map((f) => `${generatedColumn(f.field)}_${f.order}`).join("__")}`;
    db.exec(`CREATE INDEX IF NOT EXISTS "${name}" ON "${t}" (parent, ${cols.join(", ")}, id ${last.toUpperCase()})`);
  }
}
