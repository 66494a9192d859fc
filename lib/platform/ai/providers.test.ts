/**
 * The provider models through generateImages, with every HTTP call answered by
 * msw in the wire format each @ai-sdk package expects (checked against the
 * installed dist code): what we send, what we get back, and how failures map
 * to AiError codes. No request leaves the process (onUnhandledRequest: "error").
 */
import { http, HttpResponse, type HttpHandler } from "msw";
import { setupServer } from "msw/node";
import {
  AiError,
  ASPECT_RATIOS,
  generateImages,
  listImageModels,
  LOCAL_MODEL_ID,
  type AspectRatio,
} from "@/lib/platform/ai";
import { LocalPreviewImageModel } from "./local-preview-model";
import sharp from "sharp";
import {
  never,
  quietAiSdkWarnings,
  recordRequest,
  rectMask,
  solidPng,
  toBase64,
  type RecordedRequest,
} from "@/tests/support/ai-fixtures";

jest.setTimeout(20_000);
quietAiSdkWarnings();

const OPENAI_URL = "https://api.openai.com/v1/images/generations";
const OPENAI_EDIT_URL = "https://api.openai.com/v1/images/edits";
const GOOGLE_URL = "https://generativelanguage.googleapis.com/v1beta/models/imagen-4.0-generate-001:predict";
// msw paths treat ":name" as a parameter, so Google's ":predict" is matched with a RegExp.
const GOOGLE_ROUTE =
  /^https:\/\/generativelanguage\.googleapis\.com\/v1beta\/models\/imagen-4\.0-generate-001:predict$/;
const FAL_URL = "https://fal.run/fal-ai/flux/dev";
const REPLICATE_URL = "https://api.replicate.com/v1/models/black-forest-labs/flux-schnell/predictions";

const OPENAI = { modelId: "openai/gpt-image-1", env: { OPENAI_API_KEY: "sk-test" } };
const GOOGLE = { modelId: "google/imagen-4.0-generate-001", env: { GOOGLE_GENERATIVE_AI_API_KEY: "goog-test" } };
const FAL = { modelId: "fal/flux/dev", env: { FAL_KEY: "fal-test" } };
const REPLICATE = { modelId: "replicate/black-forest-labs/flux-schnell", env: { REPLICATE_API_TOKEN: "r8_test" } };

const server = setupServer();
let requests: RecordedRequest[] = [];
let pngA: Buffer;
let pngB: Buffer;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: "error" });
  pngA = await solidPng(8, 8, { r: 200, g: 30, b: 30 });
  pngB = await solidPng(8, 8, { r: 30, g: 30, b: 200 });
});
afterEach(() => {
  server.resetHandlers();
  requests = [];
});
afterAll(() => server.close());

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const posts = () => requests.filter((r) => r.method === "POST");

async function failureOf(p: Promise<unknown>): Promise<AiError> {
  const error = await p.then(
    () => {
      throw new Error("expected generateImages to fail");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AiError);
  return error as AiError;
}

// ---- Success handlers, in each provider's real response shape ----

function openaiOk(images: Buffer[]): HttpHandler {
  return http.post(OPENAI_URL, async ({ request }) => {
    requests.push(await recordRequest(request));
    return HttpResponse.json({
      created: 1_713_833_628,
      data: images.map((img) => ({ b64_json: toBase64(img) })),
      usage: {
        total_tokens: 100,
        input_tokens: 50,
        output_tokens: 50,
        input_tokens_details: { text_tokens: 10, image_tokens: 40 },
      },
    });
  });
}

function googleOk(images: Buffer[]): HttpHandler {
  return http.post(GOOGLE_ROUTE, async ({ request }) => {
    requests.push(await recordRequest(request));
    return HttpResponse.json({
      predictions: images.map((img) => ({ mimeType: "image/png", bytesBase64Encoded: toBase64(img) })),
    });
  });
}

/** fal answers with CDN URLs; the SDK then GETs each one. One image per POST (the SDK's maxImagesPerCall is 1). */
function falOk(images: Buffer[]): HttpHandler[] {
  let next = 0;
  return [
    http.post(FAL_URL, async ({ request }) => {
      const recorded = await recordRequest(request);
      requests.push(recorded);
      const i = next++;
      return HttpResponse.json({
        images: [
          { url: `https://v3.fal.media/files/test/image-${i}.png`, width: 8, height: 8, content_type: "image/png" },
        ],
        timings: { inference: 1.25 },
        seed: 4242,
        has_nsfw_concepts: [false],
        prompt: (recorded.body as { prompt: string }).prompt,
      });
    }),
    http.get("https://v3.fal.media/files/test/:name", async ({ request, params }) => {
      requests.push(await recordRequest(request));
      const i = Number(String(params.name).replace(/\D/g, ""));
      return new HttpResponse(new Uint8Array(images[i]!), { headers: { "content-type": "image/png" } });
    }),
  ];
}

/** Replicate with `Prefer: wait` answers 201 with the finished prediction; the SDK then GETs each output URL. */
function replicateOk(images: Buffer[]): HttpHandler[] {
  let next = 0;
  return [
    http.post(REPLICATE_URL, async ({ request }) => {
      const recorded = await recordRequest(request);
      requests.push(recorded);
      const i = next++;
      return HttpResponse.json(
        {
          id: `q4b2s5k1xnrm${i}`,
          model: "black-forest-labs/flux-schnell",
          version: "dp-4d0bcc010b3049749a251855f12800be",
          input: (recorded.body as { input: unknown }).input,
          logs: "",
          output: [`https://replicate.delivery/xezq/test/out-${i}.png`],
          data_removed: false,
          error: null,
          status: "succeeded",
          created_at: "2025-01-01T00:00:00.000Z",
          urls: {
            cancel: `https://api.replicate.com/v1/predictions/q4b2s5k1xnrm${i}/cancel`,
            get: `https://api.replicate.com/v1/predictions/q4b2s5k1xnrm${i}`,
            web: `https://replicate.com/p/q4b2s5k1xnrm${i}`,
          },
        },
        { status: 201 },
      );
    }),
    http.get("https://replicate.delivery/xezq/test/:name", async ({ request, params }) => {
      requests.push(await recordRequest(request));
      const i = Number(String(params.name).replace(/\D/g, ""));
      return new HttpResponse(new Uint8Array(images[i]!), { headers: { "content-type": "image/png" } });
    }),
  ];
}

// ---- Success: bytes back, and the request on the wire ----

describe("OpenAI gpt-image-1", () => {
  it("returns the decoded images and sends model, prompt, n and size with a Bearer key", async () => {
    server.use(openaiOk([pngA, pngB]));
    const result = await generateImages({ ...OPENAI, prompt: "a lighthouse at dusk", n: 2, aspectRatio: "3:2" });

    expect(result.images.map(hex)).toEqual([hex(pngA), hex(pngB)]);
    expect(result.mediaType).toBe("image/png");
    expect(result.modelId).toBe("openai/gpt-image-1");
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: "POST",
      url: OPENAI_URL,
      headers: { authorization: "Bearer sk-test", "content-type": "application/json" },
    });
    // gpt-image-1 always answers base64 and rejects `response_format`, so it must not be sent.
    expect(requests[0]!.body).toEqual({
      model: "gpt-image-1",
      prompt: "a lighthouse at dusk",
      n: 2,
      size: "1536x1024",
    });
  });

  it.each<[AspectRatio, string]>([
    ["1:1", "1024x1024"],
    ["4:5", "1024x1536"],
    ["3:2", "1536x1024"],
    ["16:9", "1536x1024"],
    ["9:16", "1024x1536"],
  ])("aspect ratio %s is sent as size %s (one of the sizes gpt-image-1 accepts)", async (aspectRatio, size) => {
    server.use(openaiOk([pngA]));
    await generateImages({ ...OPENAI, prompt: "p", n: 1, aspectRatio });
    expect(requests[0]!.body).toMatchObject({ size });
  });

  it("edits go to /images/edits as multipart; the white-means-change mask arrives as OpenAI's transparent-means-change", async () => {
    let sentMask: Buffer | undefined;
    server.use(
      http.post(OPENAI_EDIT_URL, async ({ request }) => {
        const form = await request.formData();
        const mask = form.get("mask") as File | null;
        sentMask = mask ? Buffer.from(await mask.arrayBuffer()) : undefined;
        requests.push({
          method: "POST",
          url: request.url,
          headers: { authorization: request.headers.get("authorization") ?? "" },
          body: {
            model: form.get("model"),
            prompt: form.get("prompt"),
            n: form.get("n"),
            image: (form.get("image") as File | null)?.size,
            mask: mask?.type,
          },
        });
        return HttpResponse.json({ created: 1, data: [{ b64_json: toBase64(pngB) }] });
      }),
    );
    // Change the top-left 4x4 of the 8x8 image, keep the rest.
    const productMask = await rectMask(8, 8, { left: 0, top: 0, width: 4, height: 4 });
    const result = await generateImages({
      ...OPENAI,
      prompt: "make it blue",
      n: 1,
      aspectRatio: "1:1",
      edit: { image: new Uint8Array(pngA), mask: new Uint8Array(productMask) },
    });
    expect(result.images.map(hex)).toEqual([hex(pngB)]);
    expect(requests).toEqual([
      {
        method: "POST",
        url: OPENAI_EDIT_URL,
        headers: { authorization: "Bearer sk-test" },
        body: { model: "gpt-image-1", prompt: "make it blue", n: "1", image: pngA.length, mask: "image/png" },
      },
    ]);
    const { data, info } = await sharp(sentMask!).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 8, height: 8, channels: 4 });
    const alphaAt = (x: number, y: number) => data[(y * 8 + x) * 4 + 3];
    expect([alphaAt(0, 0), alphaAt(3, 3)]).toEqual([0, 0]); // painted white: OpenAI may change it
    expect([alphaAt(4, 4), alphaAt(7, 0), alphaAt(0, 7)]).toEqual([255, 255, 255]); // black: kept
  });
});

describe("Google Imagen 4", () => {
  it("returns the decoded images and sends instances/parameters with x-goog-api-key", async () => {
    server.use(googleOk([pngA, pngB]));
    const result = await generateImages({ ...GOOGLE, prompt: "a red fox in snow", n: 2, aspectRatio: "16:9" });

    expect(result.images.map(hex)).toEqual([hex(pngA), hex(pngB)]);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: "POST",
      url: GOOGLE_URL,
      headers: { "x-goog-api-key": "goog-test", "content-type": "application/json" },
    });
    expect(requests[0]!.headers.authorization).toBeUndefined();
    expect(requests[0]!.body).toEqual({
      instances: [{ prompt: "a red fox in snow" }],
      parameters: { sampleCount: 2, aspectRatio: "16:9" },
    });
  });

  it.each<[AspectRatio, string]>([
    ["1:1", "1:1"],
    ["4:5", "3:4"],
    ["3:2", "4:3"],
    ["16:9", "16:9"],
    ["9:16", "9:16"],
  ])("aspect ratio %s is sent as %s (Imagen accepts 1:1, 3:4, 4:3, 9:16, 16:9)", async (aspectRatio, sent) => {
    server.use(googleOk([pngA]));
    await generateImages({ ...GOOGLE, prompt: "p", n: 1, aspectRatio });
    expect(requests[0]!.body).toMatchObject({ parameters: { aspectRatio: sent } });
  });

  it("an invalid key (Google answers 400 API_KEY_INVALID, not 401) is invalid_key", async () => {
    server.use(
      http.post(GOOGLE_ROUTE, async ({ request }) => {
        requests.push(await recordRequest(request));
        return HttpResponse.json(
          {
            error: {
              code: 400,
              message: "API key not valid. Please pass a valid API key.",
              status: "INVALID_ARGUMENT",
              details: [
                {
                  "@type": "type.googleapis.com/google.rpc.ErrorInfo",
                  reason: "API_KEY_INVALID",
                  domain: "googleapis.com",
                  metadata: { service: "generativelanguage.googleapis.com" },
                },
              ],
            },
          },
          { status: 400 },
        );
      }),
    );
    const error = await failureOf(generateImages({ ...GOOGLE, prompt: "p", n: 1, aspectRatio: "1:1" }));
    expect(error).toMatchObject({ code: "invalid_key", retryable: false });
  });

  // Imagen refuses with a 200: every prediction replaced by its RAI reason, or no predictions at all.
  it.each([
    [
      "raiFilteredReason",
      {
        predictions: [
          {
            raiFilteredReason:
              "Your current safety filter threshold filtered out 1 generated image. Support codes: 39322892",
          },
        ],
      },
    ],
    ["an empty body", {}],
  ])("a safety-filtered answer (%s) is content_policy, not retryable", async (_name, body) => {
    server.use(
      http.post(GOOGLE_ROUTE, async ({ request }) => {
        requests.push(await recordRequest(request));
        return HttpResponse.json(body);
      }),
    );
    const error = await failureOf(generateImages({ ...GOOGLE, prompt: "p", n: 1, aspectRatio: "1:1" }));
    expect(error).toMatchObject({ code: "content_policy", retryable: false });
  });

  it("cannot edit: bad_request before any request is made", async () => {
    const error = await failureOf(
      generateImages({ ...GOOGLE, prompt: "p", n: 1, aspectRatio: "1:1", edit: { image: new Uint8Array(pngA) } }),
    );
    expect(error).toMatchObject({ code: "bad_request", retryable: false });
    expect(requests).toHaveLength(0);
  });
});

describe("FLUX.1 [dev] on fal", () => {
  it("posts one request per image with a Key header, then downloads each image URL without the key", async () => {
    server.use(...falOk([pngA, pngB]));
    const result = await generateImages({ ...FAL, prompt: "a castle on a hill", n: 2, aspectRatio: "16:9", seed: 77 });

    expect(new Set(result.images.map(hex))).toEqual(new Set([hex(pngA), hex(pngB)]));
    expect(posts()).toHaveLength(2);
    for (const post of posts()) {
      expect(post).toMatchObject({
        url: FAL_URL,
        headers: { authorization: "Key fal-test", "content-type": "application/json" },
      });
      expect(post.body).toEqual({
        prompt: "a castle on a hill",
        seed: 77,
        image_size: { width: 1024, height: 576 },
        num_images: 1,
      });
    }
    const gets = requests.filter((r) => r.method === "GET");
    expect(gets.map((g) => g.url).sort()).toEqual([
      "https://v3.fal.media/files/test/image-0.png",
      "https://v3.fal.media/files/test/image-1.png",
    ]);
    for (const get of gets) expect(get.headers.authorization).toBeUndefined();
  });

  it.each(ASPECT_RATIOS)("aspect ratio %s is sent as an explicit image_size", async (aspectRatio) => {
    server.use(...falOk([pngA]));
    await generateImages({ ...FAL, prompt: "p", n: 1, aspectRatio });
    const expected = {
      "1:1": [1024, 1024],
      "4:5": [816, 1024],
      "3:2": [1024, 680],
      "16:9": [1024, 576],
      "9:16": [576, 1024],
    }[aspectRatio];
    expect(posts()[0]!.body).toMatchObject({ image_size: { width: expected[0], height: expected[1] } });
  });

  it("FAL_API_KEY works as well as FAL_KEY", async () => {
    server.use(...falOk([pngA]));
    await generateImages({
      modelId: FAL.modelId,
      env: { FAL_API_KEY: "fal-other" },
      prompt: "p",
      n: 1,
      aspectRatio: "1:1",
    });
    expect(posts()[0]!.headers.authorization).toBe("Key fal-other");
  });
});

describe("FLUX.1 [schnell] on Replicate", () => {
  it("posts to the model's predictions endpoint with Bearer token and Prefer: wait, then downloads the output", async () => {
    server.use(...replicateOk([pngA]));
    const result = await generateImages({ ...REPLICATE, prompt: "a paper boat", n: 1, aspectRatio: "4:5", seed: 5 });

    expect(result.images.map(hex)).toEqual([hex(pngA)]);
    expect(posts()).toHaveLength(1);
    expect(posts()[0]).toMatchObject({
      url: REPLICATE_URL,
      headers: { authorization: "Bearer r8_test", prefer: "wait", "content-type": "application/json" },
    });
    expect(posts()[0]!.body).toEqual({
      input: { prompt: "a paper boat", aspect_ratio: "4:5", seed: 5, num_outputs: 1 },
    });
    const gets = requests.filter((r) => r.method === "GET");
    expect(gets.map((g) => g.url)).toEqual(["https://replicate.delivery/xezq/test/out-0.png"]);
    expect(gets[0]!.headers.authorization).toBeUndefined();
  });

  it("n=2 makes two predictions of one output each (flux-schnell's SDK limit is one per call)", async () => {
    server.use(...replicateOk([pngA, pngB]));
    const result = await generateImages({ ...REPLICATE, prompt: "p", n: 2, aspectRatio: "1:1" });
    expect(new Set(result.images.map(hex))).toEqual(new Set([hex(pngA), hex(pngB)]));
    expect(posts().map((p) => (p.body as { input: { num_outputs: number } }).input.num_outputs)).toEqual([1, 1]);
  });
});

// ---- Failures, per provider, in each provider's real error shape ----

type ErrorCase = {
  name: string;
  target: { modelId: string; env: Record<string, string> };
  method: "post";
  route: string | RegExp;
  unauthorized: { status: number; body: Record<string, unknown> };
  rateLimited: { status: number; body: Record<string, unknown> };
  policy: { status: number; body: Record<string, unknown> };
};

const ERROR_CASES: ErrorCase[] = [
  {
    name: "openai",
    target: OPENAI,
    method: "post",
    route: OPENAI_URL,
    unauthorized: {
      status: 401,
      body: {
        error: {
          message:
            "Incorrect API key provided: sk-test. You can find your API key at https://platform.openai.com/account/api-keys.",
          type: "invalid_request_error",
          param: null,
          code: "invalid_api_key",
        },
      },
    },
    rateLimited: {
      status: 429,
      body: {
        error: {
          message:
            "Rate limit reached for gpt-image-1 in organization org-test on images per minute (IPM): Limit 5, Used 5, Requested 1.",
          type: "requests",
          param: null,
          code: "rate_limit_exceeded",
        },
      },
    },
    policy: {
      status: 400,
      body: {
        error: {
          message:
            "Your request was rejected as a result of our safety system. Your prompt may contain text that is not allowed by our safety system.",
          type: "image_generation_user_error",
          param: null,
          code: "content_policy_violation",
        },
      },
    },
  },
  {
    name: "google",
    target: GOOGLE,
    method: "post",
    route: GOOGLE_ROUTE,
    unauthorized: {
      status: 401,
      body: {
        error: {
          code: 401,
          message:
            "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
          status: "UNAUTHENTICATED",
        },
      },
    },
    rateLimited: {
      status: 429,
      body: {
        error: { code: 429, message: "Resource has been exhausted (e.g. check quota).", status: "RESOURCE_EXHAUSTED" },
      },
    },
    policy: {
      status: 400,
      body: {
        error: {
          code: 400,
          message:
            "Image generation failed with the following error: The prompt could not be submitted. Your current safety filter threshold prohibited one or more words in this prompt. If you think this was an error, send feedback. Support codes: 61493863",
          status: "INVALID_ARGUMENT",
        },
      },
    },
  },
  {
    name: "fal",
    target: FAL,
    method: "post",
    route: FAL_URL,
    unauthorized: { status: 401, body: { detail: "Authentication is required to perform this action." } },
    rateLimited: { status: 429, body: { detail: "Too many concurrent requests." } },
    // https://docs.fal.ai/errors: `detail` is a list of { loc, msg, type, url }.
    policy: {
      status: 422,
      body: {
        detail: [
          {
            loc: ["body", "prompt"],
            msg: "The content could not be processed because it contained material flagged by a content checker.",
            type: "content_policy_violation",
            url: "https://docs.fal.ai/errors#content_policy_violation",
            input: "p",
          },
        ],
      },
    },
  },
  {
    name: "replicate",
    target: REPLICATE,
    method: "post",
    route: REPLICATE_URL,
    unauthorized: {
      status: 401,
      body: { title: "Unauthenticated", detail: "You did not pass a valid authentication token", status: 401 },
    },
    rateLimited: {
      status: 429,
      body: {
        title: "Request was throttled",
        detail: "Request was throttled. Your rate limit resets in ~1s.",
        status: 429,
      },
    },
    // A prediction flux-schnell's safety checker stopped: 201 with status "failed" and no output.
    policy: {
      status: 201,
      body: {
        id: "nsfw1",
        model: "black-forest-labs/flux-schnell",
        status: "failed",
        output: null,
        error: "All generated images contained NSFW content. Try running it again with a different prompt.",
        logs: "",
        urls: {},
      },
    },
  },
];

function answer(
  c: ErrorCase,
  status: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): HttpHandler {
  return http[c.method](c.route, async ({ request }) => {
    requests.push(await recordRequest(request));
    return HttpResponse.json(body, { status, headers });
  });
}

describe.each(ERROR_CASES)("$name failures", (c) => {
  const call = (extra: { timeoutMs?: number } = {}) =>
    generateImages({ ...c.target, prompt: "p", n: 1, aspectRatio: "1:1", ...extra });

  it("401 is invalid_key, not retried", async () => {
    server.use(answer(c, c.unauthorized.status, c.unauthorized.body));
    const error = await failureOf(call());
    expect(error).toMatchObject({ code: "invalid_key", retryable: false });
    expect(requests).toHaveLength(1);
  });

  it("429 is rate_limited and retryable, after the one SDK retry", async () => {
    // retry-after-ms keeps the SDK's backoff at 0 instead of its 2 s default.
    server.use(answer(c, c.rateLimited.status, c.rateLimited.body, { "retry-after-ms": "0" }));
    const error = await failureOf(call());
    expect(error).toMatchObject({ code: "rate_limited", retryable: true });
    expect(requests).toHaveLength(2);
  });

  it("the provider's safety refusal is content_policy, not retryable, not retried", async () => {
    server.use(answer(c, c.policy.status, c.policy.body));
    const error = await failureOf(call());
    expect(error).toMatchObject({ code: "content_policy", retryable: false });
    expect(requests).toHaveLength(1);
  });

  it("a 500 is provider_error and retryable", async () => {
    server.use(answer(c, 500, { error: "internal" }, { "retry-after-ms": "0" }));
    const error = await failureOf(call());
    expect(error).toMatchObject({ code: "provider_error", retryable: true });
    expect(requests).toHaveLength(2);
  });

  it("a response that never arrives is a timeout after timeoutMs", async () => {
    server.use(
      http[c.method](c.route, async ({ request }) => {
        requests.push(await recordRequest(request));
        await never();
        return HttpResponse.json({});
      }),
    );
    const started = Date.now();
    const error = await failureOf(call({ timeoutMs: 200 }));
    expect(error).toMatchObject({ code: "timeout", retryable: true });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(requests).toHaveLength(1);
  });
});

// ---- Model selection ----

describe("model selection", () => {
  it("an unknown model id is unknown_model and sends nothing", async () => {
    const error = await failureOf(
      generateImages({ modelId: "acme/imaginator", prompt: "p", n: 1, aspectRatio: "1:1", env: {} }),
    );
    expect(error).toMatchObject({ code: "unknown_model" });
    expect(error.message).toContain("acme/imaginator");
    expect(requests).toHaveLength(0);
  });

  it.each([OPENAI, GOOGLE, FAL, REPLICATE])(
    "$modelId without its key is unknown_model naming the variable",
    async ({ modelId }) => {
      const note = listImageModels({}).find((m) => m.id === modelId)!.note!;
      expect(note).toMatch(/^Set [A-Z_]+( or [A-Z_]+)? to enable\.$/);
      const error = await failureOf(generateImages({ modelId, prompt: "p", n: 1, aspectRatio: "1:1", env: {} }));
      expect(error).toMatchObject({ code: "unknown_model" });
      expect(error.message).toContain(note);
      expect(requests).toHaveLength(0);
    },
  );

  it("the key comes from the env passed in, not process.env", async () => {
    const saved = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = "sk-from-process-env";
    try {
      server.use(openaiOk([pngA]));
      await generateImages({ ...OPENAI, prompt: "p", n: 1, aspectRatio: "1:1" });
      expect(requests[0]!.headers.authorization).toBe("Bearer sk-test");
      const error = await failureOf(
        generateImages({ modelId: OPENAI.modelId, prompt: "p", n: 1, aspectRatio: "1:1", env: {} }),
      );
      expect(error.code).toBe("unknown_model");
    } finally {
      if (saved === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = saved;
    }
  });
});

// ---- Negative prompts ----

describe("negative prompts", () => {
  const base = { prompt: "a lighthouse", negativePrompt: "  fog, people ", n: 1, aspectRatio: "1:1" as const };

  it("openai: appended to the prompt as 'Avoid: …'", async () => {
    server.use(openaiOk([pngA]));
    await generateImages({ ...OPENAI, ...base });
    expect(requests[0]!.body).toMatchObject({ prompt: "a lighthouse\n\nAvoid: fog, people" });
  });

  it("fal: sent as negative_prompt, prompt untouched", async () => {
    server.use(...falOk([pngA]));
    await generateImages({ ...FAL, ...base });
    expect(posts()[0]!.body).toMatchObject({ prompt: "a lighthouse", negative_prompt: "fog, people" });
  });

  it("google: the SDK drops unknown Imagen options, so it goes into the prompt as 'Avoid: …'", async () => {
    server.use(googleOk([pngA]));
    await generateImages({ ...GOOGLE, ...base });
    expect(requests[0]!.body).toEqual({
      instances: [{ prompt: "a lighthouse\n\nAvoid: fog, people" }],
      parameters: { sampleCount: 1, aspectRatio: "1:1" },
    });
  });

  it("replicate: appended to the prompt as 'Avoid: …'", async () => {
    server.use(...replicateOk([pngA]));
    await generateImages({ ...REPLICATE, ...base });
    expect(posts()[0]!.body).toMatchObject({ input: { prompt: "a lighthouse\n\nAvoid: fog, people" } });
  });

  it("local: appended to the prompt as 'Avoid: …'", async () => {
    const spy = jest.spyOn(LocalPreviewImageModel.prototype, "doGenerate");
    try {
      await generateImages({ modelId: LOCAL_MODEL_ID, env: {}, seed: 1, ...base });
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy.mock.calls[0]![0]).toMatchObject({
        prompt: "a lighthouse\n\nAvoid: fog, people",
        providerOptions: {},
      });
    } finally {
      spy.mockRestore();
    }
  });

  it("a blank negative prompt changes nothing", async () => {
    server.use(openaiOk([pngA]));
    await generateImages({ ...OPENAI, ...base, negativePrompt: "   " });
    expect(requests[0]!.body).toMatchObject({ prompt: "a lighthouse" });
  });
});

// ---- Where the picture will be seen ----

describe("subject area", () => {
  const base = {
    prompt: "a lighthouse",
    n: 1,
    aspectRatio: "9:16" as const,
    subjectArea: { x: 0, y: 0, w: 1, h: 0.55 },
  };

  it("openai: said at the end of the prompt, before any 'Avoid: …'", async () => {
    server.use(openaiOk([pngA]));
    await generateImages({ ...OPENAI, ...base, negativePrompt: "fog" });
    expect(requests[0]!.body).toMatchObject({
      prompt:
        "a lighthouse\n\nComposition: the main subject whole and inside the upper part of the frame (about 55% of it); the rest is plain background where text will sit.\n\nAvoid: fog",
    });
  });

  it("local: a provider option, the prompt untouched", async () => {
    const spy = jest.spyOn(LocalPreviewImageModel.prototype, "doGenerate");
    try {
      await generateImages({ modelId: LOCAL_MODEL_ID, env: {}, seed: 1, ...base });
      expect(spy.mock.calls[0]![0]).toMatchObject({
        prompt: "a lighthouse",
        providerOptions: { local: { area: { x: 0, y: 0, w: 1, h: 0.55 } } },
      });
    } finally {
      spy.mockRestore();
    }
  });

  it("local: an area outside 0..1 is refused as a bad request", async () => {
    const error = await failureOf(
      generateImages({ modelId: LOCAL_MODEL_ID, env: {}, seed: 1, ...base, subjectArea: { x: 0, y: 0, w: 2, h: 1 } }),
    );
    expect(error.code).toBe("bad_request");
  });
});
