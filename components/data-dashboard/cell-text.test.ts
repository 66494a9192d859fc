import { cellText } from "./cell-text";

it("cuts long text at whole characters, never half an emoji", () => {
  const title = `${"a".repeat(78)}🍞🥐 fresh`;
  const cut = cellText(title);
  expect(cut).toBe(`${"a".repeat(78)}🍞…`);
  // No lone surrogate (what a browser draws as "�").
  expect(cut.isWellFormed()).toBe(true);
  expect(cellText("Café crème 東京")).toBe("Café crème 東京");
  expect(cellText({ title: "Crème brûlée" })).toBe('{"title":"Crème brûlée"}');
  expect(cellText(null)).toBe("—");
});
