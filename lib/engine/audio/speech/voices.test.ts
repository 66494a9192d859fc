import { execFileSync } from "node:child_process";
import { LANGUAGES } from "@/lib/engine/language/languages";
import { defaultVoiceId, findVoice, listVoices, voiceForLanguage, voicesForLanguage, VOICES } from "./voices";

const offline = { ESPEAK_NG_PATH: "espeak-ng" };

describe("voices by language", () => {
  it("keeps the first twelve offline voices' ids and voices", () => {
    expect(findVoice("espeak:en-us-f").engineVoice).toBe("en-us+f3");
    expect(findVoice("espeak:fr-m").engineVoice).toBe("fr");
    expect(findVoice("espeak:pt-br-f").language).toBe("pt-BR");
    expect(new Set(VOICES.map((v) => v.id)).size).toBe(VOICES.length);
  });

  it("offers an offline voice in every language a video can be made in", () => {
    for (const l of LANGUAGES) {
      const own = voicesForLanguage(l.tag, offline).filter((v) => v.local);
      expect({ tag: l.tag, voices: own.length > 0 }).toEqual({ tag: l.tag, voices: true });
    }
    expect(
      voicesForLanguage("ar", offline)
        .filter((v) => v.enabled)
        .map((v) => v.id),
    ).toEqual(["espeak:ar-f", "espeak:ar-m"]);
  });

  it("names only voices eSpeak NG has", () => {
    const installed = new Set(
      execFileSync("espeak-ng", ["--voices"], { encoding: "utf8" })
        .split("\n")
        .slice(1)
        .map((line) => line.trim().split(/\s+/)[4])
        .filter(Boolean)
        .map((file) => file!.split("/").pop()!.toLowerCase()),
    );
    const missing = VOICES.filter((v) => v.provider === "espeak")
      .map((v) => v.engineVoice.split("+")[0]!.toLowerCase())
      .filter((file) => !installed.has(file));
    expect(missing).toEqual([]);
  });

  it("picks a voice of the language: the current one when it speaks it, a provider's when configured", () => {
    expect(defaultVoiceId(offline, "ja")).toBe("espeak:ja-f");
    expect(voiceForLanguage("ar", "espeak:en-us-f", offline)).toBe("espeak:ar-f");
    expect(voiceForLanguage("fr", "espeak:fr-m", offline)).toBe("espeak:fr-m");
    const withOpenAi = { ...offline, OPENAI_API_KEY: "sk-test" };
    expect(voiceForLanguage("ar", "espeak:en-us-f", withOpenAi)).toBe("openai:coral");
    expect(voiceForLanguage("ko", "openai:nova", withOpenAi)).toBe("openai:nova");
    expect(listVoices(withOpenAi).find((v) => v.id === "openai:coral")?.language).toBe("mul");
  });
});
