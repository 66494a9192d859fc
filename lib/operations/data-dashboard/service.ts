import "server-only";
/**
 * The data dashboard over the registry, on either driver: collections with
 * counts, a collection paged on its declared indexes only, a document read
 * masked, and edits checked against the collection's zod schema and the
 * document's version before anything is written — each write with its
 * update-log entry ("document", `collection/id`) in the same transaction.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { ApiError } from "@/lib/platform/api/errors";
import type { Db } from "@/lib/platform/db/db";
import type { AnyCollectionDef } from "@/lib/platform/db/define";
import { isDbError } from "@/lib/platform/db/errors";
import type { DocSnapshot, Query } from "@/lib/platform/db/refs";
import { diffFields } from "@/lib/platform/update-log/diff";
import { logChange } from "@/lib/platform/update-log/write";
import {
  collectionQuerySchema,
  createDocumentSchema,
  writeDocumentSchema,
  type CollectionPage,
  type CollectionSummary,
  type CollectionView,
  type DocumentRow,
  type DocumentView,
  type IndexView,
  type WriteResult,
} from "./contract";
import { derivedFieldsOf, lockedChanges, lockedFieldsOf, readOnlyReasonOf, withDerived } from "./guards";
import { maskDocument, maskedPaths, restoreMasked } from "./mask";
import { refreshPublicAfterWrite } from "./public-refresh";
import { SENSITIVE, sensitivityOf } from "./sensitive";

type Data = Record<string, unknown>;

function readOnlyReason(def: AnyCollectionDef): string | null {
  const reason = readOnlyReasonOf(def);
  if (reason) return reason;
  if (sensitivityOf(def.name) === "collection")
    return "This collection is sensitive: it shows ids only and cannot be edited here.";
  return null;
}

function defOf(db: Db, name: string): AnyCollectionDef {
  const def = db.collections().find((d) => d.name === name && !d.parent);
  if (!def) throw new ApiError("not_found", `There is no collection called "${name}".`);
  return def;
}

function indexViews(def: AnyCollectionDef): IndexView[] {
  return def.indexes.map((fields, n) => {
    const last = fields[fields.length - 1]!;
    const filters = fields.slice(0, -1).map((f) => f.field);
    return {
      n,
      filters,
      sort: { field: last.field, order: last.order },
      label: `${filters.length ? `${filters.join(" = …, ")} = … · ` : ""}sorted by ${last.field} ${last.order}`,
    };
  });
}

function summary(def: AnyCollectionDef, count: number | null): CollectionSummary {
  const reason = readOnlyReason(def);
  return {
    name: def.name,
    count,
    sensitive: sensitivityOf(def.name),
    read_only: reason !== null,
    read_only_reason: reason,
  };
}

export function describeCollection(def: AnyCollectionDef, count: number | null = null): CollectionView {
  const s = SENSITIVE[def.name];
  return {
    ...summary(def, count),
    columns: Object.keys(def.schema.shape as Data),
    timestamps: [...def.timestamps],
    indexes: indexViews(def),
    masked: s === "collection" ? Object.keys(def.schema.shape as Data) : [...(s ?? [])],
    locked_fields: lockedFieldsOf(def),
    derived_fields: derivedFieldsOf(def),
    id_rule: { auto: def.id.auto, description: def.id.description },
  };
}

export async function listCollections(db: Db): Promise<CollectionSummary[]> {
  const defs = db
    .collections()
    .filter((d) => !d.parent)
    .sort((a, b) => a.name.localeCompare(b.name));
  return Promise.all(
    defs.map(async (d) =>
      summary(
        d,
        await db
          .collectionByName(d.name)
          .count()
          .catch(() => null),
      ),
    ),
  );
}

/** What a row shows: masked; a sensitive collection shows nothing but the id. */
function present(name: string, id: string, data: Data): DocumentRow {
  return { id, data: sensitivityOf(name) === "collection" ? {} : maskDocument(name, data) };
}

export function versionOf(data: Data): string {
  const stable = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(stable)
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.keys(v as Data)
              .sort()
              .map((k) => [k, stable((v as Data)[k])]),
          )
        : v;
  return createHash("sha256")
    .update(JSON.stringify(stable(data)))
    .digest("base64url")
    .slice(0, 22);
}

/** An equality value from the query string, typed by the field's schema where it has one. */
function typedValue(def: AnyCollectionDef, field: string, raw: string): unknown {
  const fieldSchema = (def.schema.shape as Record<string, z.ZodType>)[field];
  if (fieldSchema && fieldSchema.safeParse(raw).success) return raw;
  try {
    const v = JSON.parse(raw);
    if (v === null || ["number", "boolean", "string"].includes(typeof v)) return v;
  } catch {
    /* a plain string */
  }
  return raw;
}

function pageCursor(id: string): string {
  return Buffer.from(id, "utf8").toString("base64url");
}

async function queryFor(
  db: Db,
  def: AnyCollectionDef,
  params: Record<string, string>,
): Promise<{ query: Query<Data>; q: z.output<typeof collectionQuerySchema> }> {
  const parsed = collectionQuerySchema.safeParse(params);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Those table settings are not valid.");
  const q = parsed.data;
  let query: Query<Data> = db.collectionByName(def.name);
  if (q.index !== undefined) {
    const fields = def.indexes[q.index];
    if (!fields)
      throw new ApiError("unprocessable_entity", `${def.name} has no index ${q.index}.`, {
        issues: [{ path: "index", message: "unknown index" }],
      });
    const missing: { path: string; message: string }[] = [];
    for (const f of fields.slice(0, -1)) {
      const raw = params[`eq.${f.field}`];
      if (raw === undefined || raw === "")
        missing.push({ path: `eq.${f.field}`, message: "this index needs a value for it" });
      else query = query.where(f.field as never, "==", typedValue(def, f.field, raw) as never);
    }
    if (missing.length)
      throw new ApiError("unprocessable_entity", "Give a value for each filter field of the chosen index.", {
        issues: missing,
      });
    const last = fields[fields.length - 1]!;
    query = query.orderBy(last.field as never, last.order);
  }
  const extra = Object.keys(params).filter(
    (k) =>
      k.startsWith("eq.") &&
      !(q.index !== undefined && def.indexes[q.index]!.slice(0, -1).some((f) => `eq.${f.field}` === k)),
  );
  if (extra.length) {
    throw new ApiError(
      "unprocessable_entity",
      "Only the chosen index's fields can be filtered: other filters would need an index of their own.",
      { issues: extra.map((k) => ({ path: k, message: "not in the chosen index" })) },
    );
  }
  return { query, q };
}

async function withCursor(
  db: Db,
  def: AnyCollectionDef,
  query: Query<Data>,
  cursor: string | undefined,
  index: number | undefined,
): Promise<Query<Data>> {
  if (!cursor) return query;
  const id = Buffer.from(cursor, "base64url").toString("utf8");
  const snap = def.id.pattern.test(id) ? await db.collectionByName(def.name).doc(id).get() : null;
  if (!snap)
    throw new ApiError(
      "unprocessable_entity",
      "That page cursor is not valid (the document it points at is gone). Start from the first page.",
      { issues: [{ path: "cursor", message: "invalid" }] },
    );
  // A range on the sort field lets the store seek to the cursor instead of scanning the pages before it.
  const sort = index !== undefined ? def.indexes[index]!.at(-1)! : null;
  const at = sort ? readField(snap.data, sort.field) : undefined;
  if (sort && at !== null && at !== undefined && ["string", "number", "boolean"].includes(typeof at)) {
    query = query.where(sort.field as never, sort.order === "desc" ? "<=" : ">=", at as never);
  }
  return query.startAfter(snap);
}

function readField(data: Data, field: string): unknown {
  return field.split(".").reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Data)[k] : undefined), data);
}

export async function queryCollection(db: Db, name: string, params: Record<string, string>): Promise<CollectionPage> {
  const def = defOf(db, name);
  return dbErrors(async () => {
    const { query, q } = await queryFor(db, def, params);
    // Counting a large collection scans it: the table asks once (`count=1`), not on every page.
    const count =
      params.count === "1"
        ? await db
            .collectionByName(name)
            .count()
            .catch(() => null)
        : null;
    if (q.id) {
      const snap = def.id.pattern.test(q.id) ? await db.collectionByName(name).doc(q.id).get() : null;
      return {
        collection: describeCollection(def, count),
        schema: jsonSchemaOf(def),
        data: snap ? [present(name, snap.id, snap.data)] : [],
        next_cursor: null,
      };
    }
    const rows = await (await withCursor(db, def, query, q.cursor, q.index)).limit(q.limit + 1).get();
    const page = rows.slice(0, q.limit);
    return {
      collection: describeCollection(def, count),
      schema: jsonSchemaOf(def),
      data: page.map((r) => present(name, r.id, r.data)),
      next_cursor: rows.length > q.limit ? pageCursor(page[page.length - 1]!.id) : null,
    };
  });
}

/** The filtered view as JSON lines (masked), page by page. */
export async function* exportCollection(
  db: Db,
  name: string,
  params: Record<string, string>,
  max = 100_000,
): AsyncGenerator<string> {
  const def = defOf(db, name);
  const { query } = await dbErrors(() => queryFor(db, def, params));
  let last: DocSnapshot<Data> | null = null;
  let sent = 0;
  while (sent < max) {
    const rows: DocSnapshot<Data>[] = await (last ? query.startAfter(last) : query).limit(500).get();
    if (!rows.length) return;
    sent += rows.length;
    last = rows[rows.length - 1]!;
    yield rows.map((r) => JSON.stringify({ id: r.id, ...present(name, r.id, r.data).data }) + "\n").join("");
    if (rows.length < 500) return;
  }
}

function jsonSchemaOf(def: AnyCollectionDef): unknown {
  try {
    return z.toJSONSchema(def.schema, { io: "input", unrepresentable: "any" });
  } catch {
    return null;
  }
}

function refOf(db: Db, def: AnyCollectionDef, id: string) {
  try {
    return db.collectionByName(def.name).doc(id);
  } catch (e) {
    if (isDbError(e, "invalid-id"))
      throw new ApiError("not_found", `There is no document "${id}" in ${def.name} (ids are ${def.id.description}).`);
    throw e;
  }
}

export async function readDocument(db: Db, name: string, id: string): Promise<DocumentView> {
  const def = defOf(db, name);
  const snap = await dbErrors(() => refOf(db, def, id).get());
  if (!snap) throw new ApiError("not_found", `There is no document "${id}" in ${name}.`);
  return {
    collection: { ...describeCollection(def), masked: maskedPaths(name, snap.data) },
    id,
    data: present(name, id, snap.data).data,
    version: versionOf(snap.data),
    schema: jsonSchemaOf(def),
  };
}

function labelOf(data: Data | null, fallback: string): string {
  for (const k of ["title", "name", "email", "summary"])
    if (typeof data?.[k] === "string" && data[k]) return data[k] as string;
  return fallback;
}

function assertWritable(def: AnyCollectionDef) {
  const reason = readOnlyReason(def);
  if (reason) throw new ApiError("forbidden", reason);
}

/** Locked fields (a profile's credits and plan) keep their value: a change to one is refused whole. */
function assertUnlocked(def: AnyCollectionDef, next: Data, stored: Data | null) {
  const changed = lockedChanges(def, next, stored);
  if (!changed.length) return;
  throw new ApiError(
    "unprocessable_entity",
    `${changed.map((f) => f.path).join(" and ")} cannot be ${stored ? "changed" : "set"} here: nothing was written. ${changed[0]!.reason}`,
    { issues: changed.map((f) => ({ path: f.path, message: f.reason })) },
  );
}

/**
 * The incoming document with secrets put back and its derived fields
 * recomputed (the owning domain's edit policy), checked against the schema
 * (unknown fields included).
 */
function checked(def: AnyCollectionDef, incoming: Data, stored: Data | null): Data {
  const restored = restoreMasked(def.name, incoming, stored);
  const refused = restored.refused;
  const data = withDerived(def, restored.data);
  const issues: { path: string; message: string }[] = refused.map((path) => ({
    path,
    message: "This is the mask, not a value: type the real value or leave the field as it was.",
  }));
  const shape = def.schema.shape as Data;
  for (const k of Object.keys(data))
    if (!(k in shape)) issues.push({ path: k, message: `${def.name} has no field "${k}".` });
  const parsed = def.schema.safeParse(data);
  if (!parsed.success) for (const i of parsed.error.issues) issues.push({ path: i.path.join("."), message: i.message });
  if (issues.length || !parsed.success)
    throw new ApiError(
      "unprocessable_entity",
      `That document does not match the ${def.name} schema: nothing was written.`,
      { issues },
    );
  return parsed.data as Data;
}

/** The app's own bookkeeping, kept by a dashboard edit too: `revision` moves on, `updated_at` is now. */
function bookkeep(def: AnyCollectionDef, next: Data, stored: Data | null, now: Date): Data {
  const out = { ...next };
  const shape = def.schema.shape as Data;
  if (stored && "revision" in shape && typeof stored.revision === "number" && out.revision === stored.revision)
    out.revision = stored.revision + 1;
  if (def.timestamps.includes("updated_at") && (!stored || out.updated_at === stored.updated_at))
    out.updated_at = now.toISOString();
  return out;
}

export async function writeDocument(
  db: Db,
  name: string,
  id: string,
  raw: unknown,
  now = new Date(),
): Promise<WriteResult> {
  const def = defOf(db, name);
  assertWritable(def);
  const parsed = writeDocumentSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Send { data, version }.");
  const input = parsed.data;
  const ref = refOf(db, def, id);
  const { result, stored, next } = await dbErrors(() =>
    db.runTransaction(async (tx) => {
      const snap = await tx.get(ref);
      if (!snap) throw new ApiError("not_found", `There is no document "${id}" in ${name} (deleted meanwhile?).`);
      if (!input.version || input.version !== versionOf(snap.data)) {
        throw new ApiError(
          "conflict",
          "This document changed since you opened it. Reload it and make your edit again.",
          { issues: [{ path: "version", message: "version_conflict" }] },
        );
      }
      const next = bookkeep(def, checked(def, input.data, snap.data), snap.data, now);
      assertUnlocked(def, next, snap.data);
      const before = maskDocument(name, snap.data);
      const after = maskDocument(name, next, snap.data);
      const changes = diffFields(before, after);
      if (input.dry_run || !changes.length)
        return { result: { id, changes, written: false, version: versionOf(snap.data) }, stored: snap.data, next };
      tx.set(ref, next);
      logChange(db, tx, {
        entityType: "document",
        entityId: `${name}/${id}`,
        entityLabel: labelOf(snap.data, id),
        action: "update",
        before,
        after,
        at: now,
      });
      return { result: { id, changes, written: true, version: versionOf(next) }, stored: snap.data, next };
    }),
  );
  if (result.written) refreshPublicAfterWrite(name, id, stored, next);
  return result;
}

export async function createDocument(db: Db, name: string, raw: unknown, now = new Date()): Promise<WriteResult> {
  const def = defOf(db, name);
  assertWritable(def);
  const parsed = createDocumentSchema.safeParse(raw);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Send { id?, data }.");
  const input = parsed.data;
  if (!input.id && !def.id.auto)
    throw new ApiError("unprocessable_entity", `${name} ids are given: ${def.id.description}.`, {
      issues: [{ path: "id", message: "required" }],
    });
  let ref;
  try {
    ref = input.id ? db.collectionByName(name).doc(input.id) : db.collectionByName(name).doc();
  } catch {
    throw new ApiError("unprocessable_entity", `That id is not valid: ${def.id.description}.`, {
      issues: [{ path: "id", message: "invalid id" }],
    });
  }
  const next = bookkeep(def, checked(def, input.data, null), null, now);
  assertUnlocked(def, next, null);
  const after = maskDocument(name, next);
  const changes = diffFields(null, after);
  if (input.dry_run) return { id: ref.id, changes, written: false, version: null };
  await dbErrors(() =>
    db.runTransaction(async (tx) => {
      if (await tx.get(ref)) throw new ApiError("conflict", `There is already a document "${ref.id}" in ${name}.`);
      tx.create(ref, next);
      logChange(db, tx, {
        entityType: "document",
        entityId: `${name}/${ref.id}`,
        entityLabel: labelOf(next, ref.id),
        action: "create",
        before: null,
        after,
        at: now,
      });
    }),
  );
  refreshPublicAfterWrite(name, ref.id, null, next);
  return { id: ref.id, changes, written: true, version: versionOf(next) };
}

export async function deleteDocument(
  db: Db,
  name: string,
  id: string,
  version: string | null,
  now = new Date(),
): Promise<WriteResult> {
  const def = defOf(db, name);
  assertWritable(def);
  const ref = refOf(db, def, id);
  const { result, stored } = await dbErrors(() =>
    db.runTransaction(async (tx) => {
      const snap = await tx.get(ref);
      if (!snap) throw new ApiError("not_found", `There is no document "${id}" in ${name}.`);
      if (!version || version !== versionOf(snap.data))
        throw new ApiError("conflict", "This document changed since you opened it. Reload it before deleting.", {
          issues: [{ path: "version", message: "version_conflict" }],
        });
      const before = maskDocument(name, snap.data);
      tx.delete(ref);
      logChange(db, tx, {
        entityType: "document",
        entityId: `${name}/${id}`,
        entityLabel: labelOf(snap.data, id),
        action: "delete",
        before,
        after: null,
        at: now,
      });
      return { result: { id, changes: diffFields(before, null), written: true, version: null }, stored: snap.data };
    }),
  );
  refreshPublicAfterWrite(name, id, stored, null);
  return result;
}

/** The store's typed errors as the API's. */
async function dbErrors<R>(fn: () => Promise<R>): Promise<R> {
  try {
    return await fn();
  } catch (e) {
    if (!isDbError(e)) throw e;
    const issues = Array.isArray(e.details.issues)
      ? (e.details.issues as { path?: unknown[]; message?: string }[]).map((i) => ({
          path: Array.isArray(i.path) ? i.path.join(".") : "",
          message: String(i.message ?? "invalid"),
        }))
      : undefined;
    if (e.code === "invalid-document")
      throw new ApiError("unprocessable_entity", "That document does not match the schema: nothing was written.", {
        issues,
      });
    if (e.code === "malformed-document")
      throw new ApiError(
        "unprocessable_entity",
        `A stored document no longer matches its schema (${String(e.details.path ?? "")}); open it by id to repair it.`,
      );
    if (e.code === "invalid-query" || e.code === "invalid-argument")
      throw new ApiError("unprocessable_entity", e.message);
    if (e.code === "not-found") throw new ApiError("not_found", e.message);
    if (e.code === "already-exists") throw new ApiError("conflict", e.message);
    if (e.code === "aborted") throw new ApiError("conflict", "The document kept changing while saving; try again.");
    throw e;
  }
}
