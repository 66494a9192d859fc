/**
 * The middleware's matcher skips the public viewers (served from the page
 * cache) and must still run on every other screen. Next compiles a matcher
 * string as an anchored regular expression; this checks the same expression
 * against every route of the route map, with ids that look like real ones.
 */
import { config } from "@/middleware";
import { ROUTES } from "./route-map";

const matcher = new RegExp(`^${config.matcher[0]}$`);
const sample = (pattern: string) => pattern.replace(/\[[^\]]+\]/g, "Ab3_x-9");
const PUBLIC_VIEWERS = new Set(["/v0/videos/[id]", "/v1/videos/[id]", "/content/[contentId]", "/pages/[pageId]"]);

describe("middleware matcher", () => {
  it.each(ROUTES.map((r) => [r.pattern]))("%s", (pattern) => {
    const path = sample(pattern);
    expect({ path, matched: matcher.test(path) }).toEqual({ path, matched: !PUBLIC_VIEWERS.has(pattern) });
    // A trailing slash does not change the answer.
    if (path !== "/") expect(matcher.test(`${path}/`)).toBe(!PUBLIC_VIEWERS.has(pattern));
  });

  it("still runs below a public viewer (edit, share) and on look-alike paths", () => {
    for (const path of [
      "/content/abc/edit",
      "/content/abc/share",
      "/pages",
      "/v1/videos",
      "/v2/videos/abc",
      "/contents/abc",
    ]) {
      expect({ path, matched: matcher.test(path) }).toEqual({ path, matched: true });
    }
  });

  it("skips Next's assets and API routes", () => {
    for (const path of ["/api/v1/user-info/", "/_next/static/chunks/main.js", "/favicon.ico", "/icon.svg"]) {
      expect({ path, matched: matcher.test(path) }).toEqual({ path, matched: false });
    }
  });
});
