import type { RouteEntry } from "@/lib/access/routes/route-map";

import { buildNavGroups, findActiveNav } from "./nav-model";

describe("buildNavGroups", () => {
  it("shows the Internal group to staff only", () => {
    const labels = (staff: boolean) => buildNavGroups({ staff }).map((g) => g.label);
    expect(labels(false)).toEqual(["Create", "Video", "Image generation", "Library", "Account"]);
    expect(labels(true)).toEqual(["Create", "Video", "Image generation", "Library", "Account", "Internal"]);
  });

  it("never links an internal route for non-staff, whatever its area", () => {
    const routes: RouteEntry[] = [
      { pattern: "/videos", access: "user", title: "Videos", area: "video", nav: true },
      { pattern: "/video-lab", access: "internal", title: "Video lab", area: "video", nav: true },
    ];
    expect(buildNavGroups({ staff: false, routes }).flatMap((g) => g.items.map((i) => i.href))).toEqual(["/videos"]);
  });

  it("lists only nav entries without params, in map order", () => {
    const create = buildNavGroups({ staff: false }).find((g) => g.area === "create");
    expect(create?.items.map((i) => i.href)).toEqual(["/", "/create", "/product", "/main"]);
  });

  it("names the screens in the customer's words: the Workspace is in the nav, /megapot is 'Videos in bulk'", () => {
    const items = buildNavGroups({ staff: false }).flatMap((g) => g.items);
    expect(items.find((i) => i.href === "/main")?.title).toBe("Workspace");
    expect(items.find((i) => i.href === "/megapot")?.title).toBe("Videos in bulk");
    expect(items.map((i) => i.title)).not.toContain("Megapot");
  });
});

describe("findActiveNav", () => {
  const hrefs = ["/", "/videos", "/image-gen", "/image-gen/edit", "/layouts", "/layouts/progress"];

  it("marks the exact page", () => {
    expect(findActiveNav("/videos", hrefs)).toEqual({ href: "/videos", exact: true });
    expect(findActiveNav("/", hrefs)).toEqual({ href: "/", exact: true });
    expect(findActiveNav("/videos/", hrefs)).toEqual({ href: "/videos", exact: true });
  });

  it("prefers the longest matching section for pages below a nav item", () => {
    expect(findActiveNav("/image-gen/abc", hrefs)).toEqual({ href: "/image-gen", exact: false });
    expect(findActiveNav("/image-gen/edit", hrefs)).toEqual({ href: "/image-gen/edit", exact: true });
    expect(findActiveNav("/layouts/progress", hrefs)).toEqual({ href: "/layouts/progress", exact: true });
  });

  it("does not treat Home or a shared prefix as a section", () => {
    expect(findActiveNav("/main", hrefs)).toBeNull();
    expect(findActiveNav("/videos-archive", hrefs)).toBeNull();
  });
});
