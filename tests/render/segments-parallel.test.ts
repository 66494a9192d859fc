/**
 * One video's segments rendered by two local workers at once (issue 23,
 * "Parallel"): the video worker that runs the render job enqueues a helper
 * job, a second worker takes it and renders segments from the other end.
 * Each segment is rendered exactly once, by one of them, and the joined file
 * has every frame. A helper that is killed (SIGKILL, its own process) in the
 * middle of a segment leaves a claim whose lease lapses; the render job
 * claims that segment again and the render still completes.
 * Real renders (Debian's Chromium), small: 96 px wide, 10 fps.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ensureStarterLibrary } from "@/lib/engine/composition/library";
import { ensureBundle } from "@/lib/engine/render/bundle";
import { LocalRenderer } from "@/lib/engine/render/local-driver";
import type { RenderDriver, RenderSegmentInput } from "@/lib/engine/render/types";
import { jobs } from "@/lib/platform/db/collections";
import { videoSegmentClaims } from "@/lib/creation/video/segment-collections";
import { createVideo } from "@/lib/creation/video/service/create-video";
import { getVideo } from "@/lib/creation/video/service/get-video";
import { requestRender } from "@/lib/creation/video/service/request-render";
import type { VideoDeps } from "@/lib/creation/video/service/shared";
import { segmentsPrefix } from "@/lib/creation/video/segment-store";
import { createVideoWorker } from "@/lib/creation/video/worker";
import { addUser, openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { FFPROBE } from "@/tests/support/render-env";

jest.setTimeout(240_000);

const run = promisify(execFile);
const UID = "parallel-user";
const FPS = 10;
let env: TestEnv;
let deps: VideoDeps;
const renderers: LocalRenderer[] = [];

beforeAll(async () => {
  await ensureBundle();
  env = openTestEnv();
  deps = { db: env.db, store: env.store, ready: async () => void (await ensureStarterLibrary(env.db)) };
  await addUser(env.db, UID, 1000);
}, 240_000);

afterAll(async () => {
  for (const r of renderers) await r.close().catch(() => undefined);
  await env?.close();
}, 60_000);

const picture = async () => ({
  type: "media" as const,
  key: "samples/photo.jpg",
  media_type: "image/jpeg",
  source: "generated" as const,
});

async function renderedVideo() {
  const video = await createVideo(deps, UID, {
    brief: "A steel bottle that keeps water cold for a day.",
    aspect_ratio: "9:16",
    length_s: 15,
    template_id: null,
    voice_id: null,
    captions: false,
    music: false,
    model_id: "local/preview",
  });
  const queued = await requestRender(deps, UID, video.id);
  return { id: video.id, jobId: queued.render!.job_id };
}

/** A real local renderer that notes which worker rendered which segment key. */
function noting(name: string, log: { worker: string; key: string }[]): RenderDriver {
  const r = new LocalRenderer();
  renderers.push(r);
  return {
    kind: r.kind,
    segmentConcurrency: r.segmentConcurrency,
    segmentEncoder: r.segmentEncoder,
    renderVideo: (i) => r.renderVideo(i),
    renderStill: (i) => r.renderStill(i),
    renderPoster: (i) => r.renderPoster(i),
    renderSegment: (i: RenderSegmentInput) => {
      log.push({ worker: name, key: i.segment.key });
      return r.renderSegment(i);
    },
    close: () => r.close(),
  };
}

function worker(name: string, renderer: RenderDriver) {
  return createVideoWorker({
    db: env.db,
    store: env.store,
    renderer: () => renderer,
    workerId: name,
    renderWidth: 96,
    renderFps: FPS,
    makePicture: picture,
    segmentHelpers: 1,
    log: () => undefined,
  });
}

async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The finished video's file: its frame count (decoded) and duration. */
async function finishedFile(videoId: string) {
  const v = await getVideo(deps, UID, videoId);
  const key = `videos/${UID}/${videoId}/r${v.files!.revision}-${v.render!.job_id}.mp4`;
  const read = await env.store.get(key);
  const file = path.join(env.dir, `${videoId}.mp4`);
  await fs.promises.writeFile(file, Buffer.concat(await read!.body.toArray()));
  const { stdout } = await run(
    FFPROBE,
    [
      "-v",
      "error",
      "-count_frames",
      "-select_streams",
      "v:0",
      "-show_entries",
      "stream=nb_read_frames",
      "-of",
      "json",
      file,
    ],
    { env: { ...process.env, LD_LIBRARY_PATH: path.dirname(FFPROBE) } },
  );
  const frames = Number((JSON.parse(stdout) as { streams: { nb_read_frames: string }[] }).streams[0]!.nb_read_frames);
  return { frames, durationMs: v.files!.duration_ms, render: v.render! };
}

async function segmentFiles(videoId: string): Promise<string[]> {
  return (await env.store.list(segmentsPrefix(UID, videoId))).map((b) => path.basename(b.key, ".mp4"));
}

/** The helper process's browser folders (it prints its pid: the node process tsx started, not tsx itself). */
function poolsOf(out: string): string[] {
  const pid = /ready (\d+)/.exec(out)?.[1];
  return pid ? [path.join(os.tmpdir(), `promptframe-render-${pid}`)] : [];
}

describe("two local workers, one video", () => {
  it("render its segments between them, each exactly once, and the joined file has every frame", async () => {
    const log: { worker: string; key: string }[] = [];
    const a = worker("worker-a", noting("a", log));
    const b = worker("worker-b", noting("b", log));
    const { id, jobId } = await renderedVideo();

    const rendering = a.processNext();
    // B starts looking once A holds the render job (else B could take the render itself).
    await until(async () => (await env.db.collection(jobs).doc(jobId).get())!.data.state === "running", 30_000, "A");
    const stop = new AbortController();
    const bLoop = b.runWorkerLoop({ signal: stop.signal, pollMs: 100 });
    const result = await rendering;
    stop.abort();
    await bLoop;

    expect(result).toEqual({ jobId, outcome: "succeeded" });
    const keys = log.map((l) => l.key);
    expect(new Set(keys).size).toBe(keys.length); // nobody rendered a segment twice
    expect(log.filter((l) => l.worker === "a").length).toBeGreaterThan(0);
    expect(log.filter((l) => l.worker === "b").length).toBeGreaterThan(0);
    // Every segment the video is made of was rendered by one of the two, and kept.
    expect((await segmentFiles(id)).sort()).toEqual([...keys].sort());
    const { frames, durationMs, render } = await finishedFile(id);
    // All of them rendered for this render (by either worker), none "kept from the last render".
    expect(render.segments).toMatchObject({ rendered: render.segments!.total, reused: 0, rendering: [] });
    expect(render.segments!.total).toBeGreaterThanOrEqual(keys.length);
    expect(frames).toBe(Math.round((durationMs / 1000) * FPS));
    expect(frames).toBeGreaterThan(100);
    // The run's working state is gone with the render.
    expect(await env.db.collection(videoSegmentClaims).where("content_id", "==", id).get()).toHaveLength(0);
  });

  it("a helper killed in the middle of a segment: its claim lapses, the render claims that segment again and completes", async () => {
    const log: { worker: string; key: string }[] = [];
    const a = worker("worker-c", noting("a", log));
    const child: ChildProcess = spawn(
      path.join(process.cwd(), "node_modules/.bin/tsx"),
      [
        "--conditions=react-server",
        "tests/support/segment-helper-child.ts",
        path.join(env.dir, "test.sqlite"),
        path.join(env.dir, "blobs"),
        "1500",
        String(process.pid),
      ],
      // Its own process group: tsx runs the script in a child node process, and the kill must reach it.
      { cwd: process.cwd(), stdio: ["ignore", "pipe", "pipe"], env: { ...process.env }, detached: true },
    );
    let out = "";
    child.stdout!.on("data", (d) => (out += String(d)));
    child.stderr!.on("data", (d) => (out += String(d)));
    const childPid = child.pid!;
    try {
      await until(async () => out.includes("ready"), 60_000, "the helper process");
      const { id, jobId } = await renderedVideo();
      const rendering = a.processNext();
      await until(async () => /rendering ([0-9a-f]{64})/.test(out), 60_000, "the helper to start a segment");
      const killedKey = /rendering ([0-9a-f]{64})/.exec(out)![1]!;
      await new Promise((r) => setTimeout(r, 300));
      process.kill(-childPid, "SIGKILL");
      const held = await env.db.collection(videoSegmentClaims).where("content_id", "==", id).get();
      expect(held.find((c) => c.data.key === killedKey)?.data).toMatchObject({ state: "rendering" });

      const result = await rendering;
      expect(result).toEqual({ jobId, outcome: "succeeded" });
      // The killed helper's segment was rendered again, by the render job, and nothing else twice.
      expect(log.filter((l) => l.key === killedKey)).toHaveLength(1);
      expect(new Set(log.map((l) => l.key)).size).toBe(log.length);
      const { frames, durationMs } = await finishedFile(id);
      expect(frames).toBe(Math.round((durationMs / 1000) * FPS));
      expect(await segmentFiles(id)).toContain(killedKey);
    } finally {
      try {
        process.kill(-childPid, "SIGKILL");
      } catch {
        // already gone
      }
      // The killed process's browser leads its own process group: end what it launched, by pid.
      for (const pool of poolsOf(out)) {
        const launched = path.join(pool, "launched.pids");
        if (fs.existsSync(launched))
          for (const pid of fs.readFileSync(launched, "utf8").split(/\s+/).filter(Boolean).map(Number))
            for (const target of [-pid, pid])
              try {
                process.kill(target, "SIGKILL");
              } catch {
                // already gone
              }
        fs.rmSync(pool, { recursive: true, force: true });
      }
    }
  });
});
