/**
 * The four starter templates: clearly different looks and motion, each
 * offering a subset of the starter layouts. Seeded as version 1.
 */
import type { TemplateVersionBodyInput } from "../template-schema";

export interface StarterTemplate {
  id: string;
  name: string;
  description: string;
  /** Layout ids offered, in picker order. */
  layoutIds: string[];
  version: Omit<TemplateVersionBodyInput, "layouts">;
}

export const STARTER_TEMPLATES: StarterTemplate[] = [
  {
    id: "starter-bold",
    name: "Bold",
    description: "High contrast and loud: Bebas Neue headlines on black with yellow, fast slides and springy entrances.",
    layoutIds: ["starter-full-bleed", "starter-statement", "starter-bullets", "starter-product", "starter-stat", "starter-split", "starter-end-card"],
    version: {
      style: {
        fonts: { heading: "bebas-neue", body: "inter" },
        palette: { background: "#111111", surface: "#1f1f1f", text: "#ffffff", muted: "#b5b5b5", accent: "#ffd400", accentText: "#111111" },
        typeScale: 1.12,
        spacing: 28,
        radius: 6,
        textTreatment: "highlight",
        letterSpacing: { heading: 0.02, body: 0 },
        headingWeight: null,
        background: { kind: "pattern", colors: ["#111111", "#ffd400"], pattern: "diagonal", patternScale: 56, patternOpacity: 0.07 },
      },
      motion: { transition: "slide", transitionMs: 400, easing: "spring", pacing: 0.85, enter: "slide-up", staggerMs: 90, imageMotion: "none" },
      music: { mood: "energetic", volume: 0.4, duckedVolume: 0.1 },
      captions: {
        position: "bottom",
        font: "heading",
        fontPx: 68,
        weight: 400,
        uppercase: true,
        textColor: "#ffffff",
        highlightColor: "#ffd400",
        highlightTextColor: "#111111",
        highlight: "color",
        background: "box",
        backgroundColor: "#000000",
        backgroundOpacity: 0.6,
        maxChars: 34,
        maxLines: 2,
      },
    },
  },
  {
    id: "starter-elegant",
    name: "Elegant",
    description: "Quiet and refined: Playfair Display and Lora on warm cream, slow cross-fades and gentle reveals.",
    layoutIds: ["starter-full-bleed", "starter-split", "starter-quote", "starter-title", "starter-photo-card", "starter-end-card"],
    version: {
      style: {
        fonts: { heading: "playfair-display", body: "lora" },
        palette: { background: "#f6f1ea", surface: "#fffdf9", text: "#2b2420", muted: "#7a6e64", accent: "#9c6b3f", accentText: "#ffffff" },
        typeScale: 0.95,
        spacing: 32,
        radius: 2,
        textTreatment: "underline",
        letterSpacing: { heading: 0, body: 0.01 },
        headingWeight: 400,
        background: { kind: "gradient", colors: ["#fbf7f1", "#efe4d6"], angle: 160 },
      },
      motion: { transition: "fade", transitionMs: 800, easing: "ease-in-out", pacing: 1.25, enter: "fade", staggerMs: 220, imageMotion: "none" },
      music: { mood: "calm", volume: 0.3, duckedVolume: 0.07 },
      captions: {
        position: "bottom",
        font: "body",
        fontPx: 46,
        weight: 400,
        uppercase: false,
        textColor: "#2b2420",
        highlightColor: "#9c6b3f",
        highlightTextColor: "#ffffff",
        highlight: "underline",
        background: "box",
        backgroundColor: "#fffdf9",
        backgroundOpacity: 0.9,
        maxChars: 44,
        maxLines: 2,
      },
    },
  },
  {
    id: "starter-corporate",
    name: "Clean",
    description: "Clear and businesslike: Inter on white with a fine grid, blue accents and crisp wipes.",
    layoutIds: ["starter-title", "starter-split", "starter-bullets", "starter-stat", "starter-quote", "starter-product", "starter-end-card"],
    version: {
      style: {
        fonts: { heading: "inter", body: "inter" },
        palette: { background: "#ffffff", surface: "#f1f4f9", text: "#0f172a", muted: "#64748b", accent: "#2563eb", accentText: "#ffffff" },
        typeScale: 0.92,
        spacing: 26,
        radius: 14,
        textTreatment: "none",
        letterSpacing: { heading: -0.02, body: 0 },
        headingWeight: 700,
        background: { kind: "pattern", colors: ["#ffffff", "#dbe3ee"], pattern: "grid", patternScale: 64, patternOpacity: 0.6 },
      },
      motion: { transition: "wipe", transitionMs: 500, easing: "ease-out", pacing: 1, enter: "layout", staggerMs: 60, imageMotion: "none" },
      music: { mood: "corporate", volume: 0.3, duckedVolume: 0.08 },
      captions: {
        position: "bottom",
        font: "body",
        fontPx: 44,
        weight: 700,
        uppercase: false,
        textColor: "#ffffff",
        highlightColor: "#2563eb",
        highlightTextColor: "#ffffff",
        highlight: "box",
        background: "band",
        backgroundColor: "#0f172a",
        backgroundOpacity: 0.88,
        maxChars: 48,
        maxLines: 2,
      },
    },
  },
  {
    id: "starter-playful",
    name: "Playful",
    description: "Bright and bouncy: heavy Montserrat on peach with soft colour blobs, pink highlights, zooms and pops.",
    layoutIds: ["starter-statement", "starter-photo-card", "starter-product", "starter-bullets", "starter-full-bleed", "starter-stat", "starter-end-card"],
    version: {
      style: {
        fonts: { heading: "montserrat", body: "space-grotesk" },
        palette: { background: "#fff1e0", surface: "#ffffff", text: "#2d1b69", muted: "#6b5ca5", accent: "#ff4f86", accentText: "#ffffff" },
        typeScale: 0.9,
        spacing: 30,
        radius: 40,
        textTreatment: "box",
        letterSpacing: { heading: -0.01, body: 0 },
        headingWeight: 800,
        background: { kind: "pattern", colors: ["#fff1e0", "#ffc8d9", "#bdf0e4"], pattern: "blobs", patternOpacity: 0.2 },
      },
      motion: { transition: "zoom", transitionMs: 450, easing: "spring", pacing: 0.95, enter: "pop", staggerMs: 120, imageMotion: "none" },
      music: { mood: "playful", volume: 0.38, duckedVolume: 0.09 },
      captions: {
        position: "bottom",
        font: "heading",
        fontPx: 50,
        weight: 800,
        uppercase: false,
        textColor: "#2d1b69",
        highlightColor: "#ff4f86",
        highlightTextColor: "#ffffff",
        highlight: "box",
        background: "box",
        backgroundColor: "#ffffff",
        backgroundOpacity: 0.92,
        maxChars: 36,
        maxLines: 2,
      },
    },
  },
];
