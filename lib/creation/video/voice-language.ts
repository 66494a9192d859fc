/**
 * Voices by language, for the forms and the editor (browser-safe): the
 * voices that speak a language (provider voices speak them all), and the one
 * to preselect when the language changes.
 */
import { findLanguage, LANGUAGES, languageLabel, primarySubtag } from "@/lib/engine/language/languages";
import type { VoiceOption } from "./contract";

/** The languages a video can be made in, as a select lists them (by English name). */
export function languageChoices(): { tag: string; label: string }[] {
  return [...LANGUAGES]
    .sort((a, b) => a.name.localeCompare(b.name, "en"))
    .map((l) => ({ tag: l.tag, label: languageLabel(l.tag) }));
}

export function speaks(voice: Pick<VoiceOption, "language">, tag: string): boolean {
  return voice.language === "mul" || primarySubtag(voice.language) === primarySubtag(tag);
}

/** The voices that read `tag`: the language's own offline voices, and the multilingual provider voices. */
export function voicesInLanguage<V extends Pick<VoiceOption, "language">>(voices: readonly V[], tag: string): V[] {
  return voices.filter((v) => speaks(v, tag));
}

/**
 * The voice to use after the language became `tag`: the current one when it
 * speaks it (or there is none: no narration stays no narration), else a
 * provider voice (they sound better), else the language's first offline voice.
 */
export function voiceForLanguage(voices: readonly VoiceOption[], tag: string, current: string | null): string | null {
  if (current === null) return null;
  const now = voices.find((v) => v.id === current);
  if (now && speaks(now, tag)) return current;
  const fit = voicesInLanguage(voices, tag);
  return (fit.find((v) => !v.preview) ?? fit[0])?.id ?? current;
}

/** A tag as the pickers name it ("French (Français)"), or English for an older composition without one. */
export function compositionLanguage(tag: string | null | undefined): string {
  return findLanguage(tag)?.tag ?? "en";
}

/** What a voice speaks, as a customer reads it: "French", "Portuguese (Brazil)", or "Any language" for provider voices. */
export function voiceLanguageName(tag: string): string {
  if (tag === "mul") return "Any language";
  const l = findLanguage(tag);
  if (!l) return tag;
  if (tag.toLowerCase() === "pt-br") return "Portuguese (Brazil)";
  if (/^en-us$/i.test(tag)) return "English (US)";
  if (/^en-gb$/i.test(tag)) return "English (UK)";
  return l.name;
}
