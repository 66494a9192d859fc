/**
 * Slot values for a new design's page: sample content (a template picked on
 * /create), a product's own words and picture, or nothing. Pure and
 * browser-safe, so the rules are unit-tested without a store.
 */
import type { SlotValue } from "@/lib/engine/composition/composition-schema";
import type { LayoutBody, LayoutSlot } from "@/lib/engine/composition/layout-schema";
import { trimToChars } from "@/lib/engine/composition/starter/samples";

export interface ProductFacts {
  name: string;
  description: string;
  price_amount: number | null;
  currency: string | null;
  brand: string | null;
  points: readonly string[];
  link: string | null;
  /** The product's first picture, when it has one. */
  picture: { key: string; media_type: string; asset_id: string } | null;
}

/** "$49.99", "€12", or "" when the price is unknown. */
export function formatPrice(amount: number | null, currency: string | null): string {
  if (amount === null) return "";
  try {
    return new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: currency ?? "USD",
      minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    }).format(amount);
  } catch {
    return `${amount}${currency ? ` ${currency}` : ""}`;
  }
}

function hostOf(link: string | null): string {
  if (!link) return "";
  try {
    return new URL(link).host.replace(/^www\./, "");
  } catch {
    return "";
  }
}

/** What a product says in a slot of this role ("" when it has nothing to say there). */
export function productText(slot: Pick<LayoutSlot, "id" | "role">, p: ProductFacts): string {
  const points = p.points.filter((x) => x.trim());
  if (slot.id === "url") return hostOf(p.link);
  switch (slot.role) {
    case "headline":
      return p.name;
    case "subhead":
      return points[0] ?? p.brand ?? "";
    case "body":
      return p.description.trim() || points.join(". ");
    case "bullets":
      return points.join("\n");
    case "price":
      return formatPrice(p.price_amount, p.currency);
    case "cta":
      return "Shop now";
    case "badge":
    case "label":
      return p.brand ?? "New";
    case "quote":
      return points[0] ?? "";
    case "attribution":
      return p.brand ?? "";
    case "stat":
      return formatPrice(p.price_amount, p.currency);
    default:
      return "";
  }
}

/** A value for every slot of the layout from the product; pictures from its first image, nothing for logos and shapes. */
export function productValues(layout: Pick<LayoutBody, "slots">, p: ProductFacts): Record<string, SlotValue> {
  const out: Record<string, SlotValue> = {};
  for (const slot of layout.slots) {
    if (slot.kind === "text")
      out[slot.id] = { type: "text", text: trimToChars(productText(slot, p), slot.fit.maxChars) };
    else if (slot.kind === "image" && p.picture)
      out[slot.id] = {
        type: "media",
        key: p.picture.key,
        media_type: p.picture.media_type,
        source: "asset",
        asset_id: p.picture.asset_id,
      };
    else out[slot.id] = { type: "none" };
  }
  return out;
}

/** The layout that shows a product best: the first with a price slot, else one with a picture, else the first. */
export function productLayout<L extends Pick<LayoutBody, "slots">>(layouts: readonly L[]): L | undefined {
  return (
    layouts.find((l) => l.slots.some((s) => s.role === "price")) ??
    layouts.find((l) => l.slots.some((s) => s.kind === "image")) ??
    layouts[0]
  );
}
