import { defaultModelId, listImageModels, LOCAL_MODEL_ID } from "@/lib/platform/ai";

const PROVIDER_IDS = [
  "openai/gpt-image-1",
  "google/imagen-4.0-generate-001",
  "fal/flux/dev",
  "replicate/black-forest-labs/flux-schnell",
];

function enabledIds(env: Record<string, string | undefined>): string[] {
  return listImageModels(env)
    .filter((m) => m.enabled)
    .map((m) => m.id);
}

describe("listImageModels / defaultModelId", () => {
  it("with no keys, only the local preview is enabled and it is the default", () => {
    const models = listImageModels({});
    expect(models.map((m) => m.id)).toEqual([LOCAL_MODEL_ID, ...PROVIDER_IDS]);
    expect(enabledIds({})).toEqual([LOCAL_MODEL_ID]);
    expect(defaultModelId({})).toBe(LOCAL_MODEL_ID);

    const local = models.find((m) => m.id === LOCAL_MODEL_ID)!;
    expect(local.note).toMatch(/not an AI model/);
    // Each disabled provider says which variable turns it on.
    const notes = Object.fromEntries(models.filter((m) => !m.enabled).map((m) => [m.id, m.note]));
    expect(notes).toEqual({
      "openai/gpt-image-1": "Set OPENAI_API_KEY to enable.",
      "google/imagen-4.0-generate-001": "Set GOOGLE_GENERATIVE_AI_API_KEY to enable.",
      "fal/flux/dev": "Set FAL_API_KEY or FAL_KEY to enable.",
      "replicate/black-forest-labs/flux-schnell": "Set REPLICATE_API_TOKEN to enable.",
    });
  });

  it("empty-string keys count as unset", () => {
    expect(enabledIds({ OPENAI_API_KEY: "", FAL_KEY: "" })).toEqual([LOCAL_MODEL_ID]);
    expect(defaultModelId({ OPENAI_API_KEY: "" })).toBe(LOCAL_MODEL_ID);
  });

  it("OPENAI_API_KEY enables OpenAI and makes it the default", () => {
    const env = { OPENAI_API_KEY: "sk-test" };
    expect(enabledIds(env)).toEqual([LOCAL_MODEL_ID, "openai/gpt-image-1"]);
    expect(defaultModelId(env)).toBe("openai/gpt-image-1");
    const openai = listImageModels(env).find((m) => m.id === "openai/gpt-image-1")!;
    expect(openai.note).toBeNull();
    // The local model stays available alongside.
    expect(listImageModels(env).find((m) => m.id === LOCAL_MODEL_ID)!.enabled).toBe(true);
  });

  it.each([
    [{ GOOGLE_GENERATIVE_AI_API_KEY: "g" }, "google/imagen-4.0-generate-001"],
    [{ FAL_API_KEY: "f" }, "fal/flux/dev"],
    [{ FAL_KEY: "f" }, "fal/flux/dev"],
    [{ REPLICATE_API_TOKEN: "r" }, "replicate/black-forest-labs/flux-schnell"],
  ])("%j enables and defaults to %s", (env, id) => {
    expect(enabledIds(env)).toEqual([LOCAL_MODEL_ID, id]);
    expect(defaultModelId(env)).toBe(id);
  });

  it("with several keys, the default is the first configured provider in catalogue order", () => {
    expect(defaultModelId({ REPLICATE_API_TOKEN: "r", FAL_KEY: "f" })).toBe("fal/flux/dev");
    expect(defaultModelId({ REPLICATE_API_TOKEN: "r", OPENAI_API_KEY: "sk" })).toBe("openai/gpt-image-1");
  });

  it("reads process.env when no env is passed", () => {
    const saved = process.env.OPENAI_API_KEY;
    try {
      process.env.OPENAI_API_KEY = "sk-from-process";
      expect(defaultModelId()).toBe("openai/gpt-image-1");
      expect(listImageModels().find((m) => m.id === "openai/gpt-image-1")!.enabled).toBe(true);
    } finally {
      if (saved === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = saved;
    }
  });
});
