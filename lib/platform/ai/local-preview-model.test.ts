import { InvalidArgumentError } from "@ai-sdk/provider";
import { generateImage } from "ai";
import {
  AiError,
  ASPECT_RATIOS,
  createLocalPreviewModel,
  generateImages,
  LOCAL_MODEL_ID,
  sizeForAspectRatio,
} from "@/lib/platform/ai";
import {
  meanColour,
  pixelAt,
  pngSize,
  quietAiSdkWarnings,
  rawPixels,
  rectMask,
  solidPng,
  type Rgb,
} from "@/tests/support/ai-fixtures";

jest.setTimeout(60_000);
quietAiSdkWarnings();

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a).equals(Buffer.from(b));
}

async function viaSdk(prompt: string, seed: number, size: `${number}x${number}` = "256x256", n = 1) {
  const result = await generateImage({ model: createLocalPreviewModel(), prompt, seed, size, n });
  return result.images.map((f) => f.uint8Array);
}

async function viaLayer(prompt: string, seed: number, aspectRatio: (typeof ASPECT_RATIOS)[number] = "1:1", n = 1) {
  return generateImages({ modelId: LOCAL_MODEL_ID, prompt, seed, aspectRatio, n, env: {} });
}

describe("local preview model through ai.generateImage", () => {
  it("same prompt, seed and size give byte-identical PNGs", async () => {
    const [a] = await viaSdk("a lighthouse on a cliff at sunset", 1234);
    const [b] = await viaSdk("a lighthouse on a cliff at sunset", 1234);
    expect(Array.from(a!.subarray(0, 8))).toEqual(PNG_SIGNATURE);
    expect(sameBytes(a!, b!)).toBe(true);
    expect(await pngSize(a!)).toEqual({ width: 256, height: 256, format: "png" });
  });

  it("a different seed gives different bytes", async () => {
    const [a] = await viaSdk("a lighthouse on a cliff at sunset", 1234);
    const [b] = await viaSdk("a lighthouse on a cliff at sunset", 1235);
    expect(sameBytes(a!, b!)).toBe(false);
  });

  it("a different prompt with the same seed gives different bytes", async () => {
    const [a] = await viaSdk("a lighthouse on a cliff at sunset", 99);
    const [b] = await viaSdk("a robot in a neon city", 99);
    expect(sameBytes(a!, b!)).toBe(false);
  });

  it("honours an explicit size and reports the media type", async () => {
    const result = await generateImage({ model: createLocalPreviewModel(), prompt: "tree", seed: 1, size: "320x200" });
    expect(result.image.mediaType).toBe("image/png");
    expect(await pngSize(result.image.uint8Array)).toMatchObject({ width: 320, height: 200 });
  });

  it("rejects n above its per-call maximum as an invalid argument", async () => {
    const model = createLocalPreviewModel();
    await expect(
      model.doGenerate({
        prompt: "x",
        n: 5,
        size: undefined,
        aspectRatio: undefined,
        seed: 1,
        providerOptions: {},
        files: undefined,
        mask: undefined,
      }),
    ).rejects.toBeInstanceOf(InvalidArgumentError);
  });
});

describe("local preview model through generateImages", () => {
  it("same prompt, seed and ratio give byte-identical PNGs; another seed does not", async () => {
    const a = await viaLayer("a quiet forest lake", 7, "16:9");
    const b = await viaLayer("a quiet forest lake", 7, "16:9");
    const c = await viaLayer("a quiet forest lake", 8, "16:9");
    expect(a.modelId).toBe(LOCAL_MODEL_ID);
    expect(a.mediaType).toBe("image/png");
    expect(a.images).toHaveLength(1);
    expect(sameBytes(a.images[0]!, b.images[0]!)).toBe(true);
    expect(sameBytes(a.images[0]!, c.images[0]!)).toBe(false);
  });

  it.each(ASPECT_RATIOS)("aspect ratio %s renders at sizeForAspectRatio", async (ratio) => {
    const { images } = await viaLayer("mountains under a pastel sky", 3, ratio);
    const expected = sizeForAspectRatio(ratio);
    expect(await pngSize(images[0]!)).toEqual({ ...expected, format: "png" });
  });

  it("n=3 gives three distinct images of the same size", async () => {
    const { images } = await viaLayer("galaxy portal", 42, "4:5", 3);
    expect(images).toHaveLength(3);
    const hex = images.map((img) => Buffer.from(img).toString("hex"));
    expect(new Set(hex).size).toBe(3);
    for (const img of images) expect(await pngSize(img)).toMatchObject(sizeForAspectRatio("4:5"));
  });

  it("colour words steer the palette: blue ocean is bluer, red fire is redder", async () => {
    const mean = async (prompt: string): Promise<Rgb> => {
      const [img] = await viaSdk(prompt, 5, "256x256");
      return meanColour(await rawPixels(img!));
    };
    const ocean = await mean("deep blue ocean");
    const fire = await mean("red fire");
    expect(ocean.b).toBeGreaterThan(ocean.r + 40);
    expect(fire.r).toBeGreaterThan(fire.b + 40);
    expect(ocean.b).toBeGreaterThan(fire.b);
    expect(fire.r).toBeGreaterThan(ocean.r);
  });
});

describe("local preview pictures in a caller's palette", () => {
  it("the template's or brand kit's colours (generateImages' palette) colour the ground when the prompt names none", async () => {
    const mean = async (palette: string[]): Promise<Rgb> => {
      const { images } = await generateImages({
        modelId: LOCAL_MODEL_ID,
        prompt: "running shoes",
        seed: 5,
        aspectRatio: "1:1",
        n: 1,
        palette,
        env: {},
      });
      return meanColour(await rawPixels(images[0]!));
    };
    const blue = await mean(["#1d4ed8", "#3a86ff", "#14213d"]);
    const red = await mean(["#d7263d", "#a4161a", "#f77f00"]);
    expect(blue.b).toBeGreaterThan(blue.r + 30);
    expect(red.r).toBeGreaterThan(red.b + 30);
  });

  it("a palette that is not a list of #rrggbb colours is an invalid argument", async () => {
    const model = createLocalPreviewModel();
    await expect(
      model.doGenerate({
        prompt: "x",
        n: 1,
        size: "64x64",
        aspectRatio: undefined,
        seed: 1,
        providerOptions: { local: { palette: ["red"] } },
        files: undefined,
        mask: undefined,
      }),
    ).rejects.toBeInstanceOf(InvalidArgumentError);
  });
});

describe("local preview edits", () => {
  const W = 256;
  const H = 192;
  const SOURCE: Rgb = { r: 250, g: 5, b: 250 };
  const RECT = { left: 64, top: 48, width: 128, height: 96 };
  const inRect = (x: number, y: number) =>
    x >= RECT.left && x < RECT.left + RECT.width && y >= RECT.top && y < RECT.top + RECT.height;

  it("a mask repaints inside the white area and leaves every pixel outside identical to the source", async () => {
    const source = await solidPng(W, H, SOURCE);
    const mask = await rectMask(W, H, RECT);
    const { images, warnings } = await generateImages({
      modelId: LOCAL_MODEL_ID,
      prompt: "deep blue ocean",
      n: 1,
      aspectRatio: "16:9",
      seed: 11,
      edit: { image: new Uint8Array(source), mask: new Uint8Array(mask) },
      env: {},
    });
    expect(warnings.join(" ")).toMatch(/keep the input image's size/);
    const out = await rawPixels(images[0]!);
    expect({ width: out.width, height: out.height }).toEqual({ width: W, height: H });

    // Sampled points, named so a failure says where.
    for (const [x, y] of [
      [0, 0],
      [W - 1, 0],
      [0, H - 1],
      [W - 1, H - 1],
      [20, 100],
      [230, 100],
      [128, 10],
      [128, 180],
      [63, 47],
    ] as const) {
      expect({ x, y, ...pixelAt(out, x, y) }).toEqual({ x, y, ...SOURCE });
    }
    for (const [x, y] of [
      [64, 48],
      [100, 80],
      [128, 96],
      [150, 120],
      [191, 143],
    ] as const) {
      expect({ x, y, same: JSON.stringify(pixelAt(out, x, y)) === JSON.stringify(SOURCE) }).toEqual({
        x,
        y,
        same: false,
      });
    }

    // And over the whole image: nothing outside changes, (nearly) everything inside does.
    let outsideChanged = 0;
    let insideChanged = 0;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const p = pixelAt(out, x, y);
        const changed = p.r !== SOURCE.r || p.g !== SOURCE.g || p.b !== SOURCE.b;
        if (inRect(x, y)) insideChanged += changed ? 1 : 0;
        else outsideChanged += changed ? 1 : 0;
      }
    }
    expect(outsideChanged).toBe(0);
    expect(insideChanged / (RECT.width * RECT.height)).toBeGreaterThan(0.99);
  });

  it("the same edit through ai.generateImage is deterministic", async () => {
    const source = await solidPng(W, H, SOURCE);
    const mask = await rectMask(W, H, RECT);
    const run = async () =>
      (
        await generateImage({
          model: createLocalPreviewModel(),
          prompt: { text: "sun", images: [source], mask },
          seed: 3,
        })
      ).image.uint8Array;
    expect(sameBytes(await run(), await run())).toBe(true);
  });

  it("a mask of the wrong size is a bad_request AiError", async () => {
    const source = await solidPng(W, H, SOURCE);
    const mask = await rectMask(W / 2, H / 2, { left: 0, top: 0, width: 10, height: 10 });
    const error = await generateImages({
      modelId: LOCAL_MODEL_ID,
      prompt: "sun",
      n: 1,
      aspectRatio: "1:1",
      seed: 1,
      edit: { image: new Uint8Array(source), mask: new Uint8Array(mask) },
      env: {},
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiError);
    expect(error).toMatchObject({ code: "bad_request", retryable: false });
    expect((error as Error).message).toMatch(/128x96 .* 256x192/);
  });

  it("an edit without a mask returns an image of the source's size that still differs from it", async () => {
    const source = await solidPng(200, 120, SOURCE);
    const { images } = await generateImages({
      modelId: LOCAL_MODEL_ID,
      prompt: "a red fire",
      n: 1,
      aspectRatio: "9:16",
      seed: 2,
      edit: { image: new Uint8Array(source) },
      env: {},
    });
    const out = await rawPixels(images[0]!);
    expect({ width: out.width, height: out.height }).toEqual({ width: 200, height: 120 });
    expect(pixelAt(out, 100, 20)).not.toEqual(SOURCE);
  });
});
