import { sizeTitle } from "./size-title";

it("names a resized design by its size, replacing an earlier size rather than stacking it", () => {
  expect(sizeTitle("Bakery ad", "9:16")).toBe("Bakery ad · Story 9:16");
  expect(sizeTitle("Bakery ad · Story 9:16", "16:9")).toBe("Bakery ad · Widescreen 16:9");
  expect(sizeTitle("  ", "1:1")).toBe("Untitled design · Square 1:1");
  const long = sizeTitle("x".repeat(300), "4:5");
  expect(long).toHaveLength(200);
  expect(long.endsWith(" · Portrait 4:5")).toBe(true);
});
