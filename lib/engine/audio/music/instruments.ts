/**
 * The synthesiser's instruments: each renders one note straight into the
 * track's buses (dry stereo, a reverb send and an echo send). Pads are
 * detuned harmonic stacks (harmonics from one table lookup through Chebyshev
 * polynomials, so they cost almost nothing); plucks are Karplus-Strong strings;
 * mallets and keys are a few decaying partials and two-operator FM. Drums
 * are in drums.ts.
 */
import {
  cosCycle as tableCos,
  lowPass,
  midiToHz,
  noise,
  panGains,
  SAMPLE_RATE,
  softSaturate as saturate,
  type Stereo,
} from "./dsp";

export interface Buses {
  dry: Stereo;
  reverb: Float32Array;
  echo: Float32Array;
}

export interface Note {
  /** First frame. */
  at: number;
  midi: number;
  gain: number;
  /** -1 left … 1 right. */
  pan?: number;
  /** Send levels. */
  reverb?: number;
  echo?: number;
}

const SR = SAMPLE_RATE;
/**
 * Imported functions, bound locally once: bundlers and Jest turn imported
 * bindings into property reads, which in these per-sample loops would cost
 * more than the work itself. A local binding is a plain call V8 can inline.
 */
const cosCycle = tableCos;
const softSaturate = saturate;
const TWO_PI = 2 * Math.PI;
/** One-pole coefficient for a 9 kHz corner: smooths audio rebuilt from half-rate renders. */
const SMOOTH = 1 - Math.exp((-TWO_PI * 9_000) / SAMPLE_RATE);

/** Writes one mono sample into the buses; kept tiny so V8 inlines it. */
function emit(b: Buses, i: number, v: number, gl: number, gr: number, rev: number, echo: number): void {
  b.dry.left[i]! += v * gl;
  b.dry.right[i]! += v * gr;
  b.reverb[i]! += v * rev;
  b.echo[i]! += v * echo;
}

/**
 * A soft pad chord held for `frames`, with a raised-cosine attack and release.
 * Each note is two copies detuned up and down, one to each side: a slow chorus
 * and width. The oscillators are rotating phasors (a complex multiply per
 * sample, renormalised now and then), about twice as fast as table lookups;
 * upper harmonics come from the cosine through Chebyshev polynomials. Pads
 * hold nothing above a few kHz, so they are computed at half the sample rate
 * and interpolated back up: half the work, and the images land above 19 kHz.
 */
export function padChord(
  b: Buses,
  n: {
    at: number;
    frames: number;
    midis: readonly number[];
    pans: readonly number[];
    gain: number;
    attack: number;
    release: number;
    detune: number;
    brightness: number;
    reverb: number;
  },
): void {
  const attack = Math.max(1, Math.round(n.attack * SR));
  const release = Math.max(1, Math.round(n.release * SR));
  const start = Math.max(0, n.at);
  const end = Math.min(b.dry.left.length, n.at + n.frames + release);
  if (end <= start) return;
  const length = end - start;
  const half = (length >> 1) + 2;
  const left = new Float32Array(half);
  const right = new Float32Array(half);
  const h2 = 0.45 * n.brightness;
  const h3 = 0.22 * n.brightness;
  n.midis.forEach((midi, v) => {
    const f = midiToHz(midi);
    // Two output frames per step at the half rate.
    const w1 = (2 * TWO_PI * f * Math.pow(2, n.detune / 1200)) / SR;
    const w2 = (2 * TWO_PI * f * Math.pow(2, -n.detune / 1200)) / SR;
    const k1 = Math.cos(w1);
    const q1 = Math.sin(w1);
    const k2 = Math.cos(w2);
    const q2 = Math.sin(w2);
    const [gl, gr] = panGains(n.pans[v] ?? 0);
    // The right-hand copy starts at another phase, so the two sides never cancel.
    let c1 = 1;
    let s1 = 0;
    let c2 = Math.cos(2.3 * (v + 1));
    let s2 = Math.sin(2.3 * (v + 1));
    for (let i = 0; i < half; i++) {
      const a1 = 2 * c1 * c1 - 1;
      const a2 = 2 * c2 * c2 - 1;
      left[i]! += (c1 + h2 * a1 + h3 * (2 * c1 * a1 - c1)) * gl;
      right[i]! += (c2 + h2 * a2 + h3 * (2 * c2 * a2 - c2)) * gr;
      const nc1 = c1 * k1 - s1 * q1;
      s1 = s1 * k1 + c1 * q1;
      c1 = nc1;
      const nc2 = c2 * k2 - s2 * q2;
      s2 = s2 * k2 + c2 * q2;
      c2 = nc2;
      if ((i & 2047) === 2047) {
        // Rounding slowly changes a phasor's length; put it back on the unit circle.
        let m = 1 / Math.sqrt(c1 * c1 + s1 * s1);
        c1 *= m;
        s1 *= m;
        m = 1 / Math.sqrt(c2 * c2 + s2 * s2);
        c2 *= m;
        s2 *= m;
      }
    }
  });
  const gain = n.gain * 1.2;
  const send = n.reverb * 0.5;
  const offset = start - n.at;
  // Two one-pole low-passes smooth the interpolation and keep its images (~21 kHz) well down.
  let l1 = 0;
  let l2 = 0;
  let r1 = 0;
  let r2 = 0;
  for (let k = 0; k < length; k++) {
    const t = offset + k;
    let env = 1;
    // Raised-cosine ramps, read from the table: cos(πx) = cosCycle(x / 2).
    if (t < attack) env = 0.5 - 0.5 * cosCycle(t / attack / 2);
    else if (t >= n.frames) env = 0.5 + 0.5 * cosCycle((t - n.frames) / release / 2);
    const g = gain * env;
    const j = k >> 1;
    let l = left[j]!;
    let r = right[j]!;
    if (k & 1) {
      l = (l + left[j + 1]!) * 0.5;
      r = (r + right[j + 1]!) * 0.5;
    }
    l1 += SMOOTH * (l - l1);
    l2 += SMOOTH * (l1 - l2);
    r1 += SMOOTH * (r - r1);
    r2 += SMOOTH * (r1 - r2);
    l = l2 * g;
    r = r2 * g;
    const i = start + k;
    b.dry.left[i]! += l;
    b.dry.right[i]! += r;
    b.reverb[i]! += (l + r) * send;
  }
}

/**
 * A plucked string (Karplus-Strong): a burst of seeded noise circulating in a
 * delay line one period long, averaged a little on every pass, so it rings
 * and darkens like a real string.
 */
export function pluck(
  b: Buses,
  random: () => number,
  n: Note & { decay: number; brightness: number; length?: number },
): void {
  const period = Math.max(2, Math.round(SR / midiToHz(n.midi) - 0.5));
  const line = noise(period, random);
  // A darker burst for a softer, rounder pick.
  lowPass(line, 800 + 7000 * n.brightness);
  let mean = 0;
  for (let i = 0; i < period; i++) mean += line[i]!;
  mean /= period;
  for (let i = 0; i < period; i++) line[i] = (line[i]! - mean) * 1.6;
  const loss = Math.pow(0.001, 1 / (SR * n.decay));
  const frames = Math.round((n.length ?? n.decay) * SR);
  const fade = Math.min(frames, Math.round(0.02 * SR));
  const [gl, gr] = panGains(n.pan ?? 0);
  const rev = n.reverb ?? 0;
  const echo = n.echo ?? 0;
  const end = Math.min(b.dry.left.length, n.at + frames);
  let k = 0;
  for (let i = Math.max(0, n.at); i < end; i++) {
    const next = k + 1 === period ? 0 : k + 1;
    const y = line[k]!;
    line[k] = (y + line[next]!) * 0.5 * loss;
    k = next;
    const t = i - n.at;
    const env = t > frames - fade ? (frames - t) / fade : 1;
    emit(b, i, y * n.gain * env, gl, gr, rev, echo);
  }
}

/** A mallet (marimba-ish): a round fundamental with a quickly dying fourth partial for the knock. */
export function mallet(b: Buses, n: Note & { decay: number }): void {
  const f = midiToHz(n.midi) / SR;
  const frames = Math.round(n.decay * 4 * SR);
  const fade = Math.round(0.05 * SR);
  const d1 = Math.exp(-1 / (n.decay * SR));
  const d2 = Math.exp(-1 / (n.decay * 0.12 * SR));
  const attack = Math.round(0.003 * SR);
  const [gl, gr] = panGains(n.pan ?? 0);
  const rev = n.reverb ?? 0;
  const echo = n.echo ?? 0;
  const end = Math.min(b.dry.left.length, n.at + frames);
  let e1 = 1;
  let e2 = 0.4;
  let p1 = 0.75;
  let p2 = 0.75;
  for (let i = Math.max(0, n.at); i < end; i++) {
    const t = i - n.at;
    const a = t < attack ? t / attack : t > frames - fade ? (frames - t) / fade : 1;
    const v = (cosCycle(p1) * e1 + cosCycle(p2) * e2) * a * n.gain;
    emit(b, i, v, gl, gr, rev, echo);
    e1 *= d1;
    e2 *= d2;
    p1 += f;
    if (p1 >= 1) p1 -= 1;
    p2 += 4 * f;
    if (p2 >= 1) p2 -= 1;
  }
}

/** Electric-piano keys: two-operator FM whose brightness fades after the strike. */
export function keys(b: Buses, n: Note & { frames: number }): void {
  const f = midiToHz(n.midi) / SR;
  const release = Math.round(0.18 * SR);
  const total = n.frames + release;
  const attack = Math.round(0.004 * SR);
  const bright = Math.exp(-1 / (0.22 * SR));
  const fall = Math.exp(-1 / (1.6 * SR));
  const [gl, gr] = panGains(n.pan ?? 0);
  const rev = n.reverb ?? 0;
  const echo = n.echo ?? 0;
  const end = Math.min(b.dry.left.length, n.at + total);
  let index = 1.6;
  let amp = 1;
  let pc = 0;
  let pm = 0;
  for (let i = Math.max(0, n.at); i < end; i++) {
    const t = i - n.at;
    let env = amp;
    if (t < attack) env *= t / attack;
    if (t >= n.frames) env *= 0.5 + 0.5 * cosCycle((t - n.frames) / release / 2);
    // sin(x) = cos(x - ¼ cycle); the modulator bends the carrier's phase.
    const mod = cosCycle(pm < 0.25 ? pm + 0.75 : pm - 0.25) * (index + 0.2);
    let ph = pc + mod * 0.16;
    ph -= ph | 0;
    if (ph < 0) ph += 1;
    const v = cosCycle(ph) * env * n.gain;
    emit(b, i, v, gl, gr, rev, echo);
    index *= bright;
    amp *= fall;
    pc += f;
    if (pc >= 1) pc -= 1;
    pm += f;
    if (pm >= 1) pm -= 1;
  }
}

/** Bass: a warm fundamental with a touch of octave and a gentle saturation, plucked then held. */
export function bass(b: Buses, n: Note & { frames: number; warmth?: number }): void {
  const f = midiToHz(n.midi) / SR;
  const attack = Math.round(0.006 * SR);
  const release = Math.round(0.06 * SR);
  const total = n.frames + release;
  const settle = Math.exp(-1 / (0.18 * SR));
  const warmth = n.warmth ?? 0.3;
  const rev = n.reverb ?? 0;
  const end = Math.min(b.dry.left.length, n.at + total);
  let p = 0;
  let swell = 0.35;
  for (let i = Math.max(0, n.at); i < end; i++) {
    const t = i - n.at;
    let env = 0.7 + swell;
    if (t < attack) env *= t / attack;
    if (t >= n.frames) env *= 1 - (t - n.frames) / release;
    const c = cosCycle(p);
    const c2 = 2 * c * c - 1;
    const v = softSaturate((c + warmth * c2) * 1.3) * env * n.gain;
    emit(b, i, v, 0.7071, 0.7071, rev, 0);
    swell *= settle;
    p += f;
    if (p >= 1) p -= 1;
  }
}
