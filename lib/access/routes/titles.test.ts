import { ROUTES } from "./route-map";
import { titleFor } from "./titles";

describe("titleFor", () => {
  it("returns the route map's title for every pattern", () => {
    for (const route of ROUTES) expect(titleFor(route.pattern)).toBe(route.title);
  });

  it("throws for a pattern the map does not have, so a typo fails the build", () => {
    expect(() => titleFor("/video")).toThrow(/not a pattern/);
    expect(() => titleFor("/videos/[id]")).toThrow(/not a pattern/);
  });
});
