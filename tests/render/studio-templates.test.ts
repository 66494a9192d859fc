/**
 * Real renders for the template studio: every starter layout in every
 * aspect ratio as a 160 px still, drawn from the studio's own sample path
 * (the one its checks and previews use) with the LONG sample text; and a
 * /remotion-test job rendered by its worker to a small MP4 with its log,
 * timing and file. One browser for the file.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { ensureStarterLibrary } from "@/lib/engine/composition/library";
import { COMPOSITION_RATIOS, sizeForWidth } from "@/lib/engine/composition/ratios";
import { STARTER_LAYOUTS, STARTER_TEMPLATES, starterTemplateVersion } from "@/lib/engine/composition/starter";
import { openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { ensureBundle } from "@/lib/engine/render/bundle";
import { LocalRenderer } from "@/lib/engine/render/local-driver";
import { prepareRender } from "@/lib/engine/render/prepare";
import { ffprobe } from "@/tests/support/render-env";
import { ensureSampleMedia } from "@/lib/engine/composition/sample-media";
import { createTestRenderWorker, enqueueTestRender, getTestRender } from "@/lib/studio/templates/remotion-test";
import { sampleComposition } from "@/lib/studio/templates/sample";

jest.setTimeout(120_000);

let env: TestEnv;
let renderer: LocalRenderer;

beforeAll(async () => {
  await ensureBundle();
  env = openTestEnv();
  await ensureSampleMedia(env.store);
  renderer = new LocalRenderer();
}, 300_000);

afterAll(async () => {
  try {
    await renderer?.close();
  } finally {
    await env?.close();
  }
}, 30_000);

it("renders every starter layout in every aspect ratio with long sample text, none blank", async () => {
  const started = Date.now();
  // Each layout once, under the first starter template that offers it.
  const owner = new Map<string, string>();
  for (const t of STARTER_TEMPLATES) for (const id of t.layoutIds) if (!owner.has(id)) owner.set(id, t.id);
  const failures: string[] = [];
  let count = 0;
  for (const ratio of COMPOSITION_RATIOS) {
    for (const t of STARTER_TEMPLATES) {
      const layoutIds = STARTER_LAYOUTS.map((l) => l.id).filter((id) => owner.get(id) === t.id);
      if (layoutIds.length === 0) continue;
      const body = starterTemplateVersion(t);
      const composition = sampleComposition({
        templateId: t.id,
        version: 1,
        body,
        ratio,
        layoutIds,
        sample: "long",
        sceneMs: 2000,
      });
      const prepared = await prepareRender({
        composition,
        templateVersion: body,
        store: env.store,
        driver: "local",
        size: sizeForWidth(ratio, 160),
      });
      try {
        expect(prepared.warnings.filter((w) => w.code === "text-overflow" || w.code === "missing-box")).toEqual([]);
        for (let i = 0; i < layoutIds.length; i++) {
          // Both still formats the product exports.
          const format = i % 2 ? "jpeg" : "png";
          const file = path.join(
            env.dir,
            `studio-${ratio.replace(":", "x")}-${layoutIds[i]}.${format === "png" ? "png" : "jpg"}`,
          );
          const r = await renderer.renderStill({ props: prepared.props, sceneIndex: i, format, outputPath: file });
          const meta = await sharp(file).metadata();
          const stats = await sharp(file).stats();
          if (meta.width !== r.width || meta.height !== r.height)
            failures.push(`${ratio} ${layoutIds[i]}: ${meta.width}x${meta.height}`);
          if (Math.max(...stats.channels.slice(0, 3).map((c) => c.stdev)) < 12)
            failures.push(`${ratio} ${layoutIds[i]}: blank`);
          count++;
        }
      } finally {
        await prepared.close();
      }
    }
  }
  expect(failures).toEqual([]);
  expect(count).toBe(STARTER_LAYOUTS.length * COMPOSITION_RATIOS.length);
  console.log(`studio render test: ${count} stills in ${Date.now() - started} ms`);
});

it("a /remotion-test job renders a small MP4 with progress, a log, its timing and the file", async () => {
  await ensureStarterLibrary(env.db);
  const deps = { db: env.db, store: env.store };
  const queued = await enqueueTestRender(deps, "staff1", {
    preview: { template_id: "starter-playful", layout_id: "starter-statement", ratio: "1:1", sample: "short" },
    width: 160,
  });
  expect(queued).toMatchObject({ state: "queued", file: null });
  const worker = createTestRenderWorker({
    db: env.db,
    store: env.store,
    renderer: () => renderer,
    fps: 10,
    log: () => undefined,
  });
  expect(await worker.processNext()).toEqual({ jobId: queued.id, outcome: "succeeded" });
  const done = await getTestRender(deps, queued.id);
  expect(done).toMatchObject({ state: "succeeded", progress: 1, stage: "done", error: null });
  expect(done.timing.render_ms).toBeGreaterThan(0);
  expect(done.logs.map((l) => l.message).join("\n")).toMatch(/Rendered \d+ frames/);
  expect(done.file).toMatchObject({ width: 160, height: 160 });
  const key = `studio/remotion-test/${queued.id}.mp4`;
  const local = path.join(env.dir, "test.mp4");
  const read = (await env.store.get(key))!;
  expect(read.info.size).toBe(done.file!.size_bytes);
  await new Promise<void>((resolve, reject) =>
    read.body.pipe(fs.createWriteStream(local)).on("finish", resolve).on("error", reject),
  );
  const probe = await ffprobe(local);
  expect(probe.streams.find((s) => s.codec_type === "video")).toMatchObject({
    codec_name: "h264",
    width: 160,
    height: 160,
  });
  expect(await worker.processNext()).toBeNull();
});

it("refuses a test render of a layout the version does not offer, before queuing anything", async () => {
  await ensureStarterLibrary(env.db);
  const e = await enqueueTestRender({ db: env.db, store: env.store }, "staff1", {
    preview: { template_id: "starter-bold", layout_id: "starter-quote", ratio: "1:1" },
    width: 160,
  }).catch((x) => x);
  expect(e.code).toBe("unprocessable_entity");
  expect(e.message).toMatch(/does not offer layout "starter-quote"/);
});
