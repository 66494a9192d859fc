/**
 * Embedded-driver benchmark (not a test): inserts per second, then p50/p99 of
 * a paged owner-scoped query (`content` where owner_id == X, newest first, 20
 * per page, pages 1-5 via startAfter) over 100,000 documents.
 * Run: `npx tsx bench/db.ts [docs]` (default 100000). Uses a temp folder.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Db } from "@/lib/platform/db/db";
import { content } from "@/lib/platform/db/collections";
import { allCollections } from "../lib/registry/collections";
import { EmbeddedDriver } from "@/lib/platform/db/embedded/embedded-driver";

const DOCS = Number(process.argv[2] ?? 100_000);
const OWNERS = 200;
const BATCH = 500;

function doc(i: number) {
  const at = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
  return {
    owner_id: `owner${i % OWNERS}`,
    kind: (["image", "design", "video"] as const)[i % 3]!,
    title: `Thing ${i}`,
    status: "ready" as const,
    visibility: "private" as const,
    settings: { prompt: `a prompt of moderate length for item ${i}`, seed: i },
    blobs: { original: `u/${i}/original.png`, thumbnail: `u/${i}/thumb.webp`, poster: null },
    created_at: at,
    updated_at: at,
  };
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pf-bench-"));
  const db = new Db(
    new EmbeddedDriver({ file: path.join(dir, "bench.sqlite"), collections: allCollections }),
    allCollections,
  );
  const col = db.collection(content);
  try {
    // Single-document writes: each is its own durable (fsync'd) transaction.
    const singles = 2000;
    let t = performance.now();
    for (let i = 0; i < singles; i++) await col.doc(`s${i}`).set(doc(DOCS + i));
    const singleRate = singles / ((performance.now() - t) / 1000);

    t = performance.now();
    for (let i = 0; i < DOCS; i += BATCH) {
      const batch = db.batch();
      for (let j = i; j < Math.min(DOCS, i + BATCH); j++) batch.set(col.doc(`d${String(j).padStart(7, "0")}`), doc(j));
      await batch.commit();
    }
    const batchRate = DOCS / ((performance.now() - t) / 1000);

    const pages = 5;
    const runs = 2000;
    const latencies: number[] = [];
    for (let r = 0; r < runs; r++) {
      const owner = `owner${Math.floor(Math.random() * OWNERS)}`;
      let q = col.where("owner_id", "==", owner).orderBy("created_at", "desc").limit(20);
      for (let p = 0; p < pages; p++) {
        const s = performance.now();
        const page = await q.get();
        latencies.push(performance.now() - s);
        q = col
          .where("owner_id", "==", owner)
          .orderBy("created_at", "desc")
          .limit(20)
          .startAfter(page[page.length - 1]!);
      }
    }
    latencies.sort((a, b) => a - b);
    const total = await col.count();
    console.log(
      JSON.stringify(
        {
          driver: "embedded (SQLite WAL, synchronous=FULL)",
          documents: total,
          owners: OWNERS,
          insertsPerSecond: { singleDocumentSet: Math.round(singleRate), batchedSet500: Math.round(batchRate) },
          pagedOwnerQuery: {
            pageSize: 20,
            pages,
            samples: latencies.length,
            p50ms: +pct(latencies, 50).toFixed(3),
            p99ms: +pct(latencies, 99).toFixed(3),
          },
          node: process.version,
        },
        null,
        2,
      ),
    );
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
