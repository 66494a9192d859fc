import "server-only";
/**
 * Which stock providers are on: each with its own API key (PEXELS_API_KEY,
 * PIXABAY_API_KEY); the base URLs are overridable for a local stand-in
 * (PEXELS_API_BASE, PIXABAY_API_BASE). Read on every call, so a test can set
 * them before the first search.
 */
import { z } from "zod";
import type { StockProviderId } from "./contract";

const schema = z.object({
  PEXELS_API_KEY: z.string().trim().optional(),
  PIXABAY_API_KEY: z.string().trim().optional(),
  PEXELS_API_BASE: z.string().url().optional(),
  PIXABAY_API_BASE: z.string().url().optional(),
});

export interface StockProviderConfig {
  id: StockProviderId;
  key: string;
  base: string;
  /** The deadline of each API call (tests shorten it). */
  timeoutMs?: number;
}

export function stockConfig(): StockProviderConfig[] {
  const e = schema.parse({
    PEXELS_API_KEY: process.env.PEXELS_API_KEY || undefined,
    PIXABAY_API_KEY: process.env.PIXABAY_API_KEY || undefined,
    PEXELS_API_BASE: process.env.PEXELS_API_BASE || undefined,
    PIXABAY_API_BASE: process.env.PIXABAY_API_BASE || undefined,
  });
  const out: StockProviderConfig[] = [];
  if (e.PEXELS_API_KEY)
    out.push({
      id: "pexels",
      key: e.PEXELS_API_KEY,
      base: (e.PEXELS_API_BASE ?? "https://api.pexels.com").replace(/\/+$/, ""),
    });
  if (e.PIXABAY_API_KEY)
    out.push({
      id: "pixabay",
      key: e.PIXABAY_API_KEY,
      base: (e.PIXABAY_API_BASE ?? "https://pixabay.com").replace(/\/+$/, ""),
    });
  return out;
}
