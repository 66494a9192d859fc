/**
 * Web bench: Promptframe's production server beside a bare Next app
 * (bench/bare-next), built and served side by side in one run, so every figure
 * is a ratio against a baseline measured on the same machine at the same time.
 *
 *  - JavaScript a first visit downloads: compressed script bytes until the
 *    network is idle, in Debian's Chromium, per page, against the bare page.
 *  - Throughput (autocannon, 50 connections, rounds interleaved): the API's
 *    GET /api/v1/user-info/ with a session cookie against a bare route handler
 *    returning constant JSON; signed-in static screens and public viewers
 *    against a bare static page.
 *  - The floor Next's middleware sets: the same bare app plus a middleware
 *    that only calls NextResponse.next() (assembled under .data/, built like
 *    the bare app), its static page against the bare one. Every page request
 *    of Promptframe that middleware.ts matches pays that cost; what our own
 *    middleware adds on top is timed in-process (its function against the
 *    trivial one, same requests).
 *
 * Writes the table into README.md between the bench:web markers.
 * Run: `npx tsx bench/web.ts [--seconds 3] [--rounds 5] [--no-readme]`.
 * Needs nothing running: it starts the Auth emulator when none answers and
 * builds either app only when its sources changed.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { chromium, type BrowserContext } from "playwright-core";
import { isBuildFresh, writeBuildStamp } from "../scripts/build-stamp";

const ROOT = path.resolve(__dirname, "..");
const BARE_DIR = path.join(__dirname, "bare-next");
const APP_DIST = ".next-bench";
const EMULATOR = process.env.BENCH_EMULATOR_HOST ?? "127.0.0.1:9199";
const PROJECT = "demo-promptframe";
const BARE_MW_DIR = path.join(ROOT, ".data/bench-bare-next-middleware");
const BARE_PORT = 3211;
const APP_PORT = 3212;
const BARE_MW_PORT = 3213;

/** The whole middleware of the floor app: run on every request, change nothing. */
const TRIVIAL_MIDDLEWARE = `import { NextResponse } from "next/server";

export function middleware() {
  return NextResponse.next();
}
`;

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
// Short rounds, many of them: on a shared machine a burst of someone else's
// work then spoils a round or two, and the median ratio leaves those out.
const SECONDS = flag("seconds", 3);
const ROUNDS = flag("rounds", 5);
const WRITE_README = !args.includes("--no-readme");

const appEnv: NodeJS.ProcessEnv = {
  ...process.env,
  FIREBASE_AUTH_EMULATOR_HOST: EMULATOR,
  NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: EMULATOR,
  FIREBASE_PROJECT_ID: PROJECT,
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: PROJECT,
  COMPANY_EMAIL_DOMAINS: "promptframe.ai",
  IMAGE_GEN_HOSTS: "images.localhost",
  NEXT_DIST_DIR: APP_DIST,
  NEXT_TELEMETRY_DISABLED: "1",
  // tsc is the test command's job; the bench only needs the bundles.
  NEXT_SKIP_TYPECHECK: "1",
  DATA_DIR: path.join(ROOT, ".data/bench-web"),
  // The bench measures serving, not the image worker's polling.
  IN_APP_WORKER: "0",
};

const children: ChildProcess[] = [];
function cleanup() {
  for (const c of children)
    if (c.pid)
      try {
        process.kill(-c.pid, "SIGTERM");
      } catch {
        /* already gone */
      }
}
process.on("exit", cleanup);
process.on("SIGINT", () => process.exit(130));

const nextBin = path.join(ROOT, "node_modules/next/dist/bin/next");

function run(cmd: string, argv: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const r = spawnSync(cmd, argv, { stdio: "inherit", cwd: opts.cwd ?? ROOT, env: opts.env ?? process.env });
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(" ")} failed (${r.status})`);
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === ".next" || e.name === "node_modules") continue;
    const full = path.join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildBare(dir = BARE_DIR, label = "the bare baseline app") {
  const id = path.join(dir, ".next/BUILD_ID");
  if (existsSync(id) && statSync(id).mtimeMs > newestMtime(dir)) return;
  console.log(`building ${label}…`);
  run(process.execPath, [nextBin, "build", "--webpack", dir], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
}

/** Writes `text` only when it differs, so an unchanged file keeps its mtime (and the build stays fresh). */
function writeIfChanged(file: string, text: string | Buffer) {
  if (existsSync(file) && readFileSync(file).equals(Buffer.from(text))) return;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** The bare app plus the trivial middleware, assembled from bench/bare-next so the two never drift apart. */
function buildBareWithMiddleware() {
  const copy = (from: string, to: string) => {
    for (const e of readdirSync(from, { withFileTypes: true })) {
      if (e.name === ".next" || e.name === "README.md") continue;
      const src = path.join(from, e.name);
      const dst = path.join(to, e.name);
      if (e.isDirectory()) copy(src, dst);
      else writeIfChanged(dst, readFileSync(src));
    }
  };
  copy(BARE_DIR, BARE_MW_DIR);
  writeIfChanged(path.join(BARE_MW_DIR, "middleware.js"), TRIVIAL_MIDDLEWARE);
  buildBare(BARE_MW_DIR, "the bare app with a trivial middleware");
}

function buildApp() {
  if (isBuildFresh(APP_DIST, appEnv)) return;
  console.log("building Promptframe for the bench (only when the sources changed)…");
  run(process.execPath, [nextBin, "build", "--webpack"], { env: appEnv });
  writeBuildStamp(APP_DIST, appEnv);
}

async function waitFor(url: string, seconds: number): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

function start(argv: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, argv, { cwd: ROOT, env, stdio: "ignore", detached: true });
  children.push(child);
  return child;
}

async function ensureEmulator() {
  try {
    await fetch(`http://${EMULATOR}/`);
    return;
  } catch {
    console.log(`starting the Auth emulator on ${EMULATOR}…`);
  }
  const firebase = path.join(ROOT, "node_modules/firebase-tools/lib/bin/firebase.js");
  start(
    [firebase, "emulators:start", "--only", "auth", "--project", PROJECT, "--config", "firebase.test.json"],
    process.env,
  );
  await waitFor(`http://${EMULATOR}/`, 90);
}

/** Signs up a throwaway account and opens a session the way the browser does. */
async function sessionCookie(appUrl: string): Promise<string> {
  const email = `bench-${Date.now()}@example.com`;
  const signUp = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "bench-password-1", returnSecureToken: true }),
  });
  const { idToken } = (await signUp.json()) as { idToken: string };
  const login = await fetch(`${appUrl}/api/v1/users/login/`, {
    method: "POST",
    headers: { authorization: `Bearer ${idToken}` },
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Compressed bytes of every script the page loads until the network is idle. */
async function scriptBytes(context: BrowserContext, url: string): Promise<{ bytes: number; scripts: number }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const scriptIds = new Set<string>();
  let bytes = 0;
  let scripts = 0;
  cdp.on("Network.responseReceived", (e) => {
    if (e.type === "Script") scriptIds.add(e.requestId);
  });
  cdp.on("Network.loadingFinished", (e) => {
    if (scriptIds.has(e.requestId)) {
      bytes += e.encodedDataLength;
      scripts++;
    }
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await page.waitForTimeout(300);
  await page.close();
  return { bytes, scripts };
}

interface Load {
  rps: number;
  errors: number;
  non2xx: number;
  statuses: Set<number>;
}

async function load(url: string, cookie: string | null, seconds = SECONDS): Promise<Load> {
  const statuses = new Set<number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: 50, duration: seconds, headers: cookie ? { cookie } : {} },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on("response", (_client, status) => statuses.add(status));
  });
  return { rps: result.requests.average, errors: result.errors + result.timeouts, non2xx: result.non2xx, statuses };
}

interface Target {
  url: string;
  cookie: string | null;
}

interface Measured {
  /** req/s of each round, in order. */
  rounds: number[];
  rps: number;
  errors: number;
  statuses: string;
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Interleaved rounds over every target (a, b, c, a, b, c…) so drift hits them alike; median req/s each. */
async function measure(targets: Target[]): Promise<Measured[]> {
  for (const t of targets) await load(t.url, t.cookie, 1);
  const runs: Load[][] = targets.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    for (const [i, t] of targets.entries()) runs[i]!.push(await load(t.url, t.cookie));
  }
  return runs.map((xs) => ({
    rounds: xs.map((x) => x.rps),
    rps: median(xs.map((x) => x.rps)),
    errors: xs.reduce((s, x) => s + x.errors, 0),
    statuses: [...new Set(xs.flatMap((x) => [...x.statuses]))].sort().join("/"),
  }));
}

/** The median over rounds of app/baseline, each round's pair measured back to back. */
const ratioOf = (app: Measured, base: Measured) => median(app.rounds.map((rps, r) => rps / base.rounds[r]!));

/**
 * Our middleware's own work per request beyond a trivial one: both functions
 * called in this process on the same signed-in request (its cookie verified
 * once, then found in the token cache, as on the server), after a warm-up.
 * The edge sandbox's per-request cost, the same for both, is not in it.
 */
async function middlewareOwnCost(cookie: string, appUrl: string): Promise<{ oursUs: number; trivialUs: number }> {
  // middleware.ts reads its configuration when it is loaded; the servers above already have theirs.
  const saved = { ...process.env };
  Object.assign(process.env, appEnv);
  const { middleware } = await import("../middleware");
  const { NextRequest, NextResponse } = await import("next/server");
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
  const request = () => new NextRequest(`${appUrl}/create`, { headers: { cookie, host: new URL(appUrl).host } });
  const first = await middleware(request());
  if (first.headers.get("x-middleware-next") !== "1")
    throw new Error(`the middleware did not let /create through (${first.status})`);
  const trivial = async (_r: InstanceType<typeof NextRequest>) => NextResponse.next();
  const time = async (fn: (r: InstanceType<typeof NextRequest>) => Promise<unknown>) => {
    const n = 20_000;
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) await fn(request());
    return Number(process.hrtime.bigint() - t0) / 1000 / n;
  };
  await time(middleware);
  await time(trivial);
  const ours: number[] = [];
  const plain: number[] = [];
  for (let r = 0; r < 3; r++) {
    ours.push(await time(middleware));
    plain.push(await time(trivial));
  }
  return { oursUs: median(ours), trivialUs: median(plain) };
}

const kb = (b: number) => `${(b / 1024).toFixed(0)} KB`;

async function main() {
  await ensureEmulator();
  buildBare();
  buildBareWithMiddleware();
  buildApp();
  start([nextBin, "start", BARE_DIR, "-p", String(BARE_PORT)], { ...process.env, NODE_ENV: "production" });
  start([nextBin, "start", BARE_MW_DIR, "-p", String(BARE_MW_PORT)], { ...process.env, NODE_ENV: "production" });
  start([nextBin, "start", "-p", String(APP_PORT), "-H", "localhost"], { ...appEnv, NODE_ENV: "production" });
  const bareUrl = `http://localhost:${BARE_PORT}`;
  const bareMwUrl = `http://localhost:${BARE_MW_PORT}`;
  const appUrl = `http://localhost:${APP_PORT}`;
  await waitFor(`${bareUrl}/`, 60);
  await waitFor(`${bareMwUrl}/`, 60);
  await waitFor(`${appUrl}/api/v1/health`, 60);
  const cookie = await sessionCookie(appUrl);

  // --- JavaScript a first visit downloads
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const visitor = await browser.newContext();
  const signedIn = await browser.newContext();
  await signedIn.addCookies(
    cookie.split("; ").map((kv) => {
      const [name, ...v] = kv.split("=");
      return { name: name!, value: v.join("="), url: appUrl };
    }),
  );
  const bareJs = await scriptBytes(visitor, `${bareUrl}/`);
  const pages: { label: string; path: string; signedIn: boolean; goal: number | null }[] = [
    { label: "public viewer /content/{id}", path: "/content/bench-missing", signedIn: false, goal: 1.2 },
    { label: "public viewer /v0/videos/{id}", path: "/v0/videos/bench-missing", signedIn: false, goal: 1.2 },
    { label: "public viewer /v1/videos/{id}", path: "/v1/videos/bench-missing", signedIn: false, goal: 1.2 },
    { label: "public viewer /pages/{id}", path: "/pages/bench-missing", signedIn: false, goal: 1.2 },
    { label: "/login", path: "/login", signedIn: false, goal: 1.6 },
    { label: "/email-login", path: "/email-login", signedIn: false, goal: 1.6 },
    { label: "signed-in /create", path: "/create", signedIn: true, goal: null },
    { label: "signed-in /image-gen", path: "/image-gen", signedIn: true, goal: null },
  ];
  const jsRows: string[][] = [];
  for (const p of pages) {
    const r = await scriptBytes(p.signedIn ? signedIn : visitor, `${appUrl}${p.path}`);
    const ratio = r.bytes / bareJs.bytes;
    jsRows.push([
      p.label,
      kb(r.bytes),
      `${ratio.toFixed(2)}x`,
      p.goal ? `≤ ${p.goal}x ${ratio <= p.goal ? "✓" : "✗"}` : "(reported)",
    ]);
  }
  await browser.close();

  // --- Throughput
  const [bareApi, appApi] = await measure([
    { url: `${bareUrl}/api/bare`, cookie: null },
    { url: `${appUrl}/api/v1/user-info/`, cookie },
  ]);
  const [barePage, floorPage, signedInPage, publicPage] = await measure([
    { url: `${bareUrl}/static`, cookie: null },
    { url: `${bareMwUrl}/static`, cookie: null },
    { url: `${appUrl}/create`, cookie },
    { url: `${appUrl}/content/bench-missing`, cookie: null },
  ]);
  const own = await middlewareOwnCost(cookie, appUrl);
  // Bytes each answer carries (autocannon asks for no compression): a bigger page is slower to serve.
  const htmlBytes = async (url: string, c: string | null) =>
    (await (await fetch(url, { headers: c ? { cookie: c } : {} })).arrayBuffer()).byteLength;
  const createHtml = await htmlBytes(`${appUrl}/create`, cookie);
  const floorHtml = await htmlBytes(`${bareMwUrl}/static`, null);

  const tpRows: [string, Measured, Measured, number | null][] = [
    ["GET /api/v1/user-info/ (session cookie) vs a bare handler", appApi!, bareApi!, 0.7],
    ["signed-in static screen /create vs a bare static page", signedInPage!, barePage!, 0.6],
    ["public viewer /content/{missing id} (no middleware) vs a bare static page", publicPage!, barePage!, 0.5],
    ["floor: bare app + trivial edge middleware, static page vs the bare static page", floorPage!, barePage!, null],
    ["signed-in static screen /create vs the floor (bare app + trivial middleware)", signedInPage!, floorPage!, null],
  ];
  const extraUs = own.oursUs - own.trivialUs;
  const extraShare = (extraUs * signedInPage!.rps) / 1e6;

  const date = new Date().toISOString().slice(0, 10);
  const lines = [
    `Measured by \`npm run bench\` (\`bench/web.ts\`) on ${date}, Node ${process.version}, against a bare Next ${nextVersion()} app`,
    `(\`bench/bare-next\`) built and served in the same run; Debian Chromium; autocannon with 50 connections,`,
    `${ROUNDS} interleaved rounds of ${SECONDS} s; req/s are medians over rounds, each ratio the median of the rounds' ratios.`,
    "",
    `| JavaScript a first visit downloads (compressed) | bytes | vs bare page (${kb(bareJs.bytes)}) | goal |`,
    "|---|---|---|---|",
    ...jsRows.map((r) => `| ${r.join(" | ")} |`),
    "",
    "| throughput | measured req/s | baseline req/s | ratio | goal | errors | statuses |",
    "|---|---|---|---|---|---|---|",
    ...tpRows.map(
      ([label, app, base, goal]) =>
        `| ${label} | ${app.rps.toFixed(0)} | ${base.rps.toFixed(0)} | ${ratioOf(app, base).toFixed(2)}x | ${
          goal === null ? "(reported)" : `≥ ${goal}x ${ratioOf(app, base) >= goal ? "✓" : "✗"}`
        } | ${app.errors} | ${app.statuses} |`,
    ),
    "",
    `Our middleware's own work, in-process on a signed-in request to /create (cookie found in the verified-token cache,`,
    `access decision, NextResponse.next()): ${own.oursUs.toFixed(1)} µs per call against ${own.trivialUs.toFixed(1)} µs for the trivial`,
    `middleware, so ${extraUs.toFixed(1)} µs more, about ${(extraShare * 100).toFixed(1)}% of a request at the measured ${signedInPage!.rps.toFixed(0)} req/s.`,
    `The page itself is larger: /create answers ${kb(createHtml)} of HTML, the floor's static page ${kb(floorHtml)} (uncompressed, as measured).`,
  ];
  const table = lines.join("\n");
  console.log(`\n${table}\n`);
  if (WRITE_README) writeReadme(table);
}

function nextVersion(): string {
  return (JSON.parse(readFileSync(path.join(ROOT, "node_modules/next/package.json"), "utf8")) as { version: string })
    .version;
}

function writeReadme(table: string) {
  const readme = path.join(ROOT, "README.md");
  const text = readFileSync(readme, "utf8");
  const start = "<!-- bench:web:start -->";
  const end = "<!-- bench:web:end -->";
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i < 0 || j < i) {
    console.log("README.md has no bench:web markers; table printed above only.");
    return;
  }
  writeFileSync(readme, `${text.slice(0, i + start.length)}\n${table}\n${text.slice(j)}`);
  console.log("README.md performance section updated.");
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
