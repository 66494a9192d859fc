import { imagesPageUrl, pageUrl } from "./use-images";
import { downloadUrl, toggledLike } from "./use-image";
import { uploadProblem } from "./use-assets";

describe("page URLs", () => {
  it("leaves out empty filters so equal queries share a cache entry", () => {
    expect(imagesPageUrl({ model: "", vibe: null, q: "  " }, null, 24)).toBe("/api/v1/images?limit=24");
  });
  it("encodes filters, search and the cursor", () => {
    expect(imagesPageUrl({ model: "local", vibe: "v1", q: "red & blue" }, "c/2", 10)).toBe(
      "/api/v1/images?model=local&vibe=v1&q=red+%26+blue&limit=10&cursor=c%2F2",
    );
    expect(pageUrl({ path: "/api/v1/assets" })).toBe("/api/v1/assets");
  });
});

it("likes optimistically and never goes below zero", () => {
  expect(toggledLike({ likes: 3, liked_by_me: false })).toEqual({ likes: 4, liked_by_me: true });
  expect(toggledLike({ likes: 0, liked_by_me: true })).toEqual({ likes: 0, liked_by_me: false });
});

it("builds download links per format", () => {
  expect(downloadUrl("abc", "webp")).toBe("/api/v1/images/abc/download?format=webp");
});

it("refuses non-image uploads before sending them", () => {
  expect(uploadProblem({ type: "application/pdf", name: "a.pdf" })).toMatch(/not a PNG, JPEG or WebP/);
  expect(uploadProblem({ type: "image/webp", name: "a.webp" })).toBeNull();
});
