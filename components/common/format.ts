/** Small display helpers shared by the screens (durations, sizes, dates, ratios, credits). Pure. */
import type { CompositionRatio } from "@/lib/engine/composition/ratios";

/** 65_000 -> "1:05"; null -> "". */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "";
  const total = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

export const RATIO_NAMES: Record<CompositionRatio, string> = {
  "9:16": "Vertical",
  "1:1": "Square",
  "4:5": "Portrait",
  "16:9": "Widescreen",
};

/** "credit" / "credits". */
export function credits(n: number): string {
  return `${n} credit${n === 1 ? "" : "s"}`;
}

/** CSS aspect-ratio value of a composition ratio ("9 / 16"). */
export function cssRatio(ratio: CompositionRatio): string {
  return ratio.replace(":", " / ");
}
