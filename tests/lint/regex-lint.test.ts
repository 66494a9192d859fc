/**
 * The lint that keeps super-linear regular expressions out (eslint.config.mjs),
 * run through ESLint's Node API on snippets placed where they would live: it
 * fails on a reintroduced bad regex, everywhere for backtracking and in code
 * that reads untrusted text for quadratic search, and passes the fixed parsers.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

type Message = { ruleId: string | null; line: number; message: string };

function lint(snippets: { code: string; filePath: string }[]): Message[][] {
  const out = execFileSync(process.execPath, ["tests/support/lint-snippets.mjs"], {
    input: JSON.stringify(snippets),
    encoding: "utf8",
    timeout: 120_000,
  });
  return JSON.parse(out) as Message[][];
}

jest.setTimeout(150_000);
const rules = (messages: Message[]) => messages.map((m) => m.ruleId);

// Every snippet goes through one ESLint process (its start, loading the config and plugins, is most of the cost).
const PLUGIN_SNIPPETS = [
  // Nested quantifiers over the same characters: exponential on "a a a a … !".
  { code: "export const words = (s: string) => /^(\\w+\\s?)*$/.test(s);\n", filePath: "components/example/words.tsx" },
  // Two adjacent loops that trade spaces: polynomial.
  {
    code: "export const pair = (s: string) => /^\\s*[a-z]*\\s*=\\s*\\s*\\d+$/.test(s);\n",
    filePath: "lib/engine/composition/example.ts",
  },
  // An unanchored trailing-space trim restarts at every space: quadratic on untrusted text.
  { code: 'export const trim = (s: string) => s.replace(/\\s+$/, "");\n', filePath: "lib/creation/links/example.ts" },
  {
    code: 'export const trim = (s: string) => s.replace(/\\s+$/, "");\n',
    filePath: "lib/engine/composition/example.ts",
  },
  { code: readFileSync("lib/media/assets/inspect.ts", "utf8"), filePath: "lib/media/assets/inspect.ts" },
  { code: readFileSync("lib/creation/links/extract-html.ts", "utf8"), filePath: "lib/creation/links/extract-html.ts" },
  { code: readFileSync("lib/creation/batches/csv.ts", "utf8"), filePath: "lib/creation/batches/csv.ts" },
];
const RECHECK_SNIPPETS = [
  // looksLikeSvg before the fix: exponential on "<!---->" x n + "x" (30 comments froze the server for 87 s).
  {
    code: "export const svg = (t: string) => /^\\s*(<\\?xml[^>]*>\\s*)?(<!--[\\s\\S]*?-->\\s*)*(<!DOCTYPE[^>]*>\\s*)?(<!--[\\s\\S]*?-->\\s*)*<svg[\\s>]/i.test(t);\n",
    filePath: "lib/media/assets/example.ts",
  },
  // The text price before the fix: quadratic over a page of digit groups.
  {
    code: "export const price = (t: string) => /([$€£])\\s?(\\d{1,6}(?:[.,]\\d{3})*[.,]\\d{2})|(\\d{1,6}(?:[.,]\\d{3})*[.,]\\d{2})\\s?(€|EUR|USD|GBP|\\$|£)/.exec(t);\n",
    filePath: "lib/creation/links/example.ts",
  },
];
let results: Message[][] = [];
beforeAll(() => {
  results = lint([...PLUGIN_SNIPPETS, ...RECHECK_SNIPPETS]);
  expect(results).toHaveLength(PLUGIN_SNIPPETS.length + RECHECK_SNIPPETS.length);
});

it("fails on reintroduced bad regexes and passes the fixed parsers", () => {
  const [exponential, polynomial, quadraticSearch, sameOutsideUntrusted, inspect, extractHtml, csv] = results.slice(
    0,
    PLUGIN_SNIPPETS.length,
  );
  expect(rules(exponential!)).toContain("regexp/no-super-linear-backtracking");
  expect(exponential!.find((m) => m.ruleId === "regexp/no-super-linear-backtracking")!.message).toMatch(/exponential/);
  expect(rules(polynomial!)).toContain("regexp/no-super-linear-backtracking");
  expect(rules(quadraticSearch!)).toContain("regexp/no-super-linear-move");
  // Quadratic search is allowed where no untrusted text is read (trusted, short strings).
  expect(sameOutsideUntrusted).toEqual([]);
  expect(inspect).toEqual([]);
  expect(extractHtml).toEqual([]);
  expect(csv).toEqual([]);
});

it("catches, in code that reads untrusted text, the two regexes the issue measured (recheck), which the regexp plugin alone let through", () => {
  const [svg, price] = results.slice(PLUGIN_SNIPPETS.length);
  expect(rules(svg!)).toContain("redos/no-vulnerable");
  expect(svg!.find((m) => m.ruleId === "redos/no-vulnerable")!.message).toMatch(/exponential/);
  expect(rules(price!)).toContain("redos/no-vulnerable");
  expect(rules(price!)).not.toContain("regexp/no-super-linear-backtracking");
});
