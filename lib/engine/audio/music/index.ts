/**
 * Background music: the catalogue of tracks Promptframe synthesises itself
 * (no downloads, no licences to track) and their WAV renders. A render is a
 * pure function of the track id, so renders are cached in memory and can be
 * stored once and reused.
 */
import { encodeWav, wavFromFloat } from "../wav";
import { AudioError } from "../errors";
import { SAMPLE_RATE } from "./dsp";
import { renderScore, trackDurationMs, type Mood } from "./score";
import { TRACK_SPECS } from "./tracks";

export type { Mood } from "./score";
export const MUSIC_CREDIT = "Synthesised by Promptframe";
/**
 * Bumped whenever the synthesiser or a track changes its sound, so stored
 * renders can be keyed by it (e.g. `music/${id}-v${MUSIC_SYNTH_VERSION}.wav`).
 */
export const MUSIC_SYNTH_VERSION = 1;
export const MUSIC_SAMPLE_RATE = SAMPLE_RATE;

export interface MusicTrack {
  id: string;
  label: string;
  mood: Mood;
  description: string;
  bpm: number;
  /** Exact length of the rendered WAV. */
  durationMs: number;
  credit: string;
}

export function listMusicTracks(): MusicTrack[] {
  return TRACK_SPECS.map((t) => ({
    id: t.id,
    label: t.label,
    mood: t.mood,
    description: t.description,
    bpm: t.bpm,
    durationMs: trackDurationMs(t),
    credit: MUSIC_CREDIT,
  }));
}

export function findMusicTrack(id: string): MusicTrack {
  const track = listMusicTracks().find((t) => t.id === id);
  if (!track) throw new AudioError("unknown_track", `There is no music track called "${id}".`);
  return track;
}

/** Renders a track from scratch (no cache): 44.1 kHz, 16-bit, stereo WAV bytes. */
export function synthesizeMusicTrack(id: string): Uint8Array {
  const spec = TRACK_SPECS.find((t) => t.id === id);
  if (!spec) throw new AudioError("unknown_track", `There is no music track called "${id}".`);
  const mix = renderScore(spec);
  return encodeWav(wavFromFloat([mix.left, mix.right], SAMPLE_RATE));
}

/** A track is ~13 MB of WAV; keeping the last few covers a render job without holding all of them. */
const CACHE_SIZE = 3;
const cache = new Map<string, Uint8Array>();

/**
 * A track's WAV, from the cache when it was rendered recently. A cold render
 * is synchronous CPU work (about a second here, see bench/audio.ts) that holds
 * the event loop: call it from a job, not a request, and keep the bytes in
 * blob storage (they never change for a given id and MUSIC_SYNTH_VERSION).
 */
export async function renderMusicTrack(id: string): Promise<Uint8Array> {
  const hit = cache.get(id);
  if (hit) {
    // Most recently used goes to the back of the Map's order.
    cache.delete(id);
    cache.set(id, hit);
    return hit;
  }
  const bytes = synthesizeMusicTrack(id);
  cache.set(id, bytes);
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return bytes;
}
