/**
 * The starter layouts, as data: ten arrangements with a box per slot for
 * each of the four ratios (fractions of the canvas), fit rules sized for the
 * sample texts and enter animations. ensureStarterLibrary seeds them once.
 */
import {
  layoutBodySchema,
  type Animation,
  type Box,
  type LayoutBody,
  type LayoutSlotInput,
  type SlotFit,
} from "../layout-schema";
import type { CompositionRatio } from "../ratios";

type Quad = [x: number, y: number, w: number, h: number];
type RatioQuads = Record<CompositionRatio, Record<string, Quad>>;

/** A starter layout as written here (slot defaults not yet applied). */
export interface StarterLayoutInput extends Omit<LayoutBody, "slots"> {
  id: string;
  slots: LayoutSlotInput[];
}

export interface StarterLayout extends LayoutBody {
  id: string;
}

const anim = (
  type: Animation["type"],
  durationMs = 500,
  delayMs = 0,
  easing: Animation["easing"] = "ease-out",
): Animation => ({ type, durationMs, delayMs, easing });

/** Fit rules per role, in design units; a slot overrides what it needs. */
const FIT: Record<string, SlotFit> = {
  headline: {
    maxChars: 60,
    minFontPx: 44,
    maxFontPx: 120,
    lineHeight: 1.08,
    align: "left",
    weight: 800,
    uppercase: false,
    objectFit: "cover",
    valign: "middle",
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
    maxFontPx: 72,
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
    maxFontPx: 300,
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

const fit = (role: string, over: Partial<SlotFit> = {}): SlotFit => ({ ...FIT[role]!, ...over });

function slot(s: Partial<LayoutSlotInput> & Pick<LayoutSlotInput, "id" | "kind" | "role" | "label">): LayoutSlotInput {
  return {
    required: false,
    fit: fit(s.role in FIT ? s.role : "media"),
    z: 10,
    enter: null,
    exit: null,
    ...s,
  };
}

function toBoxes(q: RatioQuads): Record<CompositionRatio, Record<string, Box>> {
  const out = {} as Record<CompositionRatio, Record<string, Box>>;
  for (const [ratio, slots] of Object.entries(q) as [CompositionRatio, Record<string, Quad>][]) {
    out[ratio] = Object.fromEntries(Object.entries(slots).map(([id, [x, y, w, h]]) => [id, { x, y, w, h }]));
  }
  return out;
}

const media = (over: Partial<LayoutSlotInput> = {}) =>
  slot({
    id: "image",
    kind: "image",
    role: "media",
    label: "Image",
    required: true,
    z: 1,
    enter: anim("fade", 600),
    ...over,
  });
const headline = (over: Partial<LayoutSlotInput> = {}) =>
  slot({
    id: "headline",
    kind: "text",
    role: "headline",
    label: "Headline",
    required: true,
    z: 20,
    enter: anim("slide-up", 550, 150),
    ...over,
  });
const accentBar = (over: Partial<LayoutSlotInput> = {}) =>
  slot({
    id: "accent",
    kind: "shape",
    role: "decoration",
    label: "Accent bar",
    surface: "accent",
    z: 5,
    enter: anim("mask-reveal", 450, 350),
    ...over,
  });

const INPUTS: StarterLayoutInput[] = [
  {
    id: "starter-full-bleed",
    name: "Full-bleed photo",
    description: "A picture fills the frame; a headline and a line of support sit on a dark band at the bottom.",
    slots: [
      media({ enter: anim("scale", 900, 0, "ease-out") }),
      slot({
        id: "scrim",
        kind: "shape",
        role: "decoration",
        label: "Shade",
        surface: "scrim",
        opacity: 0.62,
        z: 5,
        enter: anim("fade", 400, 100),
      }),
      headline({ tone: "onMedia", fit: fit("headline", { maxChars: 56, maxFontPx: 112, valign: "bottom" }) }),
      slot({
        id: "subhead",
        kind: "text",
        role: "subhead",
        label: "Supporting line",
        tone: "onMedia",
        z: 20,
        enter: anim("fade", 500, 450),
      }),
    ],
    boxes: toBoxes({
      "9:16": {
        image: [0, 0, 1, 1],
        scrim: [0, 0.55, 1, 0.45],
        headline: [0.07, 0.59, 0.86, 0.17],
        subhead: [0.07, 0.775, 0.86, 0.075],
      },
      "1:1": {
        image: [0, 0, 1, 1],
        scrim: [0, 0.5, 1, 0.5],
        headline: [0.07, 0.545, 0.86, 0.25],
        subhead: [0.07, 0.81, 0.86, 0.13],
      },
      "4:5": {
        image: [0, 0, 1, 1],
        scrim: [0, 0.52, 1, 0.48],
        headline: [0.07, 0.57, 0.86, 0.22],
        subhead: [0.07, 0.8, 0.86, 0.11],
      },
      "16:9": {
        image: [0, 0, 1, 1],
        scrim: [0, 0.5, 1, 0.5],
        headline: [0.06, 0.54, 0.72, 0.25],
        subhead: [0.06, 0.8, 0.72, 0.13],
      },
    }),
  },
  {
    id: "starter-split",
    name: "Split: picture and text",
    description:
      "Half picture, half words: a headline, an accent bar and a short paragraph beside (or under) the image.",
    slots: [
      media({ enter: anim("mask-reveal", 700) }),
      headline({ fit: fit("headline", { maxChars: 50, maxFontPx: 96, valign: "bottom" }) }),
      accentBar(),
      slot({ id: "body", kind: "text", role: "body", label: "Paragraph", z: 20, enter: anim("fade", 500, 500) }),
    ],
    boxes: toBoxes({
      "9:16": {
        image: [0, 0, 1, 0.5],
        headline: [0.07, 0.535, 0.86, 0.15],
        accent: [0.07, 0.7, 0.14, 0.007],
        body: [0.07, 0.72, 0.86, 0.085],
      },
      "1:1": {
        image: [0, 0, 0.48, 1],
        headline: [0.53, 0.12, 0.41, 0.4],
        accent: [0.53, 0.555, 0.1, 0.01],
        body: [0.53, 0.6, 0.41, 0.3],
      },
      "4:5": {
        image: [0, 0, 1, 0.52],
        headline: [0.07, 0.555, 0.86, 0.17],
        accent: [0.07, 0.745, 0.12, 0.008],
        body: [0.07, 0.77, 0.86, 0.17],
      },
      "16:9": {
        image: [0.5, 0, 0.5, 1],
        headline: [0.06, 0.14, 0.39, 0.42],
        accent: [0.06, 0.6, 0.07, 0.012],
        body: [0.06, 0.65, 0.39, 0.25],
      },
    }),
  },
  {
    id: "starter-statement",
    name: "Big statement",
    description: "One bold sentence fills the frame, with a small label above and an accent bar under it.",
    slots: [
      slot({
        id: "kicker",
        kind: "text",
        role: "label",
        label: "Label",
        tone: "accent",
        z: 20,
        fit: fit("label", { align: "center" }),
        enter: anim("fade", 400),
      }),
      headline({
        fit: fit("headline", { maxChars: 70, minFontPx: 52, maxFontPx: 150, align: "center", lineHeight: 1.05 }),
        enter: anim("slide-up", 600, 150),
      }),
      accentBar({ enter: anim("scale", 400, 600) }),
    ],
    boxes: toBoxes({
      "9:16": {
        kicker: [0.1, 0.27, 0.8, 0.035],
        headline: [0.07, 0.32, 0.86, 0.34],
        accent: [0.42, 0.69, 0.16, 0.007],
      },
      "1:1": { kicker: [0.1, 0.15, 0.8, 0.06], headline: [0.07, 0.23, 0.86, 0.5], accent: [0.42, 0.78, 0.16, 0.012] },
      "4:5": { kicker: [0.1, 0.18, 0.8, 0.05], headline: [0.07, 0.25, 0.86, 0.45], accent: [0.42, 0.74, 0.16, 0.009] },
      "16:9": { kicker: [0.15, 0.15, 0.7, 0.07], headline: [0.1, 0.25, 0.8, 0.5], accent: [0.45, 0.8, 0.1, 0.014] },
    }),
  },
  {
    id: "starter-bullets",
    name: "Three points",
    description: "A headline and up to three short points, one per line.",
    slots: [
      headline({ fit: fit("headline", { maxChars: 40, maxFontPx: 96, valign: "bottom" }) }),
      accentBar(),
      slot({
        id: "points",
        kind: "text",
        role: "bullets",
        label: "Points (one per line)",
        required: true,
        z: 20,
        enter: anim("slide-left", 500, 500),
      }),
    ],
    boxes: toBoxes({
      "9:16": {
        headline: [0.08, 0.14, 0.84, 0.17],
        accent: [0.08, 0.33, 0.14, 0.007],
        points: [0.08, 0.37, 0.84, 0.36],
      },
      "1:1": { headline: [0.08, 0.06, 0.84, 0.2], accent: [0.08, 0.285, 0.12, 0.01], points: [0.08, 0.32, 0.84, 0.46] },
      "4:5": { headline: [0.08, 0.08, 0.84, 0.2], accent: [0.08, 0.3, 0.12, 0.008], points: [0.08, 0.345, 0.84, 0.43] },
      "16:9": { headline: [0.06, 0.14, 0.38, 0.48], accent: [0.06, 0.66, 0.07, 0.012], points: [0.5, 0.38, 0.44, 0.5] },
    }),
  },
  {
    id: "starter-product",
    name: "Product with price",
    description: "A product picture on a card, its name, a price badge and a button.",
    slots: [
      slot({
        id: "card",
        kind: "shape",
        role: "decoration",
        label: "Card",
        surface: "surface",
        z: 1,
        enter: anim("fade", 400),
      }),
      media({ fit: fit("media", { objectFit: "contain" }), z: 2, enter: anim("pop", 600, 150, "spring") }),
      headline({
        fit: fit("headline", { maxChars: 40, minFontPx: 40, maxFontPx: 88 }),
        enter: anim("slide-up", 500, 300),
      }),
      slot({
        id: "price",
        kind: "text",
        role: "price",
        label: "Price",
        required: true,
        tone: "accentText",
        surface: "accent",
        z: 30,
        enter: anim("pop", 450, 650, "spring"),
      }),
      slot({
        id: "cta",
        kind: "text",
        role: "cta",
        label: "Button",
        tone: "background",
        surface: "text",
        z: 20,
        enter: anim("fade", 400, 850),
      }),
    ],
    boxes: toBoxes({
      "9:16": {
        card: [0.07, 0.07, 0.86, 0.5],
        image: [0.12, 0.09, 0.76, 0.46],
        price: [0.6, 0.52, 0.32, 0.065],
        headline: [0.08, 0.61, 0.84, 0.11],
        cta: [0.22, 0.75, 0.56, 0.06],
      },
      "1:1": {
        card: [0.05, 0.07, 0.5, 0.86],
        image: [0.07, 0.11, 0.46, 0.78],
        headline: [0.6, 0.13, 0.36, 0.36],
        price: [0.6, 0.53, 0.3, 0.11],
        cta: [0.6, 0.7, 0.34, 0.1],
      },
      "4:5": {
        card: [0.07, 0.05, 0.86, 0.52],
        image: [0.12, 0.07, 0.76, 0.48],
        price: [0.6, 0.52, 0.32, 0.07],
        headline: [0.08, 0.62, 0.84, 0.13],
        cta: [0.22, 0.79, 0.56, 0.08],
      },
      "16:9": {
        card: [0.05, 0.08, 0.44, 0.84],
        image: [0.07, 0.12, 0.4, 0.76],
        headline: [0.54, 0.12, 0.41, 0.36],
        price: [0.54, 0.53, 0.22, 0.13],
        cta: [0.54, 0.72, 0.3, 0.12],
      },
    }),
  },
  {
    id: "starter-quote",
    name: "Quote",
    description: "A quotation set large beside an accent rule, with who said it underneath.",
    slots: [
      accentBar({ enter: anim("mask-reveal", 500, 0) }),
      slot({
        id: "quote",
        kind: "text",
        role: "quote",
        label: "Quote",
        required: true,
        z: 20,
        enter: anim("fade", 700, 200, "ease-in-out"),
      }),
      slot({
        id: "attribution",
        kind: "text",
        role: "attribution",
        label: "Who said it",
        tone: "muted",
        z: 20,
        enter: anim("slide-up", 500, 700),
      }),
    ],
    boxes: toBoxes({
      "9:16": {
        accent: [0.08, 0.26, 0.012, 0.36],
        quote: [0.13, 0.25, 0.79, 0.38],
        attribution: [0.13, 0.65, 0.79, 0.05],
      },
      "1:1": {
        accent: [0.08, 0.16, 0.014, 0.5],
        quote: [0.13, 0.14, 0.79, 0.54],
        attribution: [0.13, 0.72, 0.79, 0.09],
      },
      "4:5": {
        accent: [0.08, 0.18, 0.013, 0.46],
        quote: [0.13, 0.17, 0.79, 0.49],
        attribution: [0.13, 0.7, 0.79, 0.07],
      },
      "16:9": {
        accent: [0.1, 0.12, 0.008, 0.48],
        quote: [0.13, 0.1, 0.74, 0.52],
        attribution: [0.13, 0.64, 0.74, 0.08],
      },
    }),
  },
  {
    id: "starter-title",
    name: "Title card",
    description: "Opening card: logo, title and a subtitle, centred.",
    slots: [
      slot({
        id: "logo",
        kind: "logo",
        role: "logo",
        label: "Logo",
        fit: fit("media", { objectFit: "contain" }),
        z: 20,
        enter: anim("scale", 500),
      }),
      headline({
        fit: fit("headline", { maxChars: 50, align: "center", maxFontPx: 130 }),
        enter: anim("slide-up", 600, 200),
      }),
      slot({
        id: "subhead",
        kind: "text",
        role: "subhead",
        label: "Subtitle",
        tone: "muted",
        fit: fit("subhead", { align: "center" }),
        z: 20,
        enter: anim("fade", 500, 550),
      }),
    ],
    boxes: toBoxes({
      "9:16": { logo: [0.36, 0.25, 0.28, 0.09], headline: [0.08, 0.37, 0.84, 0.22], subhead: [0.1, 0.61, 0.8, 0.08] },
      "1:1": { logo: [0.38, 0.1, 0.24, 0.16], headline: [0.08, 0.31, 0.84, 0.34], subhead: [0.1, 0.68, 0.8, 0.14] },
      "4:5": { logo: [0.37, 0.12, 0.26, 0.13], headline: [0.08, 0.3, 0.84, 0.32], subhead: [0.1, 0.65, 0.8, 0.12] },
      "16:9": { logo: [0.43, 0.1, 0.14, 0.19], headline: [0.1, 0.33, 0.8, 0.33], subhead: [0.15, 0.69, 0.7, 0.14] },
    }),
  },
  {
    id: "starter-end-card",
    name: "End card",
    description: "Closing card: logo, a last line, a button and a web address.",
    slots: [
      slot({
        id: "logo",
        kind: "logo",
        role: "logo",
        label: "Logo",
        fit: fit("media", { objectFit: "contain" }),
        z: 20,
        enter: anim("fade", 400),
      }),
      headline({
        fit: fit("headline", { maxChars: 44, align: "center", maxFontPx: 104 }),
        enter: anim("scale", 500, 150),
      }),
      slot({
        id: "cta",
        kind: "text",
        role: "cta",
        label: "Button",
        required: true,
        tone: "accentText",
        surface: "accent",
        z: 20,
        enter: anim("pop", 500, 450, "spring"),
      }),
      slot({
        id: "url",
        kind: "text",
        role: "label",
        label: "Web address",
        tone: "muted",
        fit: fit("label", { align: "center", uppercase: false, maxChars: 32 }),
        z: 20,
        enter: anim("fade", 400, 700),
      }),
    ],
    boxes: toBoxes({
      "9:16": {
        logo: [0.38, 0.19, 0.24, 0.08],
        headline: [0.08, 0.3, 0.84, 0.2],
        cta: [0.2, 0.54, 0.6, 0.065],
        url: [0.1, 0.635, 0.8, 0.04],
      },
      "1:1": {
        logo: [0.4, 0.07, 0.2, 0.14],
        headline: [0.08, 0.25, 0.84, 0.3],
        cta: [0.22, 0.6, 0.56, 0.12],
        url: [0.1, 0.76, 0.8, 0.07],
      },
      "4:5": {
        logo: [0.4, 0.08, 0.2, 0.12],
        headline: [0.08, 0.25, 0.84, 0.28],
        cta: [0.2, 0.58, 0.6, 0.1],
        url: [0.1, 0.72, 0.8, 0.06],
      },
      "16:9": {
        logo: [0.44, 0.08, 0.12, 0.17],
        headline: [0.12, 0.29, 0.76, 0.28],
        cta: [0.32, 0.62, 0.36, 0.13],
        url: [0.2, 0.79, 0.6, 0.08],
      },
    }),
  },
  {
    id: "starter-stat",
    name: "Number callout",
    description: "One big number, what it counts, and a sentence of context.",
    slots: [
      slot({
        id: "stat",
        kind: "text",
        role: "stat",
        label: "Number",
        required: true,
        tone: "accent",
        z: 20,
        enter: anim("pop", 600, 100, "spring"),
      }),
      headline({
        id: "fact",
        role: "headline",
        label: "What it counts",
        fit: fit("headline", { maxChars: 40, minFontPx: 40, maxFontPx: 80, valign: "top" }),
        enter: anim("slide-up", 500, 400),
      }),
      accentBar({ enter: anim("mask-reveal", 400, 600) }),
      slot({
        id: "body",
        kind: "text",
        role: "body",
        label: "Context",
        tone: "muted",
        fit: fit("body", { maxChars: 120 }),
        z: 20,
        enter: anim("fade", 500, 750),
      }),
    ],
    boxes: toBoxes({
      "9:16": {
        stat: [0.08, 0.2, 0.84, 0.2],
        fact: [0.08, 0.42, 0.84, 0.13],
        accent: [0.08, 0.575, 0.14, 0.007],
        body: [0.08, 0.6, 0.84, 0.13],
      },
      "1:1": {
        stat: [0.08, 0.06, 0.84, 0.28],
        fact: [0.08, 0.36, 0.84, 0.17],
        accent: [0.08, 0.55, 0.12, 0.01],
        body: [0.08, 0.58, 0.84, 0.18],
      },
      "4:5": {
        stat: [0.08, 0.08, 0.84, 0.26],
        fact: [0.08, 0.36, 0.84, 0.16],
        accent: [0.08, 0.54, 0.12, 0.008],
        body: [0.08, 0.57, 0.84, 0.2],
      },
      "16:9": {
        stat: [0.06, 0.16, 0.46, 0.58],
        fact: [0.55, 0.18, 0.39, 0.32],
        accent: [0.55, 0.54, 0.07, 0.012],
        body: [0.55, 0.59, 0.39, 0.26],
      },
    }),
  },
  {
    id: "starter-photo-card",
    name: "Photo card",
    description: "A framed picture on a card with a caption line beside or below it.",
    slots: [
      slot({
        id: "card",
        kind: "shape",
        role: "decoration",
        label: "Frame",
        surface: "surface",
        z: 1,
        enter: anim("scale", 500),
      }),
      media({ z: 2, enter: anim("fade", 500, 200) }),
      headline({
        fit: fit("headline", { maxChars: 50, minFontPx: 40, maxFontPx: 88, valign: "top" }),
        enter: anim("slide-up", 500, 450),
      }),
    ],
    boxes: toBoxes({
      "9:16": { card: [0.07, 0.1, 0.86, 0.53], image: [0.095, 0.114, 0.81, 0.502], headline: [0.08, 0.66, 0.84, 0.14] },
      "1:1": { card: [0.14, 0.05, 0.72, 0.66], image: [0.16, 0.07, 0.68, 0.62], headline: [0.08, 0.75, 0.84, 0.19] },
      "4:5": { card: [0.1, 0.05, 0.8, 0.63], image: [0.12, 0.066, 0.76, 0.598], headline: [0.08, 0.72, 0.84, 0.2] },
      "16:9": { card: [0.05, 0.08, 0.5, 0.84], image: [0.062, 0.101, 0.476, 0.798], headline: [0.6, 0.26, 0.35, 0.48] },
    }),
  },
];

/** The starter layouts with every default applied (validated once, when this module loads). */
export const STARTER_LAYOUTS: readonly StarterLayout[] = INPUTS.map(({ id, ...body }) => ({
  id,
  ...layoutBodySchema.parse(body),
}));

export function starterLayout(id: string): StarterLayout | undefined {
  return STARTER_LAYOUTS.find((l) => l.id === id);
}
