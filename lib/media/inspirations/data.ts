/**
 * The curated inspirations: prompts worth trying, each with the settings its
 * example picture is made with (by the local preview model, on first run).
 * Ids are stable slugs; changing a prompt here makes a new picture next run.
 */
import type { AspectRatio } from "@/lib/media/images/schema";

export interface InspirationSeed {
  id: string;
  title: string;
  prompt: string;
  negative_prompt: string | null;
  aspect_ratio: AspectRatio;
  /** A built-in vibe (lib/media/vibes/builtin.ts), or null. */
  vibe_id: string | null;
  seed: number;
}

export const INSPIRATIONS: readonly InspirationSeed[] = [
  { id: "lighthouse-dusk", title: "Lighthouse at dusk", prompt: "a lone lighthouse on a rocky cliff at dusk, waves crashing below, first stars in the sky", negative_prompt: null, aspect_ratio: "16:9", vibe_id: "cinematic", seed: 1101 },
  { id: "desert-caravan", title: "Desert caravan", prompt: "a camel caravan crossing golden dunes under a huge setting sun", negative_prompt: "people close-up", aspect_ratio: "3:2", vibe_id: "cinematic", seed: 1102 },
  { id: "city-rain", title: "City in the rain", prompt: "a narrow city street at night in the rain, glowing shop signs, a lone figure with an umbrella", negative_prompt: null, aspect_ratio: "9:16", vibe_id: "neon-noir", seed: 1201 },
  { id: "robot-noodles", title: "Robot noodle bar", prompt: "a friendly robot cooking noodles at a tiny street food stall, steam rising", negative_prompt: null, aspect_ratio: "4:5", vibe_id: "neon-noir", seed: 1202 },
  { id: "botanical-garden", title: "Botanical garden", prompt: "a glasshouse full of tropical flowers and hanging ferns, morning light", negative_prompt: null, aspect_ratio: "4:5", vibe_id: "watercolor", seed: 1301 },
  { id: "harbour-village", title: "Harbour village", prompt: "a fishing village with colourful houses around a calm harbour, boats on the water", negative_prompt: null, aspect_ratio: "3:2", vibe_id: "watercolor", seed: 1302 },
  { id: "perfume-bottle", title: "Perfume bottle", prompt: "a faceted glass perfume bottle on a stone plinth, a single dried flower beside it", negative_prompt: "text, label", aspect_ratio: "4:5", vibe_id: "minimal-product", seed: 1401 },
  { id: "sneaker-float", title: "Floating sneaker", prompt: "a white sneaker floating in mid air above its own shadow", negative_prompt: null, aspect_ratio: "1:1", vibe_id: "minimal-product", seed: 1402 },
  { id: "ceramic-mug", title: "Ceramic mug", prompt: "a hand-thrown speckled ceramic mug with steam rising, morning window light", negative_prompt: null, aspect_ratio: "1:1", vibe_id: "minimal-product", seed: 1403 },
  { id: "jazz-musician", title: "Jazz musician", prompt: "portrait of an old jazz saxophonist, eyes closed, mid-note", negative_prompt: null, aspect_ratio: "4:5", vibe_id: "studio-portrait", seed: 1501 },
  { id: "astronaut-portrait", title: "Astronaut portrait", prompt: "portrait of an astronaut holding her helmet, reflections of earth in the visor", negative_prompt: null, aspect_ratio: "4:5", vibe_id: "studio-portrait", seed: 1502 },
  { id: "tiny-island", title: "Tiny island", prompt: "a tiny floating island with a cottage, a waterfall pouring off its edge, trees and a windmill", negative_prompt: null, aspect_ratio: "1:1", vibe_id: "isometric-3d", seed: 1601 },
  { id: "cozy-bookshop", title: "Cozy bookshop", prompt: "a cozy corner bookshop with a reading cat, stacked books and warm lamps", negative_prompt: null, aspect_ratio: "1:1", vibe_id: "isometric-3d", seed: 1602 },
  { id: "space-station", title: "Space station", prompt: "a modular space station orbiting a ringed planet, solar panels unfolding", negative_prompt: null, aspect_ratio: "16:9", vibe_id: "isometric-3d", seed: 1603 },
  { id: "roadside-diner", title: "Roadside diner", prompt: "a roadside diner on an empty highway at golden hour, a convertible parked outside", negative_prompt: null, aspect_ratio: "3:2", vibe_id: "vintage-film", seed: 1701 },
  { id: "summer-lake", title: "Summer lake", prompt: "friends jumping off a wooden pier into a mountain lake in summer", negative_prompt: null, aspect_ratio: "4:5", vibe_id: "vintage-film", seed: 1702 },
  { id: "cloud-castle", title: "Castle in the clouds", prompt: "a castle made of clouds at sunrise, hot air balloons drifting past", negative_prompt: null, aspect_ratio: "9:16", vibe_id: "pastel-dream", seed: 1801 },
  { id: "bubble-garden", title: "Bubble garden", prompt: "a garden of giant soap bubbles and pink flowers, a small moon in the sky", negative_prompt: null, aspect_ratio: "1:1", vibe_id: "pastel-dream", seed: 1802 },
  { id: "old-tree", title: "Ancient tree", prompt: "an ancient gnarled oak tree on a hill with a rope swing", negative_prompt: null, aspect_ratio: "4:5", vibe_id: "ink-sketch", seed: 1901 },
  { id: "mountain-rail", title: "Mountain railway", prompt: "a red train crossing a stone viaduct between snowy mountains", negative_prompt: null, aspect_ratio: "9:16", vibe_id: "retro-poster", seed: 2001 },
  { id: "surf-coast", title: "Surf coast", prompt: "surfers riding tall waves along a rugged coast, palm trees, a big sun", negative_prompt: null, aspect_ratio: "9:16", vibe_id: "retro-poster", seed: 2002 },
  { id: "aurora-cabin", title: "Aurora cabin", prompt: "a small wooden cabin in a snowy forest under a green aurora", negative_prompt: null, aspect_ratio: "16:9", vibe_id: null, seed: 2101 },
  { id: "koi-pond", title: "Koi pond", prompt: "koi fish circling in a pond with lily pads and falling cherry blossoms, seen from above", negative_prompt: null, aspect_ratio: "1:1", vibe_id: null, seed: 2102 },
  { id: "galaxy-portal", title: "Galaxy portal", prompt: "a glowing stone portal in a meadow opening onto a spiral galaxy", negative_prompt: "people", aspect_ratio: "1:1", vibe_id: null, seed: 2103 },
  { id: "underwater-city", title: "Underwater city", prompt: "the towers of a sunken city under the sea, light rays through the water, schools of fish", negative_prompt: null, aspect_ratio: "16:9", vibe_id: null, seed: 2104 },
  { id: "volcano-sunrise", title: "Volcano sunrise", prompt: "a smoking volcano above a sea of clouds at sunrise", negative_prompt: null, aspect_ratio: "3:2", vibe_id: null, seed: 2105 },
];
