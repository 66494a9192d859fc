import "server-only";
/**
 * One headless Chromium shared by every local render of the process
 * (Debian's /usr/bin/chromium in headless-shell mode with SwANGLE; never a
 * downloaded browser). Opened on first use, reopened after it dies.
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
 * REMOTION_GL: "swangle" (default; Remotion's choice for GPU-less servers,
 * WebGL works) or "default" (no GL flag: Chromium's own software
 * compositing, about twice as fast per frame on this 2-core machine, see
 * bench/render.ts, but no WebGL — our compositions use none).
 */
export function glFromEnv(value: string | undefined): ChromiumOptions["gl"] {
  const v = value?.trim();
  if (!v) return "swangle";
  if (v === "default" || v === "null" || v === "none") return null;
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

export class BrowserPool {
  private browser: Promise<HeadlessBrowser> | null = null;
  private live: HeadlessBrowser | null = null;
  private readonly root: string;
  private wrapper: string | null = null;

  constructor(
    readonly settings: BrowserSettings = browserSettings(),
    root?: string,
  ) {
    this.root = root ?? path.join(os.tmpdir(), `promptframe-render-${process.pid}`);
  }

  /** The executable Remotion launches: a script that sets HOME and TMPDIR, then runs Chromium. */
  executable(): string {
    if (this.wrapper && fs.existsSync(this.wrapper)) return this.wrapper;
    const home = path.join(this.root, "home");
    const tmp = path.join(this.root, "tmp");
    fs.mkdirSync(home, { recursive: true });
    fs.mkdirSync(tmp, { recursive: true });
    const file = path.join(this.root, "chromium.sh");
    const q = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;
    // `exec` keeps the pid, so the pid file names the browser process itself (the crash watchdog polls it).
    fs.writeFileSync(
      file,
      `#!/bin/sh\nHOME=${q(home)} TMPDIR=${q(tmp)} XDG_CONFIG_HOME=${q(home)} XDG_CACHE_HOME=${q(home)}\nexport HOME TMPDIR XDG_CONFIG_HOME XDG_CACHE_HOME\necho $$ > ${q(this.pidFile())}\nexec ${q(this.settings.executable)} "$@"\n`,
      { mode: 0o755 },
    );
    this.wrapper = file;
    return file;
  }

  /** The shared browser, opened on first use (or again after it died). */
  get(): Promise<HeadlessBrowser> {
    if (this.browser) return this.browser;
    const opening = (async () => {
      if (!fs.existsSync(this.settings.executable)) {
        throw new Error(`no browser at ${this.settings.executable} (apt-get install chromium, or set REMOTION_BROWSER_EXECUTABLE)`);
      }
      const { openBrowser } = await import("@remotion/renderer");
      const b = await openBrowser("chrome", {
        browserExecutable: this.executable(),
        chromiumOptions: this.settings.chromiumOptions,
        chromeMode: this.settings.chromeMode,
        logLevel: "error",
      });
      this.live = b;
      // A browser that dies (crash, OOM kill) is forgotten, so the next render opens a new one.
      b.once("closed", () => {
        if (this.live === b) this.discard();
      });
      return b;
    })();
    this.browser = opening;
    opening.catch(() => {
      if (this.browser === opening) this.browser = null;
    });
    return opening;
  }

  /** Forgets the current browser without waiting (after a crash). */
  discard(): void {
    const b = this.live;
    this.browser = null;
    this.live = null;
    if (b) void b.close({ silent: true }).catch(() => undefined);
  }

  private pidFile(): string {
    return path.join(this.root, "browser.pid");
  }

  /** The browser's process id while one is open (diagnostics, crash tests). */
  pid(): number | null {
    if (!this.live) return null;
    try {
      const pid = Number(fs.readFileSync(this.pidFile(), "utf8").trim());
      return Number.isInteger(pid) && pid > 0 ? pid : null;
    } catch {
      return null;
    }
  }

  /** False once the open browser's process is gone (killed, crashed). */
  alive(): boolean {
    const pid = this.pid();
    if (pid === null) return false;
    try {
      process.kill(pid, 0);
      return !isZombie(pid);
    } catch {
      return false;
    }
  }

  isOpen(): boolean {
    return this.live !== null;
  }

  async close(): Promise<void> {
    const pending = this.browser;
    this.browser = null;
    this.live = null;
    if (pending) {
      const b = await pending.catch(() => null);
      if (b) await b.close({ silent: true }).catch(() => undefined);
    }
    fs.rmSync(this.root, { recursive: true, force: true });
    this.wrapper = null;
  }
}
