/**
 * Batch accounting and queueing on the embedded store: the whole batch is
 * reserved in one debit (or 402 with the shortfall, nothing written), items
 * start only while the owner has a free job slot (the rest wait, none is
 * refused), each item is planned once and rendered through the video render
 * path without a second debit, failed and cancelled items are refunded once,
 * retries are charged anew — and the ledger always adds up to the balance.
 * Renders run in the real video worker with a renderer that writes a tiny MP4
 * instead of driving Chromium (the render pipeline has its own tests).
 */
import fs from "node:fs/promises";
import sharp from "sharp";
import { ApiError } from "@/lib/platform/api/errors";
import { expectApiError } from "@/tests/support/expect-api-error";
import { ensureStarterLibrary } from "@/lib/engine/composition/library";
import { rebuildBalance } from "@/lib/money/credits/credits";
import { creditLedger, jobs } from "@/lib/platform/db/collections";
import { enqueueJob } from "@/lib/platform/jobs/queue";
import { addUser, balanceOf, openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { RenderError } from "@/lib/engine/render/errors";
import type { RenderDriver } from "@/lib/engine/render/types";
import type { VideoDeps } from "@/lib/creation/video/service/shared";
import { createVideoWorker } from "@/lib/creation/video/worker";
import { batches, batchItems } from "./collections";
import { BATCH_ITEM_JOB, finishBatchIfSettled } from "./queue";
import { webhookEvents } from "@/lib/platform/webhooks/collections";
import { unzipSync, strFromU8 } from "fflate";
import { cancelBatch, createBatch, getBatch, listBatches, retryItems, zipItems } from "./service";
import { batchZip, MANIFEST_NAME } from "./zip";
import { createBatchWorker, type BatchLinks } from "./worker";

jest.setTimeout(60_000);

let env: TestEnv;
let deps: VideoDeps;
const COST = 2; // 15 s with the Local preview writer (lib/creation/video/pricing.ts)
const SETTINGS = {
  template_id: null,
  aspect_ratios: ["9:16"],
  length_s: 15,
  voice_id: null,
  captions: false,
  music: false,
  model_id: "local/preview",
};
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom\0\0\x02\0isomiso2"), Buffer.alloc(64)]);

/** Writes a tiny MP4 (or fails for a video whose on-screen text names FAILME, in any case), so the video worker's own saving and settling run for real. */
function fakeRenderer(): RenderDriver {
  return {
    kind: "local",
    async renderVideo(input) {
      if (/failme/i.test(JSON.stringify(input.props))) {
        throw new RenderError("internal", "test failure", {
          retryable: false,
          userMessage: "The render failed: a test made it fail.",
        });
      }
      await fs.writeFile(input.outputPath, MP4);
      return { durationMs: 15000, width: 136, height: 240, sizeBytes: MP4.length, frames: 450 };
    },
    async renderPoster(input) {
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
        .jpeg()
        .toFile(input.outputPath);
      return { width: 8, height: 8, sizeBytes: 100, format: "jpeg" };
    },
    async renderStill() {
      throw new Error("not used");
    },
    async close() {},
  };
}

let videoWorker: ReturnType<typeof createVideoWorker>;

beforeAll(async () => {
  env = openTestEnv();
  deps = { db: env.db, store: env.store, ready: async () => void (await ensureStarterLibrary(env.db)) };
  videoWorker = createVideoWorker({
    db: env.db,
    store: env.store,
    renderer: () => fakeRenderer(),
    log: () => undefined,
  });
});

afterAll(async () => env?.close());

const worker = (links: BatchLinks | null = null) => createBatchWorker({ video: deps, links, log: () => undefined });

/** Runs both workers until nothing is left to do. */
async function drain(links: BatchLinks | null = null): Promise<void> {
  const w = worker(links);
  for (let i = 0; i < 50; i++) {
    const a = await w.processNext();
    const b = await videoWorker.processNext();
    if (!a && !b) return;
  }
  throw new Error("workers did not settle");
}

async function ledgerSum(uid: string): Promise<number> {
  return (await env.db.collection(creditLedger).where("owner_id", "==", uid).get()).reduce(
    (s, e) => s + e.data.delta,
    0,
  );
}

async function expectBalanced(uid: string) {
  const rebuilt = await rebuildBalance({ db: env.db, uid });
  expect(rebuilt.matches).toBe(true);
}

it("reserves the whole batch in one debit, or answers 402 with the shortfall and writes nothing", async () => {
  await addUser(env.db, "poor", 3);
  const before = {
    batches: await env.db.collection(batches).count(),
    items: await env.db.collection(batchItems).count(),
    ledger: await env.db.collection(creditLedger).count(),
  };
  const e = await expectApiError(
    createBatch(deps, "poor", {
      source: "paste",
      settings: { ...SETTINGS, aspect_ratios: ["9:16", "1:1"] },
      rows: [{ prompt: "One" }],
    }),
    402,
  );
  expect(e.message).toMatch(/2 videos × 2 = 4 credits and your balance is 3, 1 short/);
  await expectApiError(
    createBatch(deps, "poor", {
      source: "paste",
      settings: SETTINGS,
      rows: [{ prompt: "fine" }, { link: "file:///etc/passwd" }],
    }),
    422,
  );
  expect({
    batches: await env.db.collection(batches).count(),
    items: await env.db.collection(batchItems).count(),
    ledger: await env.db.collection(creditLedger).count(),
  }).toEqual(before);
  expect(await balanceOf(env.db, "poor")).toBe(3);

  await addUser(env.db, "rich", 100);
  const b = await createBatch(deps, "rich", {
    source: "paste",
    settings: { ...SETTINGS, aspect_ratios: ["9:16", "16:9"] },
    rows: [{ prompt: "Spring sale teaser" }, { prompt: "Cold brew how-to" }],
  });
  expect(b.items.map((i) => [i.position, i.aspect_ratio, i.state])).toEqual([
    [0, "9:16", "waiting"],
    [0, "16:9", "waiting"],
    [1, "9:16", "waiting"],
    [1, "16:9", "waiting"],
  ]);
  const debits = (await env.db.collection(creditLedger).where("owner_id", "==", "rich").get()).filter(
    (l) => l.data.reason === "debit",
  );
  expect(debits.map((d) => d.data.delta)).toEqual([-4 * COST]);
  expect(await balanceOf(env.db, "rich")).toBe(100 - 4 * COST);
  expect(b.credits_held).toBe(4 * COST);
});

it("starts items only while the owner has a free job slot; the rest wait their turn, none is refused", async () => {
  await addUser(env.db, "capped", 100);
  // Someone else's render already holds one of the free plan's 3 slots.
  await enqueueJob(env.db, { type: "video.render", owner_id: "capped", content_id: null });
  const b = await createBatch(deps, "capped", {
    source: "paste",
    settings: SETTINGS,
    rows: ["a", "b", "c", "d"].map((p) => ({ prompt: `Row ${p}` })),
  });
  const w = worker();
  // One tick: dispatch starts 2 (3 slots − 1 held) and plans one of them.
  await w.processNext();
  let view = await getBatch(deps, "capped", b.id);
  const states = view.items.map((i) => i.state);
  expect(states.filter((s) => s === "waiting")).toHaveLength(2);
  expect(states.filter((s) => s === "planning" || s === "rendering")).toHaveLength(2);
  const active = await env.db
    .collection(jobs)
    .where("owner_id", "==", "capped")
    .where("state", "in", ["queued", "running"])
    .get();
  expect(active.length).toBeLessThanOrEqual(3);
  // The held slot frees up; everything runs to the end without a refusal.
  await env.db
    .collection(jobs)
    .doc(active.find((j) => j.data.type === "video.render" && !j.data.content_id)!.id)
    .update({ state: "cancelled" });
  await drain();
  view = await getBatch(deps, "capped", b.id);
  expect(view.items.map((i) => i.state)).toEqual(["done", "done", "done", "done"]);
  expect(view.state).toBe("finished");
  expect(view.progress).toBe(1);
  // Rendered through the prepaid path: the reservation is the only debit.
  const entries = await env.db.collection(creditLedger).where("owner_id", "==", "capped").get();
  expect(entries.filter((e) => e.data.reason === "debit").map((e) => e.data.delta)).toEqual([-4 * COST]);
  expect(await balanceOf(env.db, "capped")).toBe(100 - 4 * COST);
  await expectBalanced("capped");
});

it("plans each item once: a second delivery of its job, or a second dispatch, makes nothing twice", async () => {
  await addUser(env.db, "twice", 100);
  const b = await createBatch(deps, "twice", { source: "paste", settings: SETTINGS, rows: [{ prompt: "Only once" }] });
  const w = worker();
  await w.processNext();
  const item = (await env.db.collection(batchItems).where("batch_id", "==", b.id).get())[0]!;
  expect(item.data.state).toBe("rendering");
  // The same job handed out again (a lease taken over) finds the item moved on.
  await env.db.collection(jobs).doc(item.data.job_id!).update({ state: "queued" });
  await w.processNext();
  const renders = await env.db.collection(jobs).where("owner_id", "==", "twice").get();
  expect(renders.filter((j) => j.data.type === "video.render")).toHaveLength(1);
  expect(renders.filter((j) => j.data.type === BATCH_ITEM_JOB)).toHaveLength(1);
  await drain();
  expect((await getBatch(deps, "twice", b.id)).items[0]!.state).toBe("done");
  expect(await balanceOf(env.db, "twice")).toBe(100 - COST);
  await expectBalanced("twice");
});

it("refunds a failed item once; a retry (with the row fixed) is charged anew and the ledger balances", async () => {
  await addUser(env.db, "mixed", 100);
  const b = await createBatch(deps, "mixed", {
    source: "paste",
    settings: SETTINGS,
    rows: [
      { prompt: "Good row" },
      { link: "https://shop.example/item" },
      { prompt: "The FAILME bakery opens on Friday" },
    ],
  });
  // Link rows need the links domain; here it is not wired, and the row says so. The third row's render fails.
  const w = worker(null);
  await w.processNext(); // plans row 1
  await w.processNext(); // row 2 fails
  await w.processNext(); // plans row 3
  await videoWorker.processNext(); // row 1 renders
  await videoWorker.processNext(); // row 3's render fails (the video worker refunds nothing: prepaid)
  let view = await getBatch(deps, "mixed", b.id);
  expect(view.items.map((i) => i.state)).toEqual(["done", "failed", "failed"]);
  expect(view.items[1]!.error).toMatch(/link .*cannot be made on this server|links are not set up/i);
  expect(view.items[2]!.error).toMatch(/a test made it fail/);
  expect(view.state).toBe("finished");
  // Reading again (and the worker's settling) refunds nothing more.
  await getBatch(deps, "mixed", b.id);
  await worker().processNext();
  expect(await balanceOf(env.db, "mixed")).toBe(100 - COST);
  expect(view.credits_held).toBe(COST);
  await expectBalanced("mixed");

  // Retrying a done item is a 409; the failed link row is retried as a prompt row.
  await expectApiError(retryItems(deps, "mixed", b.id, { item_ids: [view.items[0]!.id] }), 409);
  await expectApiError(
    retryItems(deps, "mixed", b.id, { item_ids: [view.items[1]!.id, view.items[2]!.id], row: { prompt: "x" } }),
    422,
  );
  view = await retryItems(deps, "mixed", b.id, {
    item_ids: [view.items[1]!.id],
    row: { prompt: "Our spring sale, now as a prompt" },
  });
  view = await retryItems(deps, "mixed", b.id, { item_ids: [view.items[2]!.id], row: { prompt: "Now it renders" } });
  expect(view.state).toBe("running");
  expect(view.items.map((i) => [i.state, i.attempts])).toEqual([
    ["done", 1],
    ["waiting", 2],
    ["waiting", 2],
  ]);
  expect(await balanceOf(env.db, "mixed")).toBe(100 - 3 * COST);
  await drain();
  view = await getBatch(deps, "mixed", b.id);
  expect(view.items.map((i) => i.state)).toEqual(["done", "done", "done"]);
  expect(view.items[1]!.row.prompt).toBe("Our spring sale, now as a prompt");
  expect(await balanceOf(env.db, "mixed")).toBe(100 - 3 * COST);
  expect(await ledgerSum("mixed")).toBe(100 - 3 * COST);
  await expectBalanced("mixed");
});

it("cancelling refunds every item not finished, once, and stops its jobs", async () => {
  await addUser(env.db, "quitter", 100);
  const b = await createBatch(deps, "quitter", {
    source: "paste",
    settings: SETTINGS,
    rows: ["a", "b", "c", "d", "e"].map((p) => ({ prompt: `Row ${p}` })),
  });
  const w = worker();
  await w.processNext(); // 3 dispatched, one planned → rendering
  await videoWorker.processNext(); // that one finishes
  const view = await cancelBatch(deps, "quitter", b.id);
  expect(view.state).toBe("cancelled");
  expect(view.items.filter((i) => i.state === "done")).toHaveLength(1);
  expect(view.items.filter((i) => i.state === "cancelled")).toHaveLength(4);
  await cancelBatch(deps, "quitter", b.id);
  await drain();
  const after = await getBatch(deps, "quitter", b.id);
  expect(after.items.filter((i) => i.state === "done")).toHaveLength(1);
  const active = await env.db
    .collection(jobs)
    .where("owner_id", "==", "quitter")
    .where("state", "in", ["queued", "running"])
    .get();
  expect(active).toHaveLength(0);
  expect(await balanceOf(env.db, "quitter")).toBe(100 - COST);
  await expectBalanced("quitter");
});

it("makes link rows through the links domain: page facts, with the row's name overriding the page's", async () => {
  await addUser(env.db, "linker", 100);
  const calls: unknown[] = [];
  const { createVideo } = await import("@/lib/creation/video/service/create-video");
  const links: BatchLinks = {
    async extractPage(url) {
      if (url.includes("10.0.0.1"))
        throw new ApiError("unprocessable_entity", "That address is on a private network and cannot be fetched.");
      return {
        url,
        kind: "product",
        name: "Page name",
        raw_name: "Page name | Shop",
        description: "A kettle.",
        price: "49.99",
        currency: "EUR",
        brand: "Acme",
        category: null,
        rating: null,
        points: ["Boils fast"],
        images: ["https://cdn.example/k.jpg"],
        site_name: null,
        notices: [],
      };
    },
    async createProductVideo(d, uid, input) {
      calls.push(input);
      const video = await createVideo(
        d,
        uid,
        { ...input.video, brief: `${input.facts.name}. ${input.video.brief ?? ""}` },
        { product: { name: input.facts.name, price: input.facts.price ?? null } },
      );
      return { productId: "p1", video };
    },
  };
  const b = await createBatch(deps, "linker", {
    source: "csv",
    settings: SETTINGS,
    rows: [{ link: "https://shop.example/kettle", name: "The Kettle" }, { link: "http://10.0.0.1/admin" }],
  });
  await drain(links);
  const view = await getBatch(deps, "linker", b.id);
  expect(view.items.map((i) => i.state)).toEqual(["done", "failed"]);
  expect(view.items[1]!.error).toBe("That address is on a private network and cannot be fetched.");
  expect(calls).toEqual([
    expect.objectContaining({
      source: "bulk",
      facts: expect.objectContaining({
        name: "The Kettle",
        price: "49.99",
        currency: "EUR",
        link: "https://shop.example/kettle",
      }),
    }),
  ]);
  expect(await balanceOf(env.db, "linker")).toBe(100 - COST);
  await expectBalanced("linker");
});

describe("the queue's deadline and lease loss (lib/platform/jobs/queue.ts holdJob)", () => {
  it("a link row whose page never answers fails at the deadline, refunded once, and the next row is made", async () => {
    await addUser(env.db, "stalled", 100);
    const signals: AbortSignal[] = [];
    const links: BatchLinks = {
      extractPage: (_url, opts) => {
        signals.push(opts!.signal!);
        return new Promise(() => {}); // never answers, ignores its signal
      },
      createProductVideo: () => Promise.reject(new Error("not reached")),
    };
    const b = await createBatch(deps, "stalled", {
      source: "csv",
      settings: SETTINGS,
      rows: [{ link: "https://stuck.example/p" }, { prompt: "Cold brew how-to" }],
    });
    const w = createBatchWorker({ video: deps, links, deadlineMs: 200, log: () => undefined });
    for (let i = 0; i < 20; i++) {
      const a = await w.processNext();
      const v = await videoWorker.processNext();
      if (!a && !v) break;
    }
    const view = await getBatch(deps, "stalled", b.id);
    expect(view.items.map((i) => i.state)).toEqual(["failed", "done"]);
    expect(view.items[0]!.error).toMatch(/took longer than/);
    expect(signals.length).toBeGreaterThan(0);
    expect(signals.every((s) => s.aborted)).toBe(true);
    expect(await balanceOf(env.db, "stalled")).toBe(100 - COST);
    const refunds = (await env.db.collection(creditLedger).where("owner_id", "==", "stalled").get()).filter(
      (l) => l.data.reason === "refund",
    );
    expect(refunds.map((r) => r.data.delta)).toEqual([COST]);
    await expectBalanced("stalled");
  });

  it("a row whose job is taken over is aborted through its signal; that attempt ends nothing and refunds nothing", async () => {
    await addUser(env.db, "overtaken", 100);
    const signals: AbortSignal[] = [];
    let jobId = "";
    const links: BatchLinks = {
      extractPage: async (_url, opts) => {
        signals.push(opts!.signal!);
        await env.db
          .collection(jobs)
          .doc(jobId)
          .update({ worker_id: "someone-else", lease_expires_at: new Date(Date.now() + 600_000).toISOString() });
        return new Promise(() => {});
      },
      createProductVideo: () => Promise.reject(new Error("not reached")),
    };
    const b = await createBatch(deps, "overtaken", {
      source: "csv",
      settings: SETTINGS,
      rows: [{ link: "https://slow.example/p" }],
    });
    const w = createBatchWorker({ video: deps, links, leaseMs: 400, deadlineMs: 60_000, log: () => undefined });
    const { dispatchWaiting } = await import("./queue");
    await dispatchWaiting(env.db, new Date());
    jobId = (await env.db.collection(batchItems).where("batch_id", "==", b.id).get())[0]!.data.job_id!;
    expect(await w.processNext()).toEqual({ jobId, outcome: "lease-lost" });
    expect(signals[0]?.aborted).toBe(true);
    expect((await getBatch(deps, "overtaken", b.id)).items.map((i) => i.state)).toEqual(["planning"]);
    expect(await balanceOf(env.db, "overtaken")).toBe(100 - COST);
    await expectBalanced("overtaken");
  });
});

it("lists a batch whose renders ended as finished (not '0/3 running'), with posters, before the worker settles it", async () => {
  await addUser(env.db, "lister", 100);
  const b = await createBatch(deps, "lister", {
    source: "paste",
    settings: SETTINGS,
    rows: [{ prompt: "Sourdough loaf" }, { prompt: "Croissant box" }, { prompt: "Rye bread" }],
  });
  const w = worker();
  // The bulk worker plans every row (each is then rendering); the video worker renders them all;
  // the bulk worker does not tick again, so nothing has settled the items yet.
  for (let i = 0; i < 10 && (await getItems(b.id)).some((s) => s !== "rendering"); i++) await w.processNext();
  expect(await getItems(b.id)).toEqual(["rendering", "rendering", "rendering"]);
  while (await videoWorker.processNext());
  const [row] = (await listBatches(deps, "lister")).filter((x) => x.id === b.id);
  expect(row).toMatchObject({ state: "finished", counts: expect.objectContaining({ done: 3, rendering: 0 }) });
  expect(row!.posters).toHaveLength(3);
  expect(row!.posters[0]!.url).toMatch(/^\/api\/v1\/blobs\/|^https?:/);
  const view = await getBatch(deps, "lister", b.id);
  expect(view.state).toBe("finished");
  expect(view.items.every((i) => i.poster_url)).toBe(true);
});

async function getItems(batchId: string): Promise<string[]> {
  const rows = await env.db.collection(batchItems).where("batch_id", "==", batchId).orderBy("position").get();
  return rows.map((r) => r.data.state);
}

it("the ZIP's first entry is a CSV manifest of every item: row, title, aspect ratio, file, status", async () => {
  await addUser(env.db, "zipper", 100);
  const b = await createBatch(deps, "zipper", {
    source: "paste",
    settings: SETTINGS,
    rows: [{ prompt: 'Bakery, "fresh" café' }, { prompt: "FAILME please" }, { prompt: "=SUM(A1)" }],
  });
  await drain();
  const items = await zipItems(deps, "zipper", b.id);
  const bytes = new Uint8Array(await new Response(await batchZip(env.db, env.store, items)).arrayBuffer());
  const names: string[] = [];
  const files = unzipSync(bytes, { filter: (f) => (names.push(f.name), true) });
  expect(names[0]).toBe(MANIFEST_NAME);
  const lines = strFromU8(files[MANIFEST_NAME]!)
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe("row,title,aspect_ratio,file,status");
  expect(lines).toHaveLength(4);
  const view = await getBatch(deps, "zipper", b.id);
  const [ok, failed, formula] = view.items;
  expect(ok!.state).toBe("done");
  expect(failed!.state).toBe("failed");
  expect(lines[1]).toMatch(new RegExp(`^1,.*,9:16,${ok!.file_name!.replace(/[.]/g, "\\.")},done$`));
  expect(lines[2]).toMatch(/^2,.*,9:16,,failed$/);
  expect(lines[3]).toMatch(new RegExp(`^3,'=.*,9:16,${formula!.file_name!.replace(/[.]/g, "\\.")},done$`));
  // Every file the manifest names is in the archive, and nothing else.
  expect(names.slice(1).sort()).toEqual([ok!.file_name!, formula!.file_name!].sort());
});

it("a batch that settles writes one batch.finished event for its owner's webhooks, with the items' outcome", async () => {
  await addUser(env.db, "hooked-batch", 100);
  const b = await createBatch(deps, "hooked-batch", {
    source: "paste",
    settings: SETTINGS,
    rows: [{ prompt: "Sunrise yoga on the beach" }, { prompt: "FAILME please" }],
  });
  await drain();
  expect((await getBatch(deps, "hooked-batch", b.id)).state).toBe("finished");
  const events = await env.db.collection(webhookEvents).where("owner_id", "==", "hooked-batch").get();
  // Each item's render is a video of its own (video.ready, video.failed), and the batch says it is done once.
  expect(events.map((e) => e.data.type).sort()).toEqual(["batch.finished", "video.failed", "video.ready"]);
  expect(events.find((e) => e.data.type === "batch.finished")!.data.data).toMatchObject({
    object: "batch",
    id: b.id,
    status: "finished",
    items: { total: 2, done: 1, failed: 1, cancelled: 0 },
    links: { api: expect.stringMatching(new RegExp(`/api/v1/batches/${b.id}$`)) },
  });
  // Settling again (another worker's late check) writes nothing more.
  await finishBatchIfSettled(env.db, b.id, new Date());
  expect(await env.db.collection(webhookEvents).where("owner_id", "==", "hooked-batch").count()).toBe(3);
});
