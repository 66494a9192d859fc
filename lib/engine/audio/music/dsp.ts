/**
 * Signal-processing building blocks for the music synthesiser: a seeded random
 * source, a cosine table, filters, reverb and delay, all on Float32Array buses.
 * Everything is plain arithmetic in a fixed order, so the same track renders
 * to the same bytes every time. Written for speed: one pass per effect over
 * typed arrays, no per-sample allocation.
 */

export const SAMPLE_RATE = 44_100;
/** One-pole coefficient for a 9 kHz corner: smooths audio rebuilt from half-rate renders. */
const SMOOTH_9K = 1 - Math.exp((-2 * Math.PI * 9_000) / SAMPLE_RATE);

/**
 * xorshift32: small, fast, good enough for music, and identical on every run.
 * Only shifts and xors: no Math.* call, which matters in per-sample loops
 * (Jest runs code in a vm context where every global lookup is slow).
 */
export function rng(seed: number): () => number {
  let x = (seed ^ 0x9e3779b9) >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

export function midiToHz(note: number): number {
  return 440 * Math.pow(2, (note - 69) / 12);
}

const TABLE_BITS = 13;
const TABLE_SIZE = 1 << TABLE_BITS;
const TABLE_MASK = TABLE_SIZE - 1;
/** cos over one cycle, plus one guard entry so interpolation never wraps. */
const COS = new Float32Array(TABLE_SIZE + 1);
for (let i = 0; i <= TABLE_SIZE; i++) COS[i] = Math.cos((2 * Math.PI * i) / TABLE_SIZE);

/** cos(2π·phase) for a phase in [0, 1], by table with linear interpolation. */
export function cosCycle(phase: number): number {
  const x = phase * TABLE_SIZE;
  const whole = x | 0;
  const f = x - whole;
  // Masking keeps a phase that rounded to exactly 1 inside the table.
  const i = whole & TABLE_MASK;
  const a = COS[i]!;
  return a + (COS[i + 1]! - a) * f;
}

/** A stereo bus: two channels of the whole track. */
export interface Stereo {
  left: Float32Array;
  right: Float32Array;
}

export function stereo(frames: number): Stereo {
  return { left: new Float32Array(frames), right: new Float32Array(frames) };
}

/** Equal-power pan gains for pan in [-1 (left), 1 (right)]. */
export function panGains(pan: number): [number, number] {
  const angle = ((pan + 1) * Math.PI) / 4;
  return [Math.cos(angle), Math.sin(angle)];
}

/** Adds a mono clip into a stereo bus at a frame offset, with gain and pan. */
export function addClip(bus: Stereo, clip: Float32Array, at: number, gain: number, pan: number): void {
  const [gl, gr] = panGains(pan);
  const end = Math.min(bus.left.length, at + clip.length);
  for (let i = Math.max(0, at); i < end; i++) {
    const v = clip[i - at]! * gain;
    bus.left[i]! += v * gl;
    bus.right[i]! += v * gr;
  }
}

/** Adds a mono clip into a mono bus (an effect send). */
export function addMono(bus: Float32Array, clip: Float32Array, at: number, gain: number): void {
  const end = Math.min(bus.length, at + clip.length);
  for (let i = Math.max(0, at); i < end; i++) bus[i]! += clip[i - at]! * gain;
}

/** One-pole low-pass in place; `hz` is the corner. Applied twice it is a gentle 12 dB/octave slope. */
export function lowPass(signal: Float32Array, hz: number, passes = 1): void {
  const a = 1 - Math.exp((-2 * Math.PI * hz) / SAMPLE_RATE);
  for (let p = 0; p < passes; p++) {
    let y = 0;
    for (let i = 0; i < signal.length; i++) {
      y += a * (signal[i]! - y);
      signal[i] = y;
    }
  }
}

/** One-pole high-pass in place (the signal minus its low-passed self). */
export function highPass(signal: Float32Array, hz: number): void {
  const a = 1 - Math.exp((-2 * Math.PI * hz) / SAMPLE_RATE);
  let y = 0;
  for (let i = 0; i < signal.length; i++) {
    y += a * (signal[i]! - y);
    signal[i] = signal[i]! - y;
  }
}

/** White noise from the seeded source, in [-1, 1). */
export function noise(frames: number, random: () => number): Float32Array {
  const out = new Float32Array(frames);
  for (let i = 0; i < frames; i++) out[i] = random() * 2 - 1;
  return out;
}

/**
 * A small Schroeder/Freeverb-style room: four damped combs and two all-passes
 * per side, slightly different lengths left and right for width. Mono in
 * (a send bus), stereo out, added to `out`. The damped tail holds little above
 * 10 kHz, so the room runs at half the sample rate (pairs averaged in,
 * interpolated back out): half the work of the most expensive effect.
 */
export function reverb(send: Float32Array, out: Stereo, opts: { size: number; damping: number; wet: number }): void {
  const half = (send.length >> 1) + 1;
  const input = new Float32Array(half);
  for (let i = 0; i < half; i++) {
    const a = send[2 * i] ?? 0;
    const b = send[2 * i + 1] ?? 0;
    input[i] = (a + b) * 0.5;
  }
  const wet = new Float32Array(half);
  const feedback = opts.size;
  const damp = opts.damping;
  const keep = 1 - damp;
  for (const [target, spread] of [
    [out.left, 0],
    [out.right, 12],
  ] as const) {
    // Freeverb's comb and all-pass lengths (in 44.1 kHz frames), halved.
    const n0 = 558 + spread;
    const n1 = 594 + spread;
    const n2 = 638 + spread;
    const n3 = 678 + spread;
    const c0 = new Float32Array(n0);
    const c1 = new Float32Array(n1);
    const c2 = new Float32Array(n2);
    const c3 = new Float32Array(n3);
    let i0 = 0;
    let i1 = 0;
    let i2 = 0;
    let i3 = 0;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let i = 0; i < half; i++) {
      const x = input[i]!;
      const y0 = c0[i0]!;
      const y1 = c1[i1]!;
      const y2 = c2[i2]!;
      const y3 = c3[i3]!;
      s0 = y0 * keep + s0 * damp;
      s1 = y1 * keep + s1 * damp;
      s2 = y2 * keep + s2 * damp;
      s3 = y3 * keep + s3 * damp;
      c0[i0] = x + s0 * feedback;
      c1[i1] = x + s1 * feedback;
      c2[i2] = x + s2 * feedback;
      c3[i3] = x + s3 * feedback;
      wet[i] = y0 + y1 + y2 + y3;
      if (++i0 === n0) i0 = 0;
      if (++i1 === n1) i1 = 0;
      if (++i2 === n2) i2 = 0;
      if (++i3 === n3) i3 = 0;
    }
    const a0 = 278 + spread;
    const a1 = 220 + spread;
    const b0 = new Float32Array(a0);
    const b1 = new Float32Array(a1);
    let j0 = 0;
    let j1 = 0;
    for (let i = 0; i < half; i++) {
      const d0 = b0[j0]!;
      const in0 = wet[i]!;
      b0[j0] = in0 + d0 * 0.5;
      const mid = d0 - in0;
      const d1 = b1[j1]!;
      b1[j1] = mid + d1 * 0.5;
      wet[i] = d1 - mid;
      if (++j0 === a0) j0 = 0;
      if (++j1 === a1) j1 = 0;
    }
    const gain = opts.wet * 0.25;
    const frames = target.length;
    // Interpolated back to full rate, then two one-pole low-passes (9 kHz) to keep the images (~21 kHz) down.
    let z1 = 0;
    let z2 = 0;
    for (let k = 0; k < frames; k++) {
      const j = k >> 1;
      const v = k & 1 ? (wet[j]! + (wet[j + 1] ?? 0)) * 0.5 : wet[j]!;
      z1 += SMOOTH_9K * (v - z1);
      z2 += SMOOTH_9K * (z1 - z2);
      target[k]! += z2 * gain;
    }
  }
}

/** Ping-pong echo (left, then right, then left…), each repeat darker, added to `out`. */
export function pingPong(
  send: Float32Array,
  out: Stereo,
  opts: { delayFrames: number; feedback: number; wet: number },
): void {
  const size = Math.max(1, Math.round(opts.delayFrames));
  const bufL = new Float32Array(size);
  const bufR = new Float32Array(size);
  let index = 0;
  let toneL = 0;
  let toneR = 0;
  const a = 0.35;
  for (let i = 0; i < send.length; i++) {
    const l = bufL[index]!;
    const r = bufR[index]!;
    toneL += a * (l - toneL);
    toneR += a * (r - toneR);
    bufL[index] = send[i]! + toneR * opts.feedback;
    bufR[index] = toneL * opts.feedback;
    out.left[i]! += l * opts.wet;
    out.right[i]! += r * opts.wet;
    if (++index === size) index = 0;
  }
}

/** A rational tanh: smooth saturation without calling Math.tanh per sample. */
export function softSaturate(x: number): number {
  if (x > 3) return 1;
  if (x < -3) return -1;
  const x2 = x * x;
  return (x * (27 + x2)) / (27 + 9 * x2);
}
