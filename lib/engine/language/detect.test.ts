import { CORPUS } from "@/lib/creation/video/brief/corpus";
import { detectLanguage } from "./detect";

describe("detectLanguage", () => {
  it.each([
    ["Nous ouvrons un nouveau café à Lyon, avec des pâtisseries fraîches tous les matins.", "fr"],
    ["Abrimos una nueva cafetería en Madrid con pasteles frescos cada mañana.", "es"],
    ["Wir eröffnen ein neues Café in Berlin mit frischem Kuchen jeden Morgen.", "de"],
    ["Привет! Мы открываем новую кофейню в Москве со свежей выпечкой каждое утро.", "ru"],
    ["Наша нова кав'ярня у Києві відкривається щоранку зі свіжою випічкою.", "uk"],
    ["مرحبا بكم في متجرنا الجديد للقهوة، اطلبوا الآن واحصلوا على خصم عشرة بالمئة.", "ar"],
    ["हमारी नई कॉफ़ी की दुकान में आपका स्वागत है, हर सुबह ताज़ा केक मिलता है।", "hi"],
    ["A 30-second ad for our small-batch coffee subscription, roasted every morning.", "en"],
  ])("reads %s by its statistics", (text, tag) => {
    expect(detectLanguage(text)).toEqual({ tag, by: "statistics" });
  });

  it.each([
    ["新しいステンレスボトルを発売します。", "ja"],
    ["iPhone 15 の新しいケース", "ja"],
    ["我们推出了新的不锈钢水瓶。", "zh"],
    ["새로운 물병을 출시합니다", "ko"],
    ["Γεια σας, καλώς ήρθατε στο κατάστημά μας", "el"],
    ["ברוכים הבאים לחנות החדשה שלנו", "he"],
    ["ยินดีต้อนรับสู่ร้านกาแฟของเรา", "th"],
    ["Кофе", "ru"],
    ["قهوة", "ar"],
  ])("lets the script decide %s", (text, tag) => {
    expect(detectLanguage(text)).toMatchObject({ tag });
  });

  it("reads a sentence or two of plain English as English (trigrams alone called this one Norwegian)", () => {
    expect(detectLanguage("A blue ceramic mug for slow mornings. Coffee tastes better in it.").tag).toBe("en");
    expect(detectLanguage("Red running shoes for trail runners. Light, grippy and made to last.").tag).toBe("en");
    expect(detectLanguage("Handmade candles that smell like a forest after rain.").tag).toBe("en");
  });

  it("reads every English brief of the writer's corpus as English", () => {
    const wrong = CORPUS.filter((c) => !c.other)
      .map((c) => c.brief)
      .filter((b) => detectLanguage(b).tag !== "en")
      .map((b) => `${detectLanguage(b).tag}: ${b}`);
    expect(wrong).toEqual([]);
  });

  it("keeps the person's previous choice for short Latin text, else English", () => {
    expect(detectLanguage("Café Lumière", "fr")).toEqual({ tag: "fr", by: "fallback" });
    expect(detectLanguage("Café Lumière")).toEqual({ tag: "en", by: "fallback" });
    expect(detectLanguage("", "de")).toEqual({ tag: "de", by: "fallback" });
    expect(detectLanguage("12 € — 50 %")).toEqual({ tag: "en", by: "fallback" });
  });

  it("does not keep a previous choice written in another script", () => {
    // A Russian brief after a French one: Cyrillic decides.
    expect(detectLanguage("Кофе", "fr")).toEqual({ tag: "ru", by: "script" });
    // A short Cyrillic text after Ukrainian keeps Ukrainian.
    expect(detectLanguage("Кава", "uk")).toEqual({ tag: "uk", by: "fallback" });
  });
});
