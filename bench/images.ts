/**
 * Image-generation benchmark (not a test), embedded driver + local blob store
 * in a temp folder, a fake generator that answers at once:
 *  - accept: startGeneration (validate, cap check, debit, content + job in one transaction);
 *  - accept → running: from the request until the worker's generate call starts,
 *    with a worker claiming right away (the in-app/standalone loop adds up to its poll interval);
 *  - gallery first page: the owner's 24 newest images over 1,000 of theirs (among 5,000 docs).
 * Run: `npx tsx bench/images.ts [runs]` (default 300).
 */
import { content } from "@/lib/platform/db/collections";
import { startGeneration } from "@/lib/media/images/generation-service";
import { listMyImages } from "@/lib/media/images/gallery";
import { createImageWorker } from "@/lib/media/images/worker";
import { addUser, fakeGenerator, MODELS, openTestEnv } from "../tests/support/data-env";

const RUNS = Number(process.argv[2] ?? 300);

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const row = (name: string, xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { measure: name, runs: s.length, "p50 ms": pct(s, 50).toFixed(2), "p99 ms": pct(s, 99).toFixed(2) };
};

async function main() {
  const env = openTestEnv();
  try {
    await addUser(env.db, "bench", 1_000_000);
    const gen = fakeGenerator();
    let startedAt = 0;
    gen.during = async () => {
      if (!startedAt) startedAt = performance.now();
    };
    const deps = { db: env.db, store: env.store, models: () => MODELS };
    const worker = createImageWorker({ ...deps, generate: gen, log: () => {} });
    const accept: number[] = [];
    const toRunning: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      startedAt = 0;
      const t0 = performance.now();
      await startGeneration({ uid: "bench", input: { prompt: `bench prompt ${i}`, modelId: "local-preview" }, deps });
      accept.push(performance.now() - t0);
      const r = await worker.processNext();
      if (r?.outcome !== "succeeded") throw new Error(`job ended ${r?.outcome}`);
      toRunning.push(startedAt - t0);
    }

    // 1,000 images of the gallery's owner among 5,000 documents of 5 owners.
    for (let i = 0; i < 5000; i += 500) {
      const batch = env.db.batch();
      for (let j = i; j < i + 500; j++) {
        const at = new Date(Date.UTC(2026, 0, 1) + j * 1000).toISOString();
        batch.set(env.db.collection(content).doc(`g${j}`), {
          owner_id: `owner${j % 5}`,
          kind: "image",
          title: `image ${j}`,
          status: "ready",
          visibility: "private",
          settings: { prompt: `prompt ${j}`, model_id: "local-preview", seed: j },
          blobs: {
            original: `images/owner${j % 5}/g${j}/original.png`,
            thumbnail: `images/owner${j % 5}/g${j}/thumb.webp`,
            poster: null,
          },
          created_at: at,
          updated_at: at,
        });
      }
      await batch.commit();
    }
    const gallery: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const t0 = performance.now();
      const page = await listMyImages({ db: env.db, uid: "owner0" });
      gallery.push(performance.now() - t0);
      if (page.items.length !== 24) throw new Error("short page");
    }
    console.table([
      row("accept (startGeneration)", accept),
      row("accept → running", toRunning),
      row("gallery first page (24 of 1,000)", gallery),
    ]);
  } finally {
    await env.close();
  }
}

void main();
