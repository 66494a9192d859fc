/**
 * The app directory against the route map: every route has exactly one page,
 * in the route group of its audience, titled from the map.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { PREVIEW_ROUTE, ROUTES, type Access } from "./route-map";

const APP_DIR = path.join(__dirname, "../..", "..", "app");

interface PageFile {
  file: string;
  group: string | null;
  pattern: string;
}

function findPages(dir: string, segments: string[] = []): PageFile[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) {
      if (entry.name === "api" && segments.length === 0) return [];
      return findPages(path.join(dir, entry.name), [...segments, entry.name]);
    }
    if (!/^page\.(tsx|ts|jsx|js)$/.test(entry.name)) return [];
    const group = segments.find((s) => /^\(.+\)$/.test(s)) ?? null;
    const urlSegments = segments.filter((s) => !/^\(.+\)$/.test(s));
    return [{ file: path.join(dir, entry.name), group, pattern: `/${urlSegments.join("/")}` }];
  });
}

const pages = findPages(APP_DIR);
const GROUP_FOR: Record<Access, string> = { public: "(public)", user: "(app)", internal: "(internal)" };

describe("app pages", () => {
  /** The watch page, the embed player and a published page carry their content's own title (social cards, browser tabs). */
  const TITLED_BY_CONTENT = new Set(["/v0/videos/[id]", "/v1/videos/[id]", "/pages/[pageId]"]);

  it("has exactly one page per route of the map, plus the public preview", () => {
    const expected = [...ROUTES.map((r) => r.pattern), PREVIEW_ROUTE].sort();
    expect(pages.map((p) => p.pattern).sort()).toEqual(expected);
  });

  it.each(ROUTES.map((r) => [r.pattern, r] as const))("puts %s in the route group of its audience", (_, route) => {
    const page = pages.find((p) => p.pattern === route.pattern);
    expect(page?.group).toBe(GROUP_FOR[route.access]);
  });

  it.each(ROUTES.filter((r) => r.redirect).map((r) => [r.pattern, r.redirect] as const))(
    "keeps %s as a permanent redirect to %s",
    (pattern) => {
      const source = readFileSync(pages.find((p) => p.pattern === pattern)!.file, "utf8");
      expect(source).toMatch(/permanentRedirect|redirectTo\(/);
    },
  );

  it.each(
    ROUTES.filter((r) => r.area !== "auth" && !r.redirect && !TITLED_BY_CONTENT.has(r.pattern)).map(
      (r) => [r.pattern] as const,
    ),
  )("titles %s from the route map", (pattern) => {
    const source = readFileSync(pages.find((p) => p.pattern === pattern)!.file, "utf8");
    expect(source).toContain(`const PATTERN = ${JSON.stringify(pattern)};`);
    expect(source).toContain("export const metadata: Metadata = { title: titleFor(PATTERN) };");
    expect(source).toMatch(/<PageHeader\s+title=\{titleFor\(PATTERN\)\}/);
  });

  it.each([...TITLED_BY_CONTENT].map((p) => [p] as const))(
    "titles %s by its content, with the route map's title as the fallback",
    (pattern) => {
      const source = readFileSync(pages.find((p) => p.pattern === pattern)!.file, "utf8");
      expect(source).toContain(`const PATTERN = ${JSON.stringify(pattern)};`);
      expect(source).toMatch(/export async function generateMetadata/);
      expect(source).toContain("titleFor(PATTERN)");
    },
  );

  it("never tells users a screen is unfinished", () => {
    const banned = /coming soon|not implemented|placeholder|under construction|lorem ipsum/i;
    for (const page of pages) {
      const dir = path.dirname(page.file);
      for (const name of readdirSync(dir).filter((n) => /^page(-client)?\.tsx$/.test(n))) {
        expect({ file: path.join(dir, name), banned: banned.test(readFileSync(path.join(dir, name), "utf8")) }).toEqual(
          {
            file: path.join(dir, name),
            banned: false,
          },
        );
      }
    }
  });
});
