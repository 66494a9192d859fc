/**
 * Caption preset benchmark (not a test): the same 15 s, 3-scene narrated
 * starter video as bench/render.ts (eSpeak NG narration with offline word
 * timings, burned-in captions), rendered once per caption preset with the
 * local driver's default settings at 1280×720. Reports each preset's RTF
 * (render seconds per second of video) and how many distinct frames it made
 * the renderer capture (lib/engine/render/frame-pipeline.ts captures each
 * distinct frame once; per-word motion makes more frames distinct). Also the
 * time offline word timing adds to narration (the second, gapped eSpeak
 * reading of each phrase), per scene.
 *
 * Run: `npx tsx bench/captions.ts` (or through `npm run bench`). One run per
 * preset: the figures are indicative on a shared machine.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

if (
  !process.execArgv.join(" ").includes("react-server") &&
  !(process.env.NODE_OPTIONS ?? "").includes("react-server")
) {
  const run = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", __filename, ...process.argv.slice(2)],
    { stdio: "inherit" },
  );
  process.exit(run.status ?? 1);
}

const ROOT = path.resolve(__dirname, "..");
const SECONDS_PER_SCENE = 5.3;

async function main() {
  const t0 = performance.now();
  const run = spawnSync(process.execPath, ["--import", "tsx", path.join(__dirname, "render-bundle.ts")], {
    stdio: "inherit",
    cwd: ROOT,
  });
  if (run.status !== 0) throw new Error("bundling failed");
  const [{ LocalRenderer }, { prepareRender }, fixtures, speech, starter, frameState, presets, ai, espeak, phrases] =
    await Promise.all([
      import("@/lib/engine/render/local-driver"),
      import("@/lib/engine/render/prepare"),
      import("../tests/support/render-env"),
      import("@/lib/engine/audio/speech"),
      import("@/lib/engine/composition/starter"),
      import("../remotion/frame-state"),
      import("@/lib/engine/composition/caption-presets"),
      import("ai"),
      import("@/lib/engine/audio/speech/espeak-model"),
      import("@/lib/engine/audio/phrases"),
    ]);
  const { BENCH_TEMPLATE } = await import("./render-template");
  const { WORD_GAP_MS } = await import("@/lib/engine/audio/speech/offline-words");
  const env = await fixtures.openRenderTestEnv();

  // Narration with word timings, and what the measuring (gapped) readings cost on their own.
  const voices = [];
  const narrationMs: number[] = [];
  const gappedMs: number[] = [];
  const model = espeak.createEspeakSpeechModel();
  for (let i = 0; i < 3; i++) {
    const text = starter.sampleNarration(i);
    const t = performance.now();
    const spoken = await speech.synthesizeNarration({ text, voiceId: "espeak:en-us-f" });
    narrationMs.push(performance.now() - t);
    const tg = performance.now();
    for (const p of phrases.splitPhrases(text))
      if (phrases.phraseWords(p.text).length > 1)
        await ai.experimental_generateSpeech({
          model,
          text: p.text,
          voice: "espeak:en-us-f",
          providerOptions: { espeak: { endPause: false, wordGapMs: WORD_GAP_MS } },
        });
    gappedMs.push(performance.now() - tg);
    const key = `videos/test-user/voice/bench-s${i + 1}.wav`;
    await env.store.put(key, spoken.audio, { allowedTypes: ["audio/wav"] });
    voices.push({
      key,
      duration_ms: Math.round(spoken.durationMs),
      cues: spoken.cues,
      voice_id: "espeak:en-us-f",
      text_hash: `bench-${i}`,
    });
  }
  const { composition, templateVersion } = fixtures.sampleComposition({
    templateId: BENCH_TEMPLATE,
    ratio: "16:9",
    voices,
    durationMs: Math.round(SECONDS_PER_SCENE * 1000),
  });
  const prepared = await prepareRender({
    composition,
    templateVersion,
    store: env.store,
    driver: "local",
    size: { width: 1280, height: 720 },
  });
  const renderer = new LocalRenderer();
  const rows: {
    preset: string;
    seconds: number;
    videoSeconds: number;
    captured: number;
    frames: number;
    load: number;
  }[] = [];
  try {
    // A warm browser, as in the server: one throwaway still first.
    await renderer.renderStill({ props: prepared.props, format: "jpeg", outputPath: path.join(env.dir, "warm.jpg") });
    for (const preset of presets.CAPTION_PRESETS) {
      const props = { ...prepared.props, captionStyle: { ...prepared.props.captionStyle, preset } };
      const out = path.join(env.dir, `captions-${preset}.mp4`);
      const load = os.loadavg()[0]!;
      const t = performance.now();
      const r = await renderer.renderVideo({ props, outputPath: out });
      const seconds = (performance.now() - t) / 1000;
      const row = {
        preset,
        seconds,
        videoSeconds: r.durationMs / 1000,
        captured: frameState.frameRuns(props).length,
        frames: r.frames,
        load,
      };
      rows.push(row);
      console.error(
        `  ${preset}: ${seconds.toFixed(1)} s for ${row.videoSeconds.toFixed(1)} s (RTF ${(seconds / row.videoSeconds).toFixed(2)}), ${row.captured}/${row.frames} frames captured; load ${load.toFixed(1)}`,
      );
      fs.rmSync(out, { force: true });
    }
  } finally {
    await renderer.close();
    await prepared.close();
    env.close();
  }

  const date = new Date().toISOString().slice(0, 10);
  const info = presets.CAPTION_PRESET_INFO;
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const lines = [
    `Measured by \`npm run bench\` (\`bench/captions.ts\`) on ${date}: the same ${rows[0]!.videoSeconds.toFixed(1)} s, 3-scene \`${BENCH_TEMPLATE}\` video with eSpeak NG narration, rendered once per caption preset at 1280×720, 30 fps, local driver defaults, browser already open; ${os.cpus().length} cores shared with other work (load ${Math.min(...rows.map((r) => r.load)).toFixed(1)}–${Math.max(...rows.map((r) => r.load)).toFixed(1)}). One run each: differences under about 10% are noise.`,
    "",
    "| preset | changes | render | RTF | frames captured |",
    "|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${info[r.preset as keyof typeof info].label}${r.preset === presets.DEFAULT_CAPTION_PRESET ? " (default)" : ""} | per ${info[r.preset as keyof typeof info].cadence} | ${r.seconds.toFixed(1)} s | **${(r.seconds / r.videoSeconds).toFixed(2)}** | ${r.captured} of ${r.frames} |`,
    ),
    "",
    `Offline word timing: narration of a scene (one sentence) took ${avg(narrationMs).toFixed(0)} ms on average with word timings; the gapped measuring readings alone take ${avg(gappedMs).toFixed(0)} ms per scene when run one after another (inside the narration they share its two eSpeak workers).`,
  ];
  const table = lines.join("\n");
  console.log(table);
  console.error(`\n(bench took ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  const readme = path.join(ROOT, "README.md");
  const text = fs.readFileSync(readme, "utf8");
  const start = "<!-- bench:captions:start -->";
  const end = "<!-- bench:captions:end -->";
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a >= 0 && b > a) {
    fs.writeFileSync(readme, `${text.slice(0, a + start.length)}\n${table}\n${text.slice(b)}`);
    console.error("README.md updated (bench:captions)");
  } else console.error("README.md has no bench:captions markers: table not written");
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
