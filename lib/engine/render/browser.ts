import "server-only";
/**
 * One headless Chromium shared by every local render of the process
 * (Debian's /usr/bin/chromium in headless-shell mode, software compositing;
 * never a downloaded browser). Opened on first use, reopened after it dies.
 *
 * Chromium writes profile and crash folders to HOME and TMPDIR; it is
 * started through a tiny wrapper script that points both at a folder of our
 * own (under os.tmpdir()/promptframe-render-<pid>), removed on close.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ChromiumOptions, HeadlessBrowser } from "@remotion/renderer";

export const DEFAULT_BROWSER = "/usr/bin/chromium";

export interface BrowserSettings {
  /** REMOTION_BROWSER_EXECUTABLE or /usr/bin/chromium. */
  executable: string;
  chromiumOptions: ChromiumOptions;
  chromeMode: "headless-shell" | "chrome-for-testing";
}

const GL_VALUES = ["swangle", "angle", "egl", "swiftshader", "vulkan", "angle-egl"] as const;

/**
 * REMOTION_GL: unset or "default" (no GL flag: Chromium's own software
 * compositing with Skia, the default here) or one of Remotion's GL backends,
 * e.g. "swangle" (ANGLE on SwiftShader: Remotion's choice for GPU-less
 * servers, needed only for WebGL, which our compositions do not use).
 * Measured by bench/render.ts on a 2-core machine: "swangle" spends most of
 * each frame in the GPU process emulating GL and renders 2-5 times slower,
 * with frames that differ only in anti-aliasing (mean difference about 1/255).
 */
export function glFromEnv(value: string | undefined): ChromiumOptions["gl"] {
  const v = value?.trim();
  if (!v || v === "default" || v === "null" || v === "none") return null;
  if ((GL_VALUES as readonly string[]).includes(v)) return v as ChromiumOptions["gl"];
  throw new Error(`REMOTION_GL must be one of default, ${GL_VALUES.join(", ")}; got "${v}"`);
}

export function browserSettings(env: Record<string, string | undefined> = process.env): BrowserSettings {
  return {
    executable: env.REMOTION_BROWSER_EXECUTABLE || DEFAULT_BROWSER,
    chromiumOptions: { gl: glFromEnv(env.REMOTION_GL) },
    chromeMode: "headless-shell",
  };
}

/** A dead child not yet reaped still answers kill(0); its /proc status says Z. */
function isZombie(pid: number): boolean {
  try {
    return /^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return false;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !isZombie(pid);
  } catch {
    return false;
  }
}

/** True when `pid` is a process our launcher started (its environment names our HOME): guards against killing a reused pid. */
function launchedBy(pid: number, home: string): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`HOME=${home}`);
  } catch {
    return false;
  }
}

/**
 * Kills a browser and everything it started. Remotion spawns the browser
 * detached, so it leads its own process group (GPU, renderer and utility
 * processes, crashpad handlers); killing the group leaves nothing behind,
 * even when the leader itself is already dead.
 */
function killBrowserGroup(pid: number): void {
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

/** Message of the stand-in executable handed to render calls (see `renderExecutable`). */
export const NO_RELAUNCH_MESSAGE =
  "promptframe: the render browser died; it is not relaunched in the middle of a render";

export class BrowserPool {
  private browser: Promise<HeadlessBrowser> | null = null;
  private live: HeadlessBrowser | null = null;
  private livePid: number | null = null;
  private readonly root: string;
  private wrapper: string | null = null;
  private refuser: string | null = null;
  /** Bumped by discard() and close(): a browser that finishes starting after either is killed, not kept. */
  private generation = 0;

  constructor(
    readonly settings: BrowserSettings = browserSettings(),
    root?: string,
  ) {
    this.root = root ?? path.join(os.tmpdir(), `promptframe-render-${process.pid}`);
  }

  private home(): string {
    return path.join(this.root, "home");
  }

  /** The executable the pool launches: a script that sets HOME and TMPDIR, records its pid, then runs Chromium. */
  executable(): string {
    if (this.wrapper && fs.existsSync(this.wrapper)) return this.wrapper;
    const home = this.home();
    const tmp = path.join(this.root, "tmp");
    fs.mkdirSync(home, { recursive: true });
    fs.mkdirSync(tmp, { recursive: true });
    const file = path.join(this.root, "chromium.sh");
    const q = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;
    // `exec` keeps the pid, so the pid file names the browser process itself (the crash watchdog polls it);
    // every launch is also appended to a list that close() sweeps.
    fs.writeFileSync(
      file,
      `#!/bin/sh\nHOME=${q(home)} TMPDIR=${q(tmp)} XDG_CONFIG_HOME=${q(home)} XDG_CACHE_HOME=${q(home)}\nexport HOME TMPDIR XDG_CONFIG_HOME XDG_CACHE_HOME\necho $$ > ${q(this.pidFile())}\necho $$ >> ${q(this.launchedFile())}\nexec ${q(this.settings.executable)} "$@"\n`,
      { mode: 0o755 },
    );
    this.wrapper = file;
    return file;
  }

  /**
   * The `browserExecutable` to give render calls (they always get the pool's
   * browser as `puppeteerInstance`). Remotion only launches this executable
   * to replace a browser that crashed mid-render; it would then carry on in
   * a browser nobody closes. This one refuses, so the render fails with a
   * typed error, and the pool opens a fresh browser for the next render.
   */
  renderExecutable(): string {
    if (this.refuser && fs.existsSync(this.refuser)) return this.refuser;
    fs.mkdirSync(this.root, { recursive: true });
    const file = path.join(this.root, "no-relaunch.sh");
    fs.writeFileSync(file, `#!/bin/sh\necho '${NO_RELAUNCH_MESSAGE}' >&2\nexit 1\n`, { mode: 0o755 });
    this.refuser = file;
    return file;
  }

  /** The shared browser, opened on first use (or again after it died). */
  get(): Promise<HeadlessBrowser> {
    if (this.browser && this.live && !this.alive()) this.discard();
    if (this.browser) return this.browser;
    const generation = this.generation;
    const opening = (async () => {
      if (!fs.existsSync(this.settings.executable)) {
        throw new Error(
          `no browser at ${this.settings.executable} (apt-get install chromium, or set REMOTION_BROWSER_EXECUTABLE)`,
        );
      }
      const { openBrowser } = await import("@remotion/renderer");
      const b = await openBrowser("chrome", {
        browserExecutable: this.executable(),
        chromiumOptions: this.settings.chromiumOptions,
        chromeMode: this.settings.chromeMode,
        logLevel: "error",
      });
      if (generation !== this.generation) {
        // closed or discarded while it was starting
        const pid = this.readPidFile();
        if (pid) killBrowserGroup(pid);
        await b.close({ silent: true }).catch(() => undefined);
        throw new Error("the browser pool was closed while the browser was starting");
      }
      this.live = b;
      this.livePid = this.readPidFile();
      return b;
    })();
    this.browser = opening;
    opening.catch(() => {
      if (this.browser === opening) this.browser = null;
    });
    return opening;
  }

  /** Forgets the current browser and kills it with everything it started (after a crash). */
  discard(): void {
    const b = this.live;
    const pid = this.livePid;
    this.generation++;
    this.browser = null;
    this.live = null;
    this.livePid = null;
    if (pid) killBrowserGroup(pid);
    if (b) void b.close({ silent: true }).catch(() => undefined);
  }

  private pidFile(): string {
    return path.join(this.root, "browser.pid");
  }

  private launchedFile(): string {
    return path.join(this.root, "launched.pids");
  }

  private readPidFile(): number | null {
    try {
      const pid = Number(fs.readFileSync(this.pidFile(), "utf8").trim());
      return Number.isInteger(pid) && pid > 0 ? pid : null;
    } catch {
      return null;
    }
  }

  /** The open browser's process id (diagnostics, crash tests). */
  pid(): number | null {
    return this.live ? this.livePid : null;
  }

  /** False once the open browser's process is gone (killed, crashed). */
  alive(): boolean {
    const pid = this.pid();
    return pid !== null && isRunning(pid);
  }

  isOpen(): boolean {
    return this.live !== null;
  }

  /** Browser processes this pool started that are still running (should be at most one; none after close). */
  runningPids(): number[] {
    let listed: number[] = [];
    try {
      listed = fs
        .readFileSync(this.launchedFile(), "utf8")
        .split("\n")
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0);
    } catch {
      return [];
    }
    return [...new Set(listed)].filter((pid) => isRunning(pid) && launchedBy(pid, this.home()));
  }

  /** Closes the browser and kills every process the pool ever launched; leaves no process and no folder. */
  async close(): Promise<void> {
    const pending = this.browser;
    const pid = this.livePid;
    this.generation++;
    this.browser = null;
    this.live = null;
    this.livePid = null;
    const b = pending ? await pending.catch(() => null) : null;
    const pids = [...new Set([...(pid ? [pid] : []), ...this.runningPids()])];
    for (const p of pids) killBrowserGroup(p);
    // Waits for the process to exit and drops the DevTools connection.
    if (b) await b.close({ silent: true }).catch(() => undefined);
    const deadline = Date.now() + 5000;
    while (pids.some(isRunning) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    fs.rmSync(this.root, { recursive: true, force: true });
    this.wrapper = null;
    this.refuser = null;
  }
}
