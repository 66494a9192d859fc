/**
 * firestore.indexes.json from the collection declarations, so the composite
 * indexes Firestore needs are exactly the ones the embedded driver builds.
 * Single-field "indexes" are left out: Firestore indexes single fields itself
 * and rejects them as composite indexes.
 */
import type { AnyCollectionDef } from "../define";

export interface FirestoreIndexFile {
  indexes: {
    collectionGroup: string;
    queryScope: "COLLECTION";
    fields: { fieldPath: string; order: "ASCENDING" | "DESCENDING" }[];
  }[];
  fieldOverrides: never[];
}

export function firestoreIndexes(collections: readonly AnyCollectionDef[]): FirestoreIndexFile {
  const indexes = collections.flatMap((def) =>
    def.indexes
      .filter((ix) => ix.length > 1)
      .map((ix) => ({
        collectionGroup: def.name,
        queryScope: "COLLECTION" as const,
        fields: ix.map((f) => ({
          fieldPath: f.field,
          order: f.order === "asc" ? ("ASCENDING" as const) : ("DESCENDING" as const),
        })),
      })),
  );
  return { indexes, fieldOverrides: [] };
}

export function renderFirestoreIndexes(collections: readonly AnyCollectionDef[]): string {
  return `${JSON.stringify(firestoreIndexes(collections), null, 2)}\n`;
}
