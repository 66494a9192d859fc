import { DEFAULT_PHRASE_LIMITS, phraseWords, splitPhrases } from "./phrases";

const texts = (text: string) => splitPhrases(text).map((p) => p.text);
const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** Every phrase within the limits, unless it is one word that alone is longer. */
function expectWithinLimits(text: string) {
  for (const p of splitPhrases(text)) {
    const count = phraseWords(p.text).length;
    if (count > 1) {
      expect(p.text.length).toBeLessThanOrEqual(DEFAULT_PHRASE_LIMITS.maxChars);
      expect(count).toBeLessThanOrEqual(DEFAULT_PHRASE_LIMITS.maxWords);
    }
  }
}

describe("splitPhrases", () => {
  it("keeps a short sentence whole and starts a new phrase at each sentence", () => {
    expect(splitPhrases("Hello there, this is a test. And more!")).toEqual([
      { text: "Hello there, this is a test.", end: "sentence" },
      { text: "And more!", end: "sentence" },
    ]);
  });

  it("breaks a long sentence at its commas first, and does not end a line on a weak word", () => {
    expect(
      texts("Our new collection arrives this Friday, with free delivery on every order over fifty dollars."),
    ).toEqual(["Our new collection arrives this Friday,", "with free delivery on every order", "over fifty dollars."]);
    // The most even cut would end a line on "into" ("…your ideas into / short videos…").
    expect(texts("Promptframe turns your ideas into short videos with narration, captions and music.")).toEqual([
      "Promptframe turns your ideas",
      "into short videos with narration,",
      "captions and music.",
    ]);
  });

  it("cuts a long clause at word boundaries into pieces of at most 42 characters or 7 words, as even as possible", () => {
    const text = "Promptframe turns your ideas into short videos with narration captions and music in under a minute";
    const phrases = splitPhrases(text);
    expect(phrases.map((p) => p.text).join(" ")).toBe(text);
    expect(phrases.slice(0, -1).every((p) => p.end === "none")).toBe(true);
    expect(phrases[phrases.length - 1]!.end).toBe("sentence");
    expectWithinLimits(text);
    const lengths = phrases.map((p) => p.text.length);
    expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThan(20);
  });

  it("never splits a word, even one longer than a caption line", () => {
    const long = "Pneumonoultramicroscopicsilicovolcanoconiosis-and-antidisestablishmentarianism";
    const text = `The word ${long} is long, and so is this sentence that keeps going on and on for a while.`;
    const phrases = splitPhrases(text);
    expect(phrases.some((p) => p.text === long || p.text.split(" ").includes(long))).toBe(true);
    expect(phrases.flatMap((p) => words(p.text))).toEqual(words(text));
    expectWithinLimits(text);
  });

  it("does not break numbers (3.5, 1,000, 12:30) or common abbreviations", () => {
    expect(texts("It costs 3.5 dollars, or 1,000 credits. Dr. Smith meets us at noon.")).toEqual([
      "It costs 3.5 dollars, or 1,000 credits.",
      "Dr. Smith meets us at noon.",
    ]);
    expect(texts("Doors open at 12:30. Bring a friend.")).toEqual(["Doors open at 12:30.", "Bring a friend."]);
    expect(texts("Use a template, e.g. the bold one. It works for U.S. teams.")).toEqual([
      "Use a template, e.g. the bold one.",
      "It works for U.S. teams.",
    ]);
  });

  it("handles Spanish inverted marks, French spaced punctuation and German abbreviations", () => {
    expect(texts("¿Qué tal? ¡Muy bien! Gracias, amigos.")).toEqual(["¿Qué tal?", "¡Muy bien!", "Gracias, amigos."]);
    expect(texts("Bonjour ! Voici « Promptframe » : des vidéos en une minute.")).toEqual([
      "Bonjour !",
      "Voici « Promptframe » :",
      "des vidéos en une minute.",
    ]);
    expect(texts("Viele Städte, z.B. Berlin und Hamburg, haben heute Sonne. Morgen regnet es.")).toEqual([
      "Viele Städte, z.B. Berlin und Hamburg,",
      "haben heute Sonne.",
      "Morgen regnet es.",
    ]);
  });

  it("breaks Chinese and Japanese text at their full-width punctuation (no spaces needed)", () => {
    expect(texts("你好，我很好。今天天气很好！")).toEqual(["你好，我很好。", "今天天气很好！"]);
  });

  it("treats line breaks as sentence ends and collapses other whitespace", () => {
    expect(splitPhrases("Big sale\n\n  Everything   must go\r\nToday only.")).toEqual([
      { text: "Big sale", end: "sentence" },
      { text: "Everything must go", end: "sentence" },
      { text: "Today only.", end: "sentence" },
    ]);
  });

  it("marks clause ends, so the voice can pause briefly there", () => {
    const phrases = splitPhrases("We design it, we build it, and we ship it to every single customer this week.");
    expect(phrases[0]).toEqual({ text: "We design it, we build it,", end: "clause" });
  });

  it("attaches dashes and lone punctuation to words instead of making silent phrases", () => {
    expect(texts("Wait… what? — Really — yes.")).toEqual(["Wait… what?", "— Really — yes."]);
    expect(splitPhrases("… — …")).toEqual([]);
    expect(splitPhrases("   ")).toEqual([]);
    expect(splitPhrases("")).toEqual([]);
  });

  it("keeps every word, in order, for any text", () => {
    const text =
      "Meet Promptframe. It writes, designs and narrates; you review — then publish! Videos in 9:16, 1:1 or 16:9? Yes. Prices: $3.50/month (billed yearly).";
    expect(splitPhrases(text).flatMap((p) => words(p.text))).toEqual(words(text));
    expectWithinLimits(text);
  });
});
