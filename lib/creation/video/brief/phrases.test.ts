import { growth, MAX_GROWTH_FOR_8X } from "@/tests/support/growth";
import { endsMidPhrase, fitPhrase, shortenNarration, titleCase, trimDangling } from "./phrases";
import { readBrief } from "./read-brief";
import { readRequestWords } from "./request";

describe("phrase fitting", () => {
  it("shortens at phrase boundaries and never leaves a function word or a number without its unit", () => {
    const s = "A reusable steel water bottle that keeps drinks cold for 24 hours";
    expect(fitPhrase(s, 100)).toBe(s);
    expect(fitPhrase(s, 40)).toBe("A reusable steel water bottle");
    expect(fitPhrase("Keeps drinks cold for 24 hours all day", 28)).toBe("Keeps drinks cold");
    expect(fitPhrase("Supercalifragilistic", 5)).toBe("");
    // A last clause of one word is a fragment: cut at the comma.
    expect(fitPhrase("Made with Oatly Barista, available in all 12 Daily Grind cafés from Monday", 36)).toBe(
      "Made with Oatly Barista",
    );
    expect(endsMidPhrase("Steel water bottle that keeps drinks cold for 24", s)).toBe(true);
    expect(endsMidPhrase("20-second upbeat ad for a")).toBe(true);
    expect(endsMidPhrase("Serves 4", "Serves 4. Ready in 4 minutes.")).toBe(false);
    expect(endsMidPhrase("Keeps drinks cold")).toBe(false);
  });

  it("keeps a sentence that ends on a preposition whole, and a body to whole sentences", () => {
    const source =
      "Shaw has no past he will talk about. A war is sold one rumour at a time. When the truth surfaces, he runs.";
    // The source's own sentence end: whole, though "about" is a function word.
    expect(endsMidPhrase("Shaw has no past he will talk about", source)).toBe(false);
    expect(trimDangling("Shaw has no past he will talk about", source)).toBe("Shaw has no past he will talk about");
    // Cut by us before its object: still a hanging end.
    expect(endsMidPhrase("A war is sold one rumour at", source)).toBe(true);
    expect(trimDangling("Shaw has no past he will talk about and", source)).toBe("Shaw has no past he will talk about");
    // A body is cut between sentences, not inside the next one at its comma.
    expect(fitPhrase(source, 80)).toBe("Shaw has no past he will talk about. A war is sold one rumour at a time.");
  });

  it("keeps narration to whole sentences", () => {
    expect(shortenNarration("One two three. Four five six seven.", 4)).toBe("One two three.");
    expect(
      shortenNarration("Our bottle keeps drinks cold for 24 hours, on every hike and every commute you take", 9),
    ).toBe("Our bottle keeps drinks cold for 24 hours.");
    expect(titleCase("steel water bottle — cold for 24 hours")).toBe("Steel Water Bottle — Cold for 24 Hours");
  });

  it("grows linearly on hostile input up to the brief's limit", async () => {
    // Timed with the shared growth helper: repeated calls per round, the fastest round kept, and a pass well above
    // linear measured again, so one busy moment of the shared CI machine does not decide (stop 35 failed on a single
    // fastest-of-nine measurement here, though the function is linear: 2.4 ms at 250 characters, 11 ms at 2,000).
    for (const unit of ["for ", "1 ", ", , ", "a-", "AB12 ", "$1 ", "x".repeat(10) + " "]) {
      for (const [name, f] of [
        ["fitPhrase", (x: string) => fitPhrase(x, 40)],
        ["readRequestWords", readRequestWords],
        ["shortenNarration", (x: string) => shortenNarration(x, 20)],
      ] as const) {
        const { ratio } = await growth({
          input: (n) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n),
          run: f,
          size: 250,
        });
        expect({ unit, name, linear: ratio < MAX_GROWTH_FOR_8X }).toEqual({ unit, name, linear: true });
      }
    }
  });

  it("reads a 2,000-character brief in time that grows with its length", async () => {
    const sentence =
      "Northwind folds in 10 seconds, weighs 16 kg and costs $1,299 with code RIDE10 on Friday, June 5 at 8pm. ";
    const { ratio } = await growth({
      input: (n) => sentence.repeat(20).slice(0, n),
      run: readBrief,
      size: 250,
    });
    expect(ratio).toBeLessThan(MAX_GROWTH_FOR_8X);
  });
});
