/**
 * The data dashboard's wire contract (`/api/v1/ops/data/**`): the registry's
 * collections, a collection's page on one of its declared indexes, a
 * document with its schema, and schema-checked edits. Browser-safe.
 */
import { z } from "zod";
import type { FieldChange } from "@/lib/platform/update-log/contract";

/** What a sensitive value shows as, everywhere (table, form, JSON, export, the update log). */
export const MASK = "••••••••";

export const DATA_PAGE_MAX = 100;

export interface IndexView {
  /** Position in the collection's declared indexes. */
  n: number;
  /** Equality filters the index serves, in order. */
  filters: string[];
  /** The field it sorts by and the direction. */
  sort: { field: string; order: "asc" | "desc" };
  label: string;
}

export interface CollectionSummary {
  name: string;
  count: number | null;
  sensitive: "none" | "fields" | "collection";
  read_only: boolean;
  /** Why it cannot be edited, when it cannot. */
  read_only_reason: string | null;
}

export interface CollectionView extends CollectionSummary {
  columns: string[];
  timestamps: string[];
  indexes: IndexView[];
  /** Field paths whose values are masked. */
  masked: string[];
  /** Fields an edit here cannot change (a profile's credits and plan), each with the reason and where to change it instead. */
  locked_fields: { path: string; reason: string }[];
  /** Fields the app computes from others (a product's name_lower): recomputed on save, never typed. */
  derived_fields: string[];
  id_rule: { auto: boolean; description: string };
}

export interface DocumentRow {
  id: string;
  data: Record<string, unknown>;
}

export interface CollectionPage {
  collection: CollectionView;
  /** The collection's schema as JSON Schema (the new-document form uses it). */
  schema: unknown;
  data: DocumentRow[];
  next_cursor: string | null;
}

export interface DocumentView {
  collection: CollectionView;
  id: string;
  data: Record<string, unknown>;
  /** A fingerprint of the stored document: a write names it, and a moved one is a 409. */
  version: string;
  /** The collection's schema as JSON Schema (input side), for the form. */
  schema: unknown;
}

export const collectionQuerySchema = z.object({
  /** A declared index by position; absent = by document id. */
  index: z.coerce.number().int().min(0).max(50).optional(),
  /** Equality values for the index's filter fields, `eq.<field>=value` (JSON for non-strings). */
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(DATA_PAGE_MAX).default(25),
  /** A document id to find (exact). */
  id: z.string().max(300).optional(),
  format: z.enum(["json", "jsonl"]).default("json"),
  /** "1": also count the collection (a scan on large ones). */
  count: z.enum(["0", "1"]).optional(),
});

export const writeDocumentSchema = z.object({
  data: z.record(z.string(), z.unknown()),
  /** The version the edit was made on (absent for a create). */
  version: z.string().max(100).optional(),
  /** Validate and diff without writing. */
  dry_run: z.boolean().default(false),
});
export type WriteDocumentInput = z.input<typeof writeDocumentSchema>;

export const createDocumentSchema = writeDocumentSchema.extend({
  /** Absent: a generated id (collections that allow it). */
  id: z.string().min(1).max(300).optional(),
});
export type CreateDocumentInput = z.input<typeof createDocumentSchema>;

export interface WriteResult {
  id: string;
  changes: FieldChange[];
  written: boolean;
  version: string | null;
}

/** The help line the table shows under its filters. */
export const FILTER_HELP =
  "Filters follow the collection's declared indexes: pick one, give a value for each of its equality fields, and the table is sorted by its last field. Any other filter would need a new index.";
