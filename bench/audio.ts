/**
 * Audio layer benchmark (not a test): offline narration speed as a real-time
 * factor (synthesis time ÷ audio length; below 1 is faster than real time) for
 * a ~30 s narration through eSpeak NG, and the time to synthesise each
 * background music track from scratch.
 * Run: `npx tsx --conditions=react-server bench/audio.ts [runs]` (default 5).
 */
import { cpus, loadavg } from "node:os";
import { synthesizeNarration } from "@/lib/engine/audio/speech/narration";
import { listMusicTracks, synthesizeMusicTrack } from "@/lib/engine/audio/music";

const RUNS = Number(process.argv[2] ?? 5);

/** About 80 words: roughly 30 s at eSpeak's default 175 words a minute, with pauses. */
const NARRATION = [
  "Meet Promptframe, the fastest way to turn an idea into a finished video.",
  "Type a sentence about your product, and we write the script, choose the images and pick the music.",
  "Every scene gets a voice, captions that follow along, and a layout that fits your brand.",
  "Change a word, swap a picture, or try another template; the video updates in seconds.",
  "When you are happy, export it for any channel, from stories to widescreen.",
  "Thousands of small teams already publish with it every week.",
  "Start free today.",
].join(" ");

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function narration() {
  await synthesizeNarration({ text: "Warm up.", voiceId: "espeak:en-us-f" });
  const rows: string[] = [];
  for (const voiceId of ["espeak:en-us-f", "espeak:en-gb-m"]) {
    const times: number[] = [];
    let audioMs = 0;
    let phrases = 0;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const r = await synthesizeNarration({ text: NARRATION, voiceId });
      times.push(performance.now() - t);
      audioMs = r.durationMs;
      phrases = r.cues.length;
    }
    times.sort((a, b) => a - b);
    const p50 = pct(times, 50);
    rows.push(
      `| ${voiceId} | ${(audioMs / 1000).toFixed(1)} s | ${phrases} | ${p50.toFixed(0)} ms | ${times[times.length - 1]!.toFixed(0)} ms | ${(p50 / audioMs).toFixed(3)} |`,
    );
  }
  console.log(
    `Offline narration, ${NARRATION.split(/\s+/).length} words, ${RUNS} runs per voice; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
  );
  console.log("| voice | audio | phrases | p50 | max | RTF (p50) |\n|---|---|---|---|---|---|");
  rows.forEach((r) => console.log(r));
}

function music() {
  console.log(
    `\nMusic tracks (44.1 kHz stereo WAV, rendered from scratch), ${Math.max(2, Math.min(RUNS, 3))} runs each`,
  );
  console.log(
    "| track | mood | length | p50 wall | max wall | p50 CPU | wall ms per second of audio |\n|---|---|---|---|---|---|---|",
  );
  synthesizeMusicTrack(listMusicTracks()[0]!.id); // first render compiles the hot loops
  for (const track of listMusicTracks()) {
    const times: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < Math.max(2, Math.min(RUNS, 3)); i++) {
      const c = process.cpuUsage();
      const t = performance.now();
      synthesizeMusicTrack(track.id);
      times.push(performance.now() - t);
      const used = process.cpuUsage(c);
      cpu.push((used.user + used.system) / 1000);
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    const p50 = pct(times, 50);
    console.log(
      `| ${track.id} | ${track.mood} | ${(track.durationMs / 1000).toFixed(1)} s | ${p50.toFixed(0)} ms | ${times[times.length - 1]!.toFixed(0)} ms | ${pct(cpu, 50).toFixed(0)} ms | ${(p50 / (track.durationMs / 1000)).toFixed(1)} |`,
    );
  }
}

narration()
  .then(music)
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
