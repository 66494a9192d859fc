import type { ImageModelInfo } from "@/lib/media/images/contract";
import { creditsFor, isLocalModel, pickModel } from "./use-models";

const model = (over: Partial<ImageModelInfo>): ImageModelInfo => ({
  id: "m",
  label: "M",
  provider: "openai",
  enabled: true,
  supports_edit: true,
  max_images_per_call: 4,
  credits_per_image: 5,
  note: null,
  ...over,
});

const models = [
  model({ id: "local", provider: "local", credits_per_image: 1, supports_edit: true }),
  model({ id: "flux", provider: "fal", supports_edit: false }),
  model({ id: "gpt", enabled: false, note: "Set OPENAI_API_KEY to enable" }),
];

describe("pickModel", () => {
  it("keeps a usable requested model", () =>
    expect(pickModel({ models, defaultId: "local", requested: "flux" })?.id).toBe("flux"));
  it("falls back to the default for a disabled or unknown one", () => {
    expect(pickModel({ models, defaultId: "local", requested: "gpt" })?.id).toBe("local");
    expect(pickModel({ models, defaultId: "local", requested: "nope" })?.id).toBe("local");
  });
  it("only offers edit-capable models for edits", () => {
    expect(pickModel({ models, defaultId: "flux", requested: "flux", needsEdit: true })?.id).toBe("local");
  });
  it("is null when nothing is usable", () =>
    expect(pickModel({ models: [models[2]!], defaultId: "gpt", requested: null })).toBeNull());
});

it("prices a run and spots the local model", () => {
  expect(creditsFor(models[1], 3)).toBe(15);
  expect(creditsFor(null, 3)).toBe(0);
  expect(isLocalModel(models[0])).toBe(true);
  expect(isLocalModel(models[1])).toBe(false);
});
