/**
 * Every route of the map, requested over HTTP as visitor, user and staff:
 * the status or the redirect target the spec's access rules demand.
 */
import { test, expect, request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { ROUTES, fillPattern } from "@/lib/access/routes/route-map";
import { accountFor, ensureSeedAccounts, signInContext, type Role } from "../support/accounts";

type Who = "visitor" | Role;

/** Public viewers of stored content: an id that is not (or no longer) shared is a clean 404. */
const CONTENT_VIEWERS = new Set(["/content/[contentId]", "/v0/videos/[id]", "/v1/videos/[id]"]);

function expectedFor(
  who: Who,
  pattern: string,
  access: string,
  redirect?: string,
): { status: number; location?: string } {
  const path = fillPattern(pattern, "route-check-id");
  if (path === "/login" || path === "/email-login")
    return who === "visitor" ? { status: 200 } : { status: 307, location: "/" };
  if (CONTENT_VIEWERS.has(pattern)) return { status: 404 };
  if (access === "public") return { status: 200 };
  if (who === "visitor")
    return { status: 307, location: path === "/" ? "/login" : `/login?next=${encodeURIComponent(path)}` };
  if (access === "internal" && who === "user") return { status: 307, location: "/" };
  if (redirect) return { status: 308, location: fillPattern(redirect, "route-check-id") };
  return { status: 200 };
}

for (const who of ["visitor", "user", "staff"] as const) {
  test.describe(`as ${who}`, () => {
    let ctx: APIRequestContext;

    test.beforeAll(async ({ baseURL }) => {
      ctx = await playwrightRequest.newContext({ baseURL });
      if (who !== "visitor") {
        await ensureSeedAccounts();
        await signInContext(ctx, accountFor(who));
      }
    });

    test.afterAll(async () => {
      await ctx.dispose();
    });

    for (const route of ROUTES) {
      const path = fillPattern(route.pattern, "route-check-id");
      test(`${route.pattern}`, async ({ baseURL }) => {
        const res = await ctx.get(path, { maxRedirects: 0 });
        const want = expectedFor(who, route.pattern, route.access, route.redirect);
        expect(res.status(), `${who} ${path}`).toBe(want.status);
        if (want.location) {
          expect(new URL(res.headers()["location"]!, baseURL).toString()).toBe(
            new URL(want.location, baseURL).toString(),
          );
        }
      });
    }
  });
}
