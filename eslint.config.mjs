/**
 * ESLint (flat config), run by `npm run lint` and the test command. Three
 * guards: no regular expression in the app's code may backtrack
 * super-linearly (a 211-byte upload once froze the server for 87 s);
 * Next.js's config (eslint-config-next: React, hooks, jsx-a11y, @next/next,
 * typescript-eslint); and no import may run against the layers (PARTS and
 * ARROWS below, README "Layout"). A block's `files` say where it applies.
 *
 * What the regexp plugin cannot see: its analysis (scslre) looks for attack
 * strings of one repeated character class. Ambiguity over longer strings
 * escapes it: looksLikeSvg's `(<!--[\s\S]*?-->\s*)*` (exponential on
 * "<!---->" x n) and the text price's `\d{1,6}(?:[.,]\d{3})*` searched
 * unanchored (quadratic) both passed it. So parsers of untrusted text scan
 * with indexOf loops or real parsers, run off the event loop with a deadline
 * (lib/platform/off-thread), and have growth tests at their size limits.
 */
import boundaries from "eslint-plugin-boundaries";
import { defineConfig } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import redos from "eslint-plugin-redos";
import regexp from "eslint-plugin-regexp";
import tseslint from "typescript-eslint";

/** The app's own code. */
export const SOURCES = [
  "app/**/*.{ts,tsx}",
  "lib/**/*.{ts,tsx}",
  "components/**/*.{ts,tsx}",
  "remotion/**/*.{ts,tsx}",
  "middleware.ts",
];

/**
 * Code that reads text from users or the web (uploads, fetched pages and
 * feeds, CSV): there a regex must not even *search* in quadratic time (an
 * unanchored `\s+$` restarts at every space).
 */
export const UNTRUSTED_TEXT = [
  "lib/media/assets/**/*.ts",
  "lib/creation/links/**/*.ts",
  "lib/platform/storage/sniff.ts",
  "lib/creation/batches/csv.ts",
  "lib/creation/batches/upload.ts",
  "lib/operations/production/source*.ts",
  "lib/creation/products/**/*.ts",
];

/** Next.js's own config (React, hooks, jsx-a11y, @next/next, typescript-eslint), scoped to the app's code. */
const next = [...nextVitals, ...nextTypescript].map((block) =>
  block.files || block.rules || block.plugins ? { ...block, files: SOURCES } : block,
);

/**
 * The parts of the code (README "Layout"; STYLE.md "Boundaries"), each a
 * folder pattern, and the parts each may import besides itself. Anything not
 * listed is a wrong-way import: platform knows no domain, the engine no
 * product use of it, money no creation, creation and studio no staff tool,
 * lib/ no components/ or app/, the edge no domain. The arrows form no cycle,
 * so a cycle between parts is caught here; scripts/check-cycles.ts finds
 * cycles between the folders inside a part.
 */
export const PARTS = {
  platform: ["lib/platform/**"],
  access: ["lib/access/**"],
  engine: ["lib/engine/**", "remotion/**"],
  client: ["lib/client/**"],
  media: ["lib/media/**"],
  creation: ["lib/creation/**"],
  money: ["lib/money/**"],
  studio: ["lib/studio/**"],
  operations: ["lib/operations/**"],
  // Lists every domain's collections for the store; imported by entry points (instrumentation.ts, scripts/worker.ts).
  registry: ["lib/registry/**"],
  components: ["components/**"],
  app: ["app/**"],
};
const DOMAIN_BASE = ["access", "engine", "platform"];
export const ARROWS = {
  platform: [],
  engine: ["platform"],
  access: ["platform"],
  money: [...DOMAIN_BASE],
  media: [...DOMAIN_BASE, "money"],
  // Templates use the asset library (uploaded fonts and pictures).
  studio: [...DOMAIN_BASE, "media"],
  creation: [...DOMAIN_BASE, "media", "money"],
  operations: [...DOMAIN_BASE, "media", "money", "creation", "studio"],
  // The browser side: hooks read the domains' contract types.
  registry: [...DOMAIN_BASE, "media", "money", "creation", "studio", "operations"],
  client: [...DOMAIN_BASE, "media", "money", "creation", "studio", "operations"],
  components: [...DOMAIN_BASE, "client", "media", "money", "creation", "studio", "operations"],
  app: [...DOMAIN_BASE, "client", "components", "media", "money", "creation", "studio", "operations", "registry"],
};
/** The edge (middleware.ts) may read access and platform only; boundaries classifies folders, so a plain rule guards this one file. */
const EDGE_MAY_NOT = ["engine", "client", "media", "creation", "money", "studio", "operations", "registry"];

/** Test files and test kits may reach across parts (one shared test environment, tests/support). */
const TEST_FILES = ["**/*.test.ts", "**/*.test.tsx", "**/testing/**"];

/** eslint-plugin-boundaries: one element per part; each import checked against ARROWS. */
export function boundariesBlocks(parts = PARTS, arrows = ARROWS) {
  const types = Object.keys(parts);
  return [
    {
      files: SOURCES,
      ignores: TEST_FILES,
      plugins: { boundaries },
      settings: {
        "import/resolver": { typescript: { project: "./tsconfig.json" } },
        "boundaries/elements": types.flatMap((type) =>
          parts[type].map((pattern) => ({ type, pattern, partialMatch: false })),
        ),
        "boundaries/dependency-nodes": ["import", "export", "dynamic-import"],
      },
      rules: {
        "boundaries/dependencies": [
          "error",
          {
            default: "allow",
            policies: types.map((type) => ({
              from: { element: { type } },
              disallow: {
                to: { element: { types: { anyOf: types.filter((t) => t !== type && !arrows[type].includes(t)) } } },
              },
              message: `${type} may import only ${[type, ...arrows[type]].join(", ")}, not {{ to.element.type }} (README "Layout")`,
            })),
          },
        ],
      },
    },
    {
      files: ["middleware.ts"],
      rules: {
        "no-restricted-imports": [
          "error",
          {
            patterns: [
              {
                group: [
                  ...EDGE_MAY_NOT.map((part) => `@/lib/${part}/**`),
                  "@/components/**",
                  "@/app/**",
                  "@/remotion/**",
                  "./components/**",
                  "./app/**",
                ],
                message: "the edge (middleware.ts) may import only lib/access and lib/platform",
              },
            ],
          },
        ],
      },
    },
  ];
}

export default defineConfig([
  // Generated data files (font metrics) are not linted.
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      ".next-*/**",
      ".data/**",
      "test-results/**",
      "playwright-report/**",
      "**/*.generated.ts",
    ],
  },
  ...next,
  {
    files: SOURCES,
    languageOptions: { parser: tseslint.parser },
    plugins: { regexp, redos },
    rules: {
      "regexp/no-super-linear-backtracking": "error",
      // A leading underscore marks a value left unused on purpose (rest-omit `{ id: _id, ...rest }`, callback arity).
      "@typescript-eslint/no-unused-vars": [
        "warn",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
      // Stricter than Next's warnings: a picture without alt (including Remotion's <Img>) and broken ARIA fail.
      "jsx-a11y/alt-text": ["error", { elements: ["img"], img: ["Image", "Img"] }],
      "jsx-a11y/aria-props": "error",
      "jsx-a11y/aria-proptypes": "error",
      "jsx-a11y/aria-unsupported-elements": "error",
      "jsx-a11y/role-has-required-aria-props": "error",
      "jsx-a11y/role-supports-aria-props": "error",
      // Warn, not error: the findings (30 today) are hydration-safe reads after mount (origin, reduced motion,
      // local history) and drafts seeded once from loaded data; each needs a per-screen rewrite, not a rule fix.
      "react-hooks/set-state-in-effect": "warn",
    },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx"],
    // jest.isolateModules loads a fresh copy of a module only through require().
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: UNTRUSTED_TEXT,
    rules: {
      "regexp/no-super-linear-move": "error",
      // recheck (automaton analysis, then fuzzing) finds what the rules above cannot: ambiguity over
      // longer strings, such as looksLikeSvg's old comment loop (exponential) and the old text price
      // (quadratic), both of which it reports. Over the whole tree it also reports ~60 quadratic
      // searches on short, trusted strings (slugs, route patterns, test assertions), so it runs here.
      "redos/no-vulnerable": ["error", { timeout: 30_000 }],
    },
  },
  ...boundariesBlocks(),
]);
