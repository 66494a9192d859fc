/**
 * What a model call costs: tokens × the provider's list price (US dollars per
 * million tokens, as published when this table was written). The Local
 * preview model runs in-process and costs nothing.
 */
export interface Price {
  input_per_mtok: number;
  output_per_mtok: number;
}

export const PRICES: Record<string, Price> = {
  "local/preview": { input_per_mtok: 0, output_per_mtok: 0 },
  "openai/gpt-4.1-mini": { input_per_mtok: 0.4, output_per_mtok: 1.6 },
  "google/gemini-2.5-flash": { input_per_mtok: 0.3, output_per_mtok: 2.5 },
  "anthropic/claude-sonnet-4-5": { input_per_mtok: 3, output_per_mtok: 15 },
};

/** Dollars for one call; a model missing from the table is priced as its most expensive neighbour would be, never as free. */
export function costOf(modelId: string, tokens: { input: number | null; output: number | null }): number {
  const price = PRICES[modelId] ?? { input_per_mtok: 15, output_per_mtok: 75 };
  const usd = ((tokens.input ?? 0) * price.input_per_mtok + (tokens.output ?? 0) * price.output_per_mtok) / 1_000_000;
  return Math.round(usd * 1e8) / 1e8;
}
