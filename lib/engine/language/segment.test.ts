import { breakableWords, GLUE, joinWords } from "./segment";

it("cuts Chinese and Japanese runs into glued words and keeps spaced words whole", () => {
  const zh = breakableWords("我们推出了新的不锈钢水瓶。");
  expect(zh.length).toBeGreaterThan(3);
  expect(zh.slice(1).every((w) => w.startsWith(GLUE))).toBe(true);
  // Joined back, the text is the original (plus invisible break points).
  expect(joinWords(zh).replaceAll(GLUE, "")).toBe("我们推出了新的不锈钢水瓶。");
  // The full stop sticks to the word before it: a line never starts with it.
  expect(zh.some((w) => w.replace(GLUE, "") === "。")).toBe(false);
  expect(breakableWords("Fresh coffee, every day")).toEqual(["Fresh", "coffee,", "every", "day"]);
  expect(joinWords(breakableWords("iPhone 15 の新しいケース")).replaceAll(GLUE, "")).toBe("iPhone 15 の新しいケース");
});
