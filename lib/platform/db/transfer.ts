/**
 * Export and import of whole databases as JSON lines, one file per
 * collection (`<name>.jsonl`, lines `{"path": ..., "data": ...}`), so local
 * data can move to a Firestore project and back. Documents are parsed on the
 * way out and validated on the way in, like any other read and write.
 */
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import type { Db } from "./db";
import { COUNTERS_COLLECTION } from "./counters";
import type { AnyCollectionDef } from "./define";
import { DbError, isDbError } from "./errors";
import type { CollectionRef, DocSnapshot } from "./refs";

type AnyCollection = CollectionRef<Record<string, unknown>>;

const PAGE = 500;

/** Every collection reachable from the root: top-level ones, then sub-collections under each parent document. */
async function* walk(db: Db): AsyncGenerator<{ def: AnyCollectionDef; col: AnyCollection }> {
  const defs = db.collections();
  async function* under(
    def: AnyCollectionDef,
    col: AnyCollection,
  ): AsyncGenerator<{ def: AnyCollectionDef; col: AnyCollection }> {
    yield { def, col };
    const children = defs.filter((d) => d.parent === def.name);
    if (!children.length) return;
    for (const id of await col.listDocumentIds()) {
      for (const child of children) yield* under(child, col.doc(id).collection(child) as AnyCollection);
    }
  }
  for (const def of defs.filter((d) => !d.parent)) yield* under(def, db.collectionByName(def.name));
}

export interface ExportReport {
  counts: Record<string, number>;
  malformed: { path: string; message: string }[];
}

export async function exportDb(db: Db, outDir: string): Promise<ExportReport> {
  fs.mkdirSync(outDir, { recursive: true });
  const report: ExportReport = { counts: {}, malformed: [] };
  const files = new Map<string, fs.WriteStream>();
  for await (const { def, col } of walk(db)) {
    let out = files.get(def.name);
    if (!out) files.set(def.name, (out = fs.createWriteStream(path.join(outDir, `${def.name}.jsonl`))));
    report.counts[def.name] ??= 0;
    for (const id of await col.listDocumentIds()) {
      let snap: DocSnapshot<Record<string, unknown>> | null;
      try {
        snap = await col.doc(id).get();
      } catch (e) {
        // A malformed document is reported, not copied: the target would refuse it anyway.
        if (isDbError(e, "malformed-document")) {
          report.malformed.push({ path: `${col.path}/${id}`, message: e.message });
          continue;
        }
        throw e;
      }
      if (!snap) continue;
      if (!out.write(`${JSON.stringify({ path: snap.path, data: snap.data })}\n`))
        await new Promise<void>((r) => out!.once("drain", () => r()));
      report.counts[def.name]!++;
    }
  }
  await Promise.all([...files.values()].map((f) => new Promise((r) => f.end(r))));
  return report;
}

/** The typed reference for a document path such as `content/abc` or `items/a/notes/n1`. */
export function refFromPath(db: Db, docPath: string) {
  const parts = docPath.split("/");
  if (parts.length < 2 || parts.length % 2) throw new DbError("invalid-argument", `not a document path: ${docPath}`);
  let col: AnyCollection = db.collectionByName(parts[0]!);
  for (let i = 2; i < parts.length; i += 2) {
    const def = db.collections().find((d) => d.name === parts[i]);
    if (!def) throw new DbError("unknown-collection", `no collection named ${parts[i]}`);
    col = col.doc(parts[i - 1]!).collection(def) as AnyCollection;
  }
  return col.doc(parts[parts.length - 1]!);
}

/** Loads every `*.jsonl` file in `dir` (parents before sub-collections); existing documents are replaced. */
export async function importDb(db: Db, dir: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const depth = (name: string): number => {
    const def = db.collections().find((d) => d.name === name);
    return def?.parent ? 1 + depth(def.parent) : 0;
  };
  const names = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".jsonl"))
    .map((f) => f.slice(0, -".jsonl".length))
    // Counters are the store's own sums: the imported documents are counted as they are written (and
    // `npm run data:import` rebuilds them from the data afterwards), so exported counter files are not loaded.
    .filter((name) => name !== COUNTERS_COLLECTION)
    .sort((a, b) => depth(a) - depth(b) || a.localeCompare(b));
  for (const name of names) {
    counts[name] = 0;
    let batch = db.batch();
    const lines = readline.createInterface({
      input: fs.createReadStream(path.join(dir, `${name}.jsonl`)),
      crlfDelay: Infinity,
    });
    let lineNo = 0;
    for await (const line of lines) {
      lineNo++;
      if (!line.trim()) continue;
      const { path: docPath, data } = JSON.parse(line) as { path: string; data: Record<string, unknown> };
      try {
        batch.set(refFromPath(db, docPath), data);
      } catch (e) {
        if (e instanceof DbError) throw new DbError(e.code, `${name}.jsonl line ${lineNo}: ${e.message}`, e.details);
        throw e;
      }
      counts[name]++;
      if (batch.size >= PAGE) {
        await batch.commit();
        batch = db.batch();
      }
    }
    await batch.commit();
  }
  return counts;
}
