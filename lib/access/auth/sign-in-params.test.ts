import { describe, expect, it } from "@jest/globals";
import { signInHref } from "./sign-in-params";
import { signInSearchParamsSchema } from "./sign-in-search-params";

describe("signInSearchParamsSchema", () => {
  it("reads next and mode", () => {
    expect(signInSearchParamsSchema.parse({ next: "/videos?x=1", mode: "reset" })).toEqual({
      next: "/videos?x=1",
      mode: "reset",
    });
  });

  it("takes the first of repeated parameters and ignores unknown modes", () => {
    expect(signInSearchParamsSchema.parse({ next: ["/a", "/b"], mode: "admin" })).toEqual({
      next: "/a",
      mode: "sign-in",
    });
    expect(signInSearchParamsSchema.parse({})).toEqual({ next: undefined, mode: "sign-in" });
  });
});

describe("signInHref", () => {
  it("keeps a safe next across sign-in screens", () => {
    expect(signInHref("/email-login", "/image-gen/all?tab=1")).toBe("/email-login?next=%2Fimage-gen%2Fall%3Ftab%3D1");
  });

  it("drops a next that points off-site or to the home page", () => {
    expect(signInHref("/email-login", "https://evil.example/")).toBe("/email-login");
    expect(signInHref("/login", "//evil.example")).toBe("/login");
    expect(signInHref("/login", null)).toBe("/login");
    expect(signInHref("/login", "/")).toBe("/login");
  });
});
