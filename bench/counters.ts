/**
 * Counters benchmark (not a test): dashboards reading the store's counters
 * against the scans they did before, on a seeded embedded store, as documents
 * read and time (median of 5 runs); and what keeping the counters costs a
 * write (batched creates and single edits, with and without counters).
 * Run: `npx tsx --conditions=react-server bench/counters.ts [records]` (default 20000). Uses a temp folder.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { compositions } from "@/lib/engine/composition/collections";
import { ensureStarterLibrary, getTemplateVersion } from "@/lib/engine/composition/library";
import { functionCalls, type FunctionCallDoc } from "@/lib/platform/ai/calls/collections";
import { content } from "@/lib/platform/db/collections";
import { contentStatusCounter } from "@/lib/platform/db/content-counters";
import { COUNTERS_COLLECTION, readCounter } from "@/lib/platform/db/counters";
import { Db } from "@/lib/platform/db/db";
import { EmbeddedDriver } from "@/lib/platform/db/embedded/embedded-driver";
import { layoutUseCounter, templateUseCounter } from "@/lib/engine/composition/counters";
import { aggregateCalls } from "@/lib/operations/fc-report/aggregate";
import { RANGES } from "@/lib/operations/fc-report/contract";
import { callTotals } from "@/lib/operations/fc-report/service";
import { sampleComposition } from "@/lib/studio/templates/sample";
import { allCollections } from "../lib/registry/collections";

const N = Number(process.argv[2] ?? 20_000);
const now = new Date("2026-11-27T08:37:12.000Z");

function open(dir: string, name: string, counted: boolean): Db {
  const defs = counted ? allCollections : allCollections.filter((d) => d.name !== COUNTERS_COLLECTION);
  return new Db(new EmbeddedDriver({ file: path.join(dir, `${name}.sqlite`), collections: defs }), defs);
}

function call(i: number): FunctionCallDoc {
  return {
    feature: ["chat", "video.writer", "layout.generator"][i % 3]!,
    model_id: ["local/preview", "openai/gpt-4.1-mini", "google/gemini-2.5-flash"][i % 3]!,
    provider: "p",
    kind: i % 2 ? "tool" : "structured",
    name: ["lookup_user", "count_content", "script", "layout"][i % 4]!,
    arguments: '{"q":"x"}',
    valid: i % 7 !== 0,
    error_kind: i % 7 === 0 ? "schema" : null,
    error: null,
    latency_ms: 50 + ((i * 7919) % 5000),
    input_tokens: 200 + (i % 300),
    output_tokens: 50 + (i % 90),
    owner_id: null,
    ref_id: null,
    created_at: new Date(now.getTime() - ((i * 104_729) % (30 * 86_400_000))).toISOString(),
  };
}

async function timed<R>(fn: () => Promise<R>, runs = 5): Promise<{ ms: number; result: R }> {
  const times: number[] = [];
  let result!: R;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    result = await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(runs / 2)]!, result };
}

async function seed(db: Db): Promise<{ createMs: number }> {
  await ensureStarterLibrary(db, now);
  const tvs = await Promise.all(
    ["starter-bold", "starter-elegant"].map(async (id) => ({ id, tv: (await getTemplateVersion(db, id, 1))! })),
  );
  const t = performance.now();
  for (let i = 0; i < N; i += 500) {
    const b = db.batch();
    for (let j = i; j < Math.min(N, i + 500); j++) b.create(db.collection(functionCalls).doc(), call(j));
    await b.commit();
  }
  const createMs = performance.now() - t;
  for (let i = 0; i < N; i += 250) {
    const b = db.batch();
    for (let j = i; j < Math.min(N, i + 250); j++) {
      const { id, tv } = tvs[j % 2]!;
      const at = new Date(now.getTime() - j * 60_000).toISOString();
      b.create(db.collection(compositions).doc(`c${j}`), {
        ...sampleComposition({
          templateId: id,
          version: 1,
          body: tv,
          ratio: "1:1",
          layoutIds: [tv.layouts[j % tv.layouts.length]!.id],
        }),
        owner_id: `u${j % 50}`,
        created_at: at,
        updated_at: at,
      });
      b.create(db.collection(content).doc(`c${j}`), {
        owner_id: `u${j % 50}`,
        kind: (["image", "design", "video", "page"] as const)[j % 4]!,
        title: "t",
        status: (["draft", "queued", "running", "ready", "failed"] as const)[j % 5]!,
        visibility: "private",
        settings: {},
        blobs: { original: null, thumbnail: null, poster: null },
        created_at: at,
        updated_at: at,
      });
    }
    await b.commit();
  }
  return { createMs };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pf-bench-counters-"));
  try {
    const db = open(dir, "counted", true);
    const plain = open(dir, "plain", false);
    const seeded = await seed(db);
    const seededPlain = await seed(plain);

    const from = new Date(now.getTime() - RANGES["30d"] * 86_400_000);
    const rows: { what: string; before: { docs: number; ms: number }; after: { docs: number; ms: number } }[] = [];

    // The function-calling report, 30 days: the records (up to 20,000) aggregated in memory, vs counters.
    const fcBefore = await timed(async () => {
      const r = await db
        .collection(functionCalls)
        .where("created_at", ">=", from.toISOString())
        .orderBy("created_at", "desc")
        .limit(20_001)
        .get();
      aggregateCalls(r.slice(0, 20_000).map((x) => x.data));
      return r.length;
    });
    const fcAfter = await timed(() => callTotals(db, from, now));
    rows.push({
      what: "function-calling report (30 days)",
      before: { docs: fcBefore.result, ms: fcBefore.ms },
      after: { docs: fcAfter.result.docsRead, ms: fcAfter.ms },
    });

    // Template usage: every composition read and grouped, vs the template_use counter.
    const tBefore = await timed(async () => (await db.collection(compositions).get()).length);
    const tAfter = await timed(() => readCounter(db, templateUseCounter));
    rows.push({
      what: "template usage (library)",
      before: { docs: tBefore.result, ms: tBefore.ms },
      after: { docs: tAfter.result.docsRead, ms: tAfter.ms },
    });

    // Layout usage: the newest 5,000 compositions, vs the layout_use counter (which counts all of them).
    const lBefore = await timed(
      async () => (await db.collection(compositions).orderBy("updated_at", "desc").limit(5000).get()).length,
    );
    const lAfter = await timed(() => readCounter(db, layoutUseCounter));
    rows.push({
      what: "layout usage (library)",
      before: { docs: lBefore.result, ms: lBefore.ms },
      after: { docs: lAfter.result.docsRead, ms: lAfter.ms },
    });

    // Content per status: a count query per kind × status (Firestore bills a count 1 read per 1,000 entries
    // matched), vs the content_status counter.
    const cBefore = await timed(async () => {
      let entries = 0;
      for (const kind of ["image", "design", "video", "page"] as const)
        for (const status of ["draft", "queued", "running", "ready", "failed"] as const)
          entries += await db.collection(content).where("kind", "==", kind).where("status", "==", status).count();
      return entries;
    });
    const cAfter = await timed(() => readCounter(db, contentStatusCounter));
    rows.push({
      what: "content per kind and status (20 counts)",
      before: { docs: cBefore.result, ms: cBefore.ms },
      after: { docs: cAfter.result.docsRead, ms: cAfter.ms },
    });

    console.log(`seeded: ${N} function calls, ${N} compositions, ${N} content items (embedded store)`);
    console.log(
      "dashboard read                              docs before -> after (ratio)      time before -> after (ratio)",
    );
    for (const r of rows) {
      console.log(
        `${r.what.padEnd(44)}${String(r.before.docs).padStart(6)} -> ${String(r.after.docs).padEnd(5)} (${(r.before.docs / Math.max(1, r.after.docs)).toFixed(0).padStart(4)}x)   ${r.before.ms.toFixed(1).padStart(8)} ms -> ${r.after.ms.toFixed(2).padStart(6)} ms (${(r.before.ms / r.after.ms).toFixed(0)}x)`,
      );
    }

    // What counting costs a write.
    console.log(
      `batched creates of ${N} function calls: ${(seededPlain.createMs / 1000).toFixed(2)} s without counters, ${(seeded.createMs / 1000).toFixed(2)} s with (${(seeded.createMs / seededPlain.createMs).toFixed(2)}x)`,
    );
    const edits = 1000;
    const edit = async (d: Db) => {
      const t = performance.now();
      for (let i = 0; i < edits; i++) await d.collection(content).doc(`c${i}`).update({ status: "ready" });
      return performance.now() - t;
    };
    const ePlain = await edit(plain);
    const eCounted = await edit(db);
    console.log(
      `${edits} single status edits (no read first): ${(ePlain / edits).toFixed(2)} ms each without counters, ${(eCounted / edits).toFixed(2)} ms with (${(eCounted / ePlain).toFixed(2)}x)`,
    );
    await db.close();
    await plain.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
