/**
 * The track engine: turns a track's spec (tempo, key, chord progression, an
 * arrangement function that places notes) into a finished stereo mix —
 * sections laid out, notes rendered, reverb and echo, a level set, fades.
 */
import {
  addClip,
  addMono,
  highPass,
  lowPass,
  pingPong,
  reverb,
  rng,
  SAMPLE_RATE,
  softSaturate,
  stereo,
  type Stereo,
} from "./dsp";
import { clap, hat, kick, rim, shaker, snare, tom } from "./drums";
import type { Buses } from "./instruments";
import { chord, type Chord } from "./theory";

export type Mood = "upbeat" | "calm" | "cinematic" | "corporate" | "playful" | "lofi";
export type Section = "intro" | "a" | "b" | "outro";

export interface TrackSpec {
  id: string;
  label: string;
  mood: Mood;
  description: string;
  bpm: number;
  /** 4/4 bars; with the tail this sets the track's length. */
  bars: number;
  /** MIDI note of the key's root (used for pitch classes; ranges are given per part). */
  keyRoot: number;
  progression: readonly string[];
  barsPerChord: number;
  seed: number;
  /** Offbeat eighths late by this many beats (a lazy, swung feel). */
  swing?: number;
  /** Pads dip under every kick (the "pumping" of dance pop). */
  sidechain?: boolean;
  masterLowPassHz?: number;
  room: { size: number; damping: number; wet: number };
  echo?: { beats: number; feedback: number; wet: number };
  arrange: (s: Score) => void;
}

/** Seconds of ring-out after the last bar (reverb and the final fade live here). */
export const TAIL_SECONDS = 3;
const FADE_IN_SECONDS = 1;
const FADE_OUT_SECONDS = 4;
/** The mix's loudness before the limiter: about -18 dBFS RMS, background-music level. */
const TARGET_RMS = 0.125;
const LIMIT_FROM = 0.7;
/** Imported bindings compile to property reads; a local one keeps the per-sample limiter cheap. */
const saturate = softSaturate;

export function trackFrames(spec: Pick<TrackSpec, "bpm" | "bars">): number {
  return Math.round(((spec.bars * 4 * 60) / spec.bpm + TAIL_SECONDS) * SAMPLE_RATE);
}

export function trackDurationMs(spec: Pick<TrackSpec, "bpm" | "bars">): number {
  return (trackFrames(spec) * 1000) / SAMPLE_RATE;
}

type DrumKit = Record<"kick" | "snare" | "clap" | "hat" | "openHat" | "shaker" | "tom" | "rim", Float32Array>;

/** What an arrangement sees: timing, harmony, sections, the buses and the drum kit. */
export class Score {
  readonly frames: number;
  readonly framesPerBeat: number;
  readonly buses: Buses;
  /** Pads go here so a sidechain can duck them; without one it is the dry bus itself. */
  readonly padBuses: Buses;
  readonly random: () => number;
  readonly drums: DrumKit;
  private readonly chords: Chord[];
  private readonly duck: Float32Array | null;

  constructor(readonly spec: TrackSpec) {
    this.frames = trackFrames(spec);
    this.framesPerBeat = (SAMPLE_RATE * 60) / spec.bpm;
    this.buses = {
      dry: stereo(this.frames),
      reverb: new Float32Array(this.frames),
      echo: new Float32Array(this.frames),
    };
    this.duck = spec.sidechain ? new Float32Array(this.frames).fill(1) : null;
    this.padBuses = spec.sidechain ? { ...this.buses, dry: stereo(this.frames) } : this.buses;
    this.random = rng(spec.seed);
    this.chords = spec.progression.map(chord);
    const drumRandom = rng(spec.seed ^ 0x5eed);
    this.drums = {
      kick: kick(),
      snare: snare(drumRandom),
      clap: clap(drumRandom),
      hat: hat(drumRandom),
      openHat: hat(drumRandom, true),
      shaker: shaker(drumRandom),
      tom: tom(drumRandom),
      rim: rim(drumRandom),
    };
  }

  get bars(): number {
    return this.spec.bars;
  }

  /** The frame where a beat of a bar falls (swing applied to offbeat eighths). */
  at(bar: number, beat = 0): number {
    let b = beat;
    const swing = this.spec.swing ?? 0;
    if (swing && Math.abs((b % 1) - 0.5) < 1e-9) b += swing;
    return Math.round((bar * 4 + b) * this.framesPerBeat);
  }

  beats(n: number): number {
    return Math.round(n * this.framesPerBeat);
  }

  chordAt(bar: number): Chord {
    const index = Math.floor(bar / this.spec.barsPerChord) % this.chords.length;
    return this.chords[index]!;
  }

  /** The chords of one pass through the progression. */
  get progression(): Chord[] {
    return this.chords;
  }

  /** Four bars of intro, four of outro, and alternating eight-bar A and B sections between. */
  section(bar: number): Section {
    if (bar < 4) return "intro";
    if (bar >= this.bars - 4) return "outro";
    return Math.floor((bar - 4) / 8) % 2 === 0 ? "a" : "b";
  }

  /** A drum hit; a kick also ducks the pads when the track has a sidechain. */
  hit(name: keyof DrumKit, frame: number, gain: number, opts: { pan?: number; reverb?: number } = {}): void {
    const clip = this.drums[name];
    addClip(this.buses.dry, clip, frame, gain, opts.pan ?? 0);
    if (opts.reverb) addMono(this.buses.reverb, clip, frame, gain * opts.reverb);
    if (name === "kick" && this.duck) {
      const length = this.beats(0.75);
      for (let i = 0; i < length && frame + i < this.frames; i++) {
        const t = i / length;
        const g = 1 - 0.45 * (1 - t) * (1 - t);
        if (g < this.duck[frame + i]!) this.duck[frame + i] = g;
      }
    }
  }

  /** Humanised velocity: the same pattern never hits twice at exactly the same level. */
  vary(gain: number, amount = 0.2): number {
    return gain * (1 - amount / 2 + this.random() * amount);
  }

  /** Mixes the buses down to the finished, levelled and faded stereo track. */
  mixdown(): Stereo {
    const { dry } = this.buses;
    if (this.duck && this.padBuses.dry !== dry) {
      const pads = this.padBuses.dry;
      for (let i = 0; i < this.frames; i++) {
        dry.left[i]! += pads.left[i]! * this.duck[i]!;
        dry.right[i]! += pads.right[i]! * this.duck[i]!;
      }
    }
    if (this.spec.echo) {
      pingPong(this.buses.echo, dry, {
        delayFrames: this.spec.echo.beats * this.framesPerBeat,
        feedback: this.spec.echo.feedback,
        wet: this.spec.echo.wet,
      });
    }
    reverb(this.buses.reverb, dry, this.spec.room);
    for (const side of [dry.left, dry.right]) {
      highPass(side, 28);
      if (this.spec.masterLowPassHz) lowPass(side, this.spec.masterLowPassHz, 2);
    }

    let sum = 0;
    for (let i = 0; i < this.frames; i++) sum += dry.left[i]! * dry.left[i]! + dry.right[i]! * dry.right[i]!;
    const rms = Math.sqrt(sum / (2 * this.frames)) || 1;
    const gain = TARGET_RMS / rms;
    const fadeIn = FADE_IN_SECONDS * SAMPLE_RATE;
    const fadeOut = FADE_OUT_SECONDS * SAMPLE_RATE;
    const headroom = 1 - LIMIT_FROM;
    const fadeInCurve = raisedCosine(fadeIn);
    const fadeOutCurve = raisedCosine(fadeOut);
    const frames = this.frames;
    for (const side of [dry.left, dry.right]) {
      for (let i = 0; i < frames; i++) {
        let v = side[i]! * gain;
        const mag = v < 0 ? -v : v;
        // Peaks above LIMIT_FROM bend smoothly towards full scale instead of clipping.
        if (mag > LIMIT_FROM) {
          const bent = LIMIT_FROM + headroom * saturate((mag - LIMIT_FROM) / headroom);
          v = v < 0 ? -bent : bent;
        }
        const left = frames - 1 - i;
        if (i < fadeIn) v *= fadeInCurve[i]!;
        if (left < fadeOut) v *= fadeOutCurve[left]!;
        side[i] = v;
      }
    }
    return dry;
  }
}

/** 0 → 1 along half a cosine over `frames` frames (a fade that starts and ends gently). */
function raisedCosine(frames: number): Float32Array {
  const out = new Float32Array(frames);
  for (let i = 0; i < frames; i++) out[i] = 0.5 - 0.5 * Math.cos((Math.PI * i) / frames);
  return out;
}

export function renderScore(spec: TrackSpec): Stereo {
  const score = new Score(spec);
  spec.arrange(score);
  return score.mixdown();
}
