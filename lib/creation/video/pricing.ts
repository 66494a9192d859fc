/**
 * What a video render costs, in credits: by length (per started 15 s) and by
 * the writer model's provider. Data, so product can retune it. Browser-safe:
 * the create screen shows the same figure the server debits.
 */
export const VIDEO_COST_PER_15S: Readonly<Record<string, number>> = {
  local: 2,
  google: 6,
  openai: 8,
  anthropic: 8,
};
export const DEFAULT_VIDEO_COST_PER_15S = 10;

export function videoCost(o: { seconds: number; provider: string }): number {
  const blocks = Math.max(1, Math.ceil(Math.max(0, o.seconds) / 15));
  return blocks * (VIDEO_COST_PER_15S[o.provider] ?? DEFAULT_VIDEO_COST_PER_15S);
}
