/**
 * Hostile-input growth checks: how much longer a function takes on an input
 * `factor` times larger. A linear function grows ~8x for 8x input, a
 * quadratic one ~64x, a backtracking regex by thousands; the tests allow ~20x
 * so a noisy shared machine does not fail a linear function. Timings are the
 * process's CPU time (not wall time: other work on the machine does not
 * count), the fastest of a few rounds, each round repeating the call until it
 * has used a few milliseconds, so timer resolution and GC pauses do not decide;
 * a pass well above linear is measured once more and the better one kept.
 */
import { performance } from "node:perf_hooks";

type Run = () => unknown;

/** This process's CPU time in milliseconds (user + system, all its threads). */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Milliseconds of this process's CPU per call, not wall time: other processes on the machine (the test app
 * building beside the tests, other Jest workers) do not count, so a busy moment cannot make a linear function
 * look quadratic. A round repeats the call until it has used 5 ms of CPU (or 250 ms have passed, for a call that
 * mostly waits).
 */
async function timeOf(run: Run, rounds: number): Promise<number> {
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    let calls = 0;
    const wallStart = performance.now();
    const start = cpuMs();
    let used = 0;
    do {
      await run();
      calls++;
      used = cpuMs() - start;
    } while (used < 5 && performance.now() - wallStart < 250);
    best = Math.min(best, Math.max(used, 0.001) / calls);
  }
  return best;
}

export interface Growth {
  /** Milliseconds per call on the small input. */
  small: number;
  /** Milliseconds per call on the `factor`-times larger input. */
  large: number;
  ratio: number;
}

/** Times `run(input(size))` and `run(input(size * factor))`; inputs are made before timing. */
export async function growth<T>(opts: {
  input: (size: number) => T;
  run: (input: T) => unknown;
  size: number;
  factor?: number;
  rounds?: number;
}): Promise<Growth> {
  const factor = opts.factor ?? 8;
  const rounds = opts.rounds ?? 3;
  const smallInput = opts.input(opts.size);
  const largeInput = opts.input(opts.size * factor);
  // Warm up on both (JIT, lazy imports), then alternate rounds so a busy moment hits both alike.
  await timeOf(() => opts.run(smallInput), 1);
  await opts.run(largeInput);
  const measure = async (): Promise<Growth> => {
    let small = Infinity;
    let large = Infinity;
    for (let r = 0; r < rounds; r++) {
      small = Math.min(small, await timeOf(() => opts.run(smallInput), 1));
      large = Math.min(large, await timeOf(() => opts.run(largeInput), 1));
    }
    return { small, large, ratio: large / small };
  };
  const first = await measure();
  // Well above linear: measure once more and keep the better pass. A busy machine (the test app building beside
  // the tests in CI) can slow every round of one pass; a quadratic or backtracking function is slow in both.
  if (first.ratio <= factor * 1.5) return first;
  const second = await measure();
  return second.ratio < first.ratio ? second : first;
}

/** The bound the hostile-input tests hold every parser of untrusted text to. */
export const MAX_GROWTH_FOR_8X = 20;
