/**
 * The Local preview in the brief's own language: it keeps the brief's words
 * (and only them) for any language the brief is detected or chosen in, and
 * adds no English stock phrase around them.
 */
import { STARTER_TEMPLATES, starterTemplateVersion } from "@/lib/engine/composition/starter";
import { detectLanguage } from "@/lib/engine/language/detect";
import { localPlan, type ToolLayout, type WriterRequest } from "./local-writer";

const versions = STARTER_TEMPLATES.map((t) => ({ t, v: starterTemplateVersion(t) }));
const template = versions[0]!;
const toolTemplate = {
  id: template.t.id,
  name: template.t.name,
  description: template.t.description,
  mood: template.v.music.mood,
  layout_ids: template.v.layouts.map((l) => l.id),
};
const layouts: ToolLayout[] = template.v.layouts.map((l) => ({
  id: l.id,
  name: l.name,
  slots: l.slots
    .filter((s) => s.kind !== "shape")
    .map((s) => ({ id: s.id, kind: s.kind, role: s.role, max_chars: s.fit.maxChars, required: s.required })),
}));

const request = (brief: string): WriterRequest => ({
  brief,
  length_s: 30,
  aspect_ratio: "9:16",
  template_id: template.t.id,
  language: detectLanguage(brief).tag,
});

const ENGLISH = /\b(shop|visit|order|learn|come|see|now|today|us|more|get|your|the|and)\b/iu;

function words(plan: ReturnType<typeof localPlan>): string[] {
  return [plan.title, ...plan.scenes.flatMap((s) => [...s.texts.map((t) => t.text), s.narration])].filter(Boolean);
}

describe("the Local preview in the brief's language", () => {
  it.each([
    "Café Lumière ouvre à Lyon. Croissants frais chaque matin, café torréfié sur place. Commandez sur cafelumiere.fr",
    "Panadería Sol abre en Sevilla. Pan recién hecho cada mañana y café de especialidad. Pide en panaderiasol.es",
    "Кофейня «Утро» открывается в Казани. Свежая выпечка каждое утро и кофе собственной обжарки. Заказывайте на utro.ru",
    "مقهى الصباح يفتح في دبي. مخبوزات طازجة كل صباح وقهوة محمصة في المقهى. اطلبوا الآن على sabah.ae",
  ])("keeps only the brief's own words: %s", (brief) => {
    const plan = localPlan(request(brief), toolTemplate, layouts);
    expect(plan.scenes.length).toBeGreaterThan(1);
    const briefWords = new Set(brief.toLowerCase().match(/[\p{L}\p{N}]+/gu));
    for (const text of words(plan)) {
      expect({ text, english: ENGLISH.test(text) && !brief.match(ENGLISH) }).toEqual({ text, english: false });
      for (const w of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
        expect({ text, word: w, inBrief: briefWords.has(w) }).toEqual({ text, word: w, inBrief: true });
    }
  });

  it("keeps a Chinese brief's sentences, cut at its own punctuation", () => {
    const brief = "晨光咖啡馆在上海开业。每天早上都有新鲜出炉的面包和现场烘焙的咖啡。请在晨光咖啡官网下单。";
    expect(request(brief).language).toBe("zh");
    const plan = localPlan(request(brief), toolTemplate, layouts);
    expect(plan.scenes.length).toBeGreaterThan(1);
    for (const text of words(plan)) {
      expect(/[A-Za-z]/u.test(text)).toBe(false);
      for (const ch of text.replace(/\s/gu, ""))
        expect({ text, ch, inBrief: brief.includes(ch) }).toEqual({ text, ch, inBrief: true });
    }
    // The sentences were found (split at 。), not one run: the narrations differ.
    expect(new Set(plan.scenes.map((s) => s.narration)).size).toBeGreaterThan(1);
  });
});
