import { resolveRenderProps } from "./resolve";
import { applyScripts, codePointsBeyondLatin, scriptFaces, withFallbacks } from "./scripts";
import { fitText } from "./fit-text";
import { metricsMeasure } from "./measure";
import { buildCaptionPages } from "./caption-pages";
import { starterTemplate, starterTemplateVersion } from "./starter";
import { COMPOSITION_SCHEMA_VERSION, type CompositionBody } from "./composition-schema";

function composition(language: string | undefined, headline: string, narration: string): CompositionBody {
  return {
    schema_version: COMPOSITION_SCHEMA_VERSION,
    owner_id: "test-user",
    kind: "video",
    title: "t",
    aspect_ratio: "9:16",
    template: { id: "starter-bold", version: 1 },
    scenes: [
      {
        id: "s1",
        layout_id: "starter-split",
        values: { headline: { type: "text", text: headline } },
        narration,
        duration_ms: 3000,
        voice: {
          key: "videos/test-user/voice/a.wav",
          duration_ms: 2500,
          cues: [{ text: narration, startMs: 0, endMs: 2500 }],
          voice_id: "espeak:ar-f",
          text_hash: "h",
        },
      },
    ],
    audio: { voice_id: "espeak:ar-f", captions: true, music: { track_id: null, volume: 0.35 } },
    brand: null,
    revision: 0,
    ...(language ? { language } : {}),
  };
}

const tv = starterTemplateVersion(starterTemplate("starter-bold")!);
const resolve = (c: CompositionBody) =>
  resolveRenderProps({
    composition: c,
    templateVersion: tv,
    mediaUrl: (k) => `/m/${k}`,
    size: { width: 270, height: 480 },
  });

describe("script faces", () => {
  it("leaves a Latin-only composition as it was", () => {
    const c = composition("fr", "Café crème à Lyon", "Un café crème, tous les matins.");
    const props = resolve(c);
    expect(props.fonts.every((f) => f.file.startsWith("fonts/") && !f.file.includes("scripts/"))).toBe(true);
    expect(props.captionStyle.direction).toBeUndefined();
    expect(applyScripts(props, "fr")).toBe(props);
  });

  it("loads only the Chinese slices holding the characters used, first in the chain for Chinese", () => {
    const props = resolve(composition("zh", "不锈钢水瓶", "我们推出了新的不锈钢水瓶。"));
    const cjk = props.fonts.filter((f) => f.family.startsWith("Noto Sans"));
    expect(cjk.length).toBeGreaterThan(0);
    expect(cjk.every((f) => f.family === "Noto Sans SC")).toBe(true);
    // ~100 slices per weight exist; a dozen characters fall in a handful.
    expect(new Set(cjk.map((f) => f.file)).size).toBeLessThan(20);
    const slot = props.scenes[0]!.slots.find((s) => s.text)!.text!;
    expect(slot.fontFamily).toContain('"Noto Sans SC"');
    expect(props.captionStyle.fontFamily).toMatch(/"Noto Sans SC", sans-serif$/);
    // The same characters in a Japanese video come from the Japanese font.
    const ja = scriptFaces(codePointsBeyondLatin(["水瓶"]), [400], "ja");
    expect(ja.map((f) => f.family)).toEqual(expect.arrayContaining(["Noto Sans JP"]));
    expect(ja.some((f) => f.family === "Noto Sans SC")).toBe(false);
  });

  it("draws Arabic right to left with the Arabic face, left-aligned text mirrored", () => {
    const ltr = resolve(composition(undefined, "قهوة طازجة كل صباح", "مرحبا بكم في متجرنا الجديد."));
    const rtl = resolve(composition("ar", "قهوة طازجة كل صباح", "مرحبا بكم في متجرنا الجديد."));
    expect(rtl.fonts.some((f) => f.family === "Noto Sans Arabic" && f.file.includes("arabic"))).toBe(true);
    expect(rtl.captionStyle.direction).toBe("rtl");
    const before = ltr.scenes[0]!.slots.find((s) => s.text)!.text!;
    const after = rtl.scenes[0]!.slots.find((s) => s.text)!.text!;
    expect(after.direction).toBe("rtl");
    expect(after.align).toBe(before.align === "left" ? "right" : before.align === "right" ? "left" : "center");
  });

  it("adds families before the generic family, once", () => {
    expect(withFallbacks('"Lora", serif', ["Inter", "Noto Sans Arabic"])).toBe(
      '"Lora", "Inter", "Noto Sans Arabic", serif',
    );
    expect(withFallbacks('"Inter", sans-serif', ["Inter"])).toBe('"Inter", sans-serif');
  });
});

describe("text without spaces", () => {
  it("wraps a Chinese headline between words instead of overflowing", () => {
    const fitted = fitText({
      text: "我们推出了新的不锈钢水瓶让您的饮料保持冰爽",
      box: { width: 200, height: 200 },
      minFontPx: 20,
      maxFontPx: 40,
      lineHeight: 1.2,
      measure: metricsMeasure,
      font: { id: "inter", weight: 700 },
    });
    expect(fitted.overflow).toBe(false);
    expect(fitted.lines.length).toBeGreaterThan(1);
    expect(fitted.lines.every((l) => !l.text.includes(" ") && !l.text.includes("-"))).toBe(true);
    expect(
      fitted.lines
        .map((l) => l.text)
        .join("")
        .replaceAll("\u200b", ""),
    ).toBe("我们推出了新的不锈钢水瓶让您的饮料保持冰爽");
  });

  it("pages Japanese captions without spaces", () => {
    const pages = buildCaptionPages(
      [{ text: "新しいステンレスボトルは二十四時間ずっと飲み物を冷たく保ちます。", startMs: 0, endMs: 4000 }],
      {
        maxChars: 16,
        maxLines: 2,
        fontPx: 24,
        minFontPx: 18,
        width: 240,
        measure: metricsMeasure,
        font: { id: "inter", weight: 700 },
      },
    );
    expect(pages.length).toBeGreaterThan(1);
    const text = pages.flatMap((p) => p.lines.flatMap((l) => l.map((w) => w.text))).join("");
    expect(text.replaceAll("\u200b", "")).toBe("新しいステンレスボトルは二十四時間ずっと飲み物を冷たく保ちます。");
  });
});
