/**
 * Reusable parts an arrangement is built from: pads that follow the chords,
 * a bass line from a rhythm, arpeggios, melodies and drum patterns, each
 * placed bar by bar and only in the sections it is asked to play in.
 */
import { bass, keys, mallet, padChord, pluck } from "./instruments";
import type { Score, Section } from "./score";
import { bassNote, melody, voiceLead, type MelodyNote } from "./theory";

type Sections = readonly Section[];
export const ALL: Sections = ["intro", "a", "b", "outro"];
export const BODY: Sections = ["a", "b"];

/** Per-section level; a section not listed is silent. */
export type Levels = Partial<Record<Section, number>>;

function level(levels: Levels, section: Section): number {
  return levels[section] ?? 0;
}

export function pads(
  s: Score,
  o: {
    low: number;
    high: number;
    gain: Levels;
    attack: number;
    release: number;
    detune: number;
    brightness: number;
    reverb: number;
    octaveBelow?: Levels;
  },
): void {
  let previous: number[] | null = null;
  const step = s.spec.barsPerChord;
  for (let bar = 0; bar < s.bars; bar += step) {
    const voicing = voiceLead(s.chordAt(bar), s.spec.keyRoot, previous, o.low, o.high);
    previous = voicing;
    const g = level(o.gain, s.section(bar));
    if (!g) continue;
    const frames = s.beats(4 * step);
    const pans = voicing.map((_, i) => (voicing.length > 1 ? (i / (voicing.length - 1)) * 0.8 - 0.4 : 0));
    const shape = { at: s.at(bar), frames, attack: o.attack, release: o.release, detune: o.detune, reverb: o.reverb };
    padChord(s.padBuses, { ...shape, midis: voicing, pans, gain: g, brightness: o.brightness });
    const low = o.octaveBelow ? level(o.octaveBelow, s.section(bar)) : 0;
    if (low)
      padChord(s.padBuses, {
        ...shape,
        midis: [voicing[0]! - 12],
        pans: [0],
        gain: low,
        brightness: o.brightness * 0.5,
      });
  }
}

/** A bass line: per bar, onsets (beats) with lengths and an octave lift for some of them. */
export function bassLine(
  s: Score,
  o: {
    low: number;
    pattern: readonly { beat: number; length: number; octave?: number; fifth?: boolean }[];
    gain: Levels;
    warmth?: number;
  },
): void {
  for (let bar = 0; bar < s.bars; bar++) {
    const g = level(o.gain, s.section(bar));
    if (!g) continue;
    const root = bassNote(s.chordAt(bar), s.spec.keyRoot, o.low);
    for (const n of o.pattern) {
      const midi = root + (n.octave ?? 0) * 12 + (n.fifth ? 7 : 0);
      bass(s.buses, {
        at: s.at(bar, n.beat),
        frames: s.beats(n.length),
        midi,
        gain: s.vary(g, 0.1),
        warmth: o.warmth,
        reverb: 0.05,
      });
    }
  }
}

/** Chord tones one after another on a grid of `every` beats, walking `order` through the voicing. */
export function arpeggio(
  s: Score,
  o: {
    low: number;
    high: number;
    every: number;
    order: readonly number[];
    gain: Levels;
    decay: number;
    brightness: number;
    reverb: number;
    echo: number;
    length?: number;
  },
): void {
  let previous: number[] | null = null;
  for (let bar = 0; bar < s.bars; bar++) {
    const voicing = voiceLead(s.chordAt(bar), s.spec.keyRoot, previous, o.low, o.high);
    previous = voicing;
    const g = level(o.gain, s.section(bar));
    if (!g) continue;
    const steps = Math.round(4 / o.every);
    for (let k = 0; k < steps; k++) {
      const pick = o.order[k % o.order.length]!;
      const midi = voicing[pick % voicing.length]! + 12 * Math.floor(pick / voicing.length);
      const pan = (k % 2 === 0 ? -1 : 1) * 0.3;
      pluck(s.buses, s.random, {
        at: s.at(bar, k * o.every),
        midi,
        gain: s.vary(g),
        pan,
        decay: o.decay,
        brightness: o.brightness,
        reverb: o.reverb,
        echo: o.echo,
        length: o.length,
      });
    }
  }
}

/** Strummed chord stabs (plucked, a few milliseconds between strings) on the given beats. */
export function strums(
  s: Score,
  o: {
    low: number;
    high: number;
    beats: readonly number[];
    gain: Levels;
    decay: number;
    brightness: number;
    reverb: number;
    echo: number;
  },
): void {
  let previous: number[] | null = null;
  for (let bar = 0; bar < s.bars; bar++) {
    const voicing = voiceLead(s.chordAt(bar), s.spec.keyRoot, previous, o.low, o.high);
    previous = voicing;
    const g = level(o.gain, s.section(bar));
    if (!g) continue;
    for (const beat of o.beats) {
      const at = s.at(bar, beat);
      voicing.forEach((midi, i) =>
        pluck(s.buses, s.random, {
          at: at + Math.round(i * 0.012 * 44_100),
          midi,
          gain: s.vary(g),
          pan: (i - 1) * 0.25,
          decay: o.decay,
          brightness: o.brightness,
          reverb: o.reverb,
          echo: o.echo,
        }),
      );
    }
  }
}

/** Electric-piano chords struck on the given beats, each held for its length. */
export function keyChords(
  s: Score,
  o: {
    low: number;
    high: number;
    hits: readonly { beat: number; length: number }[];
    gain: Levels;
    reverb: number;
    echo: number;
  },
): void {
  let previous: number[] | null = null;
  for (let bar = 0; bar < s.bars; bar++) {
    const voicing = voiceLead(s.chordAt(bar), s.spec.keyRoot, previous, o.low, o.high);
    previous = voicing;
    const g = level(o.gain, s.section(bar));
    if (!g) continue;
    for (const h of o.hits) {
      voicing.forEach((midi, i) =>
        keys(s.buses, {
          at: s.at(bar, h.beat) + i * 90,
          frames: s.beats(h.length),
          midi,
          gain: s.vary(g, 0.15),
          pan: (i / Math.max(1, voicing.length - 1)) * 0.6 - 0.3,
          reverb: o.reverb,
          echo: o.echo,
        }),
      );
    }
  }
}

export type Voice = "mallet" | "pluck" | "keys";

/**
 * A melody over one pass of the progression, repeated every pass in the
 * sections asked for. Each section letter gets its own tune (A's returns when A does).
 */
export function tune(
  s: Score,
  o: {
    voice: Voice;
    rhythm: readonly number[];
    scale: readonly number[];
    low: number;
    high: number;
    gain: Levels;
    reverb: number;
    echo: number;
    decay?: number;
  },
): void {
  const beatsPerChord = 4 * s.spec.barsPerChord;
  const cycleBars = s.progression.length * s.spec.barsPerChord;
  const tunes = new Map<Section, MelodyNote[]>();
  for (let start = 0; start < s.bars; start += cycleBars) {
    const section = s.section(start);
    if (!level(o.gain, section)) continue;
    if (!tunes.has(section)) {
      tunes.set(
        section,
        melody({
          chords: s.progression,
          keyRoot: s.spec.keyRoot,
          beatsPerChord,
          rhythm: o.rhythm,
          scale: o.scale,
          low: o.low,
          high: o.high,
          random: s.random,
        }),
      );
    }
    for (const note of tunes.get(section)!) {
      const bar = start + Math.floor(note.beat / 4);
      if (bar >= s.bars) continue;
      const g = s.vary(level(o.gain, s.section(bar)), 0.15);
      if (!g) continue;
      const at = s.at(bar, note.beat % 4);
      const pan = ((note.midi % 7) / 6) * 0.4 - 0.2;
      if (o.voice === "mallet")
        mallet(s.buses, { at, midi: note.midi, gain: g, pan, decay: o.decay ?? 0.35, reverb: o.reverb, echo: o.echo });
      else if (o.voice === "keys")
        keys(s.buses, {
          at,
          frames: s.beats(note.length * 0.9),
          midi: note.midi,
          gain: g,
          pan,
          reverb: o.reverb,
          echo: o.echo,
        });
      else
        pluck(s.buses, s.random, {
          at,
          midi: note.midi,
          gain: g,
          pan,
          decay: o.decay ?? 0.6,
          brightness: 0.6,
          reverb: o.reverb,
          echo: o.echo,
        });
    }
  }
}

/** A drum pattern: for each named drum, the beats it hits in every bar of the given sections. */
export function drums(
  s: Score,
  o: {
    pattern: Partial<Record<keyof Score["drums"], readonly number[]>>;
    gains: Partial<Record<keyof Score["drums"], number>>;
    sections: Sections;
    reverb?: number;
    vary?: number;
  },
): void {
  for (let bar = 0; bar < s.bars; bar++) {
    if (!o.sections.includes(s.section(bar))) continue;
    for (const [name, beats] of Object.entries(o.pattern) as [keyof Score["drums"], readonly number[]][]) {
      const gain = o.gains[name] ?? 0.3;
      for (const beat of beats) {
        const pan = name === "hat" || name === "openHat" ? 0.25 : name === "shaker" ? -0.3 : 0;
        s.hit(name, s.at(bar, beat), s.vary(gain, o.vary ?? 0.2), { pan, reverb: o.reverb });
      }
    }
  }
}
