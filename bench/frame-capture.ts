/**
 * `npx tsx --conditions=react-server bench/frame-capture.ts [--frames N] [--ratio 16:9|9:16] [--rounds R]`:
 * what one distinct frame costs to capture, by capture method, on the real
 * Remotion bundle with bench/video.ts's video (the same brief through
 * createVideo and the video worker, so the props are the product's own).
 *
 * Methods, alternated A/B/C… in each round (the machine is shared, so only
 * ratios measured in the same run count):
 * - remotion: Remotion's renderFrames, as frame-pipeline.ts calls it today
 *   (per frame: wait for readiness, set the frame, wait again, fonts, body
 *   background, activate target, screenshot, collect assets: about ten
 *   DevTools round trips, the readiness waits polled by requestAnimationFrame);
 * - loop/*: our own loop on the page Remotion set up: one Runtime.evaluate
 *   that sets the frame and resolves when the page is ready, then one
 *   Page.captureScreenshot, with screenshot variants (Remotion's parameters,
 *   without captureBeyondViewport, PNG, …);
 * - pipelined: the same loop, but the next frame's evaluate is sent as soon
 *   as the screenshot command is sent (DevTools keeps a session's commands
 *   in order, so the screenshot still sees its own frame).
 *
 * Every method's frames are compared with Remotion's (decoded pixels: mean
 * and max absolute difference). Prints a table; changes no file.
 */
import sharp from "sharp";
import { ensureStarterLibrary } from "@/lib/engine/composition/library";
import { users } from "@/lib/platform/db/collections";
import { addUser, openTestEnv } from "@/tests/support/data-env";
import { ensureBundle, requireBundle } from "@/lib/engine/render/bundle";
import { RenderError } from "@/lib/engine/render/errors";
import { BrowserPool, browserSettings, DEFAULT_BROWSER } from "@/lib/engine/render/browser";
import { LocalRenderer, videoConfig } from "@/lib/engine/render/local-driver";
import type { RenderDriver } from "@/lib/engine/render/types";
import type { RenderProps } from "@/lib/engine/composition/render-props";
import { createVideo } from "@/lib/creation/video/service/create-video";
import { requestRender } from "@/lib/creation/video/service/request-render";
import type { VideoDeps } from "@/lib/creation/video/service/shared";
import { createVideoWorker } from "@/lib/creation/video/worker";
import { frameRuns } from "@/remotion/frame-state";
// The shipped loop's seek (set the frame, wait until the page is ready), so the bench measures what renders use.
import { seekExpression } from "@/lib/engine/render/direct-capture";

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : def;
};
const N = Number(arg("frames", "60"));
const RATIO = arg("ratio", "16:9");
const ROUNDS = Number(arg("rounds", "2"));
const ONLY = arg("only", "");
const PLAN = arg("plan", "free") as "free" | "pro";

const BRIEF =
  "Bean There is a small coffee roaster in Lisbon. We roast every bag the morning it ships, so it reaches you at its best. " +
  "Each coffee comes from a single farm we visit every year. Subscribers save 20% and can pause any time. Order your first bag today.";

// biome-ignore lint/suspicious/noExplicitAny: Remotion's internal page and DevTools session types are not exported.
type Any = any;

interface Shot {
  format: "jpeg" | "png";
  quality?: number;
  clip: boolean;
  captureBeyondViewport: boolean;
  optimizeForSpeed: boolean;
  fromSurface: boolean;
  /** A small square instead of the whole frame (measures the fixed cost of a screenshot). */
  clipSize?: number;
}

interface Method {
  name: string;
  kind: "remotion" | "loop" | "pipelined" | "screencast";
  shot?: Shot;
}

const REMOTION_SHOT: Shot = {
  format: "jpeg",
  quality: 80,
  clip: true,
  captureBeyondViewport: true,
  optimizeForSpeed: true,
  fromSurface: true,
};

const ALL_METHODS: Method[] = [
  { name: "remotion renderFrames (today)", kind: "remotion" },
  { name: "loop, Remotion's screenshot params", kind: "loop", shot: REMOTION_SHOT },
  { name: "loop, no captureBeyondViewport", kind: "loop", shot: { ...REMOTION_SHOT, captureBeyondViewport: false } },
  {
    name: "loop, no clip, no beyond-viewport",
    kind: "loop",
    shot: { ...REMOTION_SHOT, clip: false, captureBeyondViewport: false },
  },
  {
    name: "loop, no optimizeForSpeed",
    kind: "loop",
    shot: { ...REMOTION_SHOT, captureBeyondViewport: false, optimizeForSpeed: false },
  },
  { name: "loop, PNG", kind: "loop", shot: { ...REMOTION_SHOT, format: "png", quality: undefined } },
  {
    name: "loop, 64×64 clip (fixed cost)",
    kind: "loop",
    shot: { ...REMOTION_SHOT, captureBeyondViewport: false, clipSize: 64 },
  },
  { name: "loop, JPEG q50", kind: "loop", shot: { ...REMOTION_SHOT, captureBeyondViewport: false, quality: 50 } },
  {
    name: "pipelined, no beyond-viewport",
    kind: "pipelined",
    shot: { ...REMOTION_SHOT, captureBeyondViewport: false },
  },
];
const METHODS = ALL_METHODS.filter((m) => !ONLY || ONLY.split(",").some((o) => m.name.includes(o)));

function shotParams(s: Shot, w: number, h: number) {
  return {
    format: s.format,
    ...(s.quality !== undefined ? { quality: s.quality } : {}),
    ...(s.clip ? { clip: { x: 0, y: 0, width: s.clipSize ?? w, height: s.clipSize ?? h, scale: 1 } } : {}),
    captureBeyondViewport: s.captureBeyondViewport,
    optimizeForSpeed: s.optimizeForSpeed,
    fromSurface: s.fromSurface,
  };
}

async function send(client: Any, method: string, params: object): Promise<Any> {
  const res = await client.send(method, params);
  const v = res?.value ?? res;
  if (v?.exceptionDetails) throw new Error(`${method}: ${JSON.stringify(v.exceptionDetails).slice(0, 500)}`);
  return v;
}

/** CPU seconds (user + system) of this process and every process under it (Chromium, ffmpeg). */
function treeCpuMs(): number {
  const fs = require("node:fs") as typeof import("node:fs");
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const d of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const st = fs.readFileSync(`/proc/${d}/stat`, "utf8");
      const f = st.slice(st.lastIndexOf(")") + 2).split(" ");
      parent.set(Number(d), Number(f[1]));
      ticks.set(Number(d), Number(f[11]) + Number(f[12]));
    } catch {}
  }
  let sum = 0;
  for (const [pid, t] of ticks) {
    for (let p: number | undefined = pid; p; p = parent.get(p)) {
      if (p === process.pid) {
        sum += t;
        break;
      }
    }
  }
  return sum * 10;
}

interface Measured {
  cpuMs: number;
  setupMs: number;
  perFrameMs: number;
  seekMs: number;
  shotMs: number;
  frames: Map<number, Buffer>;
}

async function measure(m: Method, props: RenderProps, frames: number[], browser: Any): Promise<Measured> {
  const { renderFrames, makeCancelSignal } = await import("@remotion/renderer");
  const settings = browserSettings();
  const inputProps = props as unknown as Record<string, unknown>;
  const composition = videoConfig("Video", props, inputProps);
  const out = new Map<number, Buffer>();
  const t0 = performance.now();
  let tFirst = 0;
  let cpu0 = 0;
  let seekMs = 0;
  let shotMs = 0;
  const common = {
    composition,
    serveUrl: requireBundle(),
    inputProps,
    outputDir: null,
    imageFormat: "jpeg" as const,
    jpegQuality: 80,
    muted: true,
    concurrency: 1,
    puppeteerInstance: browser,
    chromeMode: settings.chromeMode,
    chromiumOptions: settings.chromiumOptions,
    cancelSignal: makeCancelSignal().cancelSignal,
    timeoutInMilliseconds: 60_000,
    logLevel: "error" as const,
    onStart: () => undefined,
    onFrameUpdate: () => undefined,
  };
  if (m.kind === "remotion") {
    await renderFrames({
      ...common,
      frames,
      onFrameBuffer: (buf, f) => {
        if (!tFirst) {
          tFirst = performance.now();
          cpu0 = treeCpuMs();
        }
        out.set(f, buf);
      },
    });
  } else {
    await renderFrames({
      ...common,
      frames: [frames[0]!],
      onFrameBuffer: async (buf, f) => {
        tFirst = performance.now();
        cpu0 = treeCpuMs();
        out.set(f, buf);
        const pages: Any[] = await browser.pages();
        const page = pages.find((p) => String(p.url()).startsWith("http"));
        if (!page) throw new Error(`no Remotion page among ${pages.map((p) => p.url()).join(", ")}`);
        const client = page._client();
        const shot = shotParams(m.shot!, props.width, props.height);
        if (m.kind === "loop") {
          for (const frame of frames.slice(1)) {
            const a = performance.now();
            await send(client, "Runtime.evaluate", {
              expression: seekExpression(frame, "Video"),
              awaitPromise: true,
              returnByValue: true,
            });
            const b = performance.now();
            const { data } = await send(client, "Page.captureScreenshot", shot);
            shotMs += performance.now() - b;
            seekMs += b - a;
            out.set(frame, Buffer.from(data, "base64"));
          }
        } else {
          // pipelined: seek N+1 goes out right behind screenshot N.
          const rest = frames.slice(1);
          let seek = send(client, "Runtime.evaluate", {
            expression: seekExpression(rest[0]!, "Video"),
            awaitPromise: true,
            returnByValue: true,
          });
          for (let i = 0; i < rest.length; i++) {
            await seek;
            const shotP = send(client, "Page.captureScreenshot", shot);
            if (i + 1 < rest.length)
              seek = shotP.then(() =>
                send(client, "Runtime.evaluate", {
                  expression: seekExpression(rest[i + 1]!, "Video"),
                  awaitPromise: true,
                  returnByValue: true,
                }),
              );
            const { data } = await shotP;
            out.set(rest[i]!, Buffer.from(data, "base64"));
          }
        }
      },
    });
  }
  const end = performance.now();
  const n = frames.length - 1;
  return {
    cpuMs: (treeCpuMs() - cpu0) / n,
    setupMs: tFirst - t0,
    perFrameMs: (end - tFirst) / n,
    seekMs: seekMs / n,
    shotMs: shotMs / n,
    frames: out,
  };
}

async function diff(a: Buffer, b: Buffer): Promise<{ mean: number; max: number }> {
  const [ra, rb] = await Promise.all(
    [a, b].map((x) => sharp(x).removeAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  if (ra!.info.width !== rb!.info.width || ra!.info.height !== rb!.info.height) return { mean: 255, max: 255 };
  let sum = 0;
  let max = 0;
  for (let i = 0; i < ra!.data.length; i++) {
    const d = Math.abs(ra!.data[i]! - rb!.data[i]!);
    sum += d;
    if (d > max) max = d;
  }
  return { mean: sum / ra!.data.length, max };
}

/** Browser configurations: extra Chromium flags added by a wrapper script. */
const BROWSER_FLAGS: Record<string, string[]> = {
  default: [],
  unthrottled: ["--disable-frame-rate-limit", "--disable-gpu-vsync"],
};
const BROWSERS = arg("browsers", "default").split(",");

/** A browser of the given configuration, opened for one measurement (an idle browser still costs CPU: only one runs at a time). */
async function withBrowser<T>(name: string, work: (browser: Any) => Promise<T>): Promise<T> {
  const fs = await import("node:fs");
  const os = await import("node:os");
  const path = await import("node:path");
  const flags = BROWSER_FLAGS[name];
  if (!flags) throw new Error(`unknown browser config ${name}`);
  const wrapper = path.join(os.tmpdir(), `pf-frame-capture-${process.pid}-${name}.sh`);
  fs.writeFileSync(wrapper, `#!/bin/sh\nexec ${DEFAULT_BROWSER} "$@" ${flags.join(" ")}\n`, { mode: 0o755 });
  const pool = new BrowserPool(browserSettings({ REMOTION_BROWSER_EXECUTABLE: wrapper }));
  try {
    return await work(await pool.get());
  } finally {
    await pool.close();
    fs.rmSync(wrapper, { force: true });
  }
}

async function experiment(props: RenderProps) {
  await measureAll(props, BROWSERS);
}

async function measureAll(props: RenderProps, browsers: string[]) {
  const runs = frameRuns(props);
  // N distinct frames spread over the whole video (entrances, captions, stills).
  const step = Math.max(1, Math.floor(runs.length / N));
  const frames = runs
    .filter((_, i) => i % step === 0)
    .map((r) => r.start)
    .slice(0, N);
  console.log(
    `${props.width}×${props.height}, ${props.durationInFrames} frames, ${runs.length} distinct; measuring ${frames.length} of them, ${ROUNDS} rounds`,
  );
  const results = new Map<string, Measured[]>();
  const all = browsers.flatMap((b) =>
    METHODS.map((m) => ({ ...m, name: browsers.length > 1 ? `${b}: ${m.name}` : m.name, browser: b })),
  );
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? all : [...all].reverse();
    for (const m of order) {
      const res = await withBrowser(m.browser, (browser) => measure(m, props, frames, browser));
      results.set(m.name, [...(results.get(m.name) ?? []), res]);
      console.log(
        `  round ${r + 1} ${m.name}: ${res.perFrameMs.toFixed(1)} ms/frame (setup ${res.setupMs.toFixed(0)} ms)`,
      );
    }
  }
  const base = results.get(all[0]!.name)!;
  const baseMs = base.reduce((s, x) => s + x.perFrameMs, 0) / base.length;
  console.log(
    "\n| method | ms per distinct frame | CPU ms per frame (all processes) | seek / screenshot ms | × today | mean / max pixel diff vs today |",
  );
  console.log("|---|---|---|---|---|---|");
  for (const m of all) {
    const rs = results.get(m.name)!;
    const ms = rs.reduce((s, x) => s + x.perFrameMs, 0) / rs.length;
    let mean = 0;
    let max = 0;
    for (const f of frames) {
      if (m.shot?.clipSize) break;
      if (process.env.DUMP?.split(",").includes(String(f)))
        (await import("node:fs")).writeFileSync(
          `/tmp/fc-${f}-${m.name.replace(/[^a-z0-9]+/gi, "_")}.jpg`,
          rs[0]!.frames.get(f)!,
        );
      const d = await diff(base[0]!.frames.get(f)!, rs[0]!.frames.get(f)!);
      if (d.max > 40 && m.shot?.format !== "png" && m.shot?.quality === 80)
        console.log(`  ${m.name}: frame ${f} differs (mean ${d.mean.toFixed(2)}, max ${d.max})`);
      mean += d.mean / frames.length;
      max = Math.max(max, d.max);
    }
    const parts =
      m.kind === "loop"
        ? `${(rs.reduce((s, x) => s + x.seekMs, 0) / rs.length).toFixed(1)} / ${(rs.reduce((s, x) => s + x.shotMs, 0) / rs.length).toFixed(1)}`
        : "";
    console.log(
      `| ${m.name} | ${ms.toFixed(1)} (${rs.map((x) => x.perFrameMs.toFixed(1)).join(", ")}) | ${(rs.reduce((s, x) => s + x.cpuMs, 0) / rs.length).toFixed(1)} | ${parts} | ${(baseMs / ms).toFixed(2)} | ${mean.toFixed(3)} / ${max} |`,
    );
  }
}

async function main() {
  await ensureBundle();
  const env = openTestEnv();
  const local = new LocalRenderer();
  const deps: VideoDeps = {
    db: env.db,
    store: env.store,
    ready: async () => void (await ensureStarterLibrary(env.db)),
  };
  const uid = "bench-frames";
  await addUser(env.db, uid, 5000);
  await env.db.collection(users).doc(uid).update({ plan: PLAN });
  const draft = await createVideo(deps, uid, {
    brief: BRIEF,
    aspect_ratio: RATIO,
    length_s: 30,
    template_id: "starter-bold",
    voice_id: "espeak:en-us-f",
    captions: true,
    music: true,
    model_id: "local/preview",
  } as Parameters<typeof createVideo>[2]);
  await requestRender(deps, uid, draft.id);
  let done = false;
  const driver: RenderDriver = {
    kind: "local",
    async renderVideo(input) {
      await experiment(input.props as RenderProps);
      done = true;
      throw new RenderError("internal", "bench: measured, not rendered", { retryable: false });
    },
    renderStill: (i) => local.renderStill(i),
    renderPoster: (i) => local.renderPoster(i),
    close: async () => undefined,
  };
  const worker = createVideoWorker({ db: env.db, store: env.store, renderer: () => driver, log: () => undefined });
  try {
    await worker.processNext();
    if (!done) throw new Error("the experiment did not run");
  } finally {
    await local.close();
    await env.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
