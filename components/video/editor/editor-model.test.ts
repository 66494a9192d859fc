import type { RenderScene } from "@/lib/engine/composition/render-props";
import {
  addSceneAfter,
  changeLayout,
  durationFromInput,
  durationToInput,
  formatSeconds,
  moveScene,
  moveSceneTo,
  nudgeLength,
  patchFor,
  removeScene,
  sceneLengthMs,
  sceneSummary,
  setSlotText,
  textSlotsOf,
  updateScene,
  type Draft,
  type DraftScene,
} from "./editor-model";

const scene = (id: string, text: string, extra: Partial<DraftScene> = {}): DraftScene => ({
  id,
  layout_id: "starter-split",
  values: { headline: { type: "text", text }, image: { type: "none" } },
  narration: `Narration ${id}`,
  duration_ms: 4000,
  ...extra,
});

const draft = (): Draft => ({
  title: "Coffee",
  aspect_ratio: "9:16",
  template_id: "starter-bold",
  scenes: [scene("a", "One"), scene("b", "Two"), scene("c", "Three")],
  audio: { voice_id: "v1", captions: true, music: { track_id: null, volume: 0.35 } },
  language: "en",
});

it("saves only what changed, and never an empty title", () => {
  const saved = draft();
  expect(patchFor(draft(), saved)).toBeNull();
  expect(patchFor({ ...draft(), title: "  New title " }, saved)).toEqual({ title: "New title" });
  expect(patchFor({ ...draft(), title: "   " }, saved)).toBeNull();
  const moved = moveScene(draft(), 0, 1);
  expect(patchFor(moved, saved)).toEqual({ scenes: moved.scenes });
  expect(patchFor({ ...draft(), audio: { ...saved.audio, captions: false } }, saved)).toEqual({
    audio: { ...saved.audio, captions: false },
  });
  expect(patchFor({ ...draft(), template_id: "starter-elegant", aspect_ratio: "16:9" }, saved)).toEqual({
    template_id: "starter-elegant",
    aspect_ratio: "16:9",
  });
  expect(patchFor({ ...draft(), language: "ar" }, saved)).toEqual({ language: "ar" });
});

it("reorders within bounds", () => {
  expect(moveScene(draft(), 0, 1).scenes.map((s) => s.id)).toEqual(["b", "a", "c"]);
  expect(moveScene(draft(), 2, -1).scenes.map((s) => s.id)).toEqual(["a", "c", "b"]);
  const d = draft();
  expect(moveScene(d, 0, -1)).toBe(d);
  expect(moveScene(d, 2, 1)).toBe(d);
});

it("moves a dragged scene to any position, and the move is what the save sends", () => {
  expect(moveSceneTo(draft(), 0, 2).scenes.map((s) => s.id)).toEqual(["b", "c", "a"]);
  expect(moveSceneTo(draft(), 2, 0).scenes.map((s) => s.id)).toEqual(["c", "a", "b"]);
  expect(moveSceneTo(draft(), 2, 1).scenes.map((s) => s.id)).toEqual(["a", "c", "b"]);
  const d = draft();
  expect(moveSceneTo(d, 1, 1)).toBe(d);
  expect(moveSceneTo(d, -1, 0)).toBe(d);
  expect(moveSceneTo(d, 0, 3)).toBe(d);
  // The scenes keep their content; the PATCH carries the new order.
  const patch = patchFor(moveSceneTo(d, 0, 2), d);
  expect(patch?.scenes?.map((s) => s.id)).toEqual(["b", "c", "a"]);
  expect(patch?.scenes?.[2]).toEqual(d.scenes[0]);
});

it("a scene's length: the one set, else what the preview drew, else unknown", () => {
  const drawn = { durationInFrames: 135 } as RenderScene;
  expect(sceneLengthMs(scene("a", "x", { duration_ms: 2500 }), drawn, 30)).toBe(2500);
  expect(sceneLengthMs(scene("a", "x", { duration_ms: null }), drawn, 30)).toBe(4500);
  expect(sceneLengthMs(scene("a", "x", { duration_ms: null }), null, 30)).toBeNull();
  expect(formatSeconds(4500)).toBe("4.5 s");
  expect(formatSeconds(12_000)).toBe("12.0 s");
});

it("the length handle moves by half seconds from the shown length, within 0.5 s and 120 s", () => {
  const auto = scene("a", "x", { duration_ms: null });
  // An automatic scene starts from what the preview drew (snapped to the step).
  expect(nudgeLength(auto, 4430, 1).duration_ms).toBe(5000);
  expect(nudgeLength(auto, 4430, -1).duration_ms).toBe(4000);
  expect(nudgeLength(scene("a", "x", { duration_ms: 3000 }), 3000, 2).duration_ms).toBe(4000);
  // Bounds: never below half a second nor above two minutes; at a bound the scene is unchanged.
  const shortest = scene("a", "x", { duration_ms: 500 });
  expect(nudgeLength(shortest, 500, -1)).toBe(shortest);
  expect(nudgeLength(scene("a", "x", { duration_ms: 800 }), 800, -3).duration_ms).toBe(500);
  const longest = scene("a", "x", { duration_ms: 120_000 });
  expect(nudgeLength(longest, 120_000, 1)).toBe(longest);
  expect(nudgeLength(scene("a", "x", { duration_ms: 119_800 }), 119_800, 4).duration_ms).toBe(120_000);
});

it("adds a scene with the same layout, empty texts and kept pictures, after the given one", () => {
  const media = { type: "media", key: "k", media_type: "image/png", source: "generated" } as const;
  const d = {
    ...draft(),
    scenes: [
      scene("a", "One", { values: { headline: { type: "text", text: "One" }, image: media } }),
      scene("b", "Two"),
    ],
  };
  const next = addSceneAfter(d, 0, "s-new");
  expect(next.scenes.map((s) => s.id)).toEqual(["a", "s-new", "b"]);
  expect(next.scenes[1]).toEqual({
    id: "s-new",
    layout_id: "starter-split",
    values: { headline: { type: "text", text: "" }, image: media },
    narration: "",
    duration_ms: null,
  });
});

it("never removes the last scene", () => {
  const one = { ...draft(), scenes: [scene("a", "One")] };
  expect(removeScene(one, 0)).toBe(one);
  expect(removeScene(draft(), 1).scenes.map((s) => s.id)).toEqual(["a", "c"]);
});

it("edits one slot's text of one scene", () => {
  const next = updateScene(draft(), "b", (s) => setSlotText(s, "headline", "Changed"));
  expect(next.scenes[1]!.values.headline).toEqual({ type: "text", text: "Changed" });
  expect(next.scenes[0]).toEqual(draft().scenes[0]);
});

it("reads the length field: empty is automatic, seconds are clamped", () => {
  expect(durationFromInput("")).toBeNull();
  expect(durationFromInput("abc")).toBeNull();
  expect(durationFromInput("2.5")).toBe(2500);
  expect(durationFromInput("0.1")).toBe(500);
  expect(durationFromInput("999")).toBe(120_000);
  expect(durationToInput(null)).toBe("");
  expect(durationToInput(2500)).toBe("2.5");
});

it("lists text slots from the values and the preview, labelled by role", () => {
  const s = scene("a", "One", {
    values: {
      headline: { type: "text", text: "One" },
      points: { type: "text", text: "x\ny" },
      image: { type: "none" },
    },
  });
  const drawn = {
    layoutId: "starter-split",
    slots: [
      { id: "headline", kind: "text", role: "headline" },
      { id: "points", kind: "text", role: "bullets" },
      { id: "kicker", kind: "text", role: "label" },
    ],
  } as unknown as RenderScene;
  expect(textSlotsOf(s, drawn)).toEqual([
    { id: "headline", label: "Headline", multiline: false },
    { id: "points", label: "Points (one per line)", multiline: true },
    { id: "kicker", label: "Kicker", multiline: false },
  ]);
  // A preview of another layout (not saved yet) does not add its slots.
  expect(textSlotsOf(s, { ...drawn, layoutId: "other" } as RenderScene).map((t) => t.id)).toEqual([
    "headline",
    "points",
  ]);
});

it("summarises a scene by its first text, else its narration", () => {
  expect(sceneSummary(scene("a", "Hello   world"))).toBe("Hello world");
  expect(sceneSummary(scene("a", ""))).toBe("Narration a");
});

it("moves a scene to a layout with known slots: same ids first, other texts in order, the picture follows", () => {
  const media = { type: "media", key: "k", media_type: "image/png", source: "generated" } as const;
  const s = scene("a", "Big news", {
    values: {
      headline: { type: "text", text: "Big news" },
      body: { type: "text", text: "Details here" },
      image: media,
    },
  });
  const quote = {
    id: "starter-quote",
    name: "Quote",
    slots: [
      { id: "quote", kind: "text", max_chars: 4 },
      { id: "headline", kind: "text" },
      { id: "photo", kind: "image" },
    ],
  };
  expect(changeLayout(s, quote)).toEqual({
    ...s,
    layout_id: "starter-quote",
    values: { headline: { type: "text", text: "Big news" }, quote: { type: "text", text: "Deta" }, photo: media },
  });
  // Without slot descriptions only the layout changes.
  expect(changeLayout(s, { id: "starter-quote", name: "Quote" })).toEqual({ ...s, layout_id: "starter-quote" });
  expect(textSlotsOf(changeLayout(s, quote), null, quote).map((t) => [t.id, t.maxChars])).toEqual([
    ["quote", 4],
    ["headline", undefined],
  ]);
});
