/** The one rule for blob keys in a composition: own folders, samples, the template version's media; nothing else. */
import { ApiError } from "@/lib/platform/api/errors";
import { COMPOSITION_SCHEMA_VERSION, type CompositionBody, type Scene } from "./composition-schema";
import {
  assertOwnMedia,
  foreignMediaRefs,
  mayServe,
  mediaOrigin,
  withoutForeignMedia,
  type MediaScope,
} from "./media-access";
import { collectMediaKeys } from "./media-keys";
import { SAMPLE_MEDIA } from "./starter/samples";
import { starterTemplate, starterTemplateVersion } from "./starter";
import type { TemplateVersionBody } from "./template-schema";

const base = starterTemplateVersion(starterTemplate("starter-corporate")!);
const tv: TemplateVersionBody = {
  ...base,
  style: {
    ...base.style,
    background: { ...base.style.background, kind: "image", image_key: "studio/backgrounds/dusk.jpg" },
    fontFiles: { heading: { key: "studio/fonts/abc.woff2", family: "Brand", format: "woff2" }, body: null },
  },
};
const scope: MediaScope = { ownerId: "bob", template: tv };
const media = (key: string) => ({ type: "media" as const, key, media_type: "image/png", source: "asset" as const });

function comp(scenes: Scene[], brand: CompositionBody["brand"] = null): CompositionBody {
  return {
    schema_version: COMPOSITION_SCHEMA_VERSION,
    owner_id: "bob",
    kind: "video",
    title: "t",
    aspect_ratio: "9:16",
    template: { id: "starter-corporate", version: 1 },
    scenes,
    audio: { voice_id: null, captions: false, music: { track_id: null, volume: 0.5 } },
    brand,
    revision: 0,
  };
}
const scene = (id: string, values: Scene["values"], extra: Partial<Scene> = {}): Scene => ({
  id,
  layout_id: "starter-split",
  values,
  narration: "",
  duration_ms: null,
  ...extra,
});

describe("mediaOrigin", () => {
  it.each([
    ["images/bob/c1/original.png", "own"],
    ["assets/bob/a1/original.jpg", "own"],
    ["videos/bob/v1/scenes/s1-abc.png", "own"],
    ["designs/bob/d1/media/x.png", "own"],
    [SAMPLE_MEDIA.photo, "sample"],
    ["studio/backgrounds/dusk.jpg", "template"],
    ["studio/fonts/abc.woff2", "template"],
  ])("%s is %s", (key, origin) => {
    expect(mediaOrigin(key, scope)).toBe(origin);
  });

  it.each([
    ["another user's image", "images/alice/c1/original.png"],
    ["another user's asset", "assets/alice/a1/original.png"],
    ["another user's render", "videos/alice/v1/r1.mp4"],
    ["a uid that only starts like mine", "images/bobby/c1/original.png"],
    ["my uid as a file, not a folder", "images/bob"],
    ["a climb out of my folder", "images/bob/../alice/c1/original.png"],
    ["an empty segment", "images//bob/x.png"],
    ["a leading slash", "/images/bob/x.png"],
    ["a backslash path", "images/bob\\..\\alice/x.png"],
    ["a hidden file", "images/bob/.x"],
    ["a folder only the server reads", "music/track-v1.wav"],
    ["an inspiration picture", "inspirations/i1/ab.webp"],
    ["another template's font", "studio/fonts/zzz.woff2"],
    ["a sample-looking key that is not a sample", "samples/starter/other.png"],
    ["an empty key", ""],
    ["an over-long key", `images/bob/${"a".repeat(600)}`],
  ])("%s is foreign", (_name, key) => {
    expect(mediaOrigin(key, scope)).toBeNull();
  });

  it("allows a template's media only for the version in use", () => {
    expect(mediaOrigin("studio/fonts/abc.woff2", { ownerId: "bob", template: base })).toBeNull();
    expect(mediaOrigin("studio/fonts/abc.woff2", { ownerId: "bob", template: null })).toBeNull();
  });

  it("an empty owner owns nothing", () => {
    expect(mediaOrigin("images//c1/original.png", { ownerId: "", template: null })).toBeNull();
  });
});

describe("checks on a whole composition", () => {
  const planted = comp(
    [
      scene("s1", { image: media("assets/alice/a1/original.png"), headline: { type: "text", text: "Hi" } }),
      scene(
        "s2",
        { image: media("images/bob/c1/original.png") },
        { voice: { key: "videos/alice/v1/voice/s2.wav", duration_ms: 900, cues: [], voice_id: "v", text_hash: "h" } },
      ),
      scene(
        "s3",
        { image: media(SAMPLE_MEDIA.photo) },
        { voice: { key: "videos/bob/v1/voice/s3.wav", duration_ms: 900, cues: [], voice_id: "v", text_hash: "h" } },
      ),
    ],
    {
      apply: true,
      logo_key: "assets/alice/logo/original.png",
      logo_asset_id: "logo",
      fonts: {
        heading: { kind: "asset", asset_id: "f1", key: "assets/alice/f1/original.woff2", family: "X" },
        body: { kind: "asset", asset_id: "f2", key: "assets/bob/f2/original.woff2", family: "Y" },
      },
    },
  );

  it("names every field that holds a foreign key", () => {
    expect(foreignMediaRefs(planted, scope).map((r) => r.path)).toEqual([
      "scenes.0.values.image",
      "scenes.1.voice.key",
      "brand.logo_key",
      "brand.fonts.heading.key",
    ]);
  });

  it("a write with a foreign key is a 422 whose issues list each field; an own composition passes", () => {
    const err = (() => {
      try {
        assertOwnMedia(planted, scope, "Page");
      } catch (e) {
        return e;
      }
    })() as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect([err.status, err.message]).toEqual([
      422,
      expect.stringMatching(/^Page 1: that picture is not one of yours/),
    ]);
    expect(err.issues).toEqual(
      ["scenes.0.values.image", "scenes.1.voice.key", "brand.logo_key", "brand.fonts.heading.key"].map((path) => ({
        path,
        message: "foreign media",
      })),
    );
    expect(() => assertOwnMedia(withoutForeignMedia(planted, scope, "test"), scope)).not.toThrow();
    // Only the brand is foreign: the message says so.
    const brandOnly = comp([scene("s1", {})], { apply: false, logo_key: "assets/alice/logo/original.png" });
    expect(() => assertOwnMedia(brandOnly, scope)).toThrow(/brand kit/);
  });

  it("at sign and render time the foreign keys are taken out (slot empty, narration and brand file gone), the rest kept, each one logged", () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const clean = withoutForeignMedia(planted, scope, "player of video v1");
      expect(clean.scenes[0]!.values).toEqual({ image: { type: "none" }, headline: { type: "text", text: "Hi" } });
      expect(clean.scenes[1]!.voice).toBeUndefined();
      expect(clean.scenes[1]!.values.image).toEqual(media("images/bob/c1/original.png"));
      expect(clean.scenes[2]).toEqual(planted.scenes[2]);
      expect(clean.brand).toEqual({
        apply: true,
        fonts: { body: { kind: "asset", asset_id: "f2", key: "assets/bob/f2/original.woff2", family: "Y" } },
      });
      expect(collectMediaKeys(clean, tv).filter((k) => k.includes("alice"))).toEqual([]);
      expect(warn).toHaveBeenCalledTimes(4);
      expect(String(warn.mock.calls[0]![0])).toMatch(/player of video v1.*scenes\.0\.values\.image.*assets\/alice\/a1/);
      // Nothing foreign: the very same object, nothing logged.
      warn.mockClear();
      expect(withoutForeignMedia(clean, scope, "again")).toBe(clean);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it("mayServe answers for one stored key, logging a refusal", () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      expect(mayServe("videos/bob/v1/r1.mp4", { ownerId: "bob", template: null }, "public video v1")).toBe(true);
      expect(mayServe("videos/alice/v1/r1.mp4", { ownerId: "bob", template: null }, "public video v1")).toBe(false);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });
});
