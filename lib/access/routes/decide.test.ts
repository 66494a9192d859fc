import { ROUTES, fillPattern } from "./route-map";
import { decide, type AccessConfig, type Decision, type Viewer } from "./decide";

const config: AccessConfig = { imageGenHosts: ["images.promptframe.test"], publicPreviewPath: "/p-7f3a9c2e11b4" };
const MAIN = "app.promptframe.test";
const ALT = "images.promptframe.test";

const viewers: Record<"visitor" | "user" | "staff", Viewer> = {
  visitor: { kind: "visitor" },
  user: { kind: "user", uid: "u1", staff: false },
  staff: { kind: "user", uid: "s1", staff: true },
};

const ENTRY = new Set(["/", "/create", "/product", "/main"]);
const SIGN_IN = new Set(["/login", "/email-login"]);

/** The spec's rules, stated per route as a table (sections 2, 4, 5, 6). */
function expected(
  pattern: string,
  access: string,
  role: keyof typeof viewers,
  alternate: boolean,
  redirect?: string,
): Decision {
  const path = fillPattern(pattern);
  if (SIGN_IN.has(path)) {
    return role === "visitor" ? { action: "allow" } : { action: "redirect", location: alternate ? "/image-gen" : "/" };
  }
  if (access === "public") return { action: "allow" };
  if (role === "visitor")
    return { action: "redirect", location: path === "/" ? "/login" : `/login?next=${encodeURIComponent(path)}` };
  if (access === "internal") return role === "staff" ? { action: "allow" } : { action: "redirect", location: "/" };
  if (alternate && ENTRY.has(path)) return { action: "redirect", location: "/image-gen" };
  if (redirect) return { action: "redirect", location: fillPattern(redirect), permanent: true };
  return { action: "allow" };
}

describe("the access decision over the whole route map", () => {
  const cases = ROUTES.flatMap((r) =>
    (["visitor", "user", "staff"] as const).flatMap((role) =>
      [false, true].map(
        (alternate) => [r.pattern, role, alternate ? "alternate" : "main", r.access, r.redirect] as const,
      ),
    ),
  );

  it("covers every route x role x host", () => {
    expect(cases.length).toBe(ROUTES.length * 6);
    // 33 signed-in and public routes + 26 internal ones in spec section 2, and the developer area (issue 24):
    // /developers, /developers/webhooks, /developers/api.
    expect(ROUTES.length).toBe(59 + 3);
  });

  it.each(cases)("%s as %s on the %s host", (pattern, role, host, access, redirect) => {
    const decision = decide(
      {
        pathname: fillPattern(pattern),
        search: "",
        hostname: host === "alternate" ? ALT : MAIN,
        viewer: viewers[role],
      },
      config,
    );
    expect(decision).toEqual(expected(pattern, access, role, host === "alternate", redirect));
  });
});

describe("rules beyond the map", () => {
  const at = (pathname: string, viewer: Viewer, extra: Partial<{ search: string; hostname: string }> = {}) =>
    decide({ pathname, search: "", hostname: MAIN, viewer, ...extra }, config);

  it("keeps the query in next", () => {
    expect(at("/videos", viewers.visitor, { search: "?tab=mine" })).toEqual({
      action: "redirect",
      location: "/login?next=%2Fvideos%3Ftab%3Dmine",
    });
  });

  it("never redirects API routes", () => {
    for (const v of Object.values(viewers)) expect(at("/api/v1/user-info/", v)).toEqual({ action: "allow" });
  });

  it("edit and share of content are not public, the content viewer is", () => {
    expect(at("/content/abc", viewers.visitor)).toEqual({ action: "allow" });
    expect(at("/content/abc/edit", viewers.visitor)).toMatchObject({
      action: "redirect",
      location: "/login?next=%2Fcontent%2Fabc%2Fedit",
    });
    expect(at("/content/abc/share", viewers.visitor)).toMatchObject({ action: "redirect" });
    expect(at("/pages/xyz", viewers.visitor)).toEqual({ action: "allow" });
    expect(at("/v0/videos/1", viewers.visitor)).toEqual({ action: "allow" });
    expect(at("/v1/videos/1", viewers.visitor)).toEqual({ action: "allow" });
  });

  it("treats unknown paths under internal sections as internal", () => {
    expect(at("/prod", viewers.user)).toEqual({ action: "redirect", location: "/" });
    expect(at("/layouts-pipeline", viewers.visitor)).toMatchObject({
      action: "redirect",
      location: "/login?next=%2Flayouts-pipeline",
    });
    expect(at("/prod", viewers.staff)).toEqual({ action: "allow" });
  });

  it("sends visitors on unknown paths to sign in, and lets users see not-found", () => {
    expect(at("/no-such-page", viewers.visitor)).toMatchObject({ action: "redirect" });
    expect(at("/no-such-page", viewers.user)).toEqual({ action: "allow" });
  });

  it("opens the hard-to-guess path to everyone and hides its rewrite target", () => {
    expect(at("/p-7f3a9c2e11b4", viewers.visitor)).toEqual({ action: "rewrite", pathname: "/public-preview" });
    expect(at("/public-preview", viewers.visitor)).toEqual({ action: "not-found" });
    expect(at("/public-preview", viewers.staff)).toEqual({ action: "not-found" });
    expect(
      decide(
        { pathname: "/p-7f3a9c2e11b4", search: "", hostname: MAIN, viewer: viewers.visitor },
        { ...config, publicPreviewPath: null },
      ),
    ).toMatchObject({ action: "redirect" });
  });

  it("sends signed-in users on sign-in screens to a safe next", () => {
    expect(at("/login", viewers.user, { search: "?next=%2Fvideos%2F42" })).toEqual({
      action: "redirect",
      location: "/videos/42",
    });
    expect(at("/email-login", viewers.user, { search: "?next=https%3A%2F%2Fevil.com" })).toEqual({
      action: "redirect",
      location: "/",
    });
    expect(at("/login", viewers.user, { search: "?next=//evil.com" })).toEqual({ action: "redirect", location: "/" });
    expect(at("/login", viewers.user, { search: "?next=%2Fvideos", hostname: ALT })).toEqual({
      action: "redirect",
      location: "/videos",
    });
    expect(at("/login", viewers.user, { search: "?next=%2F", hostname: ALT })).toEqual({
      action: "redirect",
      location: "/image-gen",
    });
  });

  it("sends old /image-gen/v1 links to the new screens for good, keeping ids and query", () => {
    expect(at("/image-gen/v1/abc123", viewers.user, { search: "?ref=mail" })).toEqual({
      action: "redirect",
      location: "/image-gen/abc123?ref=mail",
      permanent: true,
    });
    expect(at("/image-gen/v1/create", viewers.user)).toEqual({
      action: "redirect",
      location: "/image-gen",
      permanent: true,
    });
    expect(at("/image-gen/v1/all", viewers.visitor)).toEqual({
      action: "redirect",
      location: "/login?next=%2Fimage-gen%2Fv1%2Fall",
    });
  });

  it("matches the alternate host case-insensitively and ignores trailing slashes", () => {
    expect(at("/create/", viewers.user, { hostname: "IMAGES.promptframe.test" })).toEqual({
      action: "redirect",
      location: "/image-gen",
    });
  });
});
