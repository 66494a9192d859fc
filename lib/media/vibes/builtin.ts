/**
 * The vibes everyone sees, seeded into the `vibes` collection on first use
 * (owner_id null). Plain data, so lib/media/inspirations can build prompts from it
 * without touching the database. Ids are stable slugs: images record them.
 */
export interface BuiltInVibe {
  id: string;
  name: string;
  description: string;
  prompt_additions: string;
  negative_prompt: string;
  palette: string[];
}

export const BUILT_IN_VIBES: readonly BuiltInVibe[] = [
  {
    id: "cinematic",
    name: "Cinematic",
    description: "Wide, moody film stills with dramatic light.",
    prompt_additions:
      "cinematic still, anamorphic lens, dramatic rim lighting, shallow depth of field, teal and orange grade, film grain",
    negative_prompt: "flat lighting, cartoon, oversaturated, text, watermark",
    palette: ["#0f3d4c", "#1f6f78", "#f29e4c", "#f4d35e", "#1b1b1e"],
  },
  {
    id: "watercolor",
    name: "Watercolor",
    description: "Soft washes of pigment on textured paper.",
    prompt_additions:
      "watercolor painting, soft washes, visible paper texture, loose brush strokes, bleeding edges, light pastel tones",
    negative_prompt: "photorealistic, hard edges, 3d render, harsh shadows",
    palette: ["#a8dadc", "#f1faee", "#e9c46a", "#f4a261", "#457b9d"],
  },
  {
    id: "neon-noir",
    name: "Neon noir",
    description: "Rain-slick streets under magenta and cyan signs.",
    prompt_additions:
      "neon noir, night, rain-slick reflections, magenta and cyan neon signs, volumetric fog, high contrast",
    negative_prompt: "daylight, pastel, washed out, blurry",
    palette: ["#0b0c10", "#ff2e88", "#08f7fe", "#7b2cbf", "#1f2833"],
  },
  {
    id: "minimal-product",
    name: "Minimal product",
    description: "Clean studio packshots on a seamless backdrop.",
    prompt_additions:
      "minimal product photography, seamless studio backdrop, soft box lighting, clean composition, subtle shadow, high detail",
    negative_prompt: "clutter, busy background, text, logo, people",
    palette: ["#f5f5f4", "#e7e5e4", "#a8a29e", "#44403c", "#d6b88b"],
  },
  {
    id: "studio-portrait",
    name: "Studio portrait",
    description: "Editorial portraits with flattering studio light.",
    prompt_additions:
      "studio portrait, 85mm lens, Rembrandt lighting, neutral grey backdrop, sharp eyes, natural skin texture",
    negative_prompt: "distorted face, extra fingers, harsh flash, cartoon",
    palette: ["#2b2d42", "#8d99ae", "#edf2f4", "#d4a373", "#6b4f4f"],
  },
  {
    id: "isometric-3d",
    name: "Isometric 3D",
    description: "Tiny isometric worlds, rendered like toys.",
    prompt_additions:
      "isometric 3d render, miniature diorama, soft global illumination, clay materials, orthographic view, cute details",
    negative_prompt: "perspective distortion, photograph, noise, text",
    palette: ["#ffb4a2", "#e5989b", "#b5838d", "#6d6875", "#90e0ef"],
  },
  {
    id: "vintage-film",
    name: "Vintage film",
    description: "Faded 1970s snapshots with warm grain.",
    prompt_additions: "vintage 35mm film photo, 1970s, faded warm colours, light leaks, heavy grain, soft focus",
    negative_prompt: "digital look, hdr, oversharpened, modern clothing",
    palette: ["#c9a66b", "#a44a3f", "#f2e3bc", "#5b8e7d", "#3d2c2e"],
  },
  {
    id: "pastel-dream",
    name: "Pastel dream",
    description: "Airy, dreamy scenes in candy pastels.",
    prompt_additions: "dreamy pastel palette, soft haze, floating clouds, gentle glow, whimsical, ethereal light",
    negative_prompt: "dark, gritty, horror, high contrast",
    palette: ["#ffd6e0", "#cdb4db", "#bde0fe", "#a2d2ff", "#fff1c1"],
  },
  {
    id: "ink-sketch",
    name: "Ink sketch",
    description: "Confident pen-and-ink line work with cross-hatching.",
    prompt_additions: "pen and ink illustration, cross-hatching, bold confident lines, off-white paper, monochrome",
    negative_prompt: "colour, photograph, blur, gradient",
    palette: ["#111111", "#fafaf5", "#6b6b6b"],
  },
  {
    id: "retro-poster",
    name: "Retro poster",
    description: "Mid-century travel poster: flat shapes, bold type space.",
    prompt_additions:
      "mid-century travel poster, flat geometric shapes, limited palette, screen print texture, bold composition",
    negative_prompt: "photorealistic, gradients, clutter, noise",
    palette: ["#264653", "#2a9d8f", "#e9c46a", "#f4a261", "#e76f51"],
  },
];

export function builtInVibe(id: string): BuiltInVibe | undefined {
  return BUILT_IN_VIBES.find((v) => v.id === id);
}
