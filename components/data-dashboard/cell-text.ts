import { clipText } from "@/lib/platform/utils";

/** A table cell's text, cut at 80 characters (whole characters: never half an emoji). */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return "—";
  return clipText(typeof v === "string" ? v : JSON.stringify(v), 80);
}
