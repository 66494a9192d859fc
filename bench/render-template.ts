/** The starter template bench/render.ts renders (its background is a full-frame gradient). */
export const BENCH_TEMPLATE = "starter-elegant";
