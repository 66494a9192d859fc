/**
 * The languages a video can be made in: every one has an offline eSpeak NG
 * voice (`espeak-ng --voices`) and a script the bundled fonts draw
 * (Latin, Cyrillic, Greek, Arabic, Hebrew, Devanagari, Thai, Chinese,
 * Japanese, Korean). eSpeak speaks more (Bengali, Tamil, Georgian, …) but
 * no shipped font draws their scripts, so captions would show boxes: they
 * are left out until a font is. Browser-safe data.
 */

/** ISO 15924 script codes the renderer knows (fonts, direction, line breaking). */
export const SCRIPTS = ["Latn", "Cyrl", "Grek", "Arab", "Hebr", "Deva", "Thai", "Hans", "Jpan", "Kore"] as const;
export type Script = (typeof SCRIPTS)[number];

export interface Language {
  /** BCP 47 tag stored on compositions ("fr", "pt-BR", "zh"). */
  tag: string;
  /** English name, for the pickers. */
  name: string;
  /** The name in the language itself (shown beside the English one). */
  native: string;
  /** ISO 639-3 code franc answers with (null: franc does not know it; the script decides). */
  franc: string | null;
  /** eSpeak NG voice file; variants attach to it (`ar+f3`). */
  espeak: string;
  script: Script;
}

const L = (
  tag: string,
  name: string,
  native: string,
  franc: string | null,
  espeak: string,
  script: Script = "Latn",
): Language => ({ tag, name, native, franc, espeak, script });

export const LANGUAGES: readonly Language[] = [
  L("en", "English", "English", "eng", "en-us"),
  L("es", "Spanish", "Español", "spa", "es"),
  L("fr", "French", "Français", "fra", "fr"),
  L("de", "German", "Deutsch", "deu", "de"),
  L("it", "Italian", "Italiano", "ita", "it"),
  L("pt", "Portuguese", "Português", "por", "pt"),
  L("nl", "Dutch", "Nederlands", "nld", "nl"),
  L("pl", "Polish", "Polski", "pol", "pl"),
  L("ro", "Romanian", "Română", "ron", "ro"),
  L("cs", "Czech", "Čeština", "ces", "cs"),
  L("sk", "Slovak", "Slovenčina", "slk", "sk"),
  L("sl", "Slovenian", "Slovenščina", "slv", "sl"),
  L("hr", "Croatian", "Hrvatski", "hrv", "hr"),
  L("bs", "Bosnian", "Bosanski", "bos", "bs"),
  L("sq", "Albanian", "Shqip", "als", "sq"),
  L("hu", "Hungarian", "Magyar", "hun", "hu"),
  L("fi", "Finnish", "Suomi", "fin", "fi"),
  L("et", "Estonian", "Eesti", "ekk", "et"),
  L("lv", "Latvian", "Latviešu", "lvs", "lv"),
  L("lt", "Lithuanian", "Lietuvių", "lit", "lt"),
  L("sv", "Swedish", "Svenska", "swe", "sv"),
  L("da", "Danish", "Dansk", "dan", "da"),
  L("nb", "Norwegian", "Norsk bokmål", "nob", "nb"),
  L("is", "Icelandic", "Íslenska", null, "is"),
  L("ga", "Irish", "Gaeilge", null, "ga"),
  L("cy", "Welsh", "Cymraeg", null, "cy"),
  L("eu", "Basque", "Euskara", null, "eu"),
  L("ca", "Catalan", "Català", "cat", "ca"),
  L("mt", "Maltese", "Malti", null, "mt"),
  L("tr", "Turkish", "Türkçe", "tur", "tr"),
  L("az", "Azerbaijani", "Azərbaycanca", "azj", "az"),
  L("uz", "Uzbek", "Oʻzbekcha", "uzn", "uz"),
  L("id", "Indonesian", "Bahasa Indonesia", "ind", "id"),
  L("ms", "Malay", "Bahasa Melayu", "zlm", "ms"),
  L("sw", "Swahili", "Kiswahili", "swh", "sw"),
  L("af", "Afrikaans", "Afrikaans", "afr", "af"),
  L("vi", "Vietnamese", "Tiếng Việt", "vie", "vi"),
  L("ru", "Russian", "Русский", "rus", "ru", "Cyrl"),
  L("uk", "Ukrainian", "Українська", "ukr", "uk", "Cyrl"),
  L("bg", "Bulgarian", "Български", "bul", "bg", "Cyrl"),
  L("sr", "Serbian", "Српски", "srp", "sr", "Cyrl"),
  L("mk", "Macedonian", "Македонски", "mkd", "mk", "Cyrl"),
  L("be", "Belarusian", "Беларуская", "bel", "be", "Cyrl"),
  L("kk", "Kazakh", "Қазақ тілі", "kaz", "kk", "Cyrl"),
  L("el", "Greek", "Ελληνικά", "ell", "el", "Grek"),
  L("ar", "Arabic", "العربية", "arb", "ar", "Arab"),
  L("fa", "Persian", "فارسی", "pes", "fa", "Arab"),
  L("ur", "Urdu", "اردو", "urd", "ur", "Arab"),
  L("he", "Hebrew", "עברית", "heb", "he", "Hebr"),
  L("hi", "Hindi", "हिन्दी", "hin", "hi", "Deva"),
  L("mr", "Marathi", "मराठी", "mar", "mr", "Deva"),
  L("ne", "Nepali", "नेपाली", "npi", "ne", "Deva"),
  L("th", "Thai", "ไทย", "tha", "th", "Thai"),
  L("zh", "Chinese", "中文", "cmn", "cmn", "Hans"),
  L("ja", "Japanese", "日本語", "jpn", "ja", "Jpan"),
  L("ko", "Korean", "한국어", "kor", "ko", "Kore"),
];

export const DEFAULT_LANGUAGE = "en";

const BY_TAG = new Map(LANGUAGES.map((l) => [l.tag.toLowerCase(), l]));

/** The primary subtag, lower-cased: "pt-BR" -> "pt". */
export function primarySubtag(tag: string): string {
  return tag.split(/[-_]/)[0]!.toLowerCase();
}

/** The language a tag names (exact, else by its primary subtag); null when it is not one we make videos in. */
export function findLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  return BY_TAG.get(tag.toLowerCase()) ?? BY_TAG.get(primarySubtag(tag)) ?? null;
}

/** "French (Français)", or the English name alone when they are the same. */
export function languageLabel(tag: string): string {
  const l = findLanguage(tag);
  if (!l) return tag;
  return l.native === l.name ? l.name : `${l.name} (${l.native})`;
}

/** Right-to-left scripts. */
export function isRtl(tag: string | null | undefined): boolean {
  const s = findLanguage(tag)?.script;
  return s === "Arab" || s === "Hebr";
}

/** A BCP 47 tag as the composition stores it: letters and digits in subtags of 1–8, at most 35 characters. */
export const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/;
