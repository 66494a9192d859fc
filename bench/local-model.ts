/**
 * Local preview model benchmark (not a test): time to draw one PNG through the
 * AI SDK's generateImage, per aspect ratio, p50/p99 over repeated runs.
 * Run: `npx tsx bench/local-model.ts [runs]` (default 30).
 */
import { generateImage } from "ai";
import { ASPECT_RATIOS } from "@/lib/platform/ai/aspect-ratios";
import { createLocalPreviewModel } from "@/lib/platform/ai/local-preview-model";

const RUNS = Number(process.argv[2] ?? 30);

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  const model = createLocalPreviewModel();
  await generateImage({ model, prompt: "warm-up", n: 1, seed: 1 }); // first call loads fonts and sharp
  console.log("| aspect | p50 ms | p99 ms |\n|---|---|---|");
  for (const aspectRatio of ASPECT_RATIOS) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await generateImage({
        model,
        prompt: `a lighthouse on a cliff at dusk, warm orange light ${i}`,
        n: 1,
        seed: i,
        aspectRatio,
      });
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(`| ${aspectRatio} | ${pct(times, 50).toFixed(1)} | ${pct(times, 99).toFixed(1)} |`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
