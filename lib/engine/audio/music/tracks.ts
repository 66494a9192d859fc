/**
 * The background tracks Promptframe makes itself: one per mood, each a short
 * piece (intro, alternating A and B sections, outro) written as data plus an
 * arrangement. Changing a note here changes the track's bytes: the renders are
 * deterministic, so keep ids stable and give a changed track a new id.
 */
import { riser } from "./drums";
import { arpeggio, bassLine, BODY, drums, keyChords, pads, strums, tune } from "./parts";
import type { TrackSpec } from "./score";
import { MAJOR_PENTATONIC, MINOR_PENTATONIC } from "./theory";

/** A riser in the bar before every B section. */
function risersIntoB(s: Parameters<TrackSpec["arrange"]>[0], gain: number): void {
  for (let bar = 1; bar < s.bars; bar++) {
    if (s.section(bar) === "b" && s.section(bar - 1) !== "b")
      riser(s.buses, s.random, { at: s.at(bar - 1), frames: s.beats(4), gain });
  }
}

const sunnySide: TrackSpec = {
  id: "sunny-side",
  label: "Sunny Side",
  mood: "upbeat",
  description: "Bright pop pulse: plucked arpeggios, four-on-the-floor chorus, pumping pads.",
  bpm: 118,
  bars: 36,
  keyRoot: 62,
  progression: ["I:maj", "V:maj", "vi:min", "IV:maj"],
  barsPerChord: 1,
  seed: 11,
  sidechain: true,
  room: { size: 0.78, damping: 0.35, wet: 0.5 },
  echo: { beats: 0.75, feedback: 0.35, wet: 0.35 },
  arrange: (s) => {
    pads(s, {
      low: 57,
      high: 72,
      gain: { intro: 0.05, a: 0.06, b: 0.07, outro: 0.05 },
      attack: 0.08,
      release: 0.35,
      detune: 7,
      brightness: 0.6,
      reverb: 0.25,
    });
    arpeggio(s, {
      low: 69,
      high: 84,
      every: 0.5,
      order: [0, 1, 2, 1, 3, 2, 1, 2],
      gain: { intro: 0.16, a: 0.2, b: 0.2, outro: 0.16 },
      decay: 0.5,
      brightness: 0.7,
      reverb: 0.2,
      echo: 0.3,
    });
    bassLine(s, {
      low: 38,
      pattern: [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5].map((beat) => ({ beat, length: 0.4, octave: beat % 1 ? 1 : 0 })),
      gain: { a: 0.2, b: 0.22, outro: 0.16 },
    });
    tune(s, {
      voice: "pluck",
      rhythm: [0, 0.5, 1.5, 2, 3],
      scale: MAJOR_PENTATONIC,
      low: 74,
      high: 88,
      gain: { b: 0.2 },
      reverb: 0.25,
      echo: 0.35,
      decay: 0.7,
    });
    drums(s, {
      sections: ["a"],
      pattern: { kick: [0, 2], clap: [1, 3], hat: [0.5, 1.5, 2.5, 3.5] },
      gains: { kick: 0.55, clap: 0.3, hat: 0.09 },
      reverb: 0.1,
    });
    drums(s, {
      sections: ["b"],
      pattern: { kick: [0, 1, 2, 3], clap: [1, 3], hat: [0, 0.5, 1, 1.5, 2, 2.5, 3], openHat: [3.5] },
      gains: { kick: 0.6, clap: 0.32, hat: 0.08, openHat: 0.07 },
      reverb: 0.1,
    });
    drums(s, {
      sections: ["outro"],
      pattern: { kick: [0], hat: [0.5, 1.5, 2.5, 3.5] },
      gains: { kick: 0.4, hat: 0.06 },
    });
    risersIntoB(s, 0.05);
  },
};

const stillWater: TrackSpec = {
  id: "still-water",
  label: "Still Water",
  mood: "calm",
  description: "Slow, airy pads with a few soft mallet notes; no drums, just a gentle shaker later on.",
  bpm: 70,
  bars: 22,
  keyRoot: 65,
  progression: ["I:maj7", "iii:min7", "IV:maj7", "V:sus4"],
  barsPerChord: 1,
  seed: 23,
  room: { size: 0.86, damping: 0.45, wet: 0.7 },
  echo: { beats: 0.75, feedback: 0.4, wet: 0.3 },
  arrange: (s) => {
    pads(s, {
      low: 53,
      high: 72,
      gain: { intro: 0.06, a: 0.065, b: 0.07, outro: 0.06 },
      attack: 1.4,
      release: 1.8,
      detune: 6,
      brightness: 0.3,
      reverb: 0.5,
    });
    tune(s, {
      voice: "mallet",
      rhythm: [0, 1.5, 2.5],
      scale: MAJOR_PENTATONIC,
      low: 72,
      high: 86,
      gain: { a: 0.14, b: 0.16, outro: 0.1 },
      reverb: 0.5,
      echo: 0.3,
      decay: 0.6,
    });
    bassLine(s, { low: 41, pattern: [{ beat: 0, length: 3.8 }], gain: { a: 0.12, b: 0.13, outro: 0.1 }, warmth: 0.1 });
    drums(s, { sections: ["b"], pattern: { shaker: [0.5, 1.5, 2.5, 3.5] }, gains: { shaker: 0.06 }, reverb: 0.3 });
  },
};

const horizon: TrackSpec = {
  id: "horizon",
  label: "Horizon",
  mood: "cinematic",
  description: "Minor-key build: string-like ostinato, wide pads, deep drum hits and swells into the big sections.",
  bpm: 80,
  bars: 24,
  keyRoot: 62,
  progression: ["I:min", "bVI:maj", "bIII:maj", "bVII:maj"],
  barsPerChord: 1,
  seed: 37,
  room: { size: 0.88, damping: 0.3, wet: 0.75 },
  arrange: (s) => {
    pads(s, {
      low: 55,
      high: 74,
      gain: { intro: 0.06, a: 0.065, b: 0.075, outro: 0.06 },
      attack: 1.5,
      release: 1.6,
      detune: 8,
      brightness: 0.5,
      reverb: 0.55,
      octaveBelow: { b: 0.05 },
    });
    arpeggio(s, {
      low: 50,
      high: 62,
      every: 0.5,
      order: [0, 2, 1, 2, 0, 2, 1, 3],
      gain: { a: 0.18, b: 0.24, outro: 0.12 },
      decay: 0.35,
      brightness: 0.4,
      reverb: 0.3,
      echo: 0,
    });
    bassLine(s, { low: 38, pattern: [{ beat: 0, length: 3.9 }], gain: { a: 0.14, b: 0.2, outro: 0.12 }, warmth: 0.15 });
    tune(s, {
      voice: "keys",
      rhythm: [0, 2],
      scale: MINOR_PENTATONIC,
      low: 69,
      high: 81,
      gain: { b: 0.13, outro: 0.08 },
      reverb: 0.6,
      echo: 0,
    });
    drums(s, { sections: ["a"], pattern: { tom: [0] }, gains: { tom: 0.35 }, reverb: 0.4 });
    drums(s, {
      sections: ["b"],
      pattern: { tom: [0, 2.5, 3], snare: [1, 3] },
      gains: { tom: 0.45, snare: 0.14 },
      reverb: 0.45,
    });
    risersIntoB(s, 0.08);
  },
};

const cleanSlate: TrackSpec = {
  id: "clean-slate",
  label: "Clean Slate",
  mood: "corporate",
  description: "Optimistic and tidy: muted guitar eighths, electric-piano stabs, light claps and shaker.",
  bpm: 106,
  bars: 32,
  keyRoot: 60,
  progression: ["I:add9", "vi:min7", "IV:maj7", "V:maj"],
  barsPerChord: 1,
  seed: 41,
  room: { size: 0.75, damping: 0.4, wet: 0.4 },
  echo: { beats: 0.75, feedback: 0.3, wet: 0.25 },
  arrange: (s) => {
    pads(s, {
      low: 55,
      high: 72,
      gain: { intro: 0.04, a: 0.045, b: 0.05, outro: 0.04 },
      attack: 0.5,
      release: 0.8,
      detune: 5,
      brightness: 0.4,
      reverb: 0.3,
    });
    keyChords(s, {
      low: 60,
      high: 76,
      hits: [
        { beat: 0, length: 1 },
        { beat: 1.5, length: 0.5 },
        { beat: 2.5, length: 1.2 },
      ],
      gain: { intro: 0.05, a: 0.06, b: 0.065, outro: 0.05 },
      reverb: 0.2,
      echo: 0.15,
    });
    arpeggio(s, {
      low: 64,
      high: 79,
      every: 0.5,
      order: [0, 1, 2, 1],
      gain: { a: 0.14, b: 0.15, outro: 0.1 },
      decay: 0.6,
      length: 0.2,
      brightness: 0.5,
      reverb: 0.1,
      echo: 0.2,
    });
    bassLine(s, {
      low: 36,
      pattern: [
        { beat: 0, length: 0.45 },
        { beat: 0.5, length: 0.4 },
        { beat: 1.5, length: 0.4 },
        { beat: 2, length: 0.45 },
        { beat: 2.5, length: 0.4 },
        { beat: 3.5, length: 0.4, octave: 1 },
      ],
      gain: { a: 0.18, b: 0.2, outro: 0.14 },
    });
    tune(s, {
      voice: "mallet",
      rhythm: [0, 0.5, 1, 2, 3],
      scale: MAJOR_PENTATONIC,
      low: 72,
      high: 86,
      gain: { b: 0.15 },
      reverb: 0.3,
      echo: 0.25,
      decay: 0.4,
    });
    drums(s, {
      sections: ["a"],
      pattern: { kick: [0, 2], rim: [1, 3], shaker: [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5] },
      gains: { kick: 0.45, rim: 0.12, shaker: 0.05 },
    });
    drums(s, {
      sections: ["b"],
      pattern: { kick: [0, 1.5, 2], clap: [1, 3], hat: [0.5, 1.5, 2.5, 3.5], shaker: [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5] },
      gains: { kick: 0.5, clap: 0.26, hat: 0.08, shaker: 0.05 },
      reverb: 0.1,
    });
    drums(s, {
      sections: ["outro"],
      pattern: { kick: [0], shaker: [0.5, 1.5, 2.5, 3.5] },
      gains: { kick: 0.35, shaker: 0.04 },
    });
  },
};

const paperKites: TrackSpec = {
  id: "paper-kites",
  label: "Paper Kites",
  mood: "playful",
  description: "Bouncy marimba tune over ukulele-style offbeat strums and a skipping bass.",
  bpm: 126,
  bars: 40,
  keyRoot: 67,
  progression: ["I:maj", "vi:min", "IV:maj", "V:dom7"],
  barsPerChord: 1,
  seed: 53,
  room: { size: 0.7, damping: 0.4, wet: 0.35 },
  arrange: (s) => {
    pads(s, {
      low: 55,
      high: 71,
      gain: { intro: 0.035, a: 0.035, b: 0.04, outro: 0.035 },
      attack: 0.3,
      release: 0.5,
      detune: 5,
      brightness: 0.4,
      reverb: 0.25,
    });
    strums(s, {
      low: 60,
      high: 74,
      beats: [0.5, 1.5, 2.5, 3.5],
      gain: { intro: 0.09, a: 0.1, b: 0.1, outro: 0.08 },
      decay: 0.25,
      brightness: 0.6,
      reverb: 0.15,
      echo: 0,
    });
    tune(s, {
      voice: "mallet",
      rhythm: [0, 0.5, 1, 2, 2.5, 3],
      scale: MAJOR_PENTATONIC,
      low: 67,
      high: 84,
      gain: { a: 0.2, b: 0.22, outro: 0.14 },
      reverb: 0.2,
      echo: 0,
      decay: 0.22,
    });
    bassLine(s, {
      low: 40,
      pattern: [
        { beat: 0, length: 0.3 },
        { beat: 1.5, length: 0.3, octave: 1 },
        { beat: 2, length: 0.3, fifth: true },
        { beat: 3, length: 0.3 },
      ],
      gain: { a: 0.2, b: 0.22, outro: 0.15 },
    });
    drums(s, {
      sections: ["a"],
      pattern: { kick: [0, 2], snare: [1, 3], hat: [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5] },
      gains: { kick: 0.45, snare: 0.16, hat: 0.06 },
    });
    drums(s, {
      sections: ["b"],
      pattern: {
        kick: [0, 2, 2.5],
        snare: [1, 3],
        clap: [3],
        hat: [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5],
        shaker: [0.25, 1.25, 2.25, 3.25],
      },
      gains: { kick: 0.5, snare: 0.18, clap: 0.16, hat: 0.06, shaker: 0.05 },
    });
    drums(s, {
      sections: ["outro"],
      pattern: { kick: [0], hat: [0.5, 1.5, 2.5, 3.5] },
      gains: { kick: 0.35, hat: 0.05 },
    });
  },
};

const lateNotes: TrackSpec = {
  id: "late-notes",
  label: "Late Notes",
  mood: "lofi",
  description: "Lazy swung beat, jazzy electric-piano sevenths, warm bass and a little vinyl crackle.",
  bpm: 78,
  bars: 24,
  keyRoot: 65,
  progression: ["ii:min7", "V:dom7", "I:maj7", "vi:min7"],
  barsPerChord: 1,
  seed: 67,
  swing: 0.09,
  masterLowPassHz: 4200,
  room: { size: 0.7, damping: 0.55, wet: 0.35 },
  arrange: (s) => {
    keyChords(s, {
      low: 57,
      high: 72,
      hits: [
        { beat: 0, length: 2 },
        { beat: 2.5, length: 1.4 },
      ],
      gain: { intro: 0.07, a: 0.075, b: 0.075, outro: 0.065 },
      reverb: 0.3,
      echo: 0,
    });
    bassLine(s, {
      low: 38,
      pattern: [
        { beat: 0, length: 1.5 },
        { beat: 2.5, length: 1, fifth: true },
      ],
      gain: { a: 0.2, b: 0.21, outro: 0.16 },
      warmth: 0.15,
    });
    tune(s, {
      voice: "mallet",
      rhythm: [0.5, 1.5, 3],
      scale: MAJOR_PENTATONIC,
      low: 72,
      high: 84,
      gain: { b: 0.12 },
      reverb: 0.35,
      echo: 0,
      decay: 0.45,
    });
    drums(s, {
      sections: BODY,
      pattern: { kick: [0, 2.5], snare: [1, 3], hat: [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5] },
      gains: { kick: 0.5, snare: 0.2, hat: 0.07 },
      vary: 0.35,
      reverb: 0.1,
    });
    drums(s, { sections: ["outro"], pattern: { kick: [0], hat: [0, 1, 2, 3] }, gains: { kick: 0.35, hat: 0.05 } });
    // Vinyl: sparse clicks and a low hiss, the texture lo-fi is named for.
    for (let i = 0; i < s.frames; i++) {
      const hiss = (s.random() * 2 - 1) * 0.004;
      const click = s.random() < 0.00012 ? (s.random() * 2 - 1) * 0.12 : 0;
      s.buses.dry.left[i]! += hiss + click;
      s.buses.dry.right[i]! += hiss + click * 0.8;
    }
  },
};

export const TRACK_SPECS: readonly TrackSpec[] = [sunnySide, stillWater, horizon, cleanSlate, paperKites, lateNotes];
