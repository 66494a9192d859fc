/**
 * Sample content for any layout: short and long texts per role (long ones
 * as long as the slot's maxChars allows) and sample pictures in the blob
 * store (made offline with sharp by lib/engine/composition/sample-media.ts). Used by
 * previews, tests, the bench and the staff studio.
 */
import type { SlotValue } from "../composition-schema";
import type { LayoutBody, LayoutSlot } from "../layout-schema";

/** Blob keys of the sample pictures (sample-media.ts makes them). */
export const SAMPLE_MEDIA = {
  photo: "samples/starter/photo.jpg",
  product: "samples/starter/product.png",
  logo: "samples/starter/logo.png",
} as const;

const TEXTS: Record<string, { short: string; long: string }> = {
  headline: {
    short: "Fresh coffee, delivered",
    long: "Small-batch coffee roasted every single morning and delivered to your door before noon",
  },
  subhead: {
    short: "Roasted this morning",
    long: "Roasted in small batches every morning and at your door before the kettle has boiled twice",
  },
  body: {
    short: "Single-origin beans, roasted to order.",
    long: "Every bag is roasted to order from single-origin beans, packed the same day and shipped in a compostable pouch that keeps it fresh for weeks.",
  },
  bullets: {
    short: "Roasted to order\nFree delivery\nCancel anytime",
    long: "Roasted to order from single-origin beans\nFree next-day delivery on every order\nPause, skip or cancel whenever you like",
  },
  price: { short: "$24", long: "$12,499.99" },
  cta: { short: "Shop now", long: "Start your free trial" },
  label: { short: "New", long: "Limited summer edition" },
  url: { short: "promptframe.ai", long: "shop.promptframe.ai/coffee" },
  quote: {
    short: "Simply the best coffee I have had.",
    long: "The first coffee subscription that fits my mornings: fresh, fair and always on time. I have not run out once since I joined.",
  },
  attribution: { short: "Jamie Rivera", long: "Jamie Rivera, head barista at Northside" },
  stat: { short: "87%", long: "12,500+" },
  fact: { short: "of customers order again", long: "of our customers order again within a month of their first bag" },
  badge: { short: "Sale", long: "Best seller" },
};

/** Cuts at a word boundary so the text has at most `max` characters (per line for multi-line texts). */
export function trimToChars(text: string, max: number): string {
  if (text.length <= max) return text;
  const lines = text.split("\n");
  if (lines.length > 1) {
    const per = Math.max(1, Math.floor((max - (lines.length - 1)) / lines.length));
    return lines.map((l) => trimToChars(l, per)).join("\n");
  }
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(" ");
  return (space > 0 ? cut.slice(0, space) : text.slice(0, max)).replace(/[,:;\s-]+$/, "");
}

export function sampleText(slot: Pick<LayoutSlot, "id" | "role" | "fit">, long = false): string {
  const t = TEXTS[slot.id] ?? TEXTS[slot.role] ?? TEXTS.body!;
  return trimToChars(long ? t.long : t.short, slot.fit.maxChars);
}

function sampleMedia(slot: LayoutSlot): SlotValue {
  if (slot.kind === "logo") return { type: "media", key: SAMPLE_MEDIA.logo, media_type: "image/png", source: "asset" };
  const product = slot.fit.objectFit === "contain";
  return product
    ? {
        type: "media",
        key: SAMPLE_MEDIA.product,
        media_type: "image/png",
        source: "generated",
        prompt: "a studio photo of a coffee bag",
      }
    : {
        type: "media",
        key: SAMPLE_MEDIA.photo,
        media_type: "image/jpeg",
        source: "generated",
        prompt: "sunrise over rolling hills",
      };
}

/** A value for every slot of the layout: sample text (short, or as long as allowed), sample pictures, nothing for shapes. */
export function sampleValues(
  layout: Pick<LayoutBody, "slots">,
  opts: { long?: boolean } = {},
): Record<string, SlotValue> {
  const out: Record<string, SlotValue> = {};
  for (const slot of layout.slots) {
    if (slot.kind === "text") out[slot.id] = { type: "text", text: sampleText(slot, opts.long) };
    else if (slot.kind === "image" || slot.kind === "logo") out[slot.id] = sampleMedia(slot);
    else out[slot.id] = { type: "none" };
  }
  return out;
}

/** A line of narration for the index-th scene of a sample video. */
export function sampleNarration(index = 0): string {
  const lines = [
    "Meet the coffee that is roasted the morning it ships.",
    "Every bag comes from a single farm, and you can taste it.",
    "Delivery is free, and you can pause whenever you like.",
    "Try your first bag today and taste the difference.",
  ];
  return lines[index % lines.length]!;
}
