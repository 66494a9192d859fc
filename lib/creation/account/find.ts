import "server-only";
/** Reads a person's documents in one collection, a page at a time (owned-data.ts says where they are). */
import type { Db } from "@/lib/platform/db/db";
import type { AnyCollectionDef } from "@/lib/platform/db/define";
import type { DocSnapshot } from "@/lib/platform/db/refs";
import type { Finder } from "./owned-data";

export const PAGE_SIZE = 100;

type Doc = DocSnapshot<Record<string, unknown>>;

/** The first page of `uid`'s documents found by `finder`, after `last` (id order). */
export async function pageOf(
  db: Db,
  def: AnyCollectionDef,
  finder: Finder,
  uid: string,
  last: Doc | null = null,
): Promise<Doc[]> {
  const col = db.collectionByName(def.name);
  if (finder.by === "id") {
    if (last || !def.id.pattern.test(uid)) return [];
    const snap = await col.doc(uid).get();
    return snap ? [snap] : [];
  }
  const query = col.where(finder.field, "==", uid).limit(PAGE_SIZE);
  return (last ? query.startAfter(last) : query).get();
}

/** Every page, for reading (export). Deleting callers ask for the first page again instead (what they removed is gone). */
export async function* pagesOf(db: Db, def: AnyCollectionDef, finder: Finder, uid: string): AsyncGenerator<Doc[]> {
  let last: Doc | null = null;
  for (;;) {
    const page = await pageOf(db, def, finder, uid, last);
    if (page.length === 0) return;
    yield page;
    if (finder.by === "id" || page.length < PAGE_SIZE) return;
    last = page[page.length - 1]!;
  }
}
