import type { ImageSettings } from "@/lib/media/images/contract";
import { MAX_PROMPT_CHARS, MAX_SEED } from "@/lib/media/images/schema";
import {
  DEFAULT_SETTINGS,
  generatorHref,
  randomSeed,
  settingsFromParams,
  settingsOfImage,
  settingsToQuery,
  toGenerationRequest,
  validateSettings,
} from "./generator-params";

const image: ImageSettings = {
  prompt: "a red bicycle & a blue wall",
  negative_prompt: "blur",
  vibe_id: "vibe_1",
  vibe_name: "Film",
  aspect_ratio: "16:9",
  seed: 1234,
  model_id: "local-preview",
  model_label: "Local preview",
  source_image_id: null,
  width: 1024,
  height: 576,
};

describe("query string round trip", () => {
  it("reads back exactly what 'Use these settings' wrote", () => {
    const href = generatorHref(settingsOfImage(image));
    expect(href.startsWith("/image-gen?")).toBe(true);
    const back = settingsFromParams(new URLSearchParams(href.split("?")[1]));
    expect(back).toEqual({
      prompt: image.prompt,
      negativePrompt: "blur",
      vibeId: "vibe_1",
      aspectRatio: "16:9",
      seed: 1234,
      modelId: "local-preview",
    });
  });

  it("leaves the seed out for a variation so the server picks a new one", () => {
    expect(settingsToQuery(settingsOfImage(image, { keepSeed: false }))).not.toContain("seed=");
  });

  it("drops malformed values instead of trusting the URL", () => {
    const got = settingsFromParams(
      new URLSearchParams({
        aspect: "2:1",
        count: "9",
        seed: String(MAX_SEED + 1),
        vibe: "../etc",
        remix: "ok_id",
        prompt: "x".repeat(3000),
      }),
    );
    expect(got).toEqual({ remixOfId: "ok_id", prompt: "x".repeat(MAX_PROMPT_CHARS) });
    expect(settingsFromParams(new URLSearchParams("count=3&seed=0"))).toEqual({ count: 3, seed: 0 });
    expect(settingsFromParams(new URLSearchParams("count=-1&seed=1.5"))).toEqual({});
  });

  it("writes nothing for defaults", () => {
    expect(generatorHref({})).toBe("/image-gen");
    expect(generatorHref({ vibeId: "v1" })).toBe("/image-gen?vibe=v1");
  });
});

describe("validateSettings", () => {
  const ok = { ...DEFAULT_SETTINGS, prompt: "a cat", modelId: "m" };
  it("accepts a valid form", () => expect(validateSettings(ok)).toEqual({}));
  it("explains an empty or too long prompt with the schema's words", () => {
    expect(validateSettings({ ...ok, prompt: "   " }).prompt).toBe("Write a prompt first.");
    expect(validateSettings({ ...ok, prompt: "x".repeat(MAX_PROMPT_CHARS + 1) }).prompt).toMatch(/at most 2000/);
  });
  it("needs a model", () => expect(validateSettings({ ...ok, modelId: null }).modelId).toBe("Pick a model."));
});

describe("toGenerationRequest", () => {
  it("sends snake_case and leaves out empty optionals", () => {
    expect(toGenerationRequest({ ...DEFAULT_SETTINGS, prompt: "  a cat ", modelId: "m" })).toEqual({
      prompt: "a cat",
      model_id: "m",
      aspect_ratio: "1:1",
      count: 1,
    });
  });
  it("carries seed, vibe, remix, source and mask", () => {
    const body = toGenerationRequest(
      { ...DEFAULT_SETTINGS, prompt: "p", modelId: "m", seed: 0, vibeId: "v", remixOfId: "r", negativePrompt: "n" },
      { sourceImageId: "s", mask: "data:image/png;base64,AA==" },
    );
    expect(body).toMatchObject({
      seed: 0,
      vibe_id: "v",
      remix_of_id: "r",
      negative_prompt: "n",
      source_image_id: "s",
      mask: "data:image/png;base64,AA==",
    });
  });
});

it("random seeds stay in the 31-bit range", () => {
  expect(randomSeed(() => 0)).toBe(0);
  expect(randomSeed(() => 0.999999999999)).toBe(MAX_SEED);
});
