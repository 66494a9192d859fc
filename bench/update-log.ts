/**
 * Update-log and data-dashboard paging benchmark (not a test): 100,000 log
 * entries in the embedded store (temp folder), 50 per page, newest first.
 * Each measure is the handler's work after auth — query, present, JSON
 * response — against two baselines: a bare handler (a JSON response of a
 * constant 50-item page, no store) and the bare store query of one page.
 * Ratios show what the log's own code adds. Run: `node --conditions=react-server --import tsx bench/update-log.ts [runs]`.
 *
 * This 2-core machine, 2026-11-23, 200 runs, p50 (× bare handler / × bare query): bare handler 0.18 ms,
 * bare query 0.46 ms; log first page 0.90 ms (4.9 / 2.0); next page 1.19 ms (6.5 / 2.6); page at entry
 * 50,000 by cursor 1.34 ms (7.3 / 2.9); by entity type 1.21 ms; type + id 1.18 ms; actor 1.08 ms; date
 * range 1.11 ms; dashboard table page 1.60 ms, at entry 50,000 1.82 ms (9.9 / 3.9). Seeding 100,000: ~60 s.
 * Deep cursors seek with a range on the sort field (without it, entry 50,000 took 79 ms: the store's
 * startAfter alone scans the pages before it).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { allCollections } from "../lib/registry/collections";
import { Db } from "@/lib/platform/db/db";
import { EmbeddedDriver } from "@/lib/platform/db/embedded/embedded-driver";
import { ENTITY_TYPES } from "@/lib/platform/update-log/contract";
import { updateLog } from "@/lib/platform/update-log/collections";
import { buildEntry } from "@/lib/platform/update-log/write";
import { systemContext } from "@/lib/platform/update-log/context";
import { listUpdateLog, parseUpdateLogQuery } from "@/lib/platform/update-log/list";
import { queryCollection } from "@/lib/operations/data-dashboard/service";

const RUNS = Number(process.argv[2] ?? 300);
const N = 100_000;

const pct = (s: number[], p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;

async function time(runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 20; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pf-bench-log-"));
  const db = new Db(
    new EmbeddedDriver({ file: path.join(dir, "bench.sqlite"), collections: allCollections }),
    allCollections,
  );
  try {
    const t0 = performance.now();
    const base = Date.UTC(2026, 0, 1);
    for (let i = 0; i < N; i += 500) {
      const batch = db.batch();
      for (let j = i; j < i + 500; j++) {
        const type = ENTITY_TYPES[j % ENTITY_TYPES.length]!;
        const ctx =
          j % 7 === 0
            ? systemContext("worker:video")
            : {
                actorKind: "user" as const,
                actorId: `user${j % 50}`,
                actorEmail: `user${j % 50}@example.com`,
                source: "PATCH /api/v1/x",
                screen: "/x",
              };
        batch.create(
          db.collection(updateLog).doc(`e${String(j).padStart(6, "0")}`),
          buildEntry({
            entityType: type,
            entityId: type === "document" ? `vibes/v${j % 1000}` : `${type}${j % 1000}`,
            entityLabel: `Item ${j % 1000}`,
            action: "update",
            before: { title: `a${j}`, n: j },
            after: { title: `b${j}`, n: j + 1 },
            context: ctx,
            at: new Date(base + j * 1000),
          }),
        );
      }
      await batch.commit();
    }
    console.log(`seeded ${N.toLocaleString()} entries in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const constant = {
      data: Array.from({ length: 50 }, (_, i) => ({
        id: `e${i}`,
        ...buildEntry({ entityType: "layout", entityId: `l${i}`, action: "update", before: { a: 1 }, after: { a: 2 } }),
      })),
      next_cursor: "x",
    };
    const bare = await time(RUNS, async () => (await Response.json(constant)).text());
    const rawQuery = await time(RUNS, () => db.collection(updateLog).orderBy("created_at", "desc").limit(51).get());
    const page = async (params: Record<string, string>) =>
      (await Response.json(await listUpdateLog(db, parseUpdateLogQuery({ limit: "50", ...params })))).text();
    const first = await listUpdateLog(db, parseUpdateLogQuery({ limit: "50" }));
    // A cursor deep in the log (page ~1,000).
    const deep = Buffer.from("e050000", "utf8").toString("base64url");
    const rows: [string, number[]][] = [
      ["bare handler (constant 50-entry JSON)", bare],
      ["bare store query (50, created_at desc)", rawQuery],
      ["log: first page", await time(RUNS, () => page({}))],
      ["log: next page (cursor)", await time(RUNS, () => page({ cursor: first.next_cursor! }))],
      ["log: page at entry 50,000 (cursor)", await time(RUNS, () => page({ cursor: deep }))],
      ["log: entity type", await time(RUNS, () => page({ entity_type: "layout" }))],
      ["log: entity type + id", await time(RUNS, () => page({ entity_type: "layout", entity_id: "layout1" }))],
      ["log: actor", await time(RUNS, () => page({ actor: "user3" }))],
      ["log: date range", await time(RUNS, () => page({ from: "2026-01-01T12:00:00Z", to: "2026-01-01T18:00:00Z" }))],
      [
        "dashboard: update_log table page (25, by id)",
        await time(RUNS, async () => (await Response.json(await queryCollection(db, "update_log", {}))).text()),
      ],
      [
        "dashboard: update_log page at entry 50,000 (index 0, cursor)",
        await time(RUNS, async () =>
          (await Response.json(await queryCollection(db, "update_log", { index: "0", cursor: deep }))).text(),
        ),
      ],
      [
        "dashboard: update_log on index 1 (entity_type)",
        await time(RUNS, async () =>
          (
            await Response.json(await queryCollection(db, "update_log", { index: "1", "eq.entity_type": "content" }))
          ).text(),
        ),
      ],
    ];
    const b50 = pct(bare, 50);
    const q50 = pct(rawQuery, 50);
    console.table(
      rows.map(([measure, s]) => ({
        measure,
        runs: s.length,
        "p50 ms": pct(s, 50).toFixed(3),
        "p99 ms": pct(s, 99).toFixed(3),
        "× bare handler": (pct(s, 50) / b50).toFixed(1),
        "× bare query": (pct(s, 50) / q50).toFixed(1),
      })),
    );
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
