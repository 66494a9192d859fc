/**
 * No cycles between folders (issue 19 item 2), part of `npm run lint`.
 * dependency-cruiser reads every import of app/, lib/, components/,
 * remotion/ and middleware.ts (type-only ones too, resolved through the
 * tsconfig `@/` alias); each module is folded into its folder (a feature
 * under a part, e.g. lib/creation/video or components/video; app/ and
 * remotion/ count as one folder each), and every strongly connected set of
 * more than one folder is reported with one import per arrow. Cycles between
 * the parts themselves are the boundaries rule's job (its arrows have none).
 * Test files and test kits (`*.test.*`, `testing/`) are left out, as in the
 * boundaries rule. For each cycle it lists the arrows to break: those
 * against the layer order, and those between folders of one part. Exit code
 * 1 when a cycle exists; `--json` prints the counts.
 */
import { cruise } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

const PART_FOLDERS = new Set([
  "platform",
  "access",
  "engine",
  "client",
  "media",
  "creation",
  "money",
  "studio",
  "operations",
]);
/** The layer order (README "Layout"): an arrow from a higher rank to a lower one follows the layers. */
const RANK = {
  platform: 0,
  engine: 1,
  access: 1,
  money: 2,
  media: 3,
  studio: 3,
  creation: 4,
  operations: 5,
  registry: 6,
  client: 6,
  components: 7,
  app: 8,
};
function rankOf(folder) {
  const [top, part] = folder.split("/");
  if (top === "lib") return RANK[part];
  if (top === "remotion") return RANK.engine;
  return RANK[top];
}
/** An arrow worth breaking: against the layers, or between two folders of one part (both outside the layers are unknown: shown). */
function suspect(key) {
  const [from, to] = key.split(" -> ");
  const a = rankOf(from);
  const b = rankOf(to);
  return a === undefined || b === undefined || a <= b;
}
const TEST = /(\.test\.tsx?$)|(\/testing\/)/;

/** The folder a module belongs to, or null when it is not ours. */
export function folderOf(modulePath) {
  const segs = modulePath.split("/");
  const stem = (s) => s.replace(/\.(tsx?|mjs|js|json)$/, "");
  if (segs[0] === "lib" && segs.length >= 2) {
    if (PART_FOLDERS.has(segs[1]) && segs.length >= 3) return `lib/${segs[1]}/${stem(segs[2])}`;
    return `lib/${stem(segs[1])}`;
  }
  if (segs[0] === "components" && segs.length >= 2) return `components/${stem(segs[1])}`;
  if (segs[0] === "app" || segs[0] === "remotion") return segs[0];
  if (modulePath === "middleware.ts") return "middleware";
  return null;
}

/** Tarjan's strongly connected components over the folder graph. */
export function cycles(edges) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!idx.has(v)) visit(v);
  return out;
}

async function main() {
  const tsConfig = await extractTSConfig("tsconfig.json");
  const result = await cruise(
    ["app", "lib", "components", "remotion", "middleware.ts"],
    {
      doNotFollow: { path: "node_modules" },
      exclude: { path: "(^|/)(node_modules|\\.next[^/]*|\\.data)/|\\.test\\.tsx?$|/testing/" },
      tsPreCompilationDeps: true,
      tsConfig: { fileName: "tsconfig.json" },
      skipAnalysisNotInRules: true,
    },
    { extensions: [".ts", ".tsx", ".mjs", ".js", ".json"] },
    { tsConfig },
  );
  const output = result.output;
  const edges = new Map();
  const example = new Map();
  for (const mod of output.modules) {
    if (TEST.test(mod.source)) continue;
    const from = folderOf(mod.source);
    if (!from) continue;
    for (const dep of mod.dependencies) {
      const to = folderOf(dep.resolved);
      if (!to || to === from || TEST.test(dep.resolved)) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
      const key = `${from} -> ${to}`;
      if (!example.has(key)) example.set(key, `${mod.source} imports ${dep.resolved}`);
    }
  }
  const found = cycles(edges);
  const arrowsInCycles = found.flatMap((scc) =>
    [...example.keys()].filter((k) => scc.includes(k.split(" -> ")[0]) && scc.includes(k.split(" -> ")[1])),
  );
  if (process.argv.includes("--json")) {
    const within = new Map(
      [...edges].map(([from, tos]) => [from, new Set([...tos].filter((to) => !(rankOf(from) < rankOf(to))))]),
    );
    console.log(
      JSON.stringify(
        {
          modules: output.modules.length,
          folders: edges.size,
          cycles: found.length,
          arrowsInCycles: arrowsInCycles.length,
          sccs: found,
          innerCycles: cycles(within),
        },
        null,
        1,
      ),
    );
  }
  if (!found.length) {
    console.log(`no cycles between folders (${output.modules.length} modules, ${edges.size} folders)`);
    return;
  }
  console.error(`${found.length} cycle(s) between folders: break one arrow in each (an example import per arrow):`);
  // What stays once the imports against the layers (the boundaries rule's errors) are fixed: cycles inside a part.
  const within = new Map(
    [...edges].map(([from, tos]) => [from, new Set([...tos].filter((to) => !(rankOf(from) < rankOf(to))))]),
  );
  const inner = cycles(within);
  if (inner.length) {
    console.error(`\nwithout the imports against the layers, ${inner.length} cycle(s) remain inside parts:`);
    for (const scc of inner) {
      console.error(`  ${scc.join(", ")}`);
      for (const [from, tos] of within)
        for (const to of tos)
          if (scc.includes(from) && scc.includes(to))
            console.error(`    ${from} -> ${to}: ${example.get(`${from} -> ${to}`)}`);
    }
  }
  console.error("\nall arrows of each cycle:");
  for (const scc of found) {
    const arrows = arrowsInCycles.filter((k) => scc.includes(k.split(" -> ")[0]));
    const shown = arrows.filter(suspect);
    console.error(`\n  ${scc.join(", ")}`);
    console.error(
      `  ${arrows.length} arrows; those against the layers or inside one part (${arrows.length - shown.length} down the layers not shown):`,
    );
    for (const key of shown) console.error(`    ${key}: ${example.get(key)}`);
  }
  process.exitCode = 1;
}

if (process.argv[1]?.endsWith("check-cycles.mjs")) {
  main().catch((err) => {
    console.error(err);
    process.exit(2);
  });
}
