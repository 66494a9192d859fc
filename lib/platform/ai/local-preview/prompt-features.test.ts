import { readPrompt } from "./prompt-features";

describe("readPrompt", () => {
  it("mixes every colour word into the palette instead of letting the first one fill it", () => {
    // neon alone has three colours; night and golden must still show up.
    const { palette } = readPrompt("neon night city with a golden moon");
    expect(palette).toHaveLength(5);
    expect(palette).toEqual(expect.arrayContaining(["#ff00e6", "#0b132b", "#e6b422"]));
  });

  it("keeps the Avoid: part out of the look", () => {
    const features = readPrompt("a red barn. Avoid: blue sky");
    expect(features.palette).toContain("#d7263d");
    expect(features.palette).not.toContain("#1d4ed8");
    expect(features.words).toEqual(["red", "barn"]);
  });
});
