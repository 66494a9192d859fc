/**
 * `npx tsx --conditions=react-server bench/preview.ts`: the quick preview of
 * bench/video.ts's 30 s video (same brief: narration, captions, music,
 * 16:9), through the product's own code (requestPreview, the preview job, the
 * local renderer), at the preview's size and frame rate (preview-contract.ts).
 * Two rows: the first preview of a new storyboard (it also makes the pictures,
 * narration and music, kept for the render), and a preview after a one-scene
 * text edit (pictures and the other scenes' narration kept). Time is request →
 * playable file saved; RTF = that time ÷ the video's length (goal ≤ 0.17).
 * Writes the table into README.md between the bench:preview markers.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureStarterLibrary } from "@/lib/engine/composition/library";
import { ensureBundle } from "@/lib/engine/render/bundle";
import { LocalRenderer } from "@/lib/engine/render/local-driver";
import { createVideo } from "@/lib/creation/video/service/create-video";
import { editVideo } from "@/lib/creation/video/service/edit-video";
import { getPreview, requestPreview } from "@/lib/creation/video/service/request-preview";
import type { VideoDeps } from "@/lib/creation/video/service/shared";
import { createPreviewWorker } from "@/lib/creation/video/preview-job";
import { PREVIEW_FPS, PREVIEW_SHORT_SIDE } from "@/lib/creation/video/preview-contract";
import { addUser, openTestEnv } from "@/tests/support/data-env";

/** PF_FRAME_STEPS_OFF=direct,…: the frame pipeline's steps turned off, for an A/B baseline (the README is then left alone). */
const STEPS_OFF = (process.env.PF_FRAME_STEPS_OFF ?? "").split(",").filter(Boolean);
const STEPS = Object.fromEntries(STEPS_OFF.map((s) => [s, false]));

process.env.RATE_LIMIT_STORE = "memory";

const BRIEF =
  "Bean There is a small coffee roaster in Lisbon. We roast every bag the morning it ships, so it reaches you at its best. " +
  "Each coffee comes from a single farm we visit every year. Subscribers save 20% and can pause any time. Order your first bag today.";

async function main() {
  // The machine's load when the bench starts: other work on these 2 cores slows every row.
  const load = os.loadavg()[0]!;
  await ensureBundle();
  const env = openTestEnv();
  const renderer = new LocalRenderer({ framePipelineSteps: STEPS });
  const deps: VideoDeps = {
    db: env.db,
    store: env.store,
    ready: async () => void (await ensureStarterLibrary(env.db)),
  };
  const worker = createPreviewWorker({
    db: env.db,
    store: env.store,
    renderer: () => renderer,
    log: (m, e) => console.error(m, e),
    note: () => undefined,
  });
  const rows: string[] = [];
  try {
    const uid = "bench-preview";
    await addUser(env.db, uid, 1000);
    const draft = await createVideo(deps, uid, {
      brief: BRIEF,
      aspect_ratio: "16:9",
      length_s: 30,
      template_id: "starter-bold",
      voice_id: "espeak:en-us-f",
      captions: true,
      music: true,
      model_id: "local/preview",
    });
    const measure = async (label: string) => {
      const t0 = performance.now();
      await requestPreview(deps, uid, draft.id);
      const outcome = await worker.processNext();
      const total = (performance.now() - t0) / 1000;
      if (outcome?.outcome !== "succeeded") throw new Error(`preview ${String(outcome?.outcome)}`);
      const p = (await getPreview(deps, uid, draft.id))!;
      const f = p.file!;
      const seconds = f.duration_ms / 1000;
      rows.push(
        `| ${label} | ${seconds.toFixed(1)} s | ${f.width}×${f.height}, ${f.fps} fps | ${(f.size_bytes / 1024).toFixed(0)} KB | ${total.toFixed(1)} s | **${(total / seconds).toFixed(2)}** |`,
      );
      console.log(rows[rows.length - 1]);
    };
    await measure("first preview of the storyboard (makes pictures, narration, music)");
    const now = (await getPreview(deps, uid, draft.id))!;
    const { composition } = await import("@/lib/creation/video/service/get-video").then((m) =>
      m.getVideo(deps, uid, draft.id),
    );
    const scenes = composition.scenes.map((s, i) => {
      const { voice: _v, ...rest } = s;
      if (i !== 1) return rest;
      return { ...rest, narration: `${rest.narration} Fresh.` };
    });
    await editVideo(deps, uid, draft.id, { revision: now.video_revision, scenes });
    await measure("after a one-scene edit (pictures and other scenes' narration kept)");
  } finally {
    await renderer.close();
    await env.close();
  }
  const table = [
    `| quick preview of the 30 s 16:9 bench video (short side ${PREVIEW_SHORT_SIDE} px, ${PREVIEW_FPS} fps, "Draft" watermark) | length | size | file | request → playable | RTF (goal ≤ 0.17) |`,
    "|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
  console.log(`\n${table}`);
  const readme = path.join(__dirname, "..", "README.md");
  if (STEPS_OFF.length) return console.log(`(steps off: ${STEPS_OFF.join(", ")}; README not changed)`);
  const text = fs.readFileSync(readme, "utf8");
  const start = "<!-- bench:preview:start -->";
  const end = "<!-- bench:preview:end -->";
  if (text.includes(start) && text.includes(end)) {
    const stamp = `Measured ${new Date().toISOString().slice(0, 10)} by \`npx tsx --conditions=react-server bench/preview.ts\` on this machine (${os.cpus().length} cores, load average ${load.toFixed(1)} at the start).`;
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
