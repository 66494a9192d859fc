import "server-only";
/**
 * "Download my data": everything a person made, as one ZIP streamed while it
 * is read. `data/<collection>.json` holds their documents of each collection
 * (owned-data.ts decides which), `files/<key>` every file of theirs in the
 * blob store (the areas `<area>/<uid>/…`, including areas their documents
 * point at), and `manifest.json` (last, when the counts are known) lists what
 * is inside. Only the person's own data: documents are found by their uid,
 * files by the uid folder, never by a key a document names.
 */
import { ApiError } from "@/lib/platform/api/errors";
import type { Db } from "@/lib/platform/db/db";
import type { BlobStore } from "@/lib/platform/storage/types";
import { pagesOf } from "./find";
import { collectBlobAreas, OWN_BLOB_AREAS, ownedCollections } from "./owned-data";
import type { ZipPiece } from "@/lib/platform/storage/zip-stream";

export interface ExportDeps {
  db: Db;
  store: BlobStore;
  now?: () => Date;
}

export const EXPORT_FORMAT = "promptframe-export/1";

const README = `Your Promptframe data

data/<collection>.json  your documents, one JSON array per kind of thing (content, assets, products,
                        brand kit, pages, likes, vibes, batches, jobs, credit history, profile, ...)
files/<key>             your files (pictures, videos, uploads) under the key the documents name
manifest.json           what this archive holds: document counts per collection and every file
`;

const encoder = new TextEncoder();

function* textEntry(name: string, text: string): Generator<ZipPiece> {
  yield { name, chunk: encoder.encode(text), deflate: true };
  yield { name, chunk: null, deflate: true };
}

export async function* exportPieces(
  deps: ExportDeps,
  user: { uid: string; email: string | null },
): AsyncGenerator<ZipPiece, void, undefined> {
  const { db, store, uid } = { ...deps, uid: user.uid };
  const exportedAt = (deps.now?.() ?? new Date()).toISOString();
  yield* textEntry("README.txt", README);

  const areas = new Set<string>(OWN_BLOB_AREAS);
  const counts: Record<string, number> = {};
  for (const plan of ownedCollections(db.collections())) {
    if (!plan.exported) continue;
    const name = `data/${plan.def.name}.json`;
    let count = 0;
    for (const finder of plan.finders) {
      for await (const page of pagesOf(db, plan.def, finder, uid)) {
        const docs = page.map((snap) => {
          const json = JSON.stringify({ id: snap.id, ...snap.data });
          collectBlobAreas(json, uid, areas);
          return json;
        });
        yield { name, chunk: encoder.encode(`${count === 0 ? "[\n" : ",\n"}${docs.join(",\n")}`), deflate: true };
        count += page.length;
      }
    }
    if (count === 0) continue; // nothing of theirs here: no empty file
    yield { name, chunk: encoder.encode("\n]\n"), deflate: true };
    yield { name, chunk: null, deflate: true };
    counts[plan.def.name] = count;
  }

  const files: { key: string; size: number; content_type: string }[] = [];
  for (const area of [...areas].sort()) {
    for (const info of await store.list(`${area}/${uid}/`)) {
      const read = await store.get(info.key);
      if (!read) continue; // deleted meanwhile
      const name = `files/${info.key}`;
      for await (const chunk of read.body) yield { name, chunk: chunk as Uint8Array, deflate: false };
      yield { name, chunk: null, deflate: false };
      files.push({ key: info.key, size: info.size, content_type: info.contentType });
    }
  }

  const manifest = {
    format: EXPORT_FORMAT,
    user_id: uid,
    email: user.email,
    exported_at: exportedAt,
    collections: counts,
    files,
  };
  yield* textEntry("manifest.json", `${JSON.stringify(manifest, null, 2)}\n`);
}

/** One export per person at a time in this process: a second click while one streams gets a 409. */
const running = new Set<string>();

export function claimExport(uid: string): () => void {
  if (running.has(uid))
    throw new ApiError("conflict", "Your data is already being downloaded. Wait for that download to finish.");
  running.add(uid);
  return () => running.delete(uid);
}
