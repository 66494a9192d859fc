/** The brand kit applied by resolve: palette, background, bundled and uploaded fonts, logo; only when asked. */
import {
  COMPOSITION_SCHEMA_VERSION,
  compositionBodySchema,
  type CompositionBody,
  type Scene,
} from "./composition-schema";
import { collectMediaKeys } from "./media-keys";
import { renderPropsSchema } from "./render-props";
import { resolveRenderProps } from "./resolve";
import { sampleValues, starterTemplate, starterTemplateVersion } from "./starter";
import type { TemplateVersionBody } from "./template-schema";

const tv: TemplateVersionBody = starterTemplateVersion(starterTemplate("starter-corporate")!);
const mediaUrl = (k: string) => `https://media.test/${k}`;
const layoutId = "starter-end-card";
const scene: Scene = {
  id: "a",
  layout_id: layoutId,
  values: { ...sampleValues(tv.layouts.find((l) => l.id === layoutId)!), logo: { type: "none" } },
  narration: "",
  duration_ms: 2000,
};

const palette = { primary: "#ff0066", secondary: "#ffe4ef", accent: "#00aa55", text: "#222222", background: "#fafaf0" };
const brand: NonNullable<CompositionBody["brand"]> = {
  apply: true,
  palette,
  logo_key: "assets/u1/logo1/original.png",
  logo_asset_id: "logo1",
  fonts: {
    heading: { kind: "asset", asset_id: "font1", key: "assets/u1/font1/original.woff2", family: "Acme Sans" },
    body: { kind: "bundled", id: "lora" },
  },
};

function comp(b: CompositionBody["brand"]): CompositionBody {
  return compositionBodySchema.parse({
    schema_version: COMPOSITION_SCHEMA_VERSION,
    owner_id: "u1",
    kind: "video",
    title: "t",
    aspect_ratio: "1:1",
    template: { id: "starter-corporate", version: 1 },
    scenes: [scene],
    audio: { voice_id: null, captions: false, music: { track_id: null, volume: 0.3 } },
    brand: b,
    revision: 0,
  });
}

it("keeps compositions without the new brand fields valid (older snapshots and none at all)", () => {
  expect(comp(null).brand).toBeNull();
  expect(comp({ apply: true, colors: ["#00ff88"] }).brand).toEqual({ apply: true, colors: ["#00ff88"] });
  expect(() => comp({ ...brand, palette: { ...palette, text: "red" } })).toThrow();
});

it("applies the kit's colours, fonts and logo when the user asked", () => {
  const props = renderPropsSchema.parse(
    resolveRenderProps({ composition: comp(brand), templateVersion: tv, mediaUrl, size: { width: 400, height: 400 } }),
  );
  expect(props.background.color).toBe(palette.background);
  const slots = props.scenes[0]!.slots;
  expect(slots.find((s) => s.kind === "logo")!.media!.src).toBe("https://media.test/assets/u1/logo1/original.png");
  const texts = slots.filter((s) => s.text);
  const headline = texts.find((s) => s.role === "headline")!;
  // The uploaded font is drawn under its own family, with the template font (whose metrics fitted the text) behind it.
  expect(headline.text!.fontFamily).toMatch(/^"pf-font-font1", "/);
  const body = texts.find((s) => s.role !== "headline" && !["quote", "stat", "price"].includes(s.role));
  if (body) expect(body.text!.fontFamily).toContain("Lora");
  expect(props.fonts).toContainEqual(
    expect.objectContaining({ family: "pf-font-font1", url: "https://media.test/assets/u1/font1/original.woff2" }),
  );
  expect(props.fonts.some((f) => f.family === "Lora")).toBe(body !== undefined);
  expect(
    texts.some(
      (s) =>
        s.text!.color === palette.text ||
        s.text!.treatmentColor === palette.primary ||
        s.surface?.color === palette.primary,
    ),
  ).toBe(true);
  expect(collectMediaKeys(comp(brand), tv)).toEqual(
    expect.arrayContaining(["assets/u1/logo1/original.png", "assets/u1/font1/original.woff2"]),
  );
});

it("draws the template's own look when the kit is off", () => {
  const off = resolveRenderProps({
    composition: comp({ ...brand, apply: false }),
    templateVersion: tv,
    mediaUrl,
    size: { width: 400, height: 400 },
  });
  const plain = resolveRenderProps({
    composition: comp(null),
    templateVersion: tv,
    mediaUrl,
    size: { width: 400, height: 400 },
  });
  expect(off).toEqual(plain);
  expect(plain.scenes[0]!.slots.some((s) => s.kind === "logo")).toBe(false);
  expect(plain.fonts.some((f) => f.url)).toBe(false);
});
