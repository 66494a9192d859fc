/**
 * Provider narration through the AI SDK with every HTTP call answered by msw
 * in each API's wire format (checked against the installed @ai-sdk/openai and
 * @ai-sdk/elevenlabs dist code and the providers' API references): what we
 * send, how PCM and word timings come back as WAV and cues, and how failures
 * map to SpeechError codes. No request leaves the process.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { http, HttpResponse, type HttpHandler } from "msw";
import { setupServer } from "msw/node";
import { captionCueSchema } from "@/lib/engine/composition/cues";
import { splitPhrases } from "@/lib/engine/audio/phrases";
import { encodeWav, parseWav, wavDurationMs, wavFromPcm16 } from "@/lib/engine/audio/wav";
import { SpeechError } from "./errors";
import { synthesizeNarration, type NarrationRequest } from "./narration";
import { ffmpegBinary } from "./provider-audio";

jest.setTimeout(20_000);
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const OPENAI_SPEECH = "https://api.openai.com/v1/audio/speech";
const OPENAI_TRANSCRIBE = "https://api.openai.com/v1/audio/transcriptions";
const ELEVEN_TTS = "https://api.elevenlabs.io/v1/text-to-speech/:voiceId";
const ELEVEN_STT = "https://api.elevenlabs.io/v1/speech-to-text";

const OPENAI_ENV = { OPENAI_API_KEY: "sk-test" };
const ELEVEN_ENV = { ELEVENLABS_API_KEY: "xi-test" };
const TEXT = "Welcome to Promptframe. Videos in a minute.";
/** Word timings as a transcriber would hear TEXT in 2.5 s of audio (seconds). */
const HEARD: [string, number, number][] = [
  ["Welcome", 0.12, 0.52],
  ["to", 0.52, 0.64],
  ["Promptframe.", 0.64, 1.3],
  ["Videos", 1.55, 1.9],
  ["in", 1.9, 2.0],
  ["a", 2.0, 2.06],
  ["minute.", 2.06, 2.4],
];

const server = setupServer();
type Seen = {
  url: string;
  headers: Record<string, string>;
  json?: unknown;
  form?: Record<string, string | { type: string; bytes: Uint8Array }>;
};
let seen: Seen[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  seen = [];
});
afterAll(() => server.close());

async function record(request: Request): Promise<Seen> {
  const headers: Record<string, string> = {};
  request.headers.forEach((v, k) => (headers[k] = v));
  const entry: Seen = { url: request.url, headers };
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) entry.json = await request.clone().json();
  if (type.includes("multipart/form-data")) {
    const form = await request.clone().formData();
    entry.form = {};
    for (const [key, value] of form.entries()) {
      entry.form[key] =
        typeof value === "string" ? value : { type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) };
    }
  }
  seen.push(entry);
  return entry;
}

/** 24 kHz 16-bit mono little-endian PCM, no header: what both providers send for "pcm". */
function pcm24k(ms: number): Uint8Array {
  const frames = Math.round(24 * ms);
  const out = new Int16Array(frames);
  for (let i = 0; i < frames; i++)
    out[i] = Math.round(Math.sin((2 * Math.PI * 180 * i) / 24_000) * 8000 * (0.6 + 0.4 * Math.sin(i / 900)));
  return new Uint8Array(out.buffer);
}

const PCM = pcm24k(2500);

function pcmAnswer(url: string, bytes: Uint8Array = PCM): HttpHandler {
  return http.post(url, async ({ request }) => {
    await record(request);
    return new HttpResponse(bytes.slice(), { headers: { "content-type": "audio/pcm" } });
  });
}

function openaiWords(): HttpHandler {
  return http.post(OPENAI_TRANSCRIBE, async ({ request }) => {
    await record(request);
    return HttpResponse.json({
      task: "transcribe",
      language: "english",
      duration: 2.5,
      text: TEXT,
      words: HEARD.map(([word, start, end]) => ({ word: word.replace(/\.$/, ""), start, end })),
      usage: { type: "duration", seconds: 3 },
    });
  });
}

function elevenWords(): HttpHandler {
  return http.post(ELEVEN_STT, async ({ request }) => {
    await record(request);
    const words = HEARD.flatMap(([text, start, end], i) => [
      { text, start, end, type: "word", speaker_id: "speaker_0", logprob: -0.02 },
      ...(i < HEARD.length - 1
        ? [{ text: " ", start: end, end: HEARD[i + 1]![1], type: "spacing", speaker_id: "speaker_0", logprob: 0 }]
        : []),
    ]);
    return HttpResponse.json({
      language_code: "eng",
      language_probability: 0.99,
      text: TEXT,
      words,
      transcription_id: "tr_123",
    });
  });
}

async function failureOf(p: Promise<unknown>): Promise<SpeechError> {
  const error = await p.then(
    () => {
      throw new Error("expected the narration to fail");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SpeechError);
  return error as SpeechError;
}

function expectWordCues(result: Awaited<ReturnType<typeof synthesizeNarration>>) {
  expect(result.captionTiming).toBe("word");
  expect(result.durationMs).toBe(2500);
  expect(result.cues.map((c) => c.text)).toEqual(splitPhrases(TEXT).map((p) => p.text));
  result.cues.forEach((c) => expect(captionCueSchema.safeParse(c).success).toBe(true));
  const [first, second] = result.cues;
  expect(first).toMatchObject({ startMs: 0, endMs: 1550 });
  expect(second).toMatchObject({ startMs: 1550, endMs: 2500 });
  expect(first!.words!.map((w) => [w.text, w.startMs, w.endMs])).toEqual([
    ["Welcome", 120, 520],
    ["to", 520, 640],
    ["Promptframe.", 640, 1300],
  ]);
  expect(second!.words![3]).toEqual({ text: "minute.", startMs: 2060, endMs: 2400 });
  // The narration is the PCM the provider sent, in a WAV header.
  const wav = parseWav(result.audio);
  expect(wav.format).toEqual({ sampleRate: 24_000, channels: 1, bitsPerSample: 16 });
  expect(Buffer.from(wav.pcm).equals(Buffer.from(PCM))).toBe(true);
}

describe("OpenAI speech", () => {
  const request = (extra: Partial<NarrationRequest> = {}) =>
    synthesizeNarration({ text: TEXT, voiceId: "openai:coral", env: OPENAI_ENV, ...extra });

  it("asks gpt-4o-mini-tts for raw PCM, then whisper-1 for word timings; cues follow the words", async () => {
    server.use(pcmAnswer(OPENAI_SPEECH), openaiWords());
    const result = await request({ language: "en" });
    expectWordCues(result);
    expect(result).toMatchObject({
      modelLabel: "OpenAI gpt-4o-mini-tts",
      voice: { id: "openai:coral", provider: "openai", local: false },
      warnings: [],
    });

    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatchObject({ url: OPENAI_SPEECH, headers: { authorization: "Bearer sk-test" } });
    expect(seen[0]!.json).toEqual({ model: "gpt-4o-mini-tts", input: TEXT, voice: "coral", response_format: "pcm" });
    expect(seen[1]!.url).toBe(OPENAI_TRANSCRIBE);
    expect(seen[1]!.form).toMatchObject({
      model: "whisper-1",
      response_format: "verbose_json",
      "timestamp_granularities[]": "word",
      language: "en",
    });
    const file = seen[1]!.form!.file as { type: string; bytes: Uint8Array };
    expect(file.type).toBe("audio/wav");
    expect(wavDurationMs(file.bytes)).toBe(2500);
  });

  it("passes the speaking speed on", async () => {
    server.use(pcmAnswer(OPENAI_SPEECH), openaiWords());
    await request({ speed: 1.25 });
    expect(seen[0]!.json).toMatchObject({ speed: 1.25 });
  });

  it("if the transcription fails, the narration still comes back, with estimated cues and a warning", async () => {
    server.use(
      pcmAnswer(OPENAI_SPEECH),
      http.post(OPENAI_TRANSCRIBE, async ({ request }) => {
        await record(request);
        return HttpResponse.json(
          { error: { message: "The server had an error", type: "server_error", param: null, code: null } },
          { status: 500, headers: { "retry-after-ms": "0" } },
        );
      }),
    );
    const result = await request();
    expect(result.captionTiming).toBe("estimated");
    expect(result.durationMs).toBe(2500);
    expect(result.warnings).toEqual([
      expect.stringMatching(/^Captions are timed approximately: word timings were not available \(OpenAI/),
    ]);
    expect(result.cues.map((c) => c.text)).toEqual(splitPhrases(TEXT).map((p) => p.text));
    expect(result.cues[result.cues.length - 1]!.endMs).toBe(2500);
  });

  it("audio sent in a container instead of PCM (an MP3) is decoded to WAV with ffmpeg", async () => {
    const wav = encodeWav(wavFromPcm16(PCM, { sampleRate: 24_000, channels: 1, bitsPerSample: 16 }));
    const ffmpeg = ffmpegBinary();
    const mp3 = execFileSync(
      ffmpeg,
      ["-hide_banner", "-loglevel", "error", "-f", "wav", "-i", "pipe:0", "-f", "mp3", "pipe:1"],
      {
        input: wav,
        env: { ...process.env, LD_LIBRARY_PATH: path.dirname(ffmpeg) },
      },
    );
    expect(mp3.subarray(0, 3).toString()).toBe("ID3");
    server.use(pcmAnswer(OPENAI_SPEECH, new Uint8Array(mp3)), openaiWords());
    const result = await request();
    expect(parseWav(result.audio).format).toEqual({ sampleRate: 24_000, channels: 1, bitsPerSample: 16 });
    expect(Math.abs(result.durationMs - 2500)).toBeLessThan(100);
  });
});

it("a provider voice sample is one speech call (no transcription), cached", async () => {
  const { voiceSample, clearVoiceSamples } = await import("./sample");
  clearVoiceSamples();
  server.use(pcmAnswer(OPENAI_SPEECH));
  const first = await voiceSample("openai:nova", { env: OPENAI_ENV });
  const again = await voiceSample("openai:nova", { env: OPENAI_ENV });
  expect(again).toBe(first);
  expect(seen.map((s) => s.url)).toEqual([OPENAI_SPEECH]);
  expect(seen[0]!.json).toMatchObject({ voice: "nova", input: "Hi! This is how I will sound in your video." });
  expect(wavDurationMs(first)).toBe(2500);
  clearVoiceSamples();
});

describe("ElevenLabs speech", () => {
  const request = (extra: Partial<NarrationRequest> = {}) =>
    synthesizeNarration({ text: TEXT, voiceId: "elevenlabs:rachel", env: ELEVEN_ENV, ...extra });

  it("asks eleven_multilingual_v2 for pcm_24000 with the voice id in the path, then Scribe for word timings", async () => {
    server.use(pcmAnswer(ELEVEN_TTS), elevenWords());
    const result = await request({ language: "en-GB" });
    expectWordCues(result);
    expect(result.modelLabel).toBe("ElevenLabs eleven_multilingual_v2");

    expect(seen[0]!.url).toBe(
      "https://api.elevenlabs.io/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM?output_format=pcm_24000",
    );
    expect(seen[0]!.headers["xi-api-key"]).toBe("xi-test");
    expect(seen[0]!.json).toEqual({ text: TEXT, model_id: "eleven_multilingual_v2" });
    expect(seen[1]!.url).toBe(ELEVEN_STT);
    expect(seen[1]!.form).toMatchObject({
      model_id: "scribe_v1",
      timestamps_granularity: "word",
      language_code: "en",
      tag_audio_events: "false",
    });
  });

  it("keeps the speed inside what ElevenLabs accepts (0.7–1.2), saying so", async () => {
    server.use(pcmAnswer(ELEVEN_TTS), elevenWords());
    const result = await request({ speed: 2 });
    expect(seen[0]!.json).toMatchObject({ voice_settings: { speed: 1.2 } });
    expect(result.warnings).toEqual(["ElevenLabs speaks at 0.7× to 1.2×; used 1.2×."]);
  });
});

// ---- Failures, in each provider's real error shape ----

interface ErrorCase {
  name: string;
  voiceId: string;
  env: Record<string, string>;
  route: string;
  unauthorized: { status: number; body: unknown };
  rateLimited: { status: number; body: unknown };
  quota: { status: number; body: unknown };
}

const ERROR_CASES: ErrorCase[] = [
  {
    name: "openai",
    voiceId: "openai:onyx",
    env: OPENAI_ENV,
    route: OPENAI_SPEECH,
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
            "Rate limit reached for gpt-4o-mini-tts in organization org-123 on requests per min (RPM): Limit 50, Used 50, Requested 1.",
          type: "requests",
          param: null,
          code: "rate_limit_exceeded",
        },
      },
    },
    quota: {
      status: 429,
      body: {
        error: {
          message: "You exceeded your current quota, please check your plan and billing details.",
          type: "insufficient_quota",
          param: null,
          code: "insufficient_quota",
        },
      },
    },
  },
  {
    name: "elevenlabs",
    voiceId: "elevenlabs:george",
    env: ELEVEN_ENV,
    route: ELEVEN_TTS,
    unauthorized: { status: 401, body: { detail: { status: "invalid_api_key", message: "Invalid API key" } } },
    rateLimited: {
      status: 429,
      body: {
        detail: {
          status: "too_many_concurrent_requests",
          message:
            "Too many concurrent requests. Your current subscription is associated with a maximum of 2 concurrent requests.",
        },
      },
    },
    // ElevenLabs says "out of characters" with a 401.
    quota: {
      status: 401,
      body: {
        detail: {
          status: "quota_exceeded",
          message:
            "This request exceeds your quota of 10000. You have 12 credits remaining, while 43 credits are required for this request.",
        },
      },
    },
  },
];

describe.each(ERROR_CASES)("$name failures", (c) => {
  const call = (extra: Partial<NarrationRequest> = {}) =>
    synthesizeNarration({ text: TEXT, voiceId: c.voiceId, env: c.env, ...extra });
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    http.post(c.route, async ({ request }) => {
      await record(request);
      return HttpResponse.json(body as Record<string, unknown>, { status, headers });
    });

  it("401 is invalid_key, not retried", async () => {
    server.use(answer(c.unauthorized.status, c.unauthorized.body));
    const error = await failureOf(call());
    expect(error).toMatchObject({ code: "invalid_key", retryable: false });
    expect(error.message).toMatch(/rejected the API key\.$/);
    expect(seen).toHaveLength(1);
  });

  it("429 is rate_limited and retryable, after the one SDK retry", async () => {
    server.use(answer(c.rateLimited.status, c.rateLimited.body, { "retry-after-ms": "0" }));
    const error = await failureOf(call());
    expect(error).toMatchObject({ code: "rate_limited", retryable: true });
    expect(seen).toHaveLength(2);
  });

  it("an exhausted quota is quota_exceeded, not retryable (waiting will not help)", async () => {
    server.use(answer(c.quota.status, c.quota.body, { "retry-after-ms": "0" }));
    const error = await failureOf(call());
    expect(error).toMatchObject({ code: "quota_exceeded", retryable: false });
    expect(error.message).toMatch(/used up its quota/);
  });

  it("a 500 is provider_error and retryable", async () => {
    server.use(answer(500, { error: "internal" }, { "retry-after-ms": "0" }));
    const error = await failureOf(call());
    expect(error).toMatchObject({ code: "provider_error", retryable: true });
    expect(seen).toHaveLength(2);
  });

  it("a response that never arrives is a timeout after timeoutMs, and nothing is transcribed", async () => {
    server.use(
      http.post(c.route, async ({ request }) => {
        await record(request);
        await new Promise(() => {});
        return HttpResponse.json({});
      }),
    );
    const error = await failureOf(call({ timeoutMs: 300 }));
    expect(error).toMatchObject({ code: "timeout", retryable: true });
    expect(error.message).toMatch(/took too long/);
    expect(seen).toHaveLength(1);
  });
});

it("a refusal under the provider's content policy is content_policy, not retryable", async () => {
  server.use(
    http.post(OPENAI_SPEECH, async ({ request }) => {
      await record(request);
      return HttpResponse.json(
        {
          error: {
            message: "Your request was rejected as a result of our safety system.",
            type: "invalid_request_error",
            param: null,
            code: "content_policy_violation",
          },
        },
        { status: 400 },
      );
    }),
  );
  const error = await failureOf(synthesizeNarration({ text: TEXT, voiceId: "openai:alloy", env: OPENAI_ENV }));
  expect(error).toMatchObject({ code: "content_policy", retryable: false });
  expect(seen).toHaveLength(1);
});
