/**
 * The eSpeak NG speech model against the real engine (Debian's espeak-ng,
 * installed by scripts/lib.sh), through the AI SDK's experimental_generateSpeech.
 * Engine failures are played by tiny stand-in executables.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { InvalidArgumentError } from "@ai-sdk/provider";
import { experimental_generateSpeech as generateSpeech } from "ai";
import { durationMs, levels, parseWav } from "@/lib/engine/audio/wav";
import { createEspeakSpeechModel, ESPEAK_MAX_CHARS, espeakSafeText } from "./espeak-model";
import { SpeechError } from "./errors";
import { VOICES } from "./voices";

jest.setTimeout(30_000);
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "espeak-test-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An executable shell script standing in for espeak-ng. */
function fakeEngine(name: string, body: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

async function failure(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e,
  );
}

const model = createEspeakSpeechModel();

describe("eSpeak NG through experimental_generateSpeech", () => {
  it("speaks a sentence as a WAV whose header matches its bytes and whose length fits the words", async () => {
    const text = "Promptframe makes short videos with narration, captions and music.";
    const result = await generateSpeech({ model, text, voice: "espeak:en-us-f" });
    expect(result.audio.mediaType).toBe("audio/wav");
    const bytes = result.audio.uint8Array;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    expect(view.getUint32(4, true)).toBe(bytes.length - 8); // RIFF size, not espeak's streaming placeholder
    expect(view.getUint32(40, true)).toBe(bytes.length - 44); // data size
    const wav = parseWav(bytes);
    expect(wav.format).toEqual({ sampleRate: 22_050, channels: 1, bitsPerSample: 16 });
    // Ten words at ~175 words a minute: about 3.5 s, with pauses.
    expect(durationMs(wav)).toBeGreaterThan(2_500);
    expect(durationMs(wav)).toBeLessThan(7_000);
    expect(levels(wav).rms).toBeGreaterThan(0.02);
    expect(result.providerMetadata.espeak).toMatchObject({
      voice: "espeak:en-us-f",
      engineVoice: "en-us+f3",
      durationMs: durationMs(wav),
    });
  });

  it("is deterministic: the same text and voice give the same bytes", async () => {
    const a = await generateSpeech({ model, text: "Same words, same sound.", voice: "espeak:en-gb-m" });
    const b = await generateSpeech({ model, text: "Same words, same sound.", voice: "espeak:en-gb-m" });
    expect(Buffer.from(a.audio.uint8Array).equals(Buffer.from(b.audio.uint8Array))).toBe(true);
  });

  it("every offline voice of the catalogue speaks, and female and male voices sound different", async () => {
    const offline = VOICES.filter((v) => v.provider === "espeak");
    expect(offline.map((v) => v.id)).toEqual(
      expect.arrayContaining([
        "espeak:en-us-f",
        "espeak:en-us-m",
        "espeak:en-gb-f",
        "espeak:es-f",
        "espeak:fr-f",
        "espeak:de-f",
      ]),
    );
    const audio: Record<string, Buffer> = {};
    for (const v of offline) {
      const r = await generateSpeech({ model, text: "Bonjour, hola, hallo, hello.", voice: v.id });
      expect(levels(parseWav(r.audio.uint8Array)).rms).toBeGreaterThan(0.01);
      audio[v.id] = Buffer.from(r.audio.uint8Array);
    }
    const pairs = offline.filter((v) => v.id.endsWith("-f") && audio[v.id.replace(/-f$/, "-m")]);
    expect(pairs.length).toBeGreaterThanOrEqual(5);
    for (const female of pairs)
      expect([female.id, audio[female.id]!.equals(audio[female.id.replace(/-f$/, "-m")]!)]).toEqual([female.id, false]);
  });

  it("picks an offline voice from the language when no voice is named", async () => {
    const r = await generateSpeech({ model, text: "Guten Tag.", language: "de" });
    expect(r.providerMetadata.espeak).toMatchObject({ voice: "espeak:de-f" });
  });

  it("speaks faster at speed 2 and reports what it could not do as warnings", async () => {
    const text = "One two three four five six seven eight nine ten.";
    const normal = await generateSpeech({ model, text, voice: "espeak:en-us-m" });
    const fast = await generateSpeech({
      model,
      text,
      voice: "espeak:en-us-m",
      speed: 2,
      outputFormat: "mp3",
      instructions: "whisper",
    });
    expect(durationMs(parseWav(fast.audio.uint8Array))).toBeLessThan(
      durationMs(parseWav(normal.audio.uint8Array)) * 0.75,
    );
    expect(fast.warnings.map((w) => (w.type === "unsupported" ? w.feature : w.type))).toEqual([
      "outputFormat",
      "instructions",
    ]);
  });

  it("reads markup as plain text: no SSML, no [[phoneme]] input", async () => {
    expect(espeakSafeText('Hi [[h@\'loU]] <break time="10s"/>\u0000there')).toBe(
      'Hi h@\'loU <break time="10s"/> there',
    );
    // With SSML on, the break would add ten seconds of silence.
    const r = await generateSpeech({ model, text: 'Wait <break time="10s"/> done.', voice: "espeak:en-us-f" });
    expect(durationMs(parseWav(r.audio.uint8Array))).toBeLessThan(6_000);
  });

  it("ends without a pause when asked (a phrase that continues in the next one)", async () => {
    const text = "Hello there,";
    const paused = await generateSpeech({ model, text, voice: "espeak:en-us-f" });
    const joined = await generateSpeech({
      model,
      text,
      voice: "espeak:en-us-f",
      providerOptions: { espeak: { endPause: false } },
    });
    expect(durationMs(parseWav(joined.audio.uint8Array))).toBeLessThan(
      durationMs(parseWav(paused.audio.uint8Array)) - 50,
    );
  });
});

describe("bad input and engine failures", () => {
  it("an unknown voice is refused before the engine runs", async () => {
    const error = await failure(generateSpeech({ model, text: "Hello.", voice: "espeak:klingon" }));
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain("espeak:klingon");
  });

  it("empty and huge text are refused", async () => {
    expect(
      InvalidArgumentError.isInstance(
        await failure(generateSpeech({ model, text: "  [ ] ", voice: "espeak:en-us-f" })),
      ),
    ).toBe(true);
    const huge = "word ".repeat(ESPEAK_MAX_CHARS);
    const error = await failure(generateSpeech({ model, text: huge, voice: "espeak:en-us-f" }));
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/at most 5000/);
  });

  it("a missing engine is a typed error that says how to install it", async () => {
    const missing = createEspeakSpeechModel({ binaryPath: path.join(dir, "no-such-espeak-ng") });
    const error = await failure(
      generateSpeech({ model: missing, text: "Hello.", voice: "espeak:en-us-f", maxRetries: 0 }),
    );
    expect(error).toBeInstanceOf(SpeechError);
    expect(error).toMatchObject({ code: "engine_missing", retryable: false });
    expect((error as Error).message).toMatch(/not available on this server.*apt-get install espeak-ng/);
  });

  it("an engine that crashes is engine_failed with its own complaint", async () => {
    const crashing = createEspeakSpeechModel({
      binaryPath: fakeEngine("crash", 'echo "Error: phoneme table corrupt" >&2\nexit 3'),
    });
    const error = await failure(
      generateSpeech({ model: crashing, text: "Hello.", voice: "espeak:en-us-f", maxRetries: 0 }),
    );
    expect(error).toMatchObject({ code: "engine_failed", retryable: false });
    expect((error as Error).message).toContain("phoneme table corrupt");
  });

  it("an engine that answers garbage is engine_failed, not a broken WAV", async () => {
    const garbage = createEspeakSpeechModel({
      binaryPath: fakeEngine("garbage", "cat >/dev/null\nprintf 'not audio at all'"),
    });
    const error = await failure(
      generateSpeech({ model: garbage, text: "Hello.", voice: "espeak:en-us-f", maxRetries: 0 }),
    );
    expect(error).toMatchObject({ code: "engine_failed" });
  });

  it("an engine that hangs is stopped at the time limit", async () => {
    const hanging = createEspeakSpeechModel({ binaryPath: fakeEngine("hang", "exec sleep 30"), timeoutMs: 300 });
    const error = await failure(
      generateSpeech({ model: hanging, text: "Hello.", voice: "espeak:en-us-f", maxRetries: 0 }),
    );
    expect(error).toMatchObject({ code: "timeout", retryable: true });
  });

  it("the text reaches the engine on stdin, never as an argument", async () => {
    const log = path.join(dir, "args.txt");
    const recorder = createEspeakSpeechModel({
      binaryPath: fakeEngine("record", `printf '%s\\n' "$@" > ${log}\ncat >> ${log}\nexit 1`),
    });
    await failure(
      generateSpeech({ model: recorder, text: "-v evil; rm -rf / $(reboot)", voice: "espeak:en-us-f", maxRetries: 0 }),
    );
    const seen = readFileSync(log, "utf8");
    expect(seen.split("\n").slice(0, 6)).toEqual(["-v", "en-us+f3", "-b", "1", "--stdin", "--stdout"]);
    expect(seen).toContain("-v evil; rm -rf / $(reboot)");
  });
});
