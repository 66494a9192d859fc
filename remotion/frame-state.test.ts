import { COMPOSITION_SCHEMA_VERSION, type CompositionBody } from "@/lib/engine/composition/composition-schema";
import { resolveRenderProps } from "@/lib/engine/composition/resolve";
import { sampleValues, starterTemplate, starterTemplateVersion } from "@/lib/engine/composition/starter";
import { eased, slotMotion, springAt } from "./animation";
import { activeCaption, frameRuns, frameSignature, sceneTransition } from "./frame-state";

const tv = starterTemplateVersion(starterTemplate("starter-bold")!);
const layout = (id: string) => tv.layouts.find((l) => l.id === id)!;

function props(layouts = ["starter-statement", "starter-bullets"]) {
  const composition: CompositionBody = {
    schema_version: COMPOSITION_SCHEMA_VERSION,
    owner_id: "u",
    kind: "video",
    title: "t",
    aspect_ratio: "16:9",
    template: { id: "starter-bold", version: 1 },
    scenes: layouts.map((id, i) => ({
      id: `s${i}`,
      layout_id: id,
      values: sampleValues(layout(id)),
      narration: "x",
      duration_ms: null,
      voice: {
        key: "v.wav",
        duration_ms: 3000,
        voice_id: "v",
        text_hash: "h",
        cues: [
          { text: "Fresh coffee", startMs: 0, endMs: 1500 },
          { text: "delivered today", startMs: 1500, endMs: 3000 },
        ],
      },
    })),
    audio: { voice_id: "v", captions: true, music: { track_id: null, volume: 0.3 } },
    brand: null,
    revision: 0,
  };
  return resolveRenderProps({
    composition,
    templateVersion: tv,
    mediaUrl: (k) => k,
    size: { width: 320, height: 180 },
  });
}

describe("easing", () => {
  it("starts at 0, ends exactly at 1, and a spring overshoots on the way", () => {
    for (const e of ["linear", "ease-in", "ease-out", "ease-in-out", "spring"] as const) {
      expect(eased(e, 0, 10)).toBe(0);
      expect(eased(e, 10, 10)).toBe(1);
    }
    const peak = Math.max(...Array.from({ length: 100 }, (_, i) => springAt(i / 100)));
    expect(peak).toBeGreaterThan(1.05);
  });
});

describe("slotMotion", () => {
  const enter = { type: "slide-up" as const, startFrame: 10, durationInFrames: 10, easing: "ease-out" as const };
  it("is hidden before, moving during and untouched after the entrance", () => {
    expect(slotMotion(enter, null, 5, 30, 50).hidden).toBe(true);
    const mid = slotMotion(enter, null, 15, 30, 50);
    expect(mid.animating).toBe(true);
    expect(mid.style.transform).toMatch(/translate3d/);
    expect(slotMotion(enter, null, 20, 30, 50)).toEqual({ style: {}, animating: false, hidden: false, typed: null });
  });
});

describe("frame runs", () => {
  const p = props();
  it("cover the video exactly once, in order", () => {
    const runs = frameRuns(p);
    expect(runs[0]!.start).toBe(0);
    expect(runs[runs.length - 1]!.end).toBe(p.durationInFrames - 1);
    for (let i = 1; i < runs.length; i++) expect(runs[i]!.start).toBe(runs[i - 1]!.end + 1);
  });

  it("keep still stretches together and split wherever anything changes", () => {
    const runs = frameRuns(p);
    // Far fewer captures than frames: after the entrances the scenes stand still between phrases.
    expect(runs.length).toBeLessThan(p.durationInFrames * 0.6);
    expect(runs.some((r) => r.end - r.start >= 10)).toBe(true);
    // Every frame of a transition differs from the one before.
    const b = p.scenes[1]!;
    for (let f = b.from + 1; f < b.from + b.transitionInFrames; f++)
      expect(frameSignature(p, f)).not.toBe(frameSignature(p, f - 1));
    // A caption phrase change starts a new run.
    const a = p.scenes[0]!;
    const change = a.captions.find((c) => c.startFrame > 0)?.startFrame ?? a.captions[0]!.phrases[1]!.startFrame;
    expect(runs.some((r) => r.start === a.from + change)).toBe(true);
    expect(activeCaption(a.captions, change)).not.toBeNull();
  });

  it("reports transitions over the overlap only", () => {
    const b = p.scenes[1]!;
    expect(sceneTransition(p, b, 0).p).toBe(0);
    expect(sceneTransition(p, b, b.transitionInFrames).p).toBe(1);
    expect(sceneTransition(p, p.scenes[0]!, 0).q).toBe(0);
  });
});

describe("caption presets in the frame runs", () => {
  /** One scene whose cue has word timings, drawn with `preset`. */
  function worded(preset: "word" | "karaoke" | "lower-third") {
    const p = props();
    const scene = p.scenes[0]!;
    const page = scene.captions[0]!;
    const words = page.lines.flat();
    return { p: { ...p, captionStyle: { ...p.captionStyle, preset } }, scene, words };
  }
  const captionChanges = (p: ReturnType<typeof props>, from: number, to: number) => {
    const out: number[] = [];
    let prev = "";
    for (let f = from; f < to; f++) {
      const sig =
        frameSignature(p, f)
          .split("|")
          .find((x) => x.startsWith("c")) ?? "";
      if (f > from && sig !== prev) out.push(f);
      prev = sig;
    }
    return out;
  };

  it("the default preset changes only where a word starts (or a page changes)", () => {
    const { p, scene, words } = worded("word");
    const page = scene.captions[0]!;
    const starts = new Set([...words.map((w) => scene.from + w.startFrame!), scene.from + page.endFrame]);
    const changes = captionChanges(p, scene.from + page.startFrame, scene.from + page.endFrame + 1);
    expect(changes.length).toBeGreaterThan(1);
    for (const f of changes) expect(starts.has(f)).toBe(true);
  });

  it("karaoke makes frames distinct while a word fills; a lower third only at page changes", () => {
    const karaoke = worded("karaoke");
    const word = worded("word");
    const page = word.scene.captions[0]!;
    const span = [word.scene.from + page.startFrame, word.scene.from + page.endFrame] as const;
    expect(captionChanges(karaoke.p, ...span).length).toBeGreaterThan(captionChanges(word.p, ...span).length * 2);
    expect(captionChanges(worded("lower-third").p, ...span)).toEqual([]);
  });
});

describe("frameRuns with a video clip", () => {
  it("captures every frame of a scene whose picture is a playing clip, and only that scene's", () => {
    const base = props(["starter-full-bleed", "starter-statement"]);
    const still = frameRuns(base);
    const withClip = {
      ...base,
      scenes: base.scenes.map((s, i) =>
        i === 0
          ? {
              ...s,
              slots: s.slots.map((slot) =>
                slot.media
                  ? {
                      ...slot,
                      media: { ...slot.media, clip: { trimBeforeFrames: 0, loopFrames: null, posterSrc: null } },
                    }
                  : slot,
              ),
            }
          : s,
      ),
    };
    const scene0 = withClip.scenes[0]!;
    const scene1 = withClip.scenes[1]!;
    expect(scene0.slots.some((s) => s.media)).toBe(true);
    const runs = frameRuns(withClip);
    // Every frame of the clip scene differs from the next, so every frame there starts its own run.
    const clipOnly = (f: number) => f < scene1.from;
    for (let f = 0; f < scene0.from + scene0.durationInFrames && clipOnly(f); f++)
      expect(runs.some((r) => r.start === f)).toBe(true);
    expect(runs.length).toBeGreaterThan(still.length);
    // The second scene (pictures only) still has stretches captured once, after the first scene is gone.
    const after = runs.filter((r) => r.start >= scene0.from + scene0.durationInFrames);
    expect(after.some((r) => r.end > r.start)).toBe(true);
  });
});
