import { languageInstruction, planLanguageMismatch } from "./plan-language";

const plan = (narrations: string[], title = "Café Lumière") => ({
  title,
  scenes: narrations.map((n) => ({ texts: [{ text: "Café Lumière" }], narration: n })),
});

it("tells the writer the language by name and tag", () => {
  expect(languageInstruction("fr")).toContain("in French (Français, fr)");
  expect(languageInstruction("ja")).toContain("in Japanese (日本語, ja)");
  expect(languageInstruction(null)).toBe("");
});

it("flags a plan written in another language than asked, and accepts one in it", () => {
  const english = plan([
    "Fresh croissants every morning, baked in our own oven.",
    "Order today and pick them up on your way to work.",
  ]);
  const french = plan([
    "Des croissants frais chaque matin, cuits dans notre propre four.",
    "Commandez aujourd'hui et récupérez-les sur le chemin du travail.",
  ]);
  expect(planLanguageMismatch(english, "fr")).toBe("The plan is written in English, not in French as asked.");
  expect(planLanguageMismatch(french, "fr")).toBeNull();
  expect(planLanguageMismatch(french, "ja")).toBe("The plan is written in French, not in Japanese as asked.");
  expect(planLanguageMismatch(plan(["新しいパンを毎朝焼いています。"]), "ja")).toBeNull();
  // Too little to judge: no verdict.
  expect(planLanguageMismatch(plan(["Café Lumière."]), "fr")).toBeNull();
});
