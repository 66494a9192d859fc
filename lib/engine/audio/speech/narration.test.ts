/**
 * Offline narration end to end with the real eSpeak NG: phrase timing, the
 * voice catalogue, samples, and every way a request can be refused.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { experimental_generateSpeech as generateSpeech } from "ai";
import { captionCueSchema } from "@/lib/engine/composition/cues";
import { splitPhrases } from "@/lib/engine/audio/phrases";
import { durationMs, parseWav, wavDurationMs } from "@/lib/engine/audio/wav";
import { createEspeakSpeechModel } from "./espeak-model";
import { SpeechError } from "./errors";
import { synthesizeNarration } from "./narration";
import { MAX_NARRATION_CHARS, voiceIdSchema } from "./schema";
import { clearVoiceSamples, voiceSample } from "./sample";
import { defaultVoiceId, listVoices, voicesForLanguage } from "./voices";
import { LANGUAGES } from "@/lib/engine/language/languages";

jest.setTimeout(30_000);
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

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

describe("offline narration (eSpeak NG)", () => {
  const text = "Welcome to Promptframe. We turn ideas into videos. It only takes a minute!";

  it("times each phrase by its own audio: cue boundaries are the lengths of the phrase WAVs joined", async () => {
    const result = await synthesizeNarration({ text, voiceId: "espeak:en-us-f" });
    expect(result).toMatchObject({
      mediaType: "audio/wav",
      captionTiming: "word",
      modelLabel: "eSpeak NG (offline)",
      warnings: [],
    });
    expect(result.voice).toMatchObject({ id: "espeak:en-us-f", local: true, enabled: true });
    expect(result.cues.map((c) => c.text)).toEqual([
      "Welcome to Promptframe.",
      "We turn ideas into videos.",
      "It only takes a minute!",
    ]);

    // Each sentence spoken alone by the same model, as the cues claim.
    const model = createEspeakSpeechModel();
    const alone = await Promise.all(
      result.cues.map((c) => generateSpeech({ model, text: c.text, voice: "espeak:en-us-f" })),
    );
    const wavs = alone.map((r) => parseWav(r.audio.uint8Array));
    let at = 0;
    result.cues.forEach((cue, i) => {
      expect(captionCueSchema.safeParse(cue).success).toBe(true);
      expect(cue.startMs).toBeCloseTo(at, 6);
      at += durationMs(wavs[i]!);
      expect(cue.endMs).toBeCloseTo(at, 6);
      if (i + 1 < result.cues.length) expect(cue.endMs).toBe(result.cues[i + 1]!.startMs);
    });
    expect(result.cues[result.cues.length - 1]!.endMs).toBe(result.durationMs);

    // The narration is those clips joined, sample for sample, and its header says so.
    const joined = parseWav(result.audio);
    expect(wavDurationMs(result.audio)).toBe(result.durationMs);
    expect(Buffer.from(joined.pcm).equals(Buffer.concat(wavs.map((w) => Buffer.from(w.pcm))))).toBe(true);
  });

  it("long sentences become several caption phrases, still back to back", async () => {
    const long =
      "Promptframe writes the script, picks the images, reads the narration aloud and times every caption for you.";
    const result = await synthesizeNarration({ text: long, voiceId: "espeak:en-gb-m" });
    expect(result.cues.map((c) => c.text)).toEqual(splitPhrases(long).map((p) => p.text));
    expect(result.cues.length).toBeGreaterThan(2);
    for (let i = 0; i + 1 < result.cues.length; i++) expect(result.cues[i]!.endMs).toBe(result.cues[i + 1]!.startMs);
    expect(result.cues[result.cues.length - 1]!.endMs).toBe(result.durationMs);
  });

  it("speaks other languages with their own voices", async () => {
    const result = await synthesizeNarration({
      text: "¿Qué tal? Bienvenidos a Promptframe.",
      voiceId: "espeak:es-f",
      language: "es",
    });
    expect(result.cues.map((c) => c.text)).toEqual(["¿Qué tal?", "Bienvenidos a Promptframe."]);
    expect(result.durationMs).toBeGreaterThan(1000);
  });
});

describe("refused narration", () => {
  it("an unknown voice is unknown_voice, naming it", async () => {
    const error = await failureOf(synthesizeNarration({ text: "Hello.", voiceId: "espeak:klingon" }));
    expect(error).toMatchObject({ code: "unknown_voice", retryable: false });
    expect(error.message).toContain("espeak:klingon");
  });

  it("without eSpeak NG the offline voices are unavailable, with the fix in the message", async () => {
    const env = { ...process.env, ESPEAK_NG_PATH: "/nonexistent/espeak-ng" };
    const error = await failureOf(synthesizeNarration({ text: "Hello.", voiceId: "espeak:en-us-f", env }));
    expect(error).toMatchObject({ code: "voice_unavailable", retryable: false });
    expect(error.message).toMatch(/eSpeak NG is not installed.*apt-get install espeak-ng/);
    expect(
      listVoices(env)
        .filter((v) => v.local)
        .every((v) => !v.enabled && v.note),
    ).toBe(true);
  });

  describe("with an engine that misbehaves", () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(path.join(tmpdir(), "narration-test-"));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const engine = (name: string, body: string) => {
      const file = path.join(dir, name);
      writeFileSync(file, `#!/bin/sh\n${body}\n`);
      chmodSync(file, 0o755);
      return { ...process.env, ESPEAK_NG_PATH: file };
    };

    it("a crashing engine is engine_failed, with its complaint", async () => {
      const env = engine("crash", 'echo "Error: The specified espeak-ng voice does not exist." >&2\nexit 1');
      const error = await failureOf(synthesizeNarration({ text: "One. Two. Three.", voiceId: "espeak:en-us-f", env }));
      expect(error).toMatchObject({ code: "engine_failed", retryable: false });
      expect(error.message).toContain("voice does not exist");
    });

    it("a hanging engine ends in a timeout at the narration's time limit, not a hang", async () => {
      const env = engine("hang", "exec sleep 30");
      const error = await failureOf(
        synthesizeNarration({ text: "One. Two. Three.", voiceId: "espeak:en-us-f", env, timeoutMs: 400 }),
      );
      expect(error).toMatchObject({ code: "timeout", retryable: true });
    });
  });

  it("a provider voice without its key is voice_unavailable, naming the variable", async () => {
    const error = await failureOf(synthesizeNarration({ text: "Hello.", voiceId: "openai:coral", env: {} }));
    expect(error).toMatchObject({ code: "voice_unavailable" });
    expect(error.message).toContain("Set OPENAI_API_KEY to enable.");
  });

  it.each([
    ["empty", ""],
    ["blank", "   \n\t "],
    ["only punctuation", "… — !!"],
  ])("%s text is empty_text", async (_label, text) => {
    const error = await failureOf(synthesizeNarration({ text, voiceId: "espeak:en-us-f" }));
    expect(error.code).toBe("empty_text");
  });

  it("huge text is text_too_long, with the limit in the sentence", async () => {
    const error = await failureOf(
      synthesizeNarration({ text: "All work and no play. ".repeat(200), voiceId: "espeak:en-us-f" }),
    );
    expect(error).toMatchObject({ code: "text_too_long", retryable: false });
    expect(error.message).toContain(MAX_NARRATION_CHARS.toLocaleString("en"));
  });

  it("a narration in another language than the offline voice speaks is refused", async () => {
    const error = await failureOf(
      synthesizeNarration({ text: "Bonjour à tous.", voiceId: "espeak:en-us-f", language: "fr" }),
    );
    expect(error).toMatchObject({ code: "bad_request" });
    expect(error.message).toBe("English (US) · female speaks English, not French; choose a French voice.");
  });

  it("a speed outside 0.5–2 is refused", async () => {
    expect((await failureOf(synthesizeNarration({ text: "Hi.", voiceId: "espeak:en-us-f", speed: 5 }))).code).toBe(
      "bad_request",
    );
  });

  it("an aborted request stops with a timeout instead of hanging", async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failureOf(
      synthesizeNarration({ text: "Hello there.", voiceId: "espeak:en-us-f", abortSignal: controller.signal }),
    );
    expect(error).toMatchObject({ code: "timeout", retryable: true });
  });
});

describe("the voice catalogue", () => {
  it("lists stable ids with a label, a language and a description for each voice", () => {
    const voices = listVoices({ PATH: process.env.PATH });
    expect(new Set(voices.map((v) => v.id)).size).toBe(voices.length);
    for (const v of voices) {
      expect(voiceIdSchema.safeParse(v.id).success).toBe(true);
      expect(v.id.startsWith(`${v.provider}:`)).toBe(true);
      expect(v.label.length).toBeGreaterThan(0);
      expect(v.description.length).toBeGreaterThan(0);
      expect(v.language).toMatch(/^([a-z]{2}(-[A-Z]{2})?|mul)$/);
      expect(v.local).toBe(v.provider === "espeak");
    }
    const offline = voices.filter((v) => v.local);
    expect(offline.every((v) => v.enabled && v.note === null)).toBe(true);
    // The first twelve speak these; every other language of lib/engine/language has a female and a male voice.
    expect(new Set(offline.map((v) => v.language))).toEqual(
      new Set(
        ["en-US", "en-GB", "es-ES", "fr-FR", "de-DE", "it-IT", "pt-BR", ...LANGUAGES.map((l) => l.tag)].filter(
          (t) => !["en", "es", "fr", "de", "it"].includes(t),
        ),
      ),
    );
  });

  it("provider voices are enabled by their key, and the first of them becomes the default", () => {
    const base = { PATH: process.env.PATH };
    expect(
      listVoices(base)
        .filter((v) => !v.local)
        .every((v) => !v.enabled && /^Set [A-Z_]+ to enable\.$/.test(v.note!)),
    ).toBe(true);
    expect(defaultVoiceId(base)).toBe("espeak:en-us-f");
    expect(defaultVoiceId(base, "de")).toBe("espeak:de-f");
    const keyed = { ...base, ELEVENLABS_API_KEY: "xi-test" };
    expect(
      listVoices(keyed)
        .filter((v) => v.provider === "elevenlabs")
        .every((v) => v.enabled),
    ).toBe(true);
    expect(
      listVoices(keyed)
        .filter((v) => v.provider === "openai")
        .every((v) => !v.enabled),
    ).toBe(true);
    expect(defaultVoiceId(keyed)).toBe("elevenlabs:rachel");
  });

  it("finds the voices for a language: its own offline voices and the multilingual ones", () => {
    const ids = voicesForLanguage("fr-CA", { PATH: process.env.PATH }).map((v) => v.id);
    expect(ids).toEqual(expect.arrayContaining(["espeak:fr-f", "espeak:fr-m", "openai:coral", "elevenlabs:rachel"]));
    expect(ids.some((id) => id.startsWith("espeak:en"))).toBe(false);
  });
});

describe("voiceSample", () => {
  afterEach(() => clearVoiceSamples());

  it("speaks a short sentence in the voice's language, once: later calls reuse it", async () => {
    const first = await voiceSample("espeak:fr-m");
    const again = await voiceSample("espeak:fr-m");
    expect(again).toBe(first);
    const ms = wavDurationMs(first);
    expect(ms).toBeGreaterThan(1000);
    expect(ms).toBeLessThan(6000);
    expect(Buffer.from(await voiceSample("espeak:en-us-m")).equals(Buffer.from(first))).toBe(false);
  });

  it("an unknown voice is a typed error, and a failure is not cached", async () => {
    await expect(voiceSample("espeak:klingon")).rejects.toMatchObject({ code: "unknown_voice" });
    const env = { ...process.env, ESPEAK_NG_PATH: "/nonexistent/espeak-ng" };
    await expect(voiceSample("espeak:de-m", { env })).rejects.toMatchObject({ code: "voice_unavailable" });
    expect(wavDurationMs(await voiceSample("espeak:de-m"))).toBeGreaterThan(500);
  });
});
