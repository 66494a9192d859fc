/**
 * `npx tsx --conditions=react-server bench/segments.ts`: rendering only what
 * changed, through the product's own code (createVideo, requestRender, the
 * video worker with the local renderer and blob-backed segments), on the
 * video of bench/video.ts (the same brief: narration, captions in the default
 * preset, music; 28.4 s) at 1280×720 and at 1080×1920:
 *
 * - full render: "Create" → playable, as a real-time factor (seconds of work
 *   per second of video);
 * - one scene's text edited (the middle scene's headline) → playable, as a %
 *   of the full render (its render request → playable);
 * - resume: a fresh video whose render is killed when 60% of its frames are
 *   rendered (the renderer fails mid-segment as a crashed browser does; the
 *   queue hands the job out again), then the job runs again: its render stage
 *   ("rendering" → "saving") as a % of the full render's render stage.
 *
 * Writes the table into README.md between the bench:segments markers.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureStarterLibrary } from "@/lib/engine/composition/library";
import { users } from "@/lib/platform/db/collections";
import { addUser, openTestEnv } from "@/tests/support/data-env";
import { ensureBundle } from "@/lib/engine/render/bundle";
import { RenderError } from "@/lib/engine/render/errors";
import { LocalRenderer } from "@/lib/engine/render/local-driver";
import { canRenderSegments, type SegmentDriver } from "@/lib/engine/render/segments/render";
import type {
  RenderDriver,
  RenderPosterInput,
  RenderSegmentInput,
  RenderSegmentsInput,
  RenderStillInput,
  RenderVideoInput,
} from "@/lib/engine/render/types";
import { createVideo } from "@/lib/creation/video/service/create-video";
import { editVideo } from "@/lib/creation/video/service/edit-video";
import { getVideo } from "@/lib/creation/video/service/get-video";
import { requestRender } from "@/lib/creation/video/service/request-render";
import type { VideoDeps } from "@/lib/creation/video/service/shared";
import { segmentsPrefix } from "@/lib/creation/video/segment-store";
import { createVideoWorker } from "@/lib/creation/video/worker";

/** PF_FRAME_STEPS_OFF=direct,…: the frame pipeline's steps turned off, for an A/B baseline (the README is then left alone). */
const STEPS_OFF = (process.env.PF_FRAME_STEPS_OFF ?? "").split(",").filter(Boolean);
const STEPS = Object.fromEntries(STEPS_OFF.map((s) => [s, false]));

const CASES = [
  { label: "30 s, 16:9 (1280×720)", ratio: "16:9", plan: "free" },
  { label: "30 s, 9:16 (1080×1920)", ratio: "9:16", plan: "pro" },
] as const;

/** bench/video.ts's brief. */
const BRIEF =
  "Bean There is a small coffee roaster in Lisbon. We roast every bag the morning it ships, so it reaches you at its best. " +
  "Each coffee comes from a single farm we visit every year. Subscribers save 20% and can pause any time. Order your first bag today.";

/** Where the "kill" happens: this share of the video's frames rendered. */
const KILL_AT = 0.6;

/**
 * The local renderer, which fails like a crashed browser once `killAt` of the
 * video's frames are rendered (mid-segment: that segment's frames are lost),
 * once; the queue then hands the job out again, as it does for a dead worker.
 */
function killingDriver(base: LocalRenderer, killAt: number | null): SegmentDriver & { killedAt: number | null } {
  const driver = {
    kind: base.kind,
    segmentConcurrency: base.segmentConcurrency,
    segmentEncoder: base.segmentEncoder,
    killedAt: null as number | null,
    renderVideo: (i: RenderVideoInput) => base.renderVideo(i),
    renderStill: (i: RenderStillInput) => base.renderStill(i),
    renderPoster: (i: RenderPosterInput) => base.renderPoster(i),
    renderSegment: (i: RenderSegmentInput) => base.renderSegment(i),
    close: async () => undefined,
    async renderSegments(input: RenderSegmentsInput) {
      if (killAt === null || driver.killedAt !== null) return base.renderSegments(input);
      const kill = new AbortController();
      const signal = input.signal ? AbortSignal.any([input.signal, kill.signal]) : kill.signal;
      const total = input.props.durationInFrames;
      const kept = total - input.parts.reduce((n, p) => n + p.segment.end - p.segment.start, 0);
      const rendered = new Map<number, number>();
      try {
        await base.renderSegments({
          ...input,
          signal,
          parts: input.parts.map((p, i) => ({
            ...p,
            onProgress: (n: number) => {
              p.onProgress?.(n);
              rendered.set(i, n);
              const frames = kept + [...rendered.values()].reduce((a, b) => a + b, 0);
              if (driver.killedAt === null && frames / total >= killAt) {
                driver.killedAt = frames;
                kill.abort();
              }
            },
          })),
        });
        if (kill.signal.aborted) throw new Error("killed");
      } catch (e) {
        if (!kill.signal.aborted) throw e;
        throw new RenderError("browser-crashed", `bench: killed at ${driver.killedAt} frames`, { retryable: true });
      }
    },
  };
  return driver;
}

/** The local renderer without segments: the worker renders the whole video in one pass (the baseline). */
function wholeVideoDriver(base: LocalRenderer): RenderDriver {
  return {
    kind: base.kind,
    renderVideo: (i) => base.renderVideo(i),
    renderStill: (i) => base.renderStill(i),
    renderPoster: (i) => base.renderPoster(i),
    close: async () => undefined,
  };
}

async function main() {
  await ensureBundle();
  const env = openTestEnv();
  const local = new LocalRenderer({ framePipelineSteps: STEPS });
  if (!canRenderSegments(local)) throw new Error("the local renderer does not render segments");
  const deps: VideoDeps = {
    db: env.db,
    store: env.store,
    ready: async () => void (await ensureStarterLibrary(env.db)),
  };

  /** Runs the video's queued render job to its end (again while it is requeued); times its stages from polled state. */
  async function render(uid: string, id: string, driver: RenderDriver) {
    const stageAt = new Map<string, number>();
    const attempts: string[] = [];
    const t0 = performance.now();
    const watch = setInterval(() => {
      void getVideo(deps, uid, id).then((v) => {
        if (v.render && v.render.state === "running" && !stageAt.has(v.render.stage))
          stageAt.set(v.render.stage, performance.now());
      });
    }, 50);
    const worker = createVideoWorker({
      db: env.db,
      store: env.store,
      renderer: () => driver,
      log: (m, e) => console.error(m, e),
    });
    let renderStart = 0;
    try {
      for (;;) {
        stageAt.clear();
        const out = await worker.processNext();
        attempts.push(out?.outcome ?? "none");
        if (out?.outcome !== "retrying") break;
      }
    } finally {
      clearInterval(watch);
    }
    const end = performance.now();
    if (attempts[attempts.length - 1] !== "succeeded") throw new Error(`render: ${attempts.join(", ")}`);
    renderStart = stageAt.get("rendering") ?? end;
    const renderStage = ((stageAt.get("saving") ?? end) - renderStart) / 1000;
    const v = await getVideo(deps, uid, id);
    return { seconds: (end - t0) / 1000, renderStage, attempts, video: v };
  }

  const rows: string[] = [];
  try {
    for (const [i, c] of CASES.entries()) {
      const uid = `bench-seg-${i}`;
      await addUser(env.db, uid, 5000);
      await env.db.collection(users).doc(uid).update({ plan: c.plan });
      const input = {
        brief: BRIEF,
        aspect_ratio: c.ratio,
        length_s: 30,
        template_id: "starter-bold",
        voice_id: "espeak:en-us-f",
        captions: true,
        music: true,
        model_id: "local/preview",
      };

      // Baseline in the same run: the same video rendered whole in one pass (no segments), "Create" → playable.
      const b0 = performance.now();
      const plain = await createVideo(deps, uid, input);
      await requestRender(deps, uid, plain.id);
      await render(uid, plain.id, wholeVideoDriver(local));
      const wholeSeconds = (performance.now() - b0) / 1000;

      // Full render: "Create" → playable.
      const t0 = performance.now();
      const draft = await createVideo(deps, uid, input);
      const requested = performance.now();
      await requestRender(deps, uid, draft.id);
      const full = await render(uid, draft.id, local);
      const createToPlayable = (performance.now() - t0) / 1000;
      const fullRender = (performance.now() - requested) / 1000;
      const length = full.video.files!.duration_ms / 1000;
      const parts = full.video.render?.segments;
      console.log(
        `${c.label}: full ${createToPlayable.toFixed(1)} s (render stage ${full.renderStage.toFixed(1)} s), ${parts?.total} parts`,
      );

      // One scene's text edited → playable.
      const scenes = full.video.composition.scenes.map(({ voice: _v, ...s }) => s);
      const at = Math.floor(scenes.length / 2);
      const scene = scenes[at]!;
      const slot = Object.keys(scene.values).find((k) => scene.values[k]!.type === "text");
      if (!slot) throw new Error("the middle scene has no text");
      await editVideo(deps, uid, draft.id, {
        revision: full.video.revision,
        scenes: scenes.map((s, j) =>
          j === at ? { ...s, values: { ...s.values, [slot]: { type: "text", text: "Roasted this morning" } } } : s,
        ),
      });
      const e0 = performance.now();
      await requestRender(deps, uid, draft.id);
      const edited = await render(uid, draft.id, local);
      const editSeconds = (performance.now() - e0) / 1000;
      const editParts = edited.video.render?.segments;
      const keptFiles = (await env.store.list(segmentsPrefix(uid, draft.id))).length;
      console.log(
        `${c.label}: edit → playable ${editSeconds.toFixed(1)} s, ${editParts?.rendered} of ${editParts?.total} parts rendered, ${keptFiles} segment files kept`,
      );

      // Resume: a fresh video, killed at 60% of its frames, then run again.
      const second = await createVideo(deps, uid, input);
      await requestRender(deps, uid, second.id);
      const killer = killingDriver(local, KILL_AT);
      const resumed = await render(uid, second.id, killer);
      if (resumed.attempts.length < 2 || killer.killedAt === null) throw new Error("the render was not killed");
      const resumeParts = resumed.video.render?.segments;
      console.log(
        `${c.label}: killed at ${killer.killedAt} frames; after the restart ${resumeParts?.rendered} of ${resumeParts?.total} parts rendered in ${resumed.renderStage.toFixed(1)} s`,
      );

      rows.push(
        `| ${c.label} | ${length.toFixed(1)} s | ${wholeSeconds.toFixed(1)} s (RTF ${(wholeSeconds / length).toFixed(2)}) | ${createToPlayable.toFixed(1)} s | **${(createToPlayable / length).toFixed(2)}** | ` +
          `${full.renderStage.toFixed(1)} s (${parts?.total} parts) | ` +
          `${editSeconds.toFixed(1)} s, ${editParts?.rendered} of ${editParts?.total} parts rendered | **${Math.round((editSeconds / fullRender) * 100)}%** | ` +
          `${resumed.renderStage.toFixed(1)} s, ${resumeParts?.rendered} of ${resumeParts?.total} parts rendered | **${Math.round((resumed.renderStage / full.renderStage) * 100)}%** |`,
      );
      console.log(rows[rows.length - 1]);
    }
  } finally {
    await local.close();
    await env.close();
  }
  const table = [
    "| video (local models, starter-bold, narration + captions + music) | length | baseline: whole video in one pass, create → playable | full render in segments: create → playable | RTF (÷ real time) | full render's render stage | one scene's text edited → playable | % of the full render | render stage after a kill at 60% of the frames | % of the full render stage |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
  console.log(`\n${table}`);
  const readme = path.join(__dirname, "..", "README.md");
  if (STEPS_OFF.length) return console.log(`(steps off: ${STEPS_OFF.join(", ")}; README not changed)`);
  const text = fs.readFileSync(readme, "utf8");
  const start = "<!-- bench:segments:start -->";
  const end = "<!-- bench:segments:end -->";
  if (text.includes(start) && text.includes(end)) {
    const stamp = `Measured ${new Date().toISOString().slice(0, 10)} by \`npx tsx --conditions=react-server bench/segments.ts\` on this machine (${os.cpus().length} cores). "Full render" of the edit column: its render request → playable; render stage: "rendering" → "saving" (frames, join, soundtrack).`;
    fs.writeFileSync(
      readme,
      text.replace(new RegExp(`${start}[\\s\\S]*?${end}`), `${start}\n${stamp}\n\n${table}\n${end}`),
    );
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
