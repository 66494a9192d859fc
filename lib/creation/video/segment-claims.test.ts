/**
 * Segment claims on the embedded store: one holder per segment, a finished
 * segment is never handed out again in its run, a lapsed lease is claimed
 * again, a holder whose claim was taken hears of it, and a run's helpers,
 * claims and props go when the run closes.
 */
import { jobs } from "@/lib/platform/db/collections";
import { openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { COMPOSITION_SCHEMA_VERSION } from "@/lib/engine/composition/composition-schema";
import { resolveRenderProps } from "@/lib/engine/composition/resolve";
import { sampleValues, starterTemplate, starterTemplateVersion } from "@/lib/engine/composition/starter";
import type { RenderDriver } from "@/lib/engine/render/types";
import { videoSegmentClaims, videoSegmentRuns } from "./segment-collections";
import {
  openSegmentRun,
  segmentClaimId,
  segmentHelpersFromEnv,
  storeSegmentClaims,
  VIDEO_SEGMENT_HELP_JOB,
} from "./segment-claims";

let env: TestEnv;
beforeAll(() => {
  env = openTestEnv();
});
afterAll(() => env?.close());

const K1 = "a".repeat(64);
const K2 = "b".repeat(64);
const run = (id: string) => ({ id, ownerId: "owner-1", contentId: "video-1" });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function props(scenes: number) {
  const tv = starterTemplateVersion(starterTemplate("starter-bold")!);
  const l = tv.layouts[0]!;
  return resolveRenderProps({
    composition: {
      schema_version: COMPOSITION_SCHEMA_VERSION,
      owner_id: "owner-1",
      kind: "video",
      title: "t",
      aspect_ratio: "9:16",
      template: { id: "starter-bold", version: 1 },
      scenes: Array.from({ length: scenes }, (_, i) => ({
        id: `s${i + 1}`,
        layout_id: l.id,
        values: sampleValues(l),
        narration: "",
        duration_ms: 2000,
      })),
      audio: { voice_id: null, captions: false, music: { track_id: null, volume: 0.3 } },
      brand: null,
      revision: 0,
    },
    templateVersion: tv,
    mediaUrl: (k) => `http://127.0.0.1:1/blobs/${k}`,
    backgroundUrl: null,
    size: { width: 96, height: 170 },
  });
}

describe("storeSegmentClaims", () => {
  it("gives a segment to one holder; a finished one to nobody else in the run", async () => {
    const a = storeSegmentClaims({ db: env.db, run: run("job-1-1"), holder: "w-a#1" });
    const b = storeSegmentClaims({ db: env.db, run: run("job-1-1"), holder: "w-b#1" });
    try {
      const both = await Promise.all([a.claim(K1), b.claim(K1)]);
      expect(both.filter(Boolean)).toHaveLength(1);
      const [winner, other] = both[0] ? [a, b] : [b, a];
      expect(await other.alive(K1)).toBe(true);
      await winner.release(K1, true);
      expect(await other.claim(K1)).toBe(false);
      expect(await winner.claim(K1)).toBe(false);
      expect(await other.alive(K1)).toBe(true); // done: fetch it from the segment store
      // A segment given up unfinished is free again.
      expect(await other.claim(K2)).toBe(true);
      await other.release(K2, false);
      expect(await winner.alive(K2)).toBe(false);
      expect(await winner.claim(K2)).toBe(true);
      expect(winner.held()).toEqual([K2]);
    } finally {
      await a.close();
      await b.close();
    }
    // close() gave up the claim still held.
    expect(await env.db.collection(videoSegmentClaims).doc(segmentClaimId("video-1", K2)).get()).toBeNull();
  });

  it("keeps a live holder's lease; a holder that died (its lease lapsed) loses the segment", async () => {
    // Leases of 600 ms (a heartbeat every 200 ms): a 150 ms lease lapsed once on a loaded machine, when one
    // heartbeat came 100 ms late.
    const a = storeSegmentClaims({ db: env.db, run: run("job-2-1"), holder: "w-a#2", leaseMs: 600 });
    const b = storeSegmentClaims({ db: env.db, run: run("job-2-1"), holder: "w-b#2", leaseMs: 600 });
    try {
      expect(await a.claim(K1)).toBe(true);
      await sleep(1500); // two and a half leases: a's heartbeat extends its lease meanwhile
      expect(await b.alive(K1)).toBe(true);
      expect(await b.claim(K1)).toBe(false);
    } finally {
      await a.close();
    }
    // What a worker that died mid-segment leaves behind: its claim, its lease in the past.
    const ref = env.db.collection(videoSegmentClaims).doc(segmentClaimId("video-1", K2));
    await ref.set({
      owner_id: "owner-1",
      content_id: "video-1",
      run_id: "job-2-1",
      key: K2,
      holder: "w-dead#1",
      state: "rendering",
      lease_expires_at: new Date(Date.now() - 1).toISOString(),
      updated_at: new Date().toISOString(),
    });
    expect(await b.alive(K2)).toBe(false);
    expect(await b.claim(K2)).toBe(true);
    expect((await ref.get())!.data).toMatchObject({ holder: "w-b#2", state: "rendering" });
    await b.close();
  });

  it("tells a holder whose claim another worker took (it stalled past its lease)", async () => {
    const lost: string[] = [];
    const a = storeSegmentClaims({
      db: env.db,
      run: run("job-3-1"),
      holder: "w-a#3",
      leaseMs: 90,
      onLost: (k) => lost.push(k),
    });
    expect(await a.claim(K1)).toBe(true);
    await env.db
      .collection(videoSegmentClaims)
      .doc(segmentClaimId("video-1", K1))
      .update({ holder: "w-b#3", lease_expires_at: new Date(Date.now() + 60_000).toISOString() });
    // Its next heartbeat (every 30 ms) finds out; on a loaded machine it may come late.
    for (const end = Date.now() + 3000; lost.length === 0 && Date.now() < end; ) await sleep(20);
    expect(lost).toEqual([K1]);
    expect(a.held()).toEqual([]);
    await a.close();
    expect((await env.db.collection(videoSegmentClaims).doc(segmentClaimId("video-1", K1)).get())!.data.holder).toBe(
      "w-b#3",
    );
  });

  it("a finished segment whose file never became fetchable is claimed again a lease later (no render waits for ever)", async () => {
    const a = storeSegmentClaims({ db: env.db, run: run("job-5-1"), holder: "w-a#5", leaseMs: 100 });
    const b = storeSegmentClaims({ db: env.db, run: run("job-5-1"), holder: "w-b#5", leaseMs: 100 });
    expect(await a.claim(K1)).toBe(true);
    await a.release(K1, true);
    expect(await b.claim(K1)).toBe(false);
    await sleep(150);
    expect(await b.alive(K1)).toBe(false);
    expect(await b.claim(K1)).toBe(true);
    await a.close();
    await b.close();
  });

  it("a claim of an earlier run (a render that died) does not bind the next run", async () => {
    const old = storeSegmentClaims({ db: env.db, run: run("job-4-1"), holder: "w-a#4" });
    expect(await old.claim(K1)).toBe(true);
    await old.release(K1, true);
    const next = storeSegmentClaims({ db: env.db, run: run("job-4-2"), holder: "w-b#4" });
    expect(await next.alive(K1)).toBe(false);
    expect(await next.claim(K1)).toBe(true);
    await next.close();
    await old.close();
  });
});

describe("openSegmentRun", () => {
  it("publishes the props, enqueues helpers for two or more segments, and removes all of it on close", async () => {
    const ctx = (attempts: number) => ({
      jobId: "render-job-1",
      holder: `video-w#${attempts}`,
      job: { attempts, owner_id: "owner-1", content_id: "video-2" },
    });
    // Only the plan is read from the driver here (segments/plan.ts with its encoder settings).
    const driver = {
      kind: "local",
      segmentConcurrency: 1,
      segmentEncoder: { driver: "local", x264Preset: "veryfast", crf: 23, jpegQuality: 80, pixelFormat: "yuv420p" },
      renderSegment: async () => ({ frames: 0, sizeBytes: 0 }),
    } as unknown as RenderDriver;
    const short = props(1); // one scene of 1.5 s: one segment
    short.scenes[0]!.durationInFrames = 45;
    short.durationInFrames = 45;
    const one = await openSegmentRun({ db: env.db, ctx: ctx(1), props: short, driver, helpers: 3 });
    expect(one.helperJobs).toEqual([]);
    expect(one.claims).toBeUndefined(); // nobody to share with: the render claims nothing
    expect(await env.db.collection(videoSegmentRuns).doc(one.id).get()).toBeNull();
    await one.close();

    const p = props(2); // two scenes and the transition between them: three segments
    const r = await openSegmentRun({ db: env.db, ctx: ctx(2), props: p, driver, helpers: 5 });
    expect(r.helperJobs).toHaveLength(2); // never more helpers than segments besides the render's own
    const helper = (await env.db.collection(jobs).doc(r.helperJobs[0]!).get())!.data;
    expect(helper).toMatchObject({
      type: VIDEO_SEGMENT_HELP_JOB,
      state: "queued",
      content_id: "video-2",
      input: { run_id: r.id },
    });
    const stored = (await env.db.collection(videoSegmentRuns).doc(r.id).get())!.data;
    expect(JSON.parse(stored.props_json)).toEqual(JSON.parse(JSON.stringify(p)));
    expect(await r.claims!.claim(K1)).toBe(true);
    await r.claims!.release(K1, true);

    // The next attempt of the same job starts clean: the earlier attempt's run is gone.
    const again = await openSegmentRun({ db: env.db, ctx: ctx(3), props: p, driver, helpers: 1 });
    expect(await env.db.collection(videoSegmentRuns).doc(r.id).get()).toBeNull();
    expect(await env.db.collection(videoSegmentClaims).where("run_id", "==", r.id).get()).toHaveLength(0);
    await again.close();
    expect(await env.db.collection(videoSegmentRuns).doc(again.id).get()).toBeNull();
    expect(await env.db.collection(jobs).doc(again.helperJobs[0]!).get()).toBeNull();
    await r.close();
    for (const id of r.helperJobs) expect(await env.db.collection(jobs).doc(id).get()).toBeNull();
  });

  it("helpers per render: the setting, else the in-app workers besides this one, else one", () => {
    expect(segmentHelpersFromEnv({ VIDEO_SEGMENT_HELPERS: "3" })).toBe(3);
    expect(segmentHelpersFromEnv({ VIDEO_SEGMENT_HELPERS: "0", IN_APP_WORKER_CONCURRENCY: "4" })).toBe(0);
    expect(segmentHelpersFromEnv({})).toBe(0);
    expect(segmentHelpersFromEnv({ IN_APP_WORKER_CONCURRENCY: "2" })).toBe(1);
    expect(segmentHelpersFromEnv({ IN_APP_WORKER: "0" })).toBe(1);
    expect(segmentHelpersFromEnv({ VIDEO_SEGMENT_HELPERS: "99", IN_APP_WORKER_CONCURRENCY: "3" })).toBe(2);
  });
});
