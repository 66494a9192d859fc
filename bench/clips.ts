/**
 * `npx tsx --conditions=react-server bench/clips.ts`: what video clips in
 * scenes cost to render. The same ~30 s 1280×720 video (six 5 s scenes of
 * the starter-bold template, narration with two caption phrases per scene)
 * rendered twice in one run with the local driver: once with still pictures
 * in every scene, once with two of them (the full-bleed ones) playing a
 * 12 s 1280×720 H.264 test clip (moving shapes over a moving gradient, made
 * here with sharp and Remotion's ffmpeg; no download). Reported as a
 * real-time factor (render seconds per second of video) with the frames
 * captured: a clip scene changes every frame, so the frame pipeline
 * captures each of its frames (remotion/frame-state.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { MediaValue } from "@/lib/engine/composition/composition-schema";
import { ensureBundle } from "@/lib/engine/render/bundle";
import { LocalRenderer } from "@/lib/engine/render/local-driver";
import { prepareRender } from "@/lib/engine/render/prepare";
import { frameRuns } from "@/remotion/frame-state";
import { openRenderTestEnv, sampleComposition, storeNarration } from "@/tests/support/render-env";
import { encodeClip } from "@/tests/support/test-clip";

const W = 1280;
const H = 720;
const CLIP_S = 12;
const CLIP_FPS = 30;

/** A frame of the bench clip: a gradient drifting sideways and three circles crossing it. */
function clipFrame(i: number): Promise<Buffer> {
  const t = i / CLIP_FPS;
  const shift = (t * 80) % W;
  const circles = [0, 1, 2]
    .map((k) => {
      const x = (k * 400 + t * (120 + 60 * k)) % (W + 200);
      const y = H / 2 + Math.sin(t * (1 + k) + k) * 200;
      return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${90 + 20 * k}" fill="hsl(${(k * 120 + t * 30) % 360},70%,55%)" opacity="0.85"/>`;
    })
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#0b3d5c"/><stop offset="0.5" stop-color="#1f8a70"/><stop offset="1" stop-color="#0b3d5c"/></linearGradient></defs><rect x="${-shift}" width="${W * 2}" height="${H}" fill="url(#g)"/>${circles}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

async function main() {
  await ensureBundle();
  const env = await openRenderTestEnv();
  const renderer = new LocalRenderer();
  try {
    const t0 = performance.now();
    const clipKey = "assets/test-user/bench-clip/original.mp4";
    const clipBytes = await encodeClip(path.join(env.dir, "clip.mp4"), {
      seconds: CLIP_S,
      fps: CLIP_FPS,
      frame: clipFrame,
    });
    await env.store.put(clipKey, clipBytes, { allowedTypes: ["video/mp4"] });
    console.log(
      `bench clip: ${CLIP_S} s ${W}×${H} at ${CLIP_FPS} fps, ${(clipBytes.length / 1e6).toFixed(1)} MB, made in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const layouts = [
      "starter-full-bleed",
      "starter-split",
      "starter-product",
      "starter-full-bleed",
      "starter-split",
      "starter-product",
    ];
    const voices = await Promise.all(
      layouts.map((_, i) => storeNarration(env.dir, env.store, `n${i}`, 3.6, 300 + 40 * i)),
    );
    const { composition: still, templateVersion } = sampleComposition({
      templateId: "starter-bold",
      ratio: "16:9",
      layoutIds: layouts,
      voices,
      durationMs: 5000,
      captions: true,
    });
    const clip = (start: number): MediaValue => ({
      type: "media",
      key: clipKey,
      media_type: "video/mp4",
      source: "asset",
      asset_id: "bench-clip",
      clip_start_ms: start,
      clip_duration_ms: CLIP_S * 1000,
    });
    const withClips = structuredClone(still);
    withClips.scenes[0]!.values.image = clip(0);
    withClips.scenes[3]!.values.image = clip(4000);

    const rows: string[] = [];
    for (const [label, composition] of [
      ["still pictures in all 6 scenes", still],
      ["2 clip scenes + 4 still", withClips],
    ] as const) {
      const prepared = await prepareRender({
        composition,
        templateVersion,
        store: env.store,
        driver: "local",
        size: "720p",
      });
      try {
        const props = prepared.props;
        const seconds = props.durationInFrames / props.fps;
        const captured = frameRuns(props).length;
        const out = path.join(env.dir, `${composition === still ? "still" : "clips"}.mp4`);
        const t = performance.now();
        await renderer.renderVideo({ props, outputPath: out });
        const took = (performance.now() - t) / 1000;
        rows.push(
          `| ${label} | ${seconds.toFixed(1)} s, ${props.width}×${props.height}, ${props.fps} fps | ${captured} of ${props.durationInFrames} | ${took.toFixed(1)} s | **${(took / seconds).toFixed(2)}** |`,
        );
        console.log(rows[rows.length - 1]);
        if (process.env.BENCH_KEEP) fs.copyFileSync(out, path.join(os.tmpdir(), path.basename(out)));
      } finally {
        await prepared.close();
      }
    }
    const table = [
      "| video (starter-bold, narration + captions, local driver) | length | frames captured | render | RTF (÷ real time) |",
      "|---|---|---|---|---|",
      ...rows,
    ].join("\n");
    console.log(`\n${table}\n(${os.cpus().length} cores)`);
  } finally {
    await renderer.close();
    env.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
