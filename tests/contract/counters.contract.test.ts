/**
 * The store's counters (lib/platform/db/counters.ts) against a full scan, on
 * every driver target: a seeded random sequence of creates, edits and deletes
 * through every write path (single writes, batches, transactions that read
 * first and ones that do not, several writes to one document in one
 * transaction, a transaction that throws) on the app's real counted
 * collections (content, compositions, function_calls); then the rebuild.
 *
 * Concurrency (parallel transactions lose no increment) runs on the embedded
 * store only: the Firestore stand-in (@firestore-emulator/server) does not
 * isolate transactions (10 parallel increments end at 1, see targets.ts), so
 * on it the counters are tested with the writes in sequence only.
 */
import { compositions } from "@/lib/engine/composition/collections";
import { ensureStarterLibrary, getTemplateVersion } from "@/lib/engine/composition/library";
import { functionCalls } from "@/lib/platform/ai/calls/collections";
import { content } from "@/lib/platform/db/collections";
import {
  countersOf,
  normalizeTotals,
  readCounter,
  rebuildCounters,
  scanCounter,
  COUNTERS_COLLECTION,
} from "@/lib/platform/db/counters";
import type { Db } from "@/lib/platform/db/db";
import { sampleComposition } from "@/lib/studio/templates/sample";
import { contractTargets } from "./targets";

const savedEmulatorHost = process.env.FIRESTORE_EMULATOR_HOST;
const targets = contractTargets();
afterAll(() => {
  if (savedEmulatorHost === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
  else process.env.FIRESTORE_EMULATOR_HOST = savedEmulatorHost;
});

/** mulberry32: the same sequence for a seed, so a failure replays. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
  };
}

const KINDS = ["image", "design", "video", "page"] as const;
const STATUSES = ["draft", "queued", "running", "ready", "failed"] as const;
const MODELS = ["local/preview", "openai/gpt-4.1-mini", "anthropic/claude|odd"] as const;
const ERRORS = [null, "schema", "wrong_tool", "missing_argument", "execution", "no_output"] as const;

function contentDoc(r: ReturnType<typeof rng>) {
  const at = new Date(Date.UTC(2026, 10, 1 + r.int(20), r.int(24))).toISOString();
  return {
    owner_id: `u${r.int(3)}`,
    kind: r.pick(KINDS),
    title: "t",
    status: r.pick(STATUSES),
    visibility: "private" as const,
    settings: {},
    blobs: { original: null, thumbnail: null, poster: null },
    created_at: at,
    updated_at: at,
  };
}

function callDoc(r: ReturnType<typeof rng>) {
  const error_kind = r.pick(ERRORS);
  return {
    feature: r.pick(["chat", "video.writer", "eval"]),
    model_id: r.pick(MODELS),
    provider: "p",
    kind: r.pick(["tool", "structured"] as const),
    name: r.pick(["lookup_user", "count_content", "script"]),
    arguments: null,
    valid: error_kind === null,
    error_kind,
    error: null,
    latency_ms: r.int(3000) + r.next(),
    input_tokens: r.next() < 0.2 ? null : r.int(500),
    output_tokens: r.int(200),
    owner_id: null,
    ref_id: null,
    created_at: new Date(Date.UTC(2026, 10, 1 + r.int(5), r.int(24), r.int(60))).toISOString(),
  };
}

async function compositionFactory(db: Db) {
  await ensureStarterLibrary(db, new Date("2026-11-01T00:00:00.000Z"));
  const versions = await Promise.all(
    ["starter-bold", "starter-elegant"].map(async (id) => ({ id, tv: (await getTemplateVersion(db, id, 1))! })),
  );
  return (r: ReturnType<typeof rng>) => {
    const { id, tv } = r.pick(versions);
    const ids = tv.layouts.map((l) => l.id);
    const layoutIds = Array.from({ length: 1 + r.int(3) }, () => r.pick(ids));
    const at = new Date(Date.UTC(2026, 10, 1 + r.int(20))).toISOString();
    return {
      ...sampleComposition({ templateId: id, version: 1, body: tv, ratio: "1:1", layoutIds }),
      owner_id: "u1",
      created_at: at,
      updated_at: at,
    };
  };
}

async function expectCountersMatchScan(db: Db): Promise<void> {
  for (const def of countersOf(db.collections())!.counters) {
    const kept = normalizeTotals((await readCounter(db, def)).totals);
    const scanned = normalizeTotals(await scanCounter(db, def));
    expect({ counter: def.name, totals: kept }).toEqual({ counter: def.name, totals: scanned });
  }
}

/** One random step through one of the write paths; ids from a small pool so edits and deletes hit. */
async function step(db: Db, r: ReturnType<typeof rng>, makeComposition: (r: ReturnType<typeof rng>) => object) {
  const cid = `c${r.int(12)}`;
  const content_ = db.collection(content);
  const calls = db.collection(functionCalls);
  const comps = db.collection(compositions);
  const exists = async (ref: { get(): Promise<unknown> }) => (await ref.get()) !== null;
  const which = r.int(14);
  if (process.env.DEBUG_STEPS) console.log(which, cid);
  switch (which) {
    case 0: // single create
      if (!(await exists(content_.doc(cid)))) await content_.doc(cid).create(contentDoc(r));
      break;
    case 1: // an edit without reading first
      if (await exists(content_.doc(cid))) await content_.doc(cid).update({ status: r.pick(STATUSES) });
      break;
    case 2: // a transaction that reads, then edits kind and status
      await db.runTransaction(async (tx) => {
        const snap = await tx.get(content_.doc(cid));
        if (snap) tx.update(content_.doc(cid), { status: r.pick(STATUSES), kind: r.pick(KINDS) });
        else tx.create(content_.doc(cid), contentDoc(r));
      });
      break;
    case 3: // overwrite (set) whether or not it exists
      await content_.doc(cid).set(contentDoc(r));
      break;
    case 4: // single delete (of a document that may not exist)
      await content_.doc(cid).delete();
      break;
    case 5: {
      // bulk delete: a batch over a query's results, as account deletion and bulk actions do
      const rows = await content_.where("owner_id", "==", `u${r.int(3)}`).get();
      const b = db.batch();
      for (const row of rows.slice(0, 4)) b.delete(content_.doc(row.id));
      await b.commit();
      break;
    }
    case 6: // several writes to one document in one transaction, none read
      await db.runTransaction(async (tx) => {
        tx.set(content_.doc(cid), contentDoc(r));
        tx.update(content_.doc(cid), { status: r.pick(STATUSES) });
        if (r.next() < 0.3) tx.delete(content_.doc(cid));
      });
      break;
    case 7: // a transaction that throws after staging: nothing is written, counters included
      await expect(
        db.runTransaction(async (tx) => {
          tx.set(content_.doc(cid), contentDoc(r));
          throw new Error("changed my mind");
        }),
      ).rejects.toThrow("changed my mind");
      break;
    case 8: {
      // a batch of new calls (the recorder's path)
      const b = db.batch();
      for (let i = 0, n = 1 + r.int(3); i < n; i++) b.create(calls.doc(), callDoc(r));
      await b.commit();
      break;
    }
    case 9: {
      const rows = await calls.get();
      if (rows.length > 3) await calls.doc(r.pick(rows).id).delete();
      break;
    }
    case 10:
      if (!(await exists(comps.doc(cid)))) await comps.doc(cid).create(makeComposition(r) as never);
      break;
    case 11: {
      // an edit that changes the scenes (layouts) and, sometimes, nothing counted
      const snap = await comps.doc(cid).get();
      if (snap) {
        const other = makeComposition(r) as { scenes: never; template: never };
        await comps
          .doc(cid)
          .update(r.next() < 0.5 ? { scenes: other.scenes, template: other.template } : { title: "x" });
      }
      break;
    }
    case 12:
      await comps.doc(cid).delete();
      break;
    case 13: {
      // a create that fails (already exists): nothing counted
      const snap = await content_.doc(cid).get();
      if (snap) await expect(content_.doc(cid).create(contentDoc(r))).rejects.toMatchObject({ code: "already-exists" });
      break;
    }
  }
}

describe.each(targets.map((t) => [t.name, t] as const))("counters on %s", (_name, target) => {
  let db: Db;
  beforeAll(() => target.start(), 30_000);
  afterAll(() => target.stop());
  beforeEach(async () => {
    db = await target.fresh();
  });

  it.each([1, 2, 3])(
    "equal a full scan after a random sequence of creates, edits and deletes (seed %i), and after a rebuild",
    async (seed) => {
      const r = rng(seed);
      const makeComposition = await compositionFactory(db);
      // Fewer steps on the Firestore stand-in (each write is a gRPC round trip or three).
      for (let i = 0, n = target.name === "embedded" ? 150 : 80; i < n; i++) await step(db, r, makeComposition);
      expect((await db.collection(content).get()).length).toBeGreaterThan(0);
      expect((await db.collection(functionCalls).get()).length).toBeGreaterThan(0);
      await expectCountersMatchScan(db);

      // Rebuild: counters wiped and planted wrong, then recomputed from the data.
      const col = db.collectionByName(COUNTERS_COLLECTION);
      for (const row of (await col.get()).slice(0, 5)) await col.doc(row.id).delete();
      await target.writeRaw(`${COUNTERS_COLLECTION}/content_status-bogus-0`, {
        counter: "content_status",
        key: "video|ready",
        shard: 0,
        n_n: 7,
      });
      await rebuildCounters(db);
      await expectCountersMatchScan(db);
      // And they keep counting after it.
      for (let i = 0; i < 30; i++) await step(db, r, makeComposition);
      await expectCountersMatchScan(db);
    },
    120_000,
  );

  if (target.name === "embedded") {
    it("lose no increment under parallel transactions (embedded store; the Firestore stand-in does not isolate them)", async () => {
      const content_ = db.collection(content);
      const r = rng(42);
      for (let i = 0; i < 10; i++)
        await content_.doc(`p${i}`).create({ ...contentDoc(r), kind: "video", status: "draft" });
      // 40 transactions at once: each moves one of 10 shared items on (read, then write), and creates one new item.
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          db.runTransaction(async (tx) => {
            const ref = content_.doc(`p${i % 10}`);
            const snap = (await tx.get(ref))!;
            const next = STATUSES[(STATUSES.indexOf(snap.data.status) + 1) % STATUSES.length]!;
            tx.update(ref, { status: next });
            tx.create(content_.doc(`n${i}`), { ...contentDoc(r), kind: "image", status: "queued" });
          }),
        ),
      );
      await expectCountersMatchScan(db);
      const { totals } = await readCounter(
        db,
        countersOf(db.collections())!.counters.find((c) => c.name === "content_status")!,
      );
      expect(totals.get("image|queued")).toEqual({ n: 40 });
      // Each shared item moved 4 times: draft -> queued -> running -> ready -> failed.
      expect(totals.get("video|failed")).toEqual({ n: 10 });
    }, 60_000);
  }
});
