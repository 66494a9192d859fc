/**
 * The one scripted move of issue 19: today's 38 sibling folders under lib/
 * go into the parts of the architecture (platform, access, engine, client,
 * media, creation, money, studio, operations), and each feature takes one
 * name across lib/ and components/. Run on main after the other branches
 * merge: `npx tsx scripts/relayout.ts` (`--dry-run` prints the plan only).
 *
 * Re-runnable and idempotent: the mapping below is data; an entry whose
 * source no longer exists is skipped, so a second run changes nothing.
 * Three passes, in this order:
 *   1. relative paths that the move would break are rewritten: import-like
 *      specifiers (`from "../x"`, `import("./x")`, `jest.mock("../x")`) to
 *      the `@/` alias (tsconfig paths: Next, Jest, tsx, Playwright, and the
 *      Remotion bundle's webpack alias all resolve it); file paths that
 *      cannot take an alias (`new URL("./x.worker.ts", import.meta.url)`,
 *      `path.join(__dirname, "../x")`) to their new relative path. Relative
 *      paths between files that move together are left alone.
 *   2. `git mv` of each file and folder (history follows).
 *   3. every mention of an old path in a tracked text file (imports with
 *      `@/`, `./lib/…` in root configs, eslint globs, scripts, README and
 *      docs, comments) becomes the new path: longest old path first, whole
 *      path segments only (`lib/env` never matches `lib/env-client`, and
 *      `x/lib/prod` is not `lib/prod`).
 * Top-level lib/ and components/ folders the mapping does not place are
 * listed at the end: the run fails on one under lib/ (new code from a merged
 * branch needs a line here), so nothing stays behind silently.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * Old path → new path, repo-relative, no trailing slash. A folder moves with
 * everything under it; a file entry is a path without extension and moves
 * every tracked file named `<stem>.*` (so `lib/env` takes `lib/env.ts` and a
 * `lib/env.test.ts`). A file entry inside a moved folder wins over the folder.
 */
export const MOVES: ReadonlyArray<readonly [string, string]> = [
  // Platform: drivers and plumbing; never imports a domain.
  ["lib/db", "lib/platform/db"],
  ["lib/storage", "lib/platform/storage"],
  ["lib/ai", "lib/platform/ai"],
  ["lib/api", "lib/platform/api"],
  ["lib/jobs", "lib/platform/jobs"],
  ["lib/http", "lib/platform/http"],
  ["lib/webhooks", "lib/platform/webhooks"],
  ["lib/update-log", "lib/platform/update-log"],
  ["lib/rate-limit", "lib/platform/rate-limit"],
  ["lib/off-thread", "lib/platform/off-thread"],
  ["lib/security", "lib/platform/security"],
  ["lib/env", "lib/platform/env"],
  ["lib/env-client", "lib/platform/env-client"],
  ["lib/constants", "lib/platform/constants"],
  ["lib/utils", "lib/platform/utils"],
  // The versioned prompts production code reads (issue 19 item 2). If a
  // merged branch already moved the store to its own folder, the line for
  // that folder places it and this file line is skipped.
  ["lib/prompts/store", "lib/platform/prompts/store"],
  ["lib/prompts-store", "lib/platform/prompts"],
  ["lib/prompt-store", "lib/platform/prompts"],
  ["lib/versioned-prompts", "lib/platform/prompts"],
  // Access: who may enter.
  ["lib/auth", "lib/access/auth"],
  ["lib/users", "lib/access/users"],
  ["lib/routes", "lib/access/routes"],
  // Engine: compositions, render drivers, audio (remotion/ stays at the top: its own bundle root).
  ["lib/composition", "lib/engine/composition"],
  ["lib/render", "lib/engine/render"],
  ["lib/audio", "lib/engine/audio"],
  // Client: the browser side. Hooks take their feature's name (file names only; exports keep theirs).
  ["lib/hooks/use-ops-data", "lib/client/hooks/use-data-dashboard"],
  ["lib/hooks/use-prod", "lib/client/hooks/use-production"],
  ["lib/hooks/use-prompts", "lib/client/hooks/use-prompt-testing"],
  ["lib/hooks", "lib/client/hooks"],
  ["lib/swr", "lib/client/swr"],
  ["lib/lazy", "lib/client/lazy"],
  ["lib/observability", "lib/client/observability"],
  ["lib/api-client", "lib/client/api"],
  // Media.
  ["lib/images", "lib/media/images"],
  ["lib/likes", "lib/media/likes"],
  ["lib/vibes", "lib/media/vibes"],
  ["lib/inspirations", "lib/media/inspirations"],
  ["lib/assets", "lib/media/assets"],
  // Creation.
  ["lib/video", "lib/creation/video"],
  ["lib/designs", "lib/creation/designs"],
  ["lib/links", "lib/creation/links"],
  ["lib/products", "lib/creation/products"],
  ["lib/batches", "lib/creation/batches"],
  ["lib/pages", "lib/creation/pages"],
  ["lib/workspace", "lib/creation/workspace"],
  ["lib/brand", "lib/creation/brand"],
  ["lib/account", "lib/creation/account"],
  ["lib/content", "lib/creation/content"],
  ["lib/public-views", "lib/creation/public-views"],
  // Money.
  ["lib/billing", "lib/money/billing"],
  ["lib/credits", "lib/money/credits"],
  // Studio (lib/studio/{layouts,templates,layout-gen}) is already in place.
  // Operations: the staff tools, one name per feature.
  ["lib/prod", "lib/operations/production"],
  ["lib/data-dashboard", "lib/operations/data-dashboard"],
  ["lib/chat", "lib/operations/chat"],
  ["lib/prompts", "lib/operations/prompt-testing"],
  ["lib/fc-report", "lib/operations/fc-report"],
  // UI folders take their feature's name.
  ["components/ops-data", "components/data-dashboard"],
  ["components/prod", "components/production"],
  ["components/prompts", "components/prompt-testing"],
  ["components/image-gen", "components/images"],
];

/** Top-level folders that are already where the layout wants them. */
const IN_PLACE = new Set([
  // The registry of every domain's collections (h19-layers): the composition root entry points import, above the domains.
  "lib/registry",
  "lib/platform",
  "lib/access",
  "lib/engine",
  "lib/client",
  "lib/media",
  "lib/creation",
  "lib/money",
  "lib/studio",
  "lib/operations",
]);

/** Where relative paths are checked (pass 1). Root config files keep `./lib/…` paths, which pass 3 rewrites. */
const CODE_ROOTS = [
  "app/",
  "lib/",
  "components/",
  "remotion/",
  "tests/",
  "scripts/",
  "bench/",
  "middleware.ts",
  "instrumentation.ts",
  "instrumentation-client.ts",
];
const CODE_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
const TEXT_FILE =
  /(\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|json|md|sh|css|yml|yaml|txt|html|example)$)|(^|\/)(\.gitignore|\.ci\/run)$/;
/** Never rewritten: this script holds the old paths as data; the lock file holds none. */
const SKIP = new Set(["scripts/relayout.ts", "package-lock.json"]);
const EXTENSIONS = [".ts", ".tsx", ".mts", ".js", ".mjs", ".json", "/index.ts", "/index.tsx"];

const root = process.cwd();
const dryRun = process.argv.includes("--dry-run");

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: root, encoding: "utf8", maxBuffer: 1 << 28 });
}

function trackedFiles(): string[] {
  return git("ls-files", "-z")
    .split("\0")
    .filter((f) => f && fs.existsSync(path.join(root, f)));
}

interface Move {
  from: string;
  to: string;
  kind: "folder" | "file";
  /** For a file entry: the tracked files it takes. */
  files: string[];
}

/** The mapping entries whose source exists, longest source first. */
function activeMoves(files: string[]): Move[] {
  const moves: Move[] = [];
  for (const [from, to] of MOVES) {
    const abs = path.join(root, from);
    if (fs.existsSync(abs) && fs.statSync(abs).isDirectory()) {
      if (files.some((f) => f.startsWith(from + "/"))) moves.push({ from, to, kind: "folder", files: [] });
      continue;
    }
    const stemFiles = files.filter((f) => f.startsWith(from + ".") && !f.slice(from.length + 1).includes("/"));
    if (stemFiles.length) moves.push({ from, to, kind: "file", files: stemFiles });
  }
  return moves.sort((a, b) => b.from.length - a.from.length);
}

/** Where a repo-relative path (file, folder or extensionless module path) lands after the move. */
function newPathOf(p: string, moves: Move[]): string {
  for (const m of moves) {
    if (m.kind === "folder" && (p === m.from || p.startsWith(m.from + "/"))) return m.to + p.slice(m.from.length);
    if (
      m.kind === "file" &&
      (p === m.from || (p.startsWith(m.from + ".") && !p.slice(m.from.length + 1).includes("/")))
    ) {
      return m.to + p.slice(m.from.length);
    }
  }
  return p;
}

function toPosix(p: string): string {
  return p.split(path.sep).join("/");
}

function relativeSpecifier(fromFile: string, target: string): string {
  const rel = toPosix(path.posix.relative(path.posix.dirname(fromFile), target));
  return rel.startsWith(".") ? rel : "./" + rel;
}

/** Does a module path resolve to something tracked (so we know it is ours)? */
function resolvesInRepo(target: string, tracked: Set<string>): boolean {
  if (tracked.has(target)) return true;
  if (EXTENSIONS.some((ext) => tracked.has(target + ext))) return true;
  const prefix = target + "/";
  for (const f of tracked) if (f.startsWith(prefix)) return true;
  return false;
}

// Import-like specifiers: `from "x"`, `import "x"`, `import("x")`, `require("x")`, `jest.mock("x")` and the rest of jest.*.
const IMPORT_RE = /(\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*|\bjest\.\w+\(\s*)(["'])(\.{1,2}\/[^"'\n]*)\2/g;
// File paths that cannot take an alias: worker URLs and __dirname joins.
const URL_RE = /(\bnew\s+URL\(\s*)(["'])(\.{1,2}\/[^"'\n]*)\2(\s*,\s*import\.meta\.url)/g;
const DIRNAME_RE = /(\b(?:path\.)?(?:join|resolve)\(\s*__dirname\s*,\s*)(["'])(\.{1,2}\/[^"'\n]*|\.\.)\2/g;

/** Pass 1: relative paths that the move would break. Returns the files changed. */
function rewriteRelative(files: string[], moves: Move[]): string[] {
  const tracked = new Set(files);
  const changed: string[] = [];
  for (const file of files) {
    if (SKIP.has(file) || !CODE_FILE.test(file) || !CODE_ROOTS.some((r) => file === r || file.startsWith(r))) continue;
    const text = fs.readFileSync(path.join(root, file), "utf8");
    const newFile = newPathOf(file, moves);
    const dir = path.posix.dirname(file);
    const broken = (spec: string): { target: string; newTarget: string } | null => {
      const target = path.posix.normalize(path.posix.join(dir, spec));
      if (target.startsWith("..")) return null;
      const newTarget = newPathOf(target, moves);
      const stillSame = path.posix.normalize(path.posix.join(path.posix.dirname(newFile), spec)) === newTarget;
      return stillSame ? null : { target, newTarget };
    };
    let out = text.replace(IMPORT_RE, (all, head: string, q: string, spec: string) => {
      const b = broken(spec);
      if (!b || !resolvesInRepo(b.target, tracked)) return all;
      return `${head}${q}@/${b.target}${q}`; // the old path: pass 3 maps it
    });
    out = out.replace(URL_RE, (all, head: string, q: string, spec: string, tail: string) => {
      const b = broken(spec);
      return b ? `${head}${q}${relativeSpecifier(newFile, b.newTarget)}${q}${tail}` : all;
    });
    out = out.replace(DIRNAME_RE, (all, head: string, q: string, spec: string) => {
      const b = broken(spec);
      return b ? `${head}${q}${relativeSpecifier(newFile, b.newTarget)}${q}` : all;
    });
    if (out !== text) {
      changed.push(file);
      if (!dryRun) fs.writeFileSync(path.join(root, file), out);
    }
  }
  return changed;
}

/** Pass 2: git mv. */
function gitMoves(moves: Move[], files: string[]): void {
  // Files entries first (they sit inside folders that move next).
  for (const m of [...moves].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "file" ? -1 : 1))) {
    const pairs: Array<[string, string]> =
      m.kind === "file"
        ? m.files.map((f) => [f, m.to + f.slice(m.from.length)])
        : fs.existsSync(path.join(root, m.to))
          ? files.filter((f) => f.startsWith(m.from + "/")).map((f) => [f, m.to + f.slice(m.from.length)]) // merge into an existing folder
          : [[m.from, m.to]];
    for (const [from, to] of pairs) {
      if (!fs.existsSync(path.join(root, from))) continue;
      if (fs.existsSync(path.join(root, to)) && m.kind === "file")
        throw new Error(`${to} exists: cannot move ${from} there`);
      console.log(`git mv ${from} ${to}`);
      if (dryRun) continue;
      fs.mkdirSync(path.dirname(path.join(root, to)), { recursive: true });
      git("mv", from, to);
    }
    // A folder emptied file by file leaves untracked leftovers (or nothing): remove it only when empty.
    if (!dryRun && m.kind === "folder" && fs.existsSync(path.join(root, m.from))) {
      try {
        fs.rmdirSync(path.join(root, m.from));
      } catch {
        console.warn(`note: ${m.from} still holds untracked files`);
      }
    }
  }
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Pass 3: every mention of an old path in a tracked text file. Returns the files changed. */
function rewriteMentions(files: string[], moves: Move[]): string[] {
  if (!moves.length) return [];
  const byFrom = new Map(moves.map((m) => [m.from, m]));
  // Longest first inside the alternation, so lib/prompts/store wins over lib/prompts.
  const alternation = moves.map((m) => escapeRe(m.from)).join("|");
  // Start of a path: not inside another path or word (`x/lib/prod`, `mylib/prod`), but `@/`, `./` and `<rootDir>/` are fine.
  // End: a whole segment (`lib/env` is not `lib/env-client`); a file entry is followed by its extension, a folder entry by `/` or not a name char.
  const re = new RegExp(`(?<![\\w.\\-/@>])((?:@/|\\./|<rootDir>/)?)(${alternation})(?![\\w-])`, "g");
  const changed: string[] = [];
  for (const file of files) {
    if (SKIP.has(file) || !TEXT_FILE.test(file)) continue;
    const abs = path.join(root, file);
    const text = fs.readFileSync(abs, "utf8");
    const out = text.replace(re, (all, prefix: string, from: string, offset: number) => {
      const m = byFrom.get(from)!;
      const next = text[offset + all.length];
      if (m.kind === "file" && next === "/") return all; // a folder of that name is not this file
      return prefix + m.to;
    });
    if (out !== text) {
      changed.push(file);
      if (!dryRun) fs.writeFileSync(abs, out);
    }
  }
  return changed;
}

/** Top-level folders under lib/ and components/ that the layout does not place. */
function unplaced(files: string[]): { lib: string[]; components: string[] } {
  const tops = (base: string) => [
    ...new Set(
      files
        .filter((f) => f.startsWith(base + "/") && f.split("/").length > 2)
        .map((f) => f.split("/").slice(0, 2).join("/")),
    ),
  ];
  const lib = tops("lib").filter((d) => !IN_PLACE.has(d));
  const components = tops("components").filter((d) => !MOVES.some(([, to]) => to === d));
  return { lib, components };
}

function main(): void {
  const before = trackedFiles();
  const moves = activeMoves(before);
  console.log(moves.length ? `${moves.length} moves:` : "nothing to move");
  for (const m of moves) console.log(`  ${m.from} -> ${m.to}`);
  const relChanged = rewriteRelative(before, moves);
  console.log(`pass 1: ${relChanged.length} files had relative paths the move would break`);
  gitMoves(moves, before);
  const after = dryRun ? before : trackedFiles();
  const mentionChanged = rewriteMentions(after, moves);
  console.log(`pass 3: ${mentionChanged.length} files mention moved paths`);
  if (!dryRun && (relChanged.length || mentionChanged.length))
    git("add", "-A", "--", ...new Set([...relChanged.map((f) => newPathOf(f, moves)), ...mentionChanged]));
  const left = unplaced(before.map((f) => newPathOf(f, moves)));
  if (left.components.length)
    console.log(
      `components/ folders kept by name (same name as their feature, or shared UI): ${left.components.join(", ")}`,
    );
  if (left.lib.length) {
    console.error(
      `lib/ folders with no place in the layout: ${left.lib.join(", ")}. Add them to MOVES in scripts/relayout.ts and run again.`,
    );
    process.exitCode = 1;
  }
}

main();
