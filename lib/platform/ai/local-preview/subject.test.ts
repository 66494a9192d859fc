import { growth, MAX_GROWTH_FOR_8X } from "@/tests/support/growth";
import { illustrationLibrary } from "./illustrations";
import { chooseIllustrations, subjectWords } from "./subject";

const library = illustrationLibrary();
const SEEDS = [1, 2, 3, 17, 2024];

/** Prompt -> the icons that show its subject (any one will do: the seed picks among equals). */
const CASES: [string, RegExp][] = [
  // No water bottle in the set: its stand-in (illustrations.ts), never the baby or lotion bottle.
  ["a reusable steel water bottle", /^cup-with-straw$/],
  ["an insulated travel mug", /^hot-beverage$/],
  ["fresh croissants from a bakery", /^croissant$/],
  ["coffee", /^hot-beverage$/],
  ["a cozy coffee shop at sunrise", /^hot-beverage$/],
  ["running shoes", /^running-shoe$/],
  ["a birthday party", /^(birthday-cake|party-popper|balloon|confetti-ball)$/],
  ["a yoga class", /^(person|woman|man)-in-lotus-position$/],
  ["a laptop for students", /^laptop$/],
  ["pizza delivery", /^pizza$/],
  ["a red apple on blue", /^red-apple$/],
  ["summer sale on sunglasses", /^sunglasses$/],
  ["a bicycle repair shop", /^bicycle$/],
  // "bike" is a keyword of the bicycle and of the motor scooter: the bicycle lists it first.
  ["a neighbourhood bike repair shop", /^bicycle$/],
  // The set's only lamp is a Diwali oil lamp: a desk lamp is shown as a light bulb.
  ["Lumen, a desk lamp", /^light-bulb$/],
  ["tea room, cream tea for two £12 this Saturday 2-5pm", /^teapot$/],
  ["learn to play guitar", /^guitar$/],
  ["an ice cream truck", /^ice-cream$/],
  ["mountains under a pastel sky", /^mountain$/],
  ["a robot in a neon city", /^robot$/],
  ["a new smartphone", /^mobile-phone$/],
  // Scenes that only say when: the time, not a neutral stand-in.
  ["Tonight 5 to 9 pm, warm mood, photographic", /^night-with-stars$/],
  ["From 7:30 pm", /^seven-oclock$/],
  ["Saturday 14 June", /^spiral-calendar$/],
  ["Our reusable steel water bottle keeps drinks cold for 24 hours, upbeat mood, photographic", /^cup-with-straw$/],
  // A shop written as one word is read as "book shop" ("signed" once drew a stop sign, "hour" a 24-hour store).
  ["independent bookshop, signed first editions, energetic mood, photographic", /book$/],
  ["independent bookshop, a children's story hour every Sunday at 11am, energetic mood, photographic", /book$/],
  ["a bookstore in Leeds", /book$/],
  // Its "family-run" once drew a running man.
  ["family-run hardware store, energetic mood, photographic", /^hammer-and-wrench$/],
  // A stand-in phrase is the whole match: the pot of food is a soup, its name's other words aside.
  ["tomato soup, energetic mood, photographic", /^pot-of-food$/],
  ["invoicing, send an invoice in 30 seconds, calm mood", /^receipt$/],
  ["second roastery, Free flat whites all day for the first 100 customers, calm mood", /^hot-beverage$/],
  ["zumba, £5 drop-in, all levels welcome, bring water, energetic mood", /^woman-dancing$/],
  // A gerund before a noun is part of it; "groom" in a grooming ad is no wedding.
  ["grooming van, Full groom from £35, nail trims £10, energetic mood, photographic", /^poodle$/],
  ["a flowershop", /^(bouquet|[a-z-]*flower|tulip|rose|hibiscus|blossom|sunflower)$/],
  // "New" is no new moon; skincare comes in a bottle.
  ["new vitamin C serum, energetic mood, photographic", /^lotion-bottle$/],
  // A race by its distance is people running (the tagger reads "10K" as a number); "Entry £25" is a ticket.
  ["Join us for the Riverside 10K on Sunday 6 October at 9am, starting at Hyde Park Corner", /running$/],
  ["Entry £25, every finisher gets a medal, energetic mood", /^admission-tickets$/],
  ["plumbing repairs across Leeds, energetic mood, photographic", /^plunger$/],
  ["cinema, The Goonies under the stars, energetic mood, photographic", /^cinema$/],
  ["florist, energetic mood, photographic", /^bouquet$/],
  ["new sourdough, energetic mood, photographic", /^bread$/],
  ["whitening strips, energetic mood, photographic", /^tooth$/],
  ["Sunday roast, energetic mood, photographic", /^cut-of-meat$/],
  ["whitening strips, Free delivery this week only, energetic mood", /^delivery-truck$/],
  ["Spanish, calm mood, photographic", /^speech-balloon$/],
  // The tagger reads "terrier" as a comparative; an age is no old house.
  ["rescue terrier, He's 3 years old, house-trained and loves long walks, energetic mood", /^dog$/],
  // A smart speaker is on, not muted.
  ["smart speaker, energetic mood, photographic", /^speaker-high-volume$/],
];

describe("chooseIllustrations picks the subject by meaning", () => {
  it.each(CASES)("%s -> %s", (prompt, expected) => {
    for (const seed of SEEDS) {
      const { main, matched } = chooseIllustrations(prompt, library, seed);
      expect({ seed, main, matched }).toEqual({ seed, main: expect.stringMatching(expected), matched: true });
    }
  });

  it("adds other things the prompt names as smaller pictures, not modifiers of the subject", () => {
    expect(chooseIllustrations("a cozy coffee shop at sunrise", library, 1).support).toContain("sunrise");
    expect(chooseIllustrations("a laptop for students", library, 1).support).toContain("student");
    // "water" in "water bottle" says what kind of bottle; no water picture beside it.
    expect(chooseIllustrations("a reusable steel water bottle", library, 1).support).toEqual([]);
  });

  it("prefers objects to people unless the prompt is about people", () => {
    expect(chooseIllustrations("a laptop for students", library, 5).main).toBe("laptop");
    expect(library.entries.get(chooseIllustrations("a team of doctors", library, 5).main)?.category).toBe(
      "People & Body",
    );
  });

  it("leaves out the Avoid: part and style words", () => {
    const { main, support } = chooseIllustrations(
      "a cat, cinematic lighting, photographic. Avoid: dogs, a guitar",
      library,
      3,
    );
    expect(main).toBe("cat");
    expect(support.join(" ")).not.toMatch(/dog|guitar/);
    expect(subjectWords("a cat. Avoid: dogs").map((w) => w.word)).toEqual(["cat"]);
  });

  it("reads the subject the same with the writer's mood suffix (the mood is cut, the phrase still ends there)", () => {
    // The suffix once joined "studio" to the next phrase and made it the head: a studio microphone for a yoga studio.
    for (const seed of SEEDS) {
      expect(chooseIllustrations("yoga studio, bold mood, photographic", library, seed).main).toMatch(/lotus-position/);
      expect(chooseIllustrations("bike repair shop, calm mood, photographic", library, seed).main).toBe("bicycle");
    }
  });

  it("shows a thing the scene names beside the product it is about", () => {
    // The product (phrase 0) is the picture; the scene's tea, two phrases on, a smaller one.
    for (const seed of SEEDS) {
      const picked = chooseIllustrations(
        "independent bookshop, a reading nook with free tea, energetic mood, photographic",
        library,
        seed,
      );
      expect(picked.main).toMatch(/book$/);
      expect(picked.support).toContain("teapot");
    }
  });

  it("shows no support picture for the main word's own stem, nor for a word of what the main one shows", () => {
    for (const seed of SEEDS) {
      expect(chooseIllustrations("grooming van, Full groom from £35, calm mood", library, seed).support).not.toContain(
        "wedding",
      );
      const coffee = chooseIllustrations("second roastery, Free flat whites all day, calm mood", library, seed);
      expect(coffee.support).not.toContain("white-cane");
      const zumba = chooseIllustrations("zumba, £5 drop-in, all levels welcome, calm mood", library, seed);
      expect(zumba.support).not.toContain("level-slider");
    }
  });

  it("splits one-word shops, not workshops", () => {
    const words = (p: string) => subjectWords(p).map((w) => w.word);
    expect(words("an independent bookshop")).toEqual(expect.arrayContaining(["book", "shop"]));
    expect(words("a pottery workshop")).toContain("workshop");
    expect(words("a pottery workshop")).not.toContain("work");
  });

  it("falls back to a neutral picture when no word matches, and says so", () => {
    const picked = chooseIllustrations("zxqv blorf quux", library, 9);
    expect(picked.matched).toBe(false);
    expect(library.entries.has(picked.main)).toBe(true);
  });

  it("is deterministic in prompt and seed, and the seed breaks ties", () => {
    expect(chooseIllustrations("a book club", library, 4)).toEqual(chooseIllustrations("a book club", library, 4));
    const books = new Set(
      SEEDS.concat([5, 6, 7, 8, 9]).map((seed) => chooseIllustrations("a book club", library, seed).main),
    );
    expect(books.size).toBeGreaterThan(1);
    for (const book of books) expect(book).toMatch(/book/);
  });

  it("indexes icons by their names and by emojilib keywords joined through the set's chars map", () => {
    expect(library.byWord.get("croissant")?.get("croissant")).toBe("name");
    expect(library.byWord.get("shoe")?.get("running-shoe")).toBe("nameHead");
    // ☕ is "hot-beverage" in the set; "coffee" only comes from emojilib's keywords for U+2615.
    expect(library.byWord.get("coffee")?.get("hot-beverage")).toBe("keyword");
    // Skin-tone variants and flags are left out; the default figure stays.
    expect(library.entries.has("person-in-lotus-position")).toBe(true);
    expect(library.entries.has("person-in-lotus-position-dark")).toBe(false);
  });

  it("reading a long prompt grows about linearly (it is cut at 400 characters)", async () => {
    const base = "fresh croissants and a hot coffee at a small bakery in the old town, ";
    const { ratio } = await growth({
      input: (n) => base.repeat(n),
      run: (text) => chooseIllustrations(text, library, 1),
      size: 1,
    });
    expect(ratio).toBeLessThan(MAX_GROWTH_FOR_8X);
  });

  it("a hostile prompt (runs of spaces and commas) up to the 2000-character prompt limit grows about linearly", async () => {
    // 3n + 7 characters: n = 664 is the limit (lib/media/images/schema.ts MAX_PROMPT_CHARS), n = 83 an eighth of it.
    const { ratio } = await growth({
      input: (n) => `a cat,${" ".repeat(n)}x${", ".repeat(n)}`,
      run: (text) => chooseIllustrations(text, library, 1),
      size: 83,
    });
    expect(ratio).toBeLessThan(MAX_GROWTH_FOR_8X);
  });
});
