/**
 * Percussion: short one-shot clips (kick, snare, clap, hats, shaker, a deep
 * cinematic drum, a rim click), made once per track from seeded noise and
 * tones and mixed in wherever a pattern hits; and the noise riser that swells
 * into a new section. Envelopes are precomputed by repeated multiplication,
 * so the per-sample loops make no Math calls.
 */
import { cosCycle as tableCos, highPass, lowPass, noise, SAMPLE_RATE } from "./dsp";
import type { Buses } from "./instruments";

const SR = SAMPLE_RATE;
const cosCycle = tableCos;
const TWO_PI = 2 * Math.PI;

function clip(seconds: number): Float32Array {
  return new Float32Array(Math.round(seconds * SR));
}

/**
 * e^(-t/tau) for every frame of a clip, by repeated multiplication: one
 * Math.exp per envelope instead of one per sample.
 */
function decay(frames: number, tau: number): Float32Array {
  const out = new Float32Array(frames);
  const step = Math.exp(-1 / (tau * SR));
  let v = 1;
  for (let i = 0; i < frames; i++) {
    out[i] = v;
    v *= step;
  }
  return out;
}

export function kick(): Float32Array {
  const out = clip(0.4);
  const sweep = decay(out.length, 0.03);
  const body = decay(out.length, 0.13);
  const click = Math.round(0.002 * SR);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    phase += (46 + 95 * sweep[i]!) / SR;
    if (phase >= 1) phase -= 1;
    out[i] = cosCycle(phase) * body[i]! * (i < click ? i / click : 1);
  }
  return out;
}

export function snare(random: () => number): Float32Array {
  const body = noise(Math.round(0.25 * SR), random);
  highPass(body, 900);
  lowPass(body, 7000);
  const rattle = decay(body.length, 0.065);
  const tone = decay(body.length, 0.04);
  let phase = 0;
  for (let i = 0; i < body.length; i++) {
    phase += 185 / SR;
    if (phase >= 1) phase -= 1;
    body[i] = body[i]! * rattle[i]! * 0.9 + cosCycle(phase) * tone[i]! * 0.45;
  }
  return body;
}

export function clap(random: () => number): Float32Array {
  const out = noise(Math.round(0.3 * SR), random);
  highPass(out, 1100);
  lowPass(out, 5000);
  const room = decay(out.length, 0.09);
  const hand = decay(Math.round(0.01 * SR), 0.003);
  for (let i = 0; i < out.length; i++) {
    // Three hands ten milliseconds apart, then the room.
    const burst = i < 3 * hand.length ? hand[i % hand.length]! : 0;
    out[i] = out[i]! * (burst * 0.8 + room[i]! * 0.6);
  }
  return out;
}

export function hat(random: () => number, open = false): Float32Array {
  const out = noise(Math.round((open ? 0.35 : 0.08) * SR), random);
  highPass(out, 7000);
  highPass(out, 7000);
  const env = decay(out.length, open ? 0.12 : 0.025);
  for (let i = 0; i < out.length; i++) out[i] = out[i]! * env[i]!;
  return out;
}

export function shaker(random: () => number): Float32Array {
  const out = noise(Math.round(0.12 * SR), random);
  highPass(out, 5000);
  const rise = Math.round(0.015 * SR);
  const fall = decay(out.length, 0.035);
  for (let i = 0; i < out.length; i++) out[i] = out[i]! * (i < rise ? i / rise : fall[i - rise]!);
  return out;
}

/** A deep drum (taiko/timpani-ish) for cinematic hits. */
export function tom(random: () => number): Float32Array {
  const out = clip(1.2);
  const thump = noise(out.length, random);
  lowPass(thump, 400, 2);
  const sweep = decay(out.length, 0.06);
  const body = decay(out.length, 0.4);
  const hit = decay(out.length, 0.08);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    phase += (58 + 40 * sweep[i]!) / SR;
    if (phase >= 1) phase -= 1;
    out[i] = cosCycle(phase) * body[i]! + thump[i]! * hit[i]! * 2;
  }
  return out;
}

export function rim(random: () => number): Float32Array {
  const out = noise(Math.round(0.06 * SR), random);
  highPass(out, 2000);
  const env = decay(out.length, 0.012);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    phase += 1700 / SR;
    if (phase >= 1) phase -= 1;
    out[i] = (out[i]! * 0.5 + cosCycle(phase) * 0.7) * env[i]!;
  }
  return out;
}

/** A filtered-noise swell that rises into the next section. */
export function riser(b: Buses, random: () => number, n: { at: number; frames: number; gain: number }): void {
  const end = Math.min(b.dry.left.length, n.at + n.frames);
  let lpL = 0;
  let lpR = 0;
  for (let i = Math.max(0, n.at); i < end; i++) {
    const t = (i - n.at) / n.frames;
    // The one-pole coefficient 1 - e^(-w) ≈ w / (1 + w), without a Math call per sample.
    const w = (TWO_PI * (200 + 5000 * t * t)) / SR;
    const a = w / (1 + w);
    lpL += a * (random() * 2 - 1 - lpL);
    lpR += a * (random() * 2 - 1 - lpR);
    const g = n.gain * t * t;
    b.dry.left[i]! += lpL * g;
    b.dry.right[i]! += lpR * g;
    b.reverb[i]! += (lpL + lpR) * g * 0.5;
  }
}
