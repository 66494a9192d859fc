/**
 * The render workers (videos, design exports, studio test renders) under the
 * queue's deadline and lease rules (lib/platform/jobs/queue.ts holdJob), with a render
 * driver that never finishes and ignores its abort signal: the attempt is
 * ended at its deadline, failed and refunded once, and the worker claims the
 * next job; a job taken over by another worker aborts the render's signal and
 * charges nothing twice. No browser: the driver is the fake.
 */
import { ensureStarterLibrary } from "@/lib/engine/composition/library";
import { creditLedger, jobs } from "@/lib/platform/db/collections";
import { requestExport } from "@/lib/creation/designs/export";
import { createDesign } from "@/lib/creation/designs/service/create-design";
import { getDesign } from "@/lib/creation/designs/service/get-design";
import type { DesignDeps } from "@/lib/creation/designs/service/shared";
import { createDesignWorker } from "@/lib/creation/designs/worker";
import { addUser, balanceOf, openTestEnv, type TestEnv } from "@/tests/support/data-env";
import type { RenderDriver } from "@/lib/engine/render/types";
import { createVideo } from "@/lib/creation/video/service/create-video";
import { getVideo } from "@/lib/creation/video/service/get-video";
import { requestRender } from "@/lib/creation/video/service/request-render";
import type { VideoDeps } from "@/lib/creation/video/service/shared";
import { createVideoWorker } from "@/lib/creation/video/worker";
import { createTestRenderWorker, enqueueTestRender } from "@/lib/studio/templates/remotion-test";

jest.setTimeout(30_000);

let env: TestEnv;
let deps: VideoDeps & DesignDeps;
const UID = "deadline-user";

beforeAll(async () => {
  env = openTestEnv();
  deps = { db: env.db, store: env.store, ready: async () => void (await ensureStarterLibrary(env.db)) };
  await addUser(env.db, UID, 500);
});
afterAll(() => env?.close());

/** A driver whose every render hangs for ever and does not listen to its signal; it records the signals it was given. */
function hangingDriver(signals: AbortSignal[], onRender?: () => Promise<void>): RenderDriver {
  const hang = async (o: { signal?: AbortSignal }) => {
    if (o.signal) signals.push(o.signal);
    await onRender?.();
    return new Promise<never>(() => {});
  };
  return {
    kind: "local",
    renderVideo: hang,
    renderStill: hang,
    renderPoster: hang,
    close: async () => undefined,
  } as RenderDriver;
}

const picture = async () => ({
  type: "media" as const,
  key: "samples/photo.jpg",
  media_type: "image/jpeg",
  source: "generated" as const,
});
const refundsFor = async (jobId: string) =>
  (await env.db.collection(creditLedger).where("job_id", "==", jobId).get()).filter((e) => e.data.reason === "refund");
const newVideo = () =>
  createVideo(deps, UID, {
    brief: "A steel bottle that keeps water cold for a day.",
    aspect_ratio: "9:16",
    length_s: 15,
    template_id: null,
    voice_id: null,
    captions: false,
    music: false,
    model_id: "local/preview",
  });

describe("video renders", () => {
  it("a render that never finishes is ended at its deadline, failed and refunded once; the worker claims the next render", async () => {
    const stuck = await newVideo();
    const before = await balanceOf(env.db, UID);
    const queued = await requestRender(deps, UID, stuck.id);
    const next = await newVideo();
    await requestRender(deps, UID, next.id);
    const signals: AbortSignal[] = [];
    const worker = createVideoWorker({
      db: env.db,
      store: env.store,
      renderer: () => hangingDriver(signals),
      renderWidth: 96,
      // Room for the steps before the renderer (pictures, preparing the props) on a loaded machine: at 1 s a CI run
      // reached the deadline before the renderer was called, so there was no render to stop.
      deadlineMs: 4000,
      makePicture: picture,
      log: () => undefined,
    });

    expect(await worker.processNext()).toEqual({ jobId: queued.render!.job_id, outcome: "failed" });
    expect(signals[0]?.aborted).toBe(true);
    const failed = await getVideo(deps, UID, stuck.id);
    expect(failed.render).toMatchObject({
      state: "failed",
      refunded: true,
      error: expect.stringMatching(/took longer than/),
    });
    expect(await refundsFor(queued.render!.job_id)).toHaveLength(1);

    // The same worker goes on: the next render is claimed (and ends at its own deadline too).
    const second = await worker.processNext();
    expect(second?.jobId).not.toBe(queued.render!.job_id);
    expect(second?.outcome).toBe("failed");
    expect(await balanceOf(env.db, UID)).toBe(before);
    expect(await worker.processNext()).toBeNull();
    expect(await refundsFor(queued.render!.job_id)).toHaveLength(1);
  });

  it("a render whose job is taken over is aborted through its signal and refunds nothing", async () => {
    const video = await newVideo();
    const queued = await requestRender(deps, UID, video.id);
    const jobId = queued.render!.job_id;
    const afterCharge = await balanceOf(env.db, UID);
    const signals: AbortSignal[] = [];
    const takeOver = async () =>
      void (await env.db
        .collection(jobs)
        .doc(jobId)
        .update({ worker_id: "someone-else", lease_expires_at: new Date(Date.now() + 600_000).toISOString() }));
    const worker = createVideoWorker({
      db: env.db,
      store: env.store,
      renderer: () => hangingDriver(signals, takeOver),
      renderWidth: 96,
      leaseMs: 400,
      deadlineMs: 60_000,
      makePicture: picture,
      log: () => undefined,
    });
    expect(await worker.processNext()).toEqual({ jobId, outcome: "lease-lost" });
    expect(signals[0]?.aborted).toBe(true);
    expect((await env.db.collection(jobs).doc(jobId).get())!.data).toMatchObject({
      state: "running",
      worker_id: "someone-else",
    });
    expect(await refundsFor(jobId)).toHaveLength(0);
    expect(await balanceOf(env.db, UID)).toBe(afterCharge);
  });
});

describe("design exports", () => {
  it("an export that never finishes is ended at its deadline, failed and its credit refunded once", async () => {
    const d = await createDesign(deps, UID, { template_id: "starter-elegant", aspect_ratio: "1:1" });
    const before = await balanceOf(env.db, UID);
    await requestExport(deps, UID, d.id, { format: "jpeg", quality: 70 });
    const signals: AbortSignal[] = [];
    const worker = createDesignWorker({
      db: env.db,
      store: env.store,
      renderer: () => hangingDriver(signals),
      renderWidth: 72,
      deadlineMs: 1000,
      log: () => undefined,
    });
    expect(await worker.processNext()).toMatchObject({ outcome: "failed" });
    expect(signals[0]?.aborted).toBe(true);
    const after = await getDesign(deps, UID, d.id);
    expect(after).toMatchObject({
      status: "failed",
      export: { state: "failed", refunded: true, error: expect.stringMatching(/took longer than/) },
    });
    expect(await balanceOf(env.db, UID)).toBe(before);
    expect(await refundsFor(after.export!.job_id)).toHaveLength(1);
    expect(await worker.processNext()).toBeNull();
  });

  it("an export whose job is taken over is aborted through its signal and refunds nothing", async () => {
    const d = await createDesign(deps, UID, { template_id: "starter-elegant", aspect_ratio: "1:1" });
    await requestExport(deps, UID, d.id, { format: "png" });
    const jobId = (await getDesign(deps, UID, d.id)).export!.job_id;
    const charged = await balanceOf(env.db, UID);
    const signals: AbortSignal[] = [];
    const takeOver = async () =>
      void (await env.db
        .collection(jobs)
        .doc(jobId)
        .update({ worker_id: "someone-else", lease_expires_at: new Date(Date.now() + 600_000).toISOString() }));
    const worker = createDesignWorker({
      db: env.db,
      store: env.store,
      renderer: () => hangingDriver(signals, takeOver),
      renderWidth: 72,
      leaseMs: 400,
      deadlineMs: 60_000,
      log: () => undefined,
    });
    expect(await worker.processNext()).toEqual({ jobId, outcome: "lease-lost" });
    expect(signals[0]?.aborted).toBe(true);
    expect(await refundsFor(jobId)).toHaveLength(0);
    expect(await balanceOf(env.db, UID)).toBe(charged);
  });
});

describe("studio test renders", () => {
  it("a test render that never finishes is ended at its deadline and failed; the worker claims the next one", async () => {
    await deps.ready!();
    const preview = { template_id: "starter-playful", layout_id: "starter-statement", ratio: "1:1", sample: "short" };
    const stuck = await enqueueTestRender({ db: env.db, store: env.store }, "staff1", { preview, width: 160 });
    const next = await enqueueTestRender({ db: env.db, store: env.store }, "staff1", { preview, width: 160 });
    const signals: AbortSignal[] = [];
    const worker = createTestRenderWorker({
      db: env.db,
      store: env.store,
      renderer: () => hangingDriver(signals),
      deadlineMs: 1000,
      log: () => undefined,
    });
    expect(await worker.processNext()).toEqual({ jobId: stuck.id, outcome: "failed" });
    expect(signals[0]?.aborted).toBe(true);
    expect((await env.db.collection(jobs).doc(stuck.id).get())!.data).toMatchObject({
      state: "failed",
      error: expect.stringMatching(/ran longer than/),
    });
    expect((await worker.processNext())?.jobId).toBe(next.id);
  });

  it("a test render taken over by another worker is aborted through its signal", async () => {
    const queued = await enqueueTestRender({ db: env.db, store: env.store }, "staff1", {
      preview: { template_id: "starter-playful", layout_id: "starter-statement", ratio: "1:1", sample: "short" },
      width: 160,
    });
    const signals: AbortSignal[] = [];
    const takeOver = async () =>
      void (await env.db
        .collection(jobs)
        .doc(queued.id)
        .update({ worker_id: "someone-else", lease_expires_at: new Date(Date.now() + 600_000).toISOString() }));
    const worker = createTestRenderWorker({
      db: env.db,
      store: env.store,
      renderer: () => hangingDriver(signals, takeOver),
      leaseMs: 400,
      deadlineMs: 60_000,
      log: () => undefined,
    });
    expect(await worker.processNext()).toEqual({ jobId: queued.id, outcome: "lease-lost" });
    expect(signals[0]?.aborted).toBe(true);
  });
});
