/**
 * Video render benchmark (not a test): a 15 s, 3-scene narrated starter
 * video (eSpeak NG narration, synthesised music, burned-in captions, the
 * template's gradient background) rendered with the local driver at
 * 1280×720 and 1080×1920. Reports RTF (render seconds per second of video;
 * 1 = real time), peak memory of this process plus Chromium and ffmpeg
 * (sampled from /proc), where the CPU time went (by process), and a ladder
 * of what each design choice buys: the background painted as CSS gradients
 * in every frame vs pre-rendered as one picture (lib/engine/render/backgrounds.ts),
 * every frame captured (Remotion's renderMedia) vs each distinct frame once
 * (lib/engine/render/frame-pipeline.ts), and the driver's options (GL backend,
 * concurrency, JPEG quality, x264 preset), each measured.
 *
 * Run: `npx tsx bench/render.ts [--quick]` (or through `npm run bench`).
 * --quick renders only the default configuration at both sizes. Writes its
 * tables into README.md between <!-- bench:render:start/end -->.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Modules of lib/engine/render import "server-only": they load only under the react-server condition.
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
const QUICK = process.argv.includes("--quick");
/** Scene length; transitions overlap neighbours, so 3 scenes make about 15 s. */
const SECONDS_PER_SCENE = 5.3;

type Pipeline = "frames" | "remotion";
type Gl = "swangle" | null;

interface Variant {
  label: string;
  width: number;
  height: number;
  background: "picture" | "css";
  pipeline: Pipeline;
  gl: Gl;
  concurrency: number;
  jpegQuality: number;
  x264Preset: "ultrafast" | "superfast" | "veryfast" | "faster" | "fast" | "medium";
  /** The frame pipeline's steps turned off (default: none; see FramePipelineSteps in frame-pipeline.ts). */
  off?: ("decoupled" | "audioAlongside" | "timestamped" | "poster")[];
}

interface Result {
  variant: Variant;
  seconds: number;
  videoSeconds: number;
  frames: number;
  captured: number;
  rssPeakMb: number;
  pssPeakMb: number;
  nodeRssPeakMb: number;
  cpu: Record<string, number>;
  sizeBytes: number;
  load: number;
}

// ---------------------------------------------------------------------------------------------
// /proc sampling: this process and everything it started (Chromium, ffmpeg).

function procStat(pid: string): { ppid: number; comm: string; cpuTicks: number } | null {
  try {
    const s = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = s.lastIndexOf(")");
    const f = s.slice(close + 2).split(" ");
    return { ppid: Number(f[1]), comm: s.slice(s.indexOf("(") + 1, close), cpuTicks: Number(f[11]) + Number(f[12]) };
  } catch {
    return null;
  }
}

function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const e of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(e)) continue;
    const st = procStat(e);
    if (!st) continue;
    const list = children.get(st.ppid) ?? [];
    list.push(Number(e));
    children.set(st.ppid, list);
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length) {
    const p = queue.shift()!;
    out.push(p);
    queue.push(...(children.get(p) ?? []));
  }
  return out;
}

function kb(file: string, field: string): number {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(fs.readFileSync(file, "utf8"));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** What kind of process a pid is, for the CPU split. */
function kind(pid: number): string {
  if (pid === process.pid) return "node";
  let cmd = "";
  try {
    cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "other";
  }
  if (/ffmpeg/.test(cmd)) return "ffmpeg";
  if (/compositor|remotion/.test(cmd) && !/chrom/.test(cmd)) return "remotion compositor";
  const type = /--type=([a-z-]+)/.exec(cmd)?.[1];
  if (/chrom|exe/.test(cmd))
    return type === "gpu-process"
      ? "chromium gpu"
      : type === "renderer"
        ? "chromium renderer"
        : type
          ? "chromium other"
          : "chromium browser";
  return "other";
}

const TICK = 100; // USER_HZ on Linux

/**
 * Samples memory every 250 ms (PSS, which makes the kernel walk every
 * mapping, every fourth time) and CPU ticks per process. Its own CPU time is
 * measured and taken out of node's figure.
 */
class Sampler {
  private timer: NodeJS.Timeout | null = null;
  private n = 0;
  private ownMicros = 0;
  rss = 0;
  pss = 0;
  nodeRss = 0;
  /** Last seen CPU ticks per pid, with its kind; processes that exit keep their last sample. */
  private ticks = new Map<number, { kind: string; start: number; last: number }>();

  start(intervalMs = 250): void {
    this.sample(true);
    this.timer = setInterval(() => this.sample(false), intervalMs);
  }

  private sample(first: boolean): void {
    const c = process.cpuUsage();
    const withPss = this.n++ % 4 === 0;
    let rss = 0;
    let pss = 0;
    for (const pid of descendants(process.pid)) {
      const r = kb(`/proc/${pid}/status`, "VmRSS");
      rss += r;
      if (withPss) pss += kb(`/proc/${pid}/smaps_rollup`, "Pss");
      if (pid === process.pid) this.nodeRss = Math.max(this.nodeRss, r);
      const st = procStat(String(pid));
      if (!st) continue;
      const seen = this.ticks.get(pid);
      if (seen) seen.last = st.cpuTicks;
      else this.ticks.set(pid, { kind: kind(pid), start: first ? st.cpuTicks : 0, last: st.cpuTicks });
    }
    this.rss = Math.max(this.rss, rss);
    if (withPss) this.pss = Math.max(this.pss, pss);
    const used = process.cpuUsage(c);
    this.ownMicros += used.user + used.system;
  }

  stop(): Record<string, number> {
    if (!this.timer) return {};
    clearInterval(this.timer);
    this.timer = null;
    this.n = 0;
    this.sample(false);
    const cpu: Record<string, number> = {};
    for (const t of this.ticks.values()) cpu[t.kind] = (cpu[t.kind] ?? 0) + (t.last - t.start) / TICK;
    cpu.node = Math.max(0, (cpu.node ?? 0) - this.ownMicros / 1e6);
    return cpu;
  }
}

// ---------------------------------------------------------------------------------------------
// Bundles (the app's, and the CSS-background variant's) are made by bench/render-bundle.ts in a
// process without the react-server condition, under which Remotion's bundler cannot load.

function ensureBundles(css: boolean): string {
  const run = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(__dirname, "render-bundle.ts"), ...(css ? ["--css"] : [])],
    { stdio: "inherit", cwd: ROOT },
  );
  if (run.status !== 0) throw new Error("bundling failed");
  return path.join(ROOT, ".remotion", "bench-css");
}

// ---------------------------------------------------------------------------------------------

function fmtCpu(cpu: Record<string, number>, seconds: number): string {
  return Object.entries(cpu)
    .filter(([, s]) => s >= 0.05 * seconds)
    .sort((a, b) => b[1] - a[1])
    .map(([k, s]) => `${k} ${s.toFixed(0)} s`)
    .join(", ");
}

function variantName(v: Variant, base: Variant): string {
  const diffs: string[] = [];
  if (v.background !== base.background)
    diffs.push(
      v.background === "css" ? "background: CSS gradients every frame" : "background: one pre-rendered picture",
    );
  if (v.pipeline !== base.pipeline)
    diffs.push(v.pipeline === "remotion" ? "every frame captured (renderMedia)" : "each distinct frame captured once");
  if (v.gl !== base.gl) diffs.push(v.gl ? `GL \`${v.gl}\`` : "no GL flag (software compositing)");
  if (v.concurrency !== base.concurrency) diffs.push(`concurrency ${v.concurrency}`);
  if (v.jpegQuality !== base.jpegQuality) diffs.push(`JPEG ${v.jpegQuality}`);
  if (v.x264Preset !== base.x264Preset) diffs.push(`x264 ${v.x264Preset}`);
  for (const o of v.off ?? []) diffs.push(`without step ${o}`);
  return diffs.join(", ") || "default";
}

async function main() {
  const t0 = performance.now();
  const cssBundle = ensureBundles(!QUICK);
  const [
    { LocalRenderer },
    { BrowserPool, browserSettings },
    { prepareRender },
    fixtures,
    speech,
    music,
    starter,
    frameState,
  ] = await Promise.all([
    import("@/lib/engine/render/local-driver"),
    import("@/lib/engine/render/browser"),
    import("@/lib/engine/render/prepare"),
    import("../tests/support/render-env"),
    import("@/lib/engine/audio/speech"),
    import("@/lib/engine/audio/music"),
    import("@/lib/engine/composition/starter"),
    import("../remotion/frame-state"),
  ]);
  const { BENCH_TEMPLATE } = await import("./render-template");
  const env = await fixtures.openRenderTestEnv();

  // Narration (real eSpeak NG) and music, as the render job makes them.
  const tVoice = performance.now();
  const voices = [];
  for (let i = 0; i < 3; i++) {
    const text = starter.sampleNarration(i);
    const spoken = await speech.synthesizeNarration({ text, voiceId: "espeak:en-us-f" });
    // The sample composition's owner's folder: prepareRender drops keys its owner may not use (lib/engine/composition/media-access.ts).
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
  const voiceSeconds = (performance.now() - tVoice) / 1000;
  const tMusic = performance.now();
  const template = starter.starterTemplateVersion(starter.starterTemplate(BENCH_TEMPLATE)!);
  const track = music.listMusicTracks().find((t) => t.mood === template.music.mood) ?? music.listMusicTracks()[0]!;
  await env.store.put("music/bench.wav", await music.renderMusicTrack(track.id), { allowedTypes: ["audio/wav"] });
  const musicSeconds = (performance.now() - tMusic) / 1000;

  const { composition, templateVersion } = fixtures.sampleComposition({
    templateId: BENCH_TEMPLATE,
    ratio: "16:9",
    voices,
    durationMs: Math.round(SECONDS_PER_SCENE * 1000),
  });

  const results: Result[] = [];
  const background: { size: string; seconds: number }[] = [];
  /** One render of `v` in a browser of its own (opened before the clock starts, closed after). */
  async function measureOnce(v: Variant): Promise<Result> {
    const ratio = v.width > v.height ? "16:9" : "9:16";
    const body = { ...composition, aspect_ratio: ratio as "16:9" | "9:16" };
    const tPrep = performance.now();
    const prepared = await prepareRender({
      composition: body,
      templateVersion,
      store: env.store,
      driver: "local",
      size: { width: v.width, height: v.height },
      music: { key: "music/bench.wav", durationMs: track.durationMs },
    });
    const label = `${v.width}x${v.height}`;
    if (!background.some((b) => b.size === label))
      background.push({ size: label, seconds: (performance.now() - tPrep) / 1000 });
    const props =
      v.background === "css"
        ? { ...prepared.props, background: { ...prepared.props.background, image: null } }
        : prepared.props;
    const pool = new BrowserPool({ ...browserSettings(), chromiumOptions: { gl: v.gl } });
    const renderer = new LocalRenderer({
      pool,
      serveUrl: v.background === "css" ? cssBundle : undefined,
      pipeline: v.pipeline,
      concurrency: v.concurrency,
      jpegQuality: v.jpegQuality,
      x264Preset: v.x264Preset,
      framePipelineSteps: Object.fromEntries((v.off ?? []).filter((o) => o !== "poster").map((o) => [o, false])),
      posterWithFrames: !(v.off ?? []).includes("poster"),
    });
    const out = path.join(env.dir, `bench-${results.length}.mp4`);
    const sampler = new Sampler();
    try {
      await pool.get(); // a warm browser, as in the server
      const load = os.loadavg()[0]!;
      sampler.start();
      const t = performance.now();
      const r = await renderer.renderVideo({ props, outputPath: out });
      // The poster, as the render job makes it after the video (captured with the frames unless that step is off).
      await renderer.renderPoster({ props, outputPath: `${out}.jpg` });
      const seconds = (performance.now() - t) / 1000;
      const cpu = sampler.stop();
      const videoSeconds = r.durationMs / 1000;
      const captured = v.pipeline === "frames" ? frameState.frameRuns(props).length : r.frames;
      const result: Result = {
        variant: v,
        seconds,
        videoSeconds,
        frames: r.frames,
        captured,
        rssPeakMb: sampler.rss / 1024,
        pssPeakMb: sampler.pss / 1024,
        nodeRssPeakMb: sampler.nodeRss / 1024,
        cpu,
        sizeBytes: r.sizeBytes,
        load,
      };
      console.error(
        `  ${label} ${variantName(v, DEFAULT)}: ${seconds.toFixed(1)} s for ${videoSeconds.toFixed(1)} s (RTF ${(seconds / videoSeconds).toFixed(2)}), ${captured}/${r.frames} frames captured; CPU ${fmtCpu(cpu, seconds)}; load ${load.toFixed(1)}`,
      );
      results.push(result);
      return result;
    } finally {
      sampler.stop();
      await renderer.close();
      await prepared.close();
      fs.rmSync(out, { force: true });
      fs.rmSync(`${out}.jpg`, { force: true });
    }
  }

  const DEFAULT: Variant = {
    label: "",
    width: 1280,
    height: 720,
    background: "picture",
    pipeline: "frames",
    gl: null,
    concurrency: 1,
    jpegQuality: 80,
    x264Preset: "veryfast",
  };
  const tall = (v: Variant): Variant => ({ ...v, width: 1080, height: 1920 });
  // Remotion's own choices on a GPU-less Linux server, with the background painted the simple way.
  const remotionDefaults: Variant = { ...DEFAULT, background: "css", pipeline: "remotion", gl: "swangle" };
  const ladderSteps: { step: string; v: Variant }[] = [
    {
      step: "Remotion's defaults for a GPU-less server: GL `swangle`, every frame captured (renderMedia), background painted as CSS gradients in every frame",
      v: remotionDefaults,
    },
    {
      step: "+ background pre-rendered as one picture (lib/engine/render/backgrounds.ts)",
      v: { ...remotionDefaults, background: "picture" },
    },
    {
      step: "+ each distinct frame captured once, encoded while capturing (lib/engine/render/frame-pipeline.ts)",
      v: { ...DEFAULT, gl: "swangle", off: ["decoupled", "audioAlongside", "timestamped", "poster"] },
    },
    {
      step: "+ Chromium's software compositing instead of GL emulation (no GL flag)",
      v: { ...DEFAULT, off: ["decoupled", "audioAlongside", "timestamped", "poster"] },
    },
    {
      step: "+ capturing never waits for the encoder (frames queued for ffmpeg)",
      v: { ...DEFAULT, off: ["audioAlongside", "timestamped", "poster"] },
    },
    {
      step: "+ soundtrack mixed while the page opens",
      v: { ...DEFAULT, off: ["timestamped", "poster"] },
    },
    {
      step: "+ each distinct frame handed to ffmpeg once, with its time and duration (Matroska)",
      v: { ...DEFAULT, off: ["poster"] },
    },
    { step: "+ poster captured with the frames (no second page) = **default**", v: DEFAULT },
  ];
  const optionVariants: Variant[] = [
    { ...DEFAULT, background: "css" },
    { ...DEFAULT, pipeline: "remotion" },
    { ...DEFAULT, concurrency: 2 },
    { ...DEFAULT, jpegQuality: 95 },
    { ...DEFAULT, x264Preset: "ultrafast" },
    { ...DEFAULT, x264Preset: "medium" },
  ];
  const tallDefaults = tall(remotionDefaults);

  // The machine is shared: every variant runs twice, the second round in reverse order, and the
  // faster run counts (other work only ever slows a run down). The slowest one runs once.
  const plan: Variant[] = QUICK
    ? [DEFAULT, tall(DEFAULT)]
    : [...ladderSteps.map((l) => l.v), ...optionVariants, tall(DEFAULT)];
  const best = new Map<Variant, Result>();
  for (const round of [plan, [...plan].reverse()]) {
    for (const v of round) {
      const r = await measureOnce(v);
      const prev = best.get(v);
      if (!prev || r.seconds < prev.seconds)
        best.set(v, {
          ...r,
          rssPeakMb: Math.max(r.rssPeakMb, prev?.rssPeakMb ?? 0),
          pssPeakMb: Math.max(r.pssPeakMb, prev?.pssPeakMb ?? 0),
          nodeRssPeakMb: Math.max(r.nodeRssPeakMb, prev?.nodeRssPeakMb ?? 0),
        });
    }
  }
  const main720 = best.get(DEFAULT)!;
  const main1080 = best.get(plan[plan.length - 1]!)!;
  const ladder: { step: string; r: Result }[] = [];
  const options: Result[] = [];
  if (!QUICK) {
    for (const l of ladderSteps) ladder.push({ step: l.step, r: best.get(l.v)! });
    for (const v of optionVariants) options.push(best.get(v)!);
    ladder.push({
      step: "1080×1920, Remotion's defaults (as the first row; one run)",
      r: await measureOnce(tallDefaults),
    });
    ladder.push({ step: "1080×1920, **default**", r: main1080 });
  }
  env.close();

  // ---------------------------------------------------------------------------------------------
  const rtf = (r: Result) => (r.seconds / r.videoSeconds).toFixed(2);
  const mem = (r: Result) =>
    `${r.rssPeakMb.toFixed(0)} MB (PSS ${r.pssPeakMb.toFixed(0)} MB; node ${r.nodeRssPeakMb.toFixed(0)} MB)`;
  const lines: string[] = [];
  const date = new Date().toISOString().slice(0, 10);
  lines.push(
    `Measured by \`npm run bench\` (\`bench/render.ts\`) on ${date}: Node ${process.version}, ${os.cpus().length} cores shared with other work (1-minute load average ${Math.min(...results.map((r) => r.load)).toFixed(1)}–${Math.max(...results.map((r) => r.load)).toFixed(1)} as the renders started), Remotion ${JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules/remotion/package.json"), "utf8")).version}, Debian Chromium \`headless-shell\`.`,
    `A ${main720.videoSeconds.toFixed(1)} s, 3-scene \`${BENCH_TEMPLATE}\` video: eSpeak NG narration per scene, music ducked under it, burned-in captions, a full-frame gradient background; 30 fps, H.264 + AAC. RTF = render seconds (the video and its poster, as the render job makes them) per second of video (1 = real time), browser already open; each row the faster of two runs (the machine is shared). Memory: peak resident set of this process plus Chromium and ffmpeg, summed (PSS counts shared pages once).`,
    "",
    "| size | render | RTF | frames captured | peak memory | CPU by process |",
    "|---|---|---|---|---|---|",
    ...[main720, main1080].map(
      (r) =>
        `| ${r.variant.width}×${r.variant.height} | ${r.seconds.toFixed(1)} s | **${rtf(r)}** | ${r.captured} of ${r.frames} | ${mem(r)} | ${fmtCpu(r.cpu, r.seconds)} |`,
    ),
    "",
    `Before the render (not in RTF): narration for 3 scenes ${voiceSeconds.toFixed(1)} s, music track ${musicSeconds.toFixed(1)} s (then kept in storage), background picture ${background.map((b) => `${b.size} ${(b.seconds * 1000).toFixed(0)} ms`).join(", ")} (drawn once per template and size).`,
  );
  if (!QUICK) {
    lines.push(
      "",
      "What each design choice buys (each row measured, same video):",
      "",
      "| step | render | RTF | frames captured | peak memory |",
      "|---|---|---|---|---|",
    );
    for (const { step, r } of ladder)
      lines.push(`| ${step} | ${r.seconds.toFixed(1)} s | ${rtf(r)} | ${r.captured} of ${r.frames} | ${mem(r)} |`);
    lines.push(
      "",
      "The local driver's options, one changed at a time from the default (1280×720, no GL flag, concurrency 1, JPEG 80, x264 `veryfast`, CRF 23):",
      "",
      "| option | render | RTF | file size | CPU by process |",
      "|---|---|---|---|---|",
    );
    lines.push(
      `| default | ${main720.seconds.toFixed(1)} s | ${rtf(main720)} | ${(main720.sizeBytes / 1e6).toFixed(2)} MB | ${fmtCpu(main720.cpu, main720.seconds)} |`,
    );
    for (const r of options)
      lines.push(
        `| ${variantName(r.variant, DEFAULT)} | ${r.seconds.toFixed(1)} s | ${rtf(r)} | ${(r.sizeBytes / 1e6).toFixed(2)} MB | ${fmtCpu(r.cpu, r.seconds)} |`,
      );
  }
  const table = lines.join("\n");
  console.log(table);
  console.error(`\n(bench took ${((performance.now() - t0) / 1000).toFixed(0)} s)`);

  if (!QUICK) {
    const readme = path.join(ROOT, "README.md");
    const text = fs.readFileSync(readme, "utf8");
    const start = "<!-- bench:render:start -->";
    const end = "<!-- bench:render:end -->";
    const a = text.indexOf(start);
    const b = text.indexOf(end);
    if (a >= 0 && b > a) {
      fs.writeFileSync(readme, `${text.slice(0, a + start.length)}\n${table}\n${text.slice(b)}`);
      console.error("README.md updated (bench:render)");
    } else console.error("README.md has no bench:render markers: table not written");
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
