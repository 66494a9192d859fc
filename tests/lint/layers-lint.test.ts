/**
 * The layer rules of eslint.config.mjs (README "Layout"), run through ESLint's
 * Node API on one-import snippets placed where they would live: each arrow the
 * layers forbid fails the lint, the arrows they allow pass, and the edge
 * (middleware.ts) may read only access and platform.
 */
import { execFileSync } from "node:child_process";

type Message = { ruleId: string | null; line: number; message: string };

jest.setTimeout(150_000);

const snippet = (from: string, to: string) => ({
  code: `import * as other from "@/${to}";\nexport const used = other;\n`,
  filePath: from,
});

/** [the file that imports, the module it imports, whether the layers allow it] */
const CASES: [string, string, boolean][] = [
  // Platform knows no domain ("drivers know no product").
  ["lib/platform/db/example.ts", "lib/creation/video/contract", false],
  ["lib/platform/api/example.ts", "lib/media/images/contract", false],
  // The engine knows no product use of it.
  ["lib/engine/render/example.ts", "lib/creation/video/contract", false],
  ["lib/engine/composition/example.ts", "lib/money/credits/credits", false],
  // Money never reaches creation; creation and studio never reach the staff tools.
  ["lib/money/billing/example.ts", "lib/creation/video/contract", false],
  ["lib/creation/video/example.ts", "lib/operations/production/contract", false],
  ["lib/studio/layouts/example.ts", "lib/operations/prompt-testing/contract", false],
  // lib/ never imports the UI.
  ["lib/creation/designs/example.ts", "components/common/format", false],
  // Access stays below the browser client.
  ["lib/access/auth/example.ts", "lib/client/api", false],
  // Arrows the layers allow.
  ["lib/creation/video/example.ts", "lib/platform/db/collections", true],
  ["lib/creation/video/example.ts", "lib/engine/composition/collections", true],
  ["lib/operations/production/example.ts", "lib/creation/video/contract", true],
  ["lib/studio/templates/example.ts", "lib/engine/composition/collections", true],
  ["components/video/example.tsx", "lib/client/api", true],
];

let results: Message[][] = [];
beforeAll(() => {
  const snippets = [
    ...CASES.map(([from, to]) => snippet(from, to)),
    snippet("middleware.ts", "lib/creation/video/contract"),
    snippet("middleware.ts", "lib/access/routes/route-map"),
  ];
  const out = execFileSync(process.execPath, ["tests/support/lint-snippets.mjs"], {
    input: JSON.stringify(snippets),
    encoding: "utf8",
    timeout: 120_000,
  });
  results = JSON.parse(out) as Message[][];
  expect(results).toHaveLength(snippets.length);
});

test.each(CASES.map((c, i) => [...c, i] as const))("%s importing %s: allowed %s", (_from, _to, allowed, i) => {
  const found = (results[i] ?? []).filter((m) => m.ruleId === "boundaries/dependencies");
  if (allowed) expect(found).toEqual([]);
  else
    expect(found).toEqual([expect.objectContaining({ line: 1, message: expect.stringContaining("may import only") })]);
});

test("the edge imports access and platform only", () => {
  const [domain = [], access = []] = results.slice(CASES.length);
  expect(domain.map((m) => m.ruleId)).toContain("no-restricted-imports");
  expect(access.filter((m) => m.ruleId === "no-restricted-imports")).toEqual([]);
});
