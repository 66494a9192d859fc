/**
 * The Local preview layout generator: the deterministic stand-in for a
 * language model on the /layout-gen screen. It reads the brief's words
 * (brief.ts) and arranges the slots they ask for in one of a few
 * arrangements (split, card, overlay, centred; mirrored on later passes),
 * so each candidate of a batch differs. It is a preview, not AI: the same
 * brief and variant always give the same layout. Browser-safe.
 */
import type { LocalAnswer, LocalCall } from "@/lib/platform/ai/language/local-language-model";
import type { Animation, Box, LayoutBody, LayoutSlot, SlotFit } from "@/lib/engine/composition/layout-schema";
import { CANVAS_SIZES, COMPOSITION_RATIOS, type CompositionRatio } from "@/lib/engine/composition/ratios";
import { describeFeatures, readBrief, type BriefFeatures, type Corner } from "./brief";

export const ARRANGEMENTS = ["split", "card", "overlay", "centered"] as const;
export type Arrangement = (typeof ARRANGEMENTS)[number];
const ARRANGEMENT_LABELS: Record<Arrangement, string> = {
  split: "split",
  card: "card",
  overlay: "overlay",
  centered: "centred",
};

export interface LayoutRequest {
  brief: string;
  /** 0-based: which candidate of the batch this is. */
  variant: number;
  count: number;
}

export const REQUEST_OPEN = "<layout_request>";
export const REQUEST_CLOSE = "</layout_request>";

export function layoutRequestBlock(req: LayoutRequest): string {
  return `${REQUEST_OPEN}${JSON.stringify(req)}${REQUEST_CLOSE}`;
}

export function readLayoutRequest(texts: readonly string[]): LayoutRequest | null {
  for (const text of texts) {
    const start = text.indexOf(REQUEST_OPEN);
    const end = text.indexOf(REQUEST_CLOSE, start);
    if (start < 0 || end < 0) continue;
    try {
      const v = JSON.parse(text.slice(start + REQUEST_OPEN.length, end)) as Partial<LayoutRequest>;
      if (typeof v.brief === "string")
        return { brief: v.brief, variant: Number(v.variant) || 0, count: Number(v.count) || 1 };
    } catch {
      return null;
    }
  }
  return null;
}

/** Fit rules per role, in design units (px on a canvas whose short side is 1080). */
const FIT: Record<string, SlotFit> = {
  headline: {
    maxChars: 60,
    minFontPx: 44,
    maxFontPx: 112,
    lineHeight: 1.08,
    align: "left",
    weight: 800,
    uppercase: false,
    objectFit: "cover",
    valign: "bottom",
  },
  subhead: {
    maxChars: 90,
    minFontPx: 28,
    maxFontPx: 46,
    lineHeight: 1.25,
    align: "left",
    weight: 500,
    uppercase: false,
    objectFit: "cover",
    valign: "top",
  },
  body: {
    maxChars: 160,
    minFontPx: 26,
    maxFontPx: 40,
    lineHeight: 1.35,
    align: "left",
    weight: 400,
    uppercase: false,
    objectFit: "cover",
    valign: "top",
  },
  bullets: {
    maxChars: 150,
    minFontPx: 28,
    maxFontPx: 48,
    lineHeight: 1.3,
    align: "left",
    weight: 500,
    uppercase: false,
    objectFit: "cover",
    valign: "top",
  },
  price: {
    maxChars: 12,
    minFontPx: 28,
    maxFontPx: 64,
    lineHeight: 1.05,
    align: "center",
    weight: 800,
    uppercase: false,
    objectFit: "cover",
    valign: "middle",
    maxLines: 1,
  },
  badge: {
    maxChars: 14,
    minFontPx: 22,
    maxFontPx: 40,
    lineHeight: 1.05,
    align: "center",
    weight: 800,
    uppercase: true,
    objectFit: "cover",
    valign: "middle",
    maxLines: 1,
  },
  cta: {
    maxChars: 22,
    minFontPx: 24,
    maxFontPx: 44,
    lineHeight: 1.05,
    align: "center",
    weight: 700,
    uppercase: false,
    objectFit: "cover",
    valign: "middle",
    maxLines: 1,
  },
  label: {
    maxChars: 28,
    minFontPx: 20,
    maxFontPx: 30,
    lineHeight: 1.1,
    align: "left",
    weight: 700,
    uppercase: true,
    objectFit: "cover",
    valign: "middle",
    maxLines: 1,
  },
  quote: {
    maxChars: 140,
    minFontPx: 34,
    maxFontPx: 64,
    lineHeight: 1.2,
    align: "left",
    weight: 400,
    uppercase: false,
    objectFit: "cover",
    valign: "middle",
  },
  attribution: {
    maxChars: 40,
    minFontPx: 20,
    maxFontPx: 30,
    lineHeight: 1.2,
    align: "left",
    weight: 500,
    uppercase: true,
    objectFit: "cover",
    valign: "top",
    maxLines: 2,
  },
  stat: {
    maxChars: 8,
    minFontPx: 90,
    maxFontPx: 240,
    lineHeight: 1,
    align: "left",
    weight: 800,
    uppercase: false,
    objectFit: "cover",
    valign: "bottom",
    maxLines: 1,
  },
  media: {
    maxChars: 1,
    minFontPx: 10,
    maxFontPx: 10,
    lineHeight: 1,
    align: "center",
    weight: 400,
    uppercase: false,
    objectFit: "cover",
    valign: "middle",
  },
};

/** Default fit rules for a role (the repair step fills missing ones from these too). */
export function defaultFit(role: string): SlotFit {
  return { ...(FIT[role] ?? FIT.body!) };
}

const anim = (
  type: Animation["type"],
  durationMs: number,
  delayMs: number,
  easing: Animation["easing"] = "ease-out",
): Animation => ({ type, durationMs, delayMs, easing });

type Rect = { x: number; y: number; w: number; h: number };

/** A text item of the stack: its slot, its share of the height and of the width. */
interface StackItem {
  slot: LayoutSlot;
  weight: number;
  /** Fraction of the column's width (buttons and badges are narrower). */
  width: number;
}

function slot(s: Pick<LayoutSlot, "id" | "kind" | "role" | "label"> & Partial<LayoutSlot>): LayoutSlot {
  return {
    required: false,
    fit: defaultFit(s.role),
    z: 20,
    enter: null,
    exit: null,
    tone: "text",
    surface: "none",
    opacity: 1,
    ...s,
  };
}

const overlaps = (a: Rect, b: Rect) =>
  Math.min(a.x + a.w, b.x + b.w) > Math.max(a.x, b.x) && Math.min(a.y + a.h, b.y + b.h) > Math.max(a.y, b.y);

/** The slots the features ask for (boxes are placed per ratio later). */
function slotsFor(f: BriefFeatures, arrangement: Arrangement, align: SlotFit["align"]) {
  const onMedia = arrangement === "overlay" && f.image !== null;
  const textTone = onMedia ? ("onMedia" as const) : ("text" as const);
  const withAlign = (role: string, over: Partial<SlotFit> = {}): SlotFit => ({ ...defaultFit(role), align, ...over });
  const stack: StackItem[] = [];
  let step = 0;
  const delay = () => 150 + 120 * step++;
  if (f.label)
    stack.push({
      slot: slot({
        id: "label",
        kind: "text",
        role: "label",
        label: "Label",
        tone: onMedia ? "onMedia" : "accent",
        fit: withAlign("label"),
        enter: anim("fade", 400, delay()),
      }),
      weight: 0.6,
      width: 1,
    });
  if (f.stat)
    stack.push({
      slot: slot({
        id: "stat",
        kind: "text",
        role: "stat",
        label: "Big number",
        required: true,
        tone: onMedia ? "onMedia" : "accent",
        fit: withAlign("stat"),
        enter: anim("pop", 500, delay(), "spring"),
      }),
      weight: 1.8,
      width: 1,
    });
  if (f.quote) {
    stack.push({
      slot: slot({
        id: "quote",
        kind: "text",
        role: "quote",
        label: "Quote",
        required: true,
        tone: textTone,
        fit: withAlign("quote"),
        enter: anim("fade", 600, delay(), "ease-in-out"),
      }),
      weight: 2.4,
      width: 1,
    });
    stack.push({
      slot: slot({
        id: "attribution",
        kind: "text",
        role: "attribution",
        label: "Who said it",
        tone: onMedia ? "onMedia" : "muted",
        fit: withAlign("attribution"),
        enter: anim("slide-up", 400, delay()),
      }),
      weight: 0.6,
      width: 1,
    });
  } else {
    stack.push({
      slot: slot({
        id: "headline",
        kind: "text",
        role: "headline",
        label: "Headline",
        required: true,
        tone: textTone,
        fit: withAlign("headline", { maxChars: f.bullets || f.body ? 48 : 60 }),
        enter: anim("slide-up", 550, delay()),
      }),
      weight: 2,
      width: 1,
    });
  }
  if (f.subhead)
    stack.push({
      slot: slot({
        id: "subhead",
        kind: "text",
        role: "subhead",
        label: "Supporting line",
        tone: onMedia ? "onMedia" : "muted",
        fit: withAlign("subhead"),
        enter: anim("fade", 500, delay()),
      }),
      weight: 1,
      width: 1,
    });
  if (f.body)
    stack.push({
      slot: slot({
        id: "body",
        kind: "text",
        role: "body",
        label: "Paragraph",
        tone: textTone,
        fit: withAlign("body"),
        enter: anim("fade", 500, delay()),
      }),
      weight: 1.6,
      width: 1,
    });
  if (f.bullets) {
    const n = f.bullets;
    stack.push({
      slot: slot({
        id: "points",
        kind: "text",
        role: "bullets",
        label: `${n} point${n === 1 ? "" : "s"} (one per line)`,
        required: true,
        tone: textTone,
        fit: withAlign("bullets", { maxChars: Math.min(400, n * 48), maxLines: Math.min(40, n * 2) }),
        enter: anim("slide-left", 500, delay()),
      }),
      weight: 0.8 * n,
      width: 1,
    });
  }
  const cta = f.cta
    ? slot({
        id: "cta",
        kind: "text",
        role: "cta",
        label: "Button",
        required: true,
        tone: "accentText",
        surface: "accent",
        fit: withAlign("cta", { align: "center" }),
        enter: anim("pop", 450, delay() + 200, "spring"),
      })
    : null;
  const price = f.price
    ? slot({
        id: "price",
        kind: "text",
        role: "price",
        label: f.price.badge ? "Price badge" : "Price",
        required: true,
        tone: f.price.badge ? "accentText" : onMedia ? "onMedia" : "accent",
        surface: f.price.badge ? "accent" : "none",
        z: 30,
        enter: anim("pop", 450, delay() + 300, "spring"),
      })
    : null;
  const badge = f.badge
    ? slot({
        id: "badge",
        kind: "text",
        role: "badge",
        label: "Badge",
        tone: "accentText",
        surface: "accent",
        z: 30,
        enter: anim("pop", 450, delay() + 300, "spring"),
      })
    : null;
  const image = f.image
    ? slot({
        id: "image",
        kind: "image",
        role: "media",
        label: f.image.product ? "Product picture" : "Picture",
        required: true,
        z: 1,
        fit: defaultFit("media"),
        enter: anim(arrangement === "overlay" ? "scale" : "mask-reveal", 700, 0),
      })
    : null;
  if (image && f.image?.product && arrangement !== "overlay") image.fit = { ...image.fit, objectFit: "contain" };
  const logo = f.logo
    ? slot({
        id: "logo",
        kind: "logo",
        role: "logo",
        label: "Logo",
        z: 25,
        fit: { ...defaultFit("media"), objectFit: "contain" },
        enter: anim("fade", 400, 100),
      })
    : null;
  return { stack, cta, price, badge, image, logo };
}

const round = (n: number) => Math.round(n * 10000) / 10000;

function toFraction(r: Rect, W: number, H: number): Box {
  const x = Math.max(0, r.x / W);
  const y = Math.max(0, r.y / H);
  return { x: round(x), y: round(y), w: round(Math.min(r.w / W, 1 - x)), h: round(Math.min(r.h / H, 1 - y)) };
}

function cornerRect(corner: Corner, w: number, h: number, W: number, H: number, m: number): Rect {
  const [v, hor] = corner.split("-") as ["top" | "bottom", "left" | "center" | "right"];
  const x = hor === "left" ? m : hor === "right" ? W - m - w : (W - w) / 2;
  const y = v === "top" ? m : H - m - h;
  return { x, y, w, h };
}

interface Regions {
  media: Rect | null;
  /** A card or scrim drawn behind (shape slot), if any. */
  backdrop: { rect: Rect; kind: "card" | "scrim" } | null;
  text: Rect;
  /** Where the stack sits vertically when it does not fill its column. */
  anchor: "top" | "middle" | "bottom";
}

function regionsFor(
  arrangement: Arrangement,
  mirror: boolean,
  hasImage: boolean,
  W: number,
  H: number,
  m: number,
): Regions {
  const portrait = H > W * 1.1;
  if (!hasImage) {
    // Text only: a column with margins; later variants move it and narrow it.
    const w = arrangement === "card" || arrangement === "split" ? W - 2 * m : W * 0.84;
    const x = arrangement === "centered" || arrangement === "overlay" ? (W - w) / 2 : m;
    return {
      media: null,
      backdrop: arrangement === "card" ? { rect: { x: m / 2, y: m / 2, w: W - m, h: H - m }, kind: "card" } : null,
      text: { x: x, y: 1.5 * m, w: Math.min(w, W - x - m), h: H - 3 * m },
      anchor: arrangement === "overlay" ? "bottom" : arrangement === "split" ? "top" : "middle",
    };
  }
  if (arrangement === "overlay") {
    const text = portrait
      ? { x: m, y: H * 0.5, w: W - 2 * m, h: H * 0.5 - 1.5 * m }
      : { x: m, y: H * 0.38, w: W * 0.62, h: H * 0.62 - 1.2 * m };
    return {
      media: { x: 0, y: 0, w: W, h: H },
      backdrop: { rect: { x: 0, y: text.y - m, w: W, h: H - text.y + m }, kind: "scrim" },
      text,
      anchor: "bottom",
    };
  }
  if (arrangement === "split") {
    if (portrait) {
      const mh = H * 0.46;
      return mirror
        ? {
            media: { x: 0, y: H - mh, w: W, h: mh },
            backdrop: null,
            text: { x: m, y: m * 1.5, w: W - 2 * m, h: H - mh - 2.5 * m },
            anchor: "middle",
          }
        : {
            media: { x: 0, y: 0, w: W, h: mh },
            backdrop: null,
            text: { x: m, y: mh + m, w: W - 2 * m, h: H - mh - 2 * m },
            anchor: "top",
          };
    }
    const mw = W * 0.48;
    return mirror
      ? {
          media: { x: W - mw, y: 0, w: mw, h: H },
          backdrop: null,
          text: { x: m, y: m, w: W - mw - 2 * m, h: H - 2 * m },
          anchor: "middle",
        }
      : {
          media: { x: 0, y: 0, w: mw, h: H },
          backdrop: null,
          text: { x: mw + m, y: m, w: W - mw - 2 * m, h: H - 2 * m },
          anchor: "middle",
        };
  }
  if (arrangement === "card") {
    if (portrait) {
      const card = { x: m, y: m, w: W - 2 * m, h: H * 0.48 };
      const text = { x: m, y: card.y + card.h + m, w: W - 2 * m, h: H - card.h - 3 * m };
      return { media: inset(card, m / 2), backdrop: { rect: card, kind: "card" }, text, anchor: "top" };
    }
    const cw = W * 0.46;
    const card = mirror ? { x: m, y: m, w: cw, h: H - 2 * m } : { x: W - m - cw, y: m, w: cw, h: H - 2 * m };
    const text = mirror
      ? { x: card.x + cw + m, y: m, w: W - cw - 3 * m, h: H - 2 * m }
      : { x: m, y: m, w: W - cw - 3 * m, h: H - 2 * m };
    return { media: inset(card, m / 2), backdrop: { rect: card, kind: "card" }, text, anchor: "middle" };
  }
  // centred: a picture inset above (or beside, on wide canvases) a centred text column.
  if (portrait) {
    const side = Math.min(W * 0.64, H * 0.36);
    const media = { x: (W - side) / 2, y: m * 1.5, w: side, h: side };
    return {
      media,
      backdrop: null,
      text: { x: m, y: media.y + side + m, w: W - 2 * m, h: H - media.y - side - 2.2 * m },
      anchor: "top",
    };
  }
  const side = Math.min(H - 3 * m, W * 0.4);
  const media = mirror
    ? { x: m * 1.5, y: (H - side) / 2, w: side, h: side }
    : { x: W - m * 1.5 - side, y: (H - side) / 2, w: side, h: side };
  const text = mirror
    ? { x: media.x + side + m, y: m, w: W - side - 3.5 * m, h: H - 2 * m }
    : { x: m, y: m, w: W - side - 3.5 * m, h: H - 2 * m };
  return { media, backdrop: null, text, anchor: "middle" };
}

function inset(r: Rect, by: number): Rect {
  return { x: r.x + by, y: r.y + by, w: r.w - 2 * by, h: r.h - 2 * by };
}

/** Lays the text items out top to bottom in `col`, each at least one line of its smallest text high. */
function stackBoxes(
  items: StackItem[],
  col: Rect,
  anchor: Regions["anchor"],
  align: SlotFit["align"],
  H: number,
): Map<string, Rect> {
  const out = new Map<string, Rect>();
  if (items.length === 0) return out;
  const gap = Math.min(H * 0.022, col.h * 0.04);
  const avail = Math.max(0, col.h - gap * (items.length - 1));
  const total = items.reduce((n, i) => n + i.weight, 0);
  const unitCap = H * 0.075;
  const heights = items.map((i) => {
    const min = i.slot.fit.minFontPx * i.slot.fit.lineHeight * 1.15;
    return Math.max(min, Math.min((avail * i.weight) / total, i.weight * unitCap));
  });
  const used = heights.reduce((a, b) => a + b, 0) + gap * (items.length - 1);
  let y =
    col.y + (anchor === "top" ? 0 : anchor === "middle" ? Math.max(0, (col.h - used) / 2) : Math.max(0, col.h - used));
  items.forEach((item, i) => {
    const w = col.w * item.width;
    const x = align === "center" ? col.x + (col.w - w) / 2 : align === "right" ? col.x + col.w - w : col.x;
    out.set(item.slot.id, { x, y, w, h: heights[i]! });
    y += heights[i]! + gap;
  });
  return out;
}

/** One candidate layout for a brief (variant 0, 1, 2… differ in arrangement, mirroring and alignment). */
export function localLayout(req: LayoutRequest): LayoutBody {
  const f = readBrief(req.brief);
  const variant = Math.max(0, Math.floor(req.variant));
  const arrangement = ARRANGEMENTS[variant % ARRANGEMENTS.length]!;
  const mirror = Math.floor(variant / ARRANGEMENTS.length) % 2 === 1 || (f.image === null && variant % 2 === 1);
  const align: SlotFit["align"] =
    arrangement === "centered" || (f.image === null && arrangement === "overlay") ? "center" : "left";
  const { stack, cta, price, badge, image, logo } = slotsFor(f, arrangement, align);
  const slots: LayoutSlot[] = [];
  const backdropSlot = (kind: "card" | "scrim") =>
    slot(
      kind === "card"
        ? {
            id: "card",
            kind: "shape",
            role: "decoration",
            label: "Card",
            surface: "surface",
            z: 0,
            enter: anim("fade", 400, 0),
          }
        : {
            id: "scrim",
            kind: "shape",
            role: "decoration",
            label: "Shade",
            surface: "scrim",
            opacity: 0.6,
            z: 5,
            enter: anim("fade", 400, 100),
          },
    );

  const boxes = {} as Record<CompositionRatio, Record<string, Box>>;
  let backdropKind: "card" | "scrim" | null = null;
  let priceInStack = false;
  let badgeInStack = false;
  for (const ratio of COMPOSITION_RATIOS) {
    const { width: W, height: H } = CANVAS_SIZES["1080p"][ratio];
    const short = Math.min(W, H);
    const m = short * 0.065;
    const regions = regionsFor(arrangement, mirror, image !== null, W, H, m);
    backdropKind = regions.backdrop?.kind ?? null;
    const rects = new Map<string, Rect>();
    if (regions.backdrop) rects.set(regions.backdrop.kind, regions.backdrop.rect);
    if (image && regions.media) rects.set("image", regions.media);
    let col = { ...regions.text };
    let logoRect: Rect | null = null;
    if (logo) {
      const corner: Corner = f.logo?.corner ?? (mirror ? "top-left" : "top-right");
      logoRect = cornerRect(corner, short * 0.2, short * 0.1, W, H, m * 0.8);
      rects.set("logo", logoRect);
      // Keep the text column clear of the logo.
      if (overlaps(logoRect, col)) {
        if (logoRect.y + logoRect.h / 2 > col.y + col.h / 2)
          col = { ...col, h: Math.max(0, logoRect.y - m * 0.5 - col.y) };
        else {
          const top = logoRect.y + logoRect.h + m * 0.5;
          col = { ...col, y: top, h: Math.max(0, col.y + col.h - top) };
        }
      }
    }
    // A price badge (or other badge) sits on a corner of the picture, clear of the logo; without a picture it joins the stack.
    const floating = [price && f.price?.badge ? price : null, badge].filter((s): s is LayoutSlot => s !== null);
    const items = [...stack];
    const badgeW = short * 0.26;
    const badgeH = short * 0.1;
    const taken: Rect[] = logoRect ? [logoRect, col] : [col];
    for (const s of floating) {
      const media = regions.media;
      let placed: Rect | null = null;
      if (media) {
        const corners: Rect[] = [
          { x: media.x + media.w - badgeW - m * 0.6, y: media.y + m * 0.6, w: badgeW, h: badgeH },
          { x: media.x + m * 0.6, y: media.y + m * 0.6, w: badgeW, h: badgeH },
          { x: media.x + media.w - badgeW - m * 0.6, y: media.y + media.h - badgeH - m * 0.6, w: badgeW, h: badgeH },
          { x: media.x + m * 0.6, y: media.y + media.h - badgeH - m * 0.6, w: badgeW, h: badgeH },
        ];
        if (mirror) corners.reverse();
        placed =
          corners.find(
            (c) => c.x >= 0 && c.y >= 0 && c.x + c.w <= W && c.y + c.h <= H && !taken.some((t) => overlaps(t, c)),
          ) ?? null;
      }
      if (placed) {
        rects.set(s.id, placed);
        taken.push(placed);
      } else {
        items.push({ slot: s, weight: 0.9, width: 0.45 });
        if (s.id === "price") priceInStack = true;
        else badgeInStack = true;
      }
    }
    if (price && !f.price?.badge) items.push({ slot: price, weight: 0.9, width: 0.5 });
    if (cta) items.push({ slot: cta, weight: 0.8, width: 0.6 });
    for (const [id, r] of stackBoxes(items, col, regions.anchor, align, H)) rects.set(id, r);
    boxes[ratio] = Object.fromEntries([...rects].map(([id, r]) => [id, toFraction(r, W, H)]));
  }
  // Slots in drawing order; a slot exists once even if it sits in the stack in one ratio and floats in another.
  if (backdropKind) slots.push(backdropSlot(backdropKind));
  if (image) slots.push(image);
  for (const item of stack) slots.push(item.slot);
  if (price) slots.push(priceInStack && f.price?.badge ? { ...price, fit: { ...price.fit, align } } : price);
  if (badge) slots.push(badgeInStack ? { ...badge, fit: { ...badge.fit, align } } : badge);
  if (cta) slots.push(cta);
  if (logo) slots.push(logo);

  const arrangementName = `${ARRANGEMENT_LABELS[arrangement]}${mirror ? ", mirrored" : ""}`;
  return {
    name: `${f.subject} (${arrangementName})`.slice(0, 80),
    description:
      `Local preview, not AI: arranged from the brief's words (${describeFeatures(f)}) in a ${arrangementName} arrangement.`.slice(
        0,
        500,
      ),
    slots,
    boxes,
  };
}

export const LOCAL_LAYOUT_NOTICE =
  "Local preview: these layouts were arranged from your brief's own words by rules on this server, not by an AI model.";

/** The responder behind the local language model for the layout generator's structured output. */
export function localLayoutResponder(call: LocalCall): LocalAnswer {
  const req = readLayoutRequest(call.userTexts);
  if (!req) return { text: JSON.stringify({ name: "Untitled layout", description: "", slots: [], boxes: {} }) };
  return { text: JSON.stringify(localLayout(req)) };
}
