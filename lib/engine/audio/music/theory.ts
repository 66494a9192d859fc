/**
 * Just enough music theory for the tracks: chords by name, smooth voicings
 * (each chord takes the inversion closest to the one before, as a keyboard
 * player would) and a melody that repeats one contour over the changing chords,
 * which is what makes a generated line sound composed rather than random.
 */

const QUALITIES = {
  maj: [0, 4, 7],
  min: [0, 3, 7],
  maj7: [0, 4, 7, 11],
  min7: [0, 3, 7, 10],
  dom7: [0, 4, 7, 10],
  sus2: [0, 2, 7],
  sus4: [0, 5, 7],
  add9: [0, 4, 7, 14],
  madd9: [0, 3, 7, 14],
} as const;

export type Quality = keyof typeof QUALITIES;

export interface Chord {
  /** Semitones above the key's root. */
  root: number;
  quality: Quality;
}

const NAMES: Record<string, number> = {
  I: 0,
  bII: 1,
  II: 2,
  bIII: 3,
  III: 4,
  IV: 5,
  bV: 6,
  V: 7,
  bVI: 8,
  VI: 9,
  bVII: 10,
  VII: 11,
};

/** "vi:min7" → { root: 9, quality: "min7" }; the numeral's case is only for the reader. */
export function chord(symbol: string): Chord {
  const [numeral = "", quality = "maj"] = symbol.split(":");
  const root = NAMES[numeral.toUpperCase().replace(/^B/, "b")];
  if (root === undefined || !(quality in QUALITIES)) throw new Error(`Unknown chord symbol "${symbol}"`);
  return { root, quality: quality as Quality };
}

/** The chord's notes as MIDI numbers above `keyRoot` (root position, may exceed an octave). */
export function chordNotes(c: Chord, keyRoot: number): number[] {
  return QUALITIES[c.quality].map((i) => keyRoot + c.root + i);
}

/** The chord's pitch classes (0–11). */
export function pitchClasses(c: Chord, keyRoot: number): number[] {
  return chordNotes(c, keyRoot).map((n) => ((n % 12) + 12) % 12);
}

/**
 * Voices a chord inside [low, high] as close as possible to the previous
 * voicing (smallest total movement), so pads glide instead of jumping.
 */
export function voiceLead(c: Chord, keyRoot: number, previous: number[] | null, low: number, high: number): number[] {
  const classes = [...new Set(pitchClasses(c, keyRoot))];
  const candidates: number[][] = [];
  // Each inversion: pitch classes stacked upwards from a starting class, at each octave that fits.
  for (let inversion = 0; inversion < classes.length; inversion++) {
    const order = [...classes.slice(inversion), ...classes.slice(0, inversion)];
    for (let base = low - 12; base <= high; base += 12) {
      const notes: number[] = [];
      let floor = base;
      for (const pc of order) {
        let n = floor - ((((floor - pc) % 12) + 12) % 12);
        if (n < floor) n += 12;
        notes.push(n);
        floor = n + 1;
      }
      if (notes[0]! >= low && notes[notes.length - 1]! <= high) candidates.push(notes);
    }
  }
  if (candidates.length === 0) return chordNotes(c, keyRoot);
  if (!previous) return candidates[Math.floor(candidates.length / 2)]!;
  const centre = previous.reduce((a, b) => a + b, 0) / previous.length;
  let best = candidates[0]!;
  let bestCost = Infinity;
  for (const cand of candidates) {
    const mid = cand.reduce((a, b) => a + b, 0) / cand.length;
    const cost =
      cand.reduce((sum, note) => sum + Math.min(...previous.map((p) => Math.abs(p - note))), 0) +
      Math.abs(mid - centre);
    if (cost < bestCost) {
      bestCost = cost;
      best = cand;
    }
  }
  return best;
}

/** The chord's root as a bass note between `low` and `low + 11`. */
export function bassNote(c: Chord, keyRoot: number, low: number): number {
  const pc = (((keyRoot + c.root) % 12) + 12) % 12;
  return low + ((pc - (low % 12) + 12) % 12);
}

export const MAJOR_PENTATONIC = [0, 2, 4, 7, 9];
export const MINOR_PENTATONIC = [0, 3, 5, 7, 10];

/** Every MIDI note of a scale (intervals above the key root) between low and high. */
export function scaleNotes(keyRoot: number, intervals: readonly number[], low: number, high: number): number[] {
  const out: number[] = [];
  for (let n = low; n <= high; n++) {
    const pc = (((n - keyRoot) % 12) + 12) % 12;
    if (intervals.includes(pc)) out.push(n);
  }
  return out;
}

export interface MelodyNote {
  /** Beats from the start of the phrase. */
  beat: number;
  /** Length in beats. */
  length: number;
  midi: number;
}

/**
 * A melody over a run of chords (one per `beatsPerChord`): one rhythm and one
 * contour (steps up and down the scale) reused for every chord, with notes on
 * strong beats pulled to the nearest chord tone so the line fits the harmony.
 */
export function melody(a: {
  chords: Chord[];
  keyRoot: number;
  beatsPerChord: number;
  /** Onsets within one chord, in beats. */
  rhythm: readonly number[];
  scale: readonly number[];
  low: number;
  high: number;
  random: () => number;
}): MelodyNote[] {
  const notes = scaleNotes(a.keyRoot, a.scale, a.low, a.high);
  const contour = a.rhythm.map(() => {
    const r = a.random();
    return r < 0.35 ? 1 : r < 0.7 ? -1 : r < 0.85 ? 2 : -2;
  });
  const out: MelodyNote[] = [];
  let index = Math.floor(notes.length / 2);
  a.chords.forEach((c, ci) => {
    const tones = pitchClasses(c, a.keyRoot);
    a.rhythm.forEach((onset, k) => {
      index = Math.min(notes.length - 1, Math.max(0, index + contour[k]!));
      // Drift back towards the middle of the range so the line never sticks at an edge.
      if (index === 0 || index === notes.length - 1) index = Math.floor(notes.length / 2) + (index === 0 ? -1 : 1);
      let midi = notes[index]!;
      if (Number.isInteger(onset)) {
        const nearest = nearestChordTone(midi, tones);
        midi = Math.min(a.high, Math.max(a.low, nearest));
        const found = notes.indexOf(midi);
        if (found >= 0) index = found;
      }
      const next = a.rhythm[k + 1] ?? a.beatsPerChord;
      out.push({ beat: ci * a.beatsPerChord + onset, length: Math.max(0.25, next - onset), midi });
    });
  });
  return out;
}

function nearestChordTone(midi: number, classes: readonly number[]): number {
  for (let d = 0; d <= 6; d++) {
    if (classes.includes((((midi - d) % 12) + 12) % 12)) return midi - d;
    if (classes.includes((((midi + d) % 12) + 12) % 12)) return midi + d;
  }
  return midi;
}
