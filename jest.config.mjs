import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/** @type {import("jest").Config} */
const config = {
  testEnvironment: "node",
  testMatch: ["<rootDir>/**/*.test.ts", "<rootDir>/**/*.test.tsx"],
  testPathIgnorePatterns: ["/node_modules/", "/.next", "/tests/e2e/", "/tests/routes/", "/.data/"],
  modulePathIgnorePatterns: ["<rootDir>/.next", "<rootDir>/.next-test"],
  moduleNameMapper: {
    "^server-only$": "<rootDir>/tests/support/empty-module.ts",
    "^@/(.*)$": "<rootDir>/$1",
  },
  setupFiles: ["<rootDir>/tests/support/jest-env.ts"],
  // Jest's default 5 s let a suite's first hook (which compiles and imports its route modules) time out on a
  // loaded 2-core machine; a hang still fails, 20 s later.
  testTimeout: 20_000,
};

// ESM-only packages must be compiled for Jest too: jose, and msw's ESM-only deps (rettime, until-async, @open-draft/deferred-promise),
// and the DOM helpers linkedom and open-graph-scraper (cheerio) load (css-select and its family).
// react-markdown + remark-gfm (chat answers) bring the unified/micromark family.
const MARKDOWN_ESM = [
  "react-markdown",
  "remark-.*",
  "rehype-.*",
  "unified",
  "bail",
  "devlop",
  "trough",
  "vfile.*",
  "unist-.*",
  "mdast-.*",
  "hast-.*",
  "micromark.*",
  "decode-named-character-reference",
  "character-entities.*",
  "character-reference-invalid",
  "is-.*",
  "property-information",
  "space-separated-tokens",
  "comma-separated-tokens",
  "html-url-attributes",
  "trim-lines",
  "zwitch",
  "longest-streak",
  "ccount",
  "markdown-table",
  "escape-string-regexp",
  "estree-util-.*",
  "stringify-entities",
  "parse-entities",
  "inline-style-parser",
  "style-to-.*",
  "web-namespaces",
  "html-void-elements",
  "@ungap/structured-clone",
];
const ESM_PACKAGES = [
  ...MARKDOWN_ESM,
  "jose",
  "rettime",
  "until-async",
  "@open-draft/deferred-promise",
  "css-select",
  "css-what",
  "nth-check",
  "boolbase",
  "domutils",
  "dom-serializer",
  "domhandler",
  "domelementtype",
  "cssomnom",
  "entities",
  // Language detection (lib/engine/language/detect.ts): franc and its trigram helpers.
  "franc",
  "trigram-utils",
  "n-gram",
  "collapse-white-space",
  // The OpenAPI document validator (tests/api/openapi-document.test.ts).
  "@seriousme/openapi-schema-validator",
];

export default async () => {
  const resolved = await createJestConfig(config)();
  resolved.transformIgnorePatterns = [
    `/node_modules/(?!(${ESM_PACKAGES.join("|")})/)`,
    ...resolved.transformIgnorePatterns.filter((p) => !p.includes("node_modules")),
  ];
  return resolved;
};
