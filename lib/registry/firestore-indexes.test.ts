import fs from "node:fs";
import path from "node:path";
import { allCollections } from "./collections";
import { firestoreIndexes, renderFirestoreIndexes } from "@/lib/platform/db/firestore/indexes";

test("the committed firestore.indexes.json matches the collection declarations", () => {
  const committed = fs.readFileSync(path.join(process.cwd(), "firestore.indexes.json"), "utf8");
  expect(committed).toBe(renderFirestoreIndexes(allCollections));
});

test("composite indexes keep field order and direction; single-field ones are left to Firestore", () => {
  const file = firestoreIndexes(allCollections);
  expect(file.indexes).toContainEqual({
    collectionGroup: "content",
    queryScope: "COLLECTION",
    fields: [
      { fieldPath: "owner_id", order: "ASCENDING" },
      { fieldPath: "created_at", order: "DESCENDING" },
    ],
  });
  expect(file.indexes.some((ix) => ix.fields.length < 2)).toBe(false);
  // users declares ["email"] for the embedded driver only.
  expect(file.indexes.filter((ix) => ix.collectionGroup === "users")).toHaveLength(1);
});
