import { isInternalPath, isPublicPath, safeNextPath } from "./access";
import { matchRoute } from "./route-map";
import { isCompanyEmail, isStaff } from "../auth/staff";

describe("safeNextPath", () => {
  it.each([
    ["/videos", "/videos"],
    ["/image-gen/abc?x=1#top", "/image-gen/abc?x=1#top"],
    ["/", "/"],
  ])("keeps same-origin path %s", (input, out) => expect(safeNextPath(input)).toBe(out));

  it.each([
    "https://evil.com",
    "http://evil.com/videos",
    "//evil.com",
    "//evil.com/%2F..",
    "/\\evil.com",
    "\\\\evil.com",
    "%2F%2Fevil.com",
    "/%2F%2Fevil.com",
    "/%5Cevil.com",
    "javascript:alert(1)",
    "/\u0000evil",
    "/%0d%0aSet-Cookie:x=1",
    "/%E0%A4%A",
    "/login",
    "/email-login?next=/x",
    "",
    "/" + "a".repeat(3000),
  ])("rejects %p", (input) => expect(safeNextPath(input, "/fallback")).toBe("/fallback"));

  it("rejects null and undefined", () => {
    expect(safeNextPath(null)).toBe("/");
    expect(safeNextPath(undefined, "/image-gen")).toBe("/image-gen");
  });
});

describe("path classes", () => {
  it("knows the public patterns", () => {
    expect(isPublicPath("/content/1")).toBe(true);
    expect(isPublicPath("/content/1/edit")).toBe(false);
    expect(isPublicPath("/secret-path-123456", "/secret-path-123456")).toBe(true);
    expect(isPublicPath("/videos/1")).toBe(false);
  });

  it("matches internal sections by whole segment", () => {
    expect(isInternalPath("/templates")).toBe(true);
    expect(isInternalPath("/templates-dashboard")).toBe(true);
    expect(isInternalPath("/templatesx")).toBe(false);
    expect(isInternalPath("/image-gen")).toBe(false);
  });

  it("prefers static segments over parameters", () => {
    expect(matchRoute("/image-gen/all")?.entry.pattern).toBe("/image-gen/all");
    expect(matchRoute("/image-gen/v1")?.entry.pattern).toBe("/image-gen/v1");
    expect(matchRoute("/image-gen/abc123")?.entry.pattern).toBe("/image-gen/[id]");
    expect(matchRoute("/layouts/progress")?.entry.pattern).toBe("/layouts/progress");
  });
});

describe("the company-domain rule", () => {
  const domains = ["promptframe.ai"];
  it("needs a verified email on the exact domain", () => {
    expect(isStaff({ email: "ana@promptframe.ai", emailVerified: true }, domains)).toBe(true);
    expect(isStaff({ email: "Ana@PromptFrame.AI", emailVerified: true }, domains)).toBe(true);
    expect(isStaff({ email: "ana@promptframe.ai", emailVerified: false }, domains)).toBe(false);
    expect(isStaff({ email: "ana@sub.promptframe.ai", emailVerified: true }, domains)).toBe(false);
    expect(isStaff({ email: "ana@promptframe.ai.evil.com", emailVerified: true }, domains)).toBe(false);
    expect(isStaff({ email: null, emailVerified: true }, domains)).toBe(false);
    expect(isCompanyEmail("promptframe.ai@evil.com", domains)).toBe(false);
  });
});
