/**
 * How a collection is declared: once, with its zod schema, its id rule, which
 * fields are timestamps and which composite indexes its queries need. Both
 * drivers, the index generator and the export/import scripts read these
 * declarations, so they are plain data.
 */
import { z } from "zod";
import { DOC_ID } from "./ids";

export type SortDir = "asc" | "desc";
export interface IndexField {
  field: string;
  order: SortDir;
}

export interface IdRule {
  pattern: RegExp;
  /** True when `collection.doc()` may generate an id (Firestore-style, 20 chars). */
  auto: boolean;
  description: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyObjectSchema = z.ZodObject<any>;

export interface CollectionDef<S extends AnyObjectSchema = AnyObjectSchema> {
  /** Collection id in the path; also the embedded driver's table name. Unique across the registry. */
  readonly name: string;
  /** Name of the parent collection for a sub-collection (`content/{id}/<name>`), else null. */
  readonly parent: string | null;
  readonly schema: S;
  readonly id: IdRule;
  /** Top-level fields holding ISO-8601 instants: Timestamps in Firestore, ISO strings in SQLite. */
  readonly timestamps: readonly string[];
  /** Composite indexes, each an ordered list of fields. */
  readonly indexes: readonly (readonly IndexField[])[];
  /** How staff tools may edit it (everything, when not declared). */
  readonly edit: EditPolicy;
}

export type AnyCollectionDef = CollectionDef<AnyObjectSchema>;

/**
 * How staff tools (the data dashboard) may edit a collection's documents,
 * declared by the domain that owns the collection beside its schema: the
 * store itself never reads it. Fields neither locked nor derived are editable.
 */
export interface EditPolicy {
  /** Shown but never written by staff tools: the reason, and where to make the change instead. */
  readonly readOnly?: string;
  /** Fields that keep their stored value (a change is refused with the reason); `initial` is what a new document holds. */
  readonly locked?: readonly { readonly path: string; readonly reason: string; readonly initial: unknown }[];
  /** Fields the app computes from others: recomputed on every staff save, whatever the edit says. */
  readonly derived?: Readonly<Record<string, (doc: Record<string, unknown>) => unknown>>;
}
/** The parsed document type of a collection. */
export type DocOf<D> = D extends CollectionDef<infer S> ? z.output<S> : never;
/** What a write accepts (before defaults are applied). */
export type InputOf<D> = D extends CollectionDef<infer S> ? z.input<S> : never;

const NAME = /^[a-z][a-z0-9_]{0,62}$/;
export const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** Firebase uids and our generated ids alike: URL- and path-safe, never `.`/`..`. */
export const SAFE_ID: IdRule = {
  pattern: DOC_ID,
  auto: true,
  description: "1-128 characters of A-Z a-z 0-9 _ -",
};

export function defineCollection<S extends AnyObjectSchema>(input: {
  name: string;
  parent?: string;
  schema: S;
  id?: IdRule;
  timestamps?: readonly (keyof z.output<S> & string)[];
  /** Each index as field names, `"created_at desc"` for descending. */
  indexes?: readonly (readonly string[])[];
  edit?: EditPolicy;
}): CollectionDef<S> {
  if (!NAME.test(input.name)) throw new Error(`collection name ${input.name} must match ${NAME}`);
  const shape = input.schema.shape as Record<string, unknown>;
  const indexes = (input.indexes ?? []).map((fields) =>
    fields.map((spec): IndexField => {
      const [field = "", order = "asc"] = spec.trim().split(/\s+/);
      if (!FIELD_PATH.test(field) || !(field.split(".")[0]! in shape)) {
        throw new Error(`${input.name}: index field ${field} is not in the schema`);
      }
      if (order !== "asc" && order !== "desc") throw new Error(`${input.name}: bad index order ${order}`);
      return { field, order };
    }),
  );
  for (const f of [...Object.keys(input.edit?.derived ?? {}), ...(input.edit?.locked ?? []).map((l) => l.path)]) {
    if (!(f in shape)) throw new Error(`${input.name}: edit policy field ${f} is not in the schema`);
  }
  for (const t of input.timestamps ?? []) {
    if (!(t in shape)) throw new Error(`${input.name}: timestamp field ${t} is not in the schema`);
  }
  return Object.freeze({
    name: input.name,
    parent: input.parent ?? null,
    schema: input.schema,
    id: input.id ?? SAFE_ID,
    timestamps: Object.freeze([...(input.timestamps ?? [])]),
    indexes: Object.freeze(indexes),
    edit: Object.freeze({ ...input.edit }),
  });
}

/** A schema for an instant: any ISO-8601 datetime with offset; stored normalised to UTC `toISOString()`. */
export const isoTimestamp = () => z.iso.datetime({ offset: true });
