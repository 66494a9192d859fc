import { withQuery } from "./redirect-to";

it("keeps the query string, repeated keys included", () => {
  expect(withQuery("/image-gen", {})).toBe("/image-gen");
  expect(withQuery("/image-gen/all", { q: "red cat", tag: ["a", "b"], skip: undefined })).toBe(
    "/image-gen/all?q=red+cat&tag=a&tag=b",
  );
});
