import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names and lets later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * `s` cut to at most `max` characters with "…" at the end when cut. Counts
 * whole code points, so an emoji or CJK character is never split into a lone
 * surrogate (which a browser draws as "�").
 */
export function clipText(s: string, max: number): string {
  const chars = Array.from(s);
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : s;
}
