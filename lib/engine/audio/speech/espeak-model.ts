/**
 * eSpeak NG as an AI SDK speech model (SpeechModelV3), so offline narration
 * goes through `experimental_generateSpeech` like any provider. It runs the
 * `espeak-ng` CLI with execFile (an argument array, never a shell), passes the
 * text on stdin as plain text (no SSML, no [[phoneme]] input), and answers a
 * WAV with its real sizes in the header. A time limit kills a stuck process.
 */
import "server-only";
import { execFile } from "node:child_process";
import {
  InvalidArgumentError,
  type SharedV3Warning,
  type SpeechModelV3,
  type SpeechModelV3CallOptions,
} from "@ai-sdk/provider";
import { z } from "zod";
import { durationMs, encodeWav, parseWav } from "@/lib/engine/audio/wav";
import { espeakBinary, ESPEAK_INSTALL_HINT, primaryLanguage, type Env } from "./engines";
import { SpeechError } from "./errors";
import { DEFAULT_OFFLINE_VOICE_ID, VOICES, type VoiceEntry } from "./voices";

/** Longer text is refused rather than left to run for minutes (about five minutes of speech). */
export const ESPEAK_MAX_CHARS = 5_000;
const DEFAULT_TIMEOUT_MS = 20_000;
const WORDS_PER_MINUTE = 175;
/** 22 kHz mono 16-bit is ~44 kB a second; this allows far more than ESPEAK_MAX_CHARS can produce. */
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

const optionsSchema = z
  .object({
    /** false: no pause after the text (`-z`), for a phrase that continues in the next one. */
    endPause: z.boolean().optional(),
    /** 0–99, eSpeak's default is 50. */
    pitch: z.number().int().min(0).max(99).optional(),
    /** A pause between words (`-g`, 10 ms steps at the normal pace): offline word timing speaks a phrase this way to measure its words. */
    wordGapMs: z.number().int().min(0).max(2000).optional(),
  })
  .strict();

export type EspeakProviderOptions = z.infer<typeof optionsSchema>;

export interface EspeakModelSettings {
  /** The espeak-ng binary (default: ESPEAK_NG_PATH, else `espeak-ng` on the PATH). */
  binaryPath?: string;
  /** Kill the process after this long (default 20 s). */
  timeoutMs?: number;
}

type Result = Awaited<ReturnType<SpeechModelV3["doGenerate"]>>;

/**
 * Text as eSpeak should see it: control characters become spaces, and square
 * brackets go, since `[[…]]` switches eSpeak to raw phoneme input. SSML is
 * already off (no `-m`), so < and > are read as ordinary characters.
 */
export function espeakSafeText(text: string): string {
  return text
    .replace(/[\u0000-\u001F\u007F-\u009F]/gu, " ")
    .replace(/[[\]]/g, " ")
    .replace(/\s+/gu, " ")
    .trim();
}

export class EspeakSpeechModel implements SpeechModelV3 {
  readonly specificationVersion = "v3";
  readonly provider = "espeak-ng";
  readonly modelId = "espeak-ng";
  private readonly binary: string;
  private readonly timeoutMs: number;

  constructor(settings: EspeakModelSettings = {}, env: Env = process.env) {
    this.binary = settings.binaryPath ?? espeakBinary(env);
    this.timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async doGenerate(options: SpeechModelV3CallOptions): Promise<Result> {
    options.abortSignal?.throwIfAborted();
    const warnings: SharedV3Warning[] = [];
    const text = espeakSafeText(options.text ?? "");
    if (!text) throw new InvalidArgumentError({ argument: "text", message: "There is no text to speak." });
    if (text.length > ESPEAK_MAX_CHARS) {
      throw new InvalidArgumentError({
        argument: "text",
        message: `The text is ${text.length} characters; eSpeak NG takes at most ${ESPEAK_MAX_CHARS} per call.`,
      });
    }
    const voice = this.resolveVoice(options, warnings);
    const parsed = optionsSchema.safeParse(options.providerOptions?.espeak ?? {});
    if (!parsed.success)
      throw new InvalidArgumentError({
        argument: "providerOptions.espeak",
        message: parsed.error.issues.map((i) => i.message).join("; "),
      });
    const extra = parsed.data;

    const args = ["-v", voice.engineVoice, "-b", "1", "--stdin", "--stdout"];
    if (options.speed !== undefined) {
      const speed = Math.min(2.5, Math.max(0.5, options.speed));
      if (speed !== options.speed)
        warnings.push({
          type: "unsupported",
          feature: "speed",
          details: `eSpeak NG speaks at 0.5× to 2.5×; used ${speed}×.`,
        });
      args.push("-s", String(Math.round(WORDS_PER_MINUTE * speed)));
    }
    if (extra.pitch !== undefined) args.push("-p", String(extra.pitch));
    if (extra.endPause === false) args.push("-z");
    if (extra.wordGapMs !== undefined) args.push("-g", String(Math.round(extra.wordGapMs / 10)));
    if (options.outputFormat && options.outputFormat !== "wav") {
      warnings.push({
        type: "unsupported",
        feature: "outputFormat",
        details: `eSpeak NG writes WAV only; "${options.outputFormat}" was ignored.`,
      });
    }
    if (options.instructions)
      warnings.push({
        type: "unsupported",
        feature: "instructions",
        details: "eSpeak NG cannot follow speaking instructions.",
      });

    const raw = await this.run(args, text, options.abortSignal);
    let wav;
    try {
      wav = parseWav(raw);
    } catch (cause) {
      throw new SpeechError("engine_failed", "The offline speech engine (eSpeak NG) returned unreadable audio.", {
        cause,
        retryable: false,
      });
    }
    // eSpeak writes a streaming header (placeholder sizes) on stdout: re-encode with the real ones.
    const audio = encodeWav(wav);
    return {
      audio,
      warnings,
      request: { body: { args, characters: text.length } },
      response: { timestamp: new Date(), modelId: this.modelId, headers: undefined },
      providerMetadata: {
        espeak: {
          voice: voice.id,
          engineVoice: voice.engineVoice,
          sampleRate: wav.format.sampleRate,
          durationMs: durationMs(wav),
        },
      },
    };
  }

  private resolveVoice(options: SpeechModelV3CallOptions, warnings: SharedV3Warning[]): VoiceEntry {
    const offline = VOICES.filter((v) => v.provider === "espeak");
    if (options.voice) {
      const voice = offline.find((v) => v.id === options.voice || v.id === `espeak:${options.voice}`);
      if (!voice) {
        throw new InvalidArgumentError({
          argument: "voice",
          message: `"${options.voice}" is not an eSpeak NG voice of this catalogue (${offline.map((v) => v.id).join(", ")}).`,
        });
      }
      if (
        options.language &&
        options.language !== "auto" &&
        primaryLanguage(options.language) !== primaryLanguage(voice.language)
      ) {
        warnings.push({
          type: "unsupported",
          feature: "language",
          details: `${voice.label} speaks ${voice.language}; language "${options.language}" was ignored.`,
        });
      }
      return voice;
    }
    if (options.language && options.language !== "auto") {
      const wanted = primaryLanguage(options.language);
      const match =
        offline.find((v) => v.language.toLowerCase() === options.language!.toLowerCase()) ??
        offline.find((v) => primaryLanguage(v.language) === wanted);
      if (match) return match;
      warnings.push({
        type: "unsupported",
        feature: "language",
        details: `No offline voice speaks "${options.language}"; used English (US).`,
      });
    }
    return offline.find((v) => v.id === DEFAULT_OFFLINE_VOICE_ID)!;
  }

  private run(args: string[], text: string, abortSignal: AbortSignal | undefined): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      const child = execFile(
        this.binary,
        args,
        {
          encoding: "buffer",
          timeout: this.timeoutMs,
          killSignal: "SIGKILL",
          maxBuffer: MAX_OUTPUT_BYTES,
          signal: abortSignal,
          windowsHide: true,
        },
        (error, stdout, stderr) => {
          if (!error) {
            if (stdout.length === 0) {
              reject(
                new SpeechError("engine_failed", "The offline speech engine (eSpeak NG) produced no audio.", {
                  retryable: false,
                }),
              );
            } else resolve(new Uint8Array(stdout.buffer, stdout.byteOffset, stdout.byteLength));
            return;
          }
          const e = error as NodeJS.ErrnoException & { killed?: boolean; signal?: string | null };
          if (e.name === "AbortError") return reject(e);
          if (e.code === "ENOENT" || e.code === "EACCES") {
            return reject(
              new SpeechError(
                "engine_missing",
                `The offline speech engine (eSpeak NG) is not available on this server. ${ESPEAK_INSTALL_HINT}`,
                { cause: error, retryable: false },
              ),
            );
          }
          if (e.killed && e.signal === "SIGKILL") {
            return reject(
              new SpeechError(
                "timeout",
                `The offline speech engine (eSpeak NG) took longer than ${Math.round(this.timeoutMs / 1000)} s and was stopped.`,
                { cause: error },
              ),
            );
          }
          const detail = stderr.toString("utf8").trim().split("\n")[0] || e.message;
          reject(
            new SpeechError("engine_failed", `The offline speech engine (eSpeak NG) failed: ${detail}`, {
              cause: error,
              retryable: false,
            }),
          );
        },
      );
      // A process that dies at once closes stdin under us; its exit is what gets reported.
      child.stdin?.on("error", () => {});
      child.stdin?.end(text, "utf8");
    });
  }
}

export function createEspeakSpeechModel(settings: EspeakModelSettings = {}, env: Env = process.env): SpeechModelV3 {
  return new EspeakSpeechModel(settings, env);
}
