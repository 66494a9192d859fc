/**
 * `npx tsx --conditions=react-server bench/video.ts`: from "Create" to a
 * playable video with the local models, end to end through the product's own
 * code (the Local preview writer, local pictures, eSpeak narration,
 * synthesised music, Remotion with Debian's Chromium, upload): a 30 s video
 * at 1280×720 and at 1080×1920. Reported as a real-time factor (seconds of
 * work per second of video: the baseline is real time) with the time each
 * stage took, and the peak memory of this process plus its Chromium.
 * Writes the table into README.md between the bench:video markers.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureStarterLibrary } from "@/lib/engine/composition/library";
import { users } from "@/lib/platform/db/collections";
import { addUser, openTestEnv } from "@/tests/support/data-env";
import { ensureBundle } from "@/lib/engine/render/bundle";
import { LocalRenderer } from "@/lib/engine/render/local-driver";
import { createVideo } from "@/lib/creation/video/service/create-video";
import { getVideo } from "@/lib/creation/video/service/get-video";
import { requestRender } from "@/lib/creation/video/service/request-render";
import type { VideoDeps } from "@/lib/creation/video/service/shared";
import { createVideoWorker } from "@/lib/creation/video/worker";

/** PF_FRAME_STEPS_OFF=direct,…: the frame pipeline's steps turned off, for an A/B baseline (the README is then left alone). */
const STEPS_OFF = (process.env.PF_FRAME_STEPS_OFF ?? "").split(",").filter(Boolean);
const STEPS = Object.fromEntries(STEPS_OFF.map((s) => [s, false]));

const CASES = [
  { label: "30 s, 16:9 (1280×720)", ratio: "16:9", plan: "free" },
  { label: "30 s, 9:16 (1080×1920)", ratio: "9:16", plan: "pro" },
] as const;

const BRIEF =
  "Bean There is a small coffee roaster in Lisbon. We roast every bag the morning it ships, so it reaches you at its best. " +
  "Each coffee comes from a single farm we visit every year. Subscribers save 20% and can pause any time. Order your first bag today.";

/** Resident memory of this process and its descendants (Chromium, ffmpeg), in MB. */
function treeRssMb(): number {
  try {
    const out = execFileSync("ps", ["-eo", "pid=,ppid=,rss="], { encoding: "utf8" });
    const rows = out
      .trim()
      .split("\n")
      .map((l) => l.trim().split(/\s+/).map(Number) as [number, number, number]);
    const children = new Map<number, number[]>();
    for (const [pid, ppid] of rows) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    const rss = new Map(rows.map(([pid, , r]) => [pid, r]));
    let total = 0;
    const stack = [process.pid];
    while (stack.length) {
      const pid = stack.pop()!;
      total += rss.get(pid) ?? 0;
      stack.push(...(children.get(pid) ?? []));
    }
    return total / 1024;
  } catch {
    return process.memoryUsage().rss / 1024 / 1024;
  }
}

async function main() {
  await ensureBundle();
  const env = openTestEnv();
  const renderer = new LocalRenderer({ framePipelineSteps: STEPS });
  const deps: VideoDeps = {
    db: env.db,
    store: env.store,
    ready: async () => void (await ensureStarterLibrary(env.db)),
  };
  const rows: string[] = [];
  try {
    for (const [i, c] of CASES.entries()) {
      const uid = `bench-${i}`;
      await addUser(env.db, uid, 1000);
      await env.db.collection(users).doc(uid).update({ plan: c.plan });
      let peak = treeRssMb();
      const sampler = setInterval(() => (peak = Math.max(peak, treeRssMb())), 250);
      const stageAt = new Map<string, number>();
      const t0 = performance.now();
      const draft = await createVideo(deps, uid, {
        brief: BRIEF,
        aspect_ratio: c.ratio,
        length_s: 30,
        template_id: "starter-bold",
        voice_id: "espeak:en-us-f",
        captions: true,
        music: true,
        model_id: "local/preview",
      });
      const planned = performance.now();
      await requestRender(deps, uid, draft.id);
      const queuedAt = performance.now();
      const watch = setInterval(() => {
        void getVideo(deps, uid, draft.id).then(
          (v) => v.render && !stageAt.has(v.render.stage) && stageAt.set(v.render.stage, performance.now()),
        );
      }, 100);
      const worker = createVideoWorker({
        db: env.db,
        store: env.store,
        renderer: () => renderer,
        log: (m, e) => console.error(m, e),
      });
      const outcome = await worker.processNext();
      clearInterval(watch);
      clearInterval(sampler);
      const total = (performance.now() - t0) / 1000;
      if (outcome?.outcome !== "succeeded") throw new Error(`render ${outcome?.outcome}`);
      const done = await getVideo(deps, uid, draft.id);
      const seconds = done.files!.duration_ms / 1000;
      const end = t0 + total * 1000;
      // Polled every 100 ms: the quick stages (pictures, upload) can fall between two looks, so spans join at "rendering".
      const framesFrom = stageAt.get("rendering") ?? end;
      rows.push(
        `| ${c.label} | ${seconds.toFixed(1)} s | ${((planned - t0) / 1000).toFixed(2)} s | ${((framesFrom - queuedAt) / 1000).toFixed(1)} s | ${((end - framesFrom) / 1000).toFixed(1)} s | ${total.toFixed(1)} s | **${(total / seconds).toFixed(2)}** | ${Math.round(peak)} MB |`,
      );
      console.log(rows[rows.length - 1]);
    }
  } finally {
    await renderer.close();
    await env.close();
  }
  const table = [
    "| video (local models, starter-bold, narration + captions + music) | length | plan | pictures + voice + music | frames, encoding, upload | create → playable | RTF (÷ real time) | peak memory (sum of RSS: node, Chromium, ffmpeg) |",
    "|---|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
  console.log(`\n${table}`);
  const readme = path.join(__dirname, "..", "README.md");
  if (STEPS_OFF.length) return console.log(`(steps off: ${STEPS_OFF.join(", ")}; README not changed)`);
  const text = fs.readFileSync(readme, "utf8");
  const start = "<!-- bench:video:start -->";
  const end = "<!-- bench:video:end -->";
  if (text.includes(start) && text.includes(end)) {
    const stamp = `Measured ${new Date().toISOString().slice(0, 10)} by \`npx tsx --conditions=react-server bench/video.ts\` on this machine (${(await import("node:os")).cpus().length} cores).`;
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
