/**
 * The writer's rules as tests, over a corpus of briefs (corpus.ts) and saved
 * product pages: no request words on screen, no text ending mid-phrase, no
 * repeated headline, the facts kept exactly, the length followed, a clean
 * title. No rendering: the Local preview writer's responder answers the same
 * tool calls a model would get.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { STARTER_TEMPLATES, starterTemplateVersion } from "@/lib/engine/composition/starter";
import { extractFromHtml } from "@/lib/creation/links/extract-html";
import { formatPrice, productBrief } from "@/lib/creation/links/product-video";
import { VIDEO_LENGTHS } from "@/lib/creation/video/contract";
import {
  localWriterResponder,
  requestBlock,
  type ToolLayout,
  type WriterRequest,
} from "@/lib/creation/video/local-writer";
import { planSchema, plannedSeconds, repairPlan, type Plan } from "@/lib/creation/video/plan";
import { CORPUS } from "./corpus";
import { endsMidPhrase } from "./phrases";
import { briefDefaults } from "./request";

const versions = STARTER_TEMPLATES.map((t) => ({ t, v: starterTemplateVersion(t) }));
const toolTemplates = versions.map(({ t, v }) => ({
  id: t.id,
  name: t.name,
  description: t.description,
  mood: v.music.mood,
  layout_ids: v.layouts.map((l) => l.id),
}));
const toolLayouts = (id: string): ToolLayout[] =>
  versions
    .find(({ t }) => t.id === id)!
    .v.layouts.map((l) => ({
      id: l.id,
      name: l.name,
      slots: l.slots
        .filter((s) => s.kind !== "shape")
        .map((s) => ({ id: s.id, kind: s.kind, role: s.role, max_chars: s.fit.maxChars, required: s.required })),
    }));
const library = {
  templates: versions.map(({ t, v }) => ({ id: t.id, layoutIds: v.layouts.map((l) => l.id) })),
  layouts: new Map(versions.flatMap(({ v }) => v.layouts.map((l) => [l.id, l] as const))),
};

/** The writer as the pipeline runs it: list_templates, list_layouts, then the plan. */
function write(req: WriterRequest): Plan {
  const base = {
    options: {} as never,
    system: "",
    userTexts: [requestBlock(req)],
    toolNames: ["list_templates", "list_layouts"],
    wantsJson: true,
  };
  const first = localWriterResponder({ ...base, toolResults: [] }) as { toolCalls?: { toolName: string }[] };
  expect(first.toolCalls?.[0]?.toolName).toBe("list_templates");
  const second = localWriterResponder({
    ...base,
    toolResults: [{ toolName: "list_templates", output: toolTemplates }],
  }) as { toolCalls?: { input: { template_id: string } }[] };
  const templateId = second.toolCalls![0]!.input.template_id;
  const answer = localWriterResponder({
    ...base,
    toolResults: [
      { toolName: "list_templates", output: toolTemplates },
      { toolName: "list_layouts", output: toolLayouts(templateId) },
    ],
  }) as { text: string };
  return planSchema.parse(JSON.parse(answer.text));
}

/** Request words: a length written as the video's ("20-second", "30s ad", "one-minute"), a format with its connector, the asking verbs. */
const REQUEST_WORDS = [
  /\b\d+-(?:seconds?|secs?)\b/iu,
  /\b\d+\s?(?:seconds?|secs?|s)\s(?:ad|video|reel|promo|clip|explainer|spot)\b/iu,
  /\bone[- ]minute\b/iu,
  /\b(?:upbeat|calm|energetic|fun|professional)\s(?:ad|video|reel|explainer)\b/iu,
  /\b(?:ad|video|reel|promo|explainer|clip)\s(?:for|about|explaining|announcing)\b/iu,
  /\bmake a\b/iu,
  /\binstagram reel\b/iu,
  /\btiktok ad\b/iu,
  /\bkeep it\b/iu,
  /\b(?:promote|advertise|showcase) (?:our|my)\b/iu,
];

interface Screen {
  title: string;
  headlines: string[];
  lines: string[];
  narration: string;
}

function screenOf(plan: Plan): Screen {
  const headlines: string[] = [];
  const lines: string[] = [];
  for (const scene of plan.scenes) {
    const layout = library.layouts.get(scene.layout_id)!;
    for (const t of scene.texts) {
      const slot = layout.slots.find((s) => s.id === t.slot)!;
      if (slot.role === "headline") headlines.push(t.text);
      lines.push(...t.text.split("\n"));
    }
  }
  return { title: plan.title, headlines, lines, narration: plan.scenes.map((s) => s.narration).join(" ") };
}

function expectWellWritten(plan: Plan, brief: string, lengthS: number, facts: readonly string[]) {
  const screen = screenOf(plan);
  // No request words on screen or in the title.
  for (const text of [screen.title, ...screen.lines])
    for (const re of REQUEST_WORDS) expect({ text, request: re.test(text) }).toEqual({ text, request: false });
  // Nothing ends mid-phrase: no trailing function word, no number cut from its unit.
  for (const text of [screen.title, ...screen.lines])
    expect({ text, midPhrase: endsMidPhrase(text, brief) }).toEqual({ text, midPhrase: false });
  // Each scene says something new.
  const seen = screen.headlines.map((h) => h.toLowerCase());
  expect(new Set(seen).size).toBe(seen.length);
  // The facts, exactly as written, on screen or in the narration.
  const all = [screen.title, ...screen.lines, screen.narration].join(" \n ");
  for (const fact of facts) expect({ fact, kept: all.includes(fact) }).toEqual({ fact, kept: true });
  // The length: within 15% of the length asked for.
  const seconds = plannedSeconds(plan, lengthS);
  expect(seconds).toBeGreaterThanOrEqual(lengthS * 0.85);
  expect(seconds).toBeLessThanOrEqual(lengthS * 1.15);
  // A clean title.
  expect(plan.title.length).toBeGreaterThan(0);
  expect(plan.title.length).toBeLessThanOrEqual(80);
  expect(plan.title).toMatch(/^[\p{Lu}\p{N}$€£]/u);
  expect(plan.title).not.toMatch(/^(?:A|An)\s/u);
  // Narration in whole sentences, and a plan the pipeline takes as it is.
  for (const s of plan.scenes) if (s.narration) expect(s.narration).toMatch(/[.!?]$/u);
  expect(repairPlan({ plan, library, templateId: null, lengthS }).repairs).toEqual([]);
}

describe("the writer over the corpus", () => {
  it("has at least 40 briefs, a few in other languages", () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(40);
    expect(CORPUS.filter((c) => c.other).length).toBeGreaterThanOrEqual(3);
  });

  for (const [i, c] of CORPUS.entries()) {
    it(`#${i + 1} ${c.brief.slice(0, 60)}`, () => {
      const defaults = briefDefaults(c.brief, VIDEO_LENGTHS);
      if (c.length !== null) expect(defaults.length_s).toBe(c.length);
      const lengthS = defaults.length_s ?? 30;
      const plan = write({ brief: c.brief, length_s: lengthS, aspect_ratio: "9:16", template_id: null });
      if (c.other) {
        // Only its own words and facts, no English added.
        const own = new Set(c.brief.toLowerCase().match(/[\p{L}\p{N}%$€]+/gu));
        const screen = screenOf(plan);
        const used =
          [screen.title, ...screen.lines, screen.narration]
            .join(" ")
            .toLowerCase()
            .match(/[\p{L}\p{N}%$€]+/gu) ?? [];
        for (const w of used) expect({ w, own: own.has(w) }).toEqual({ w, own: true });
        const all = [screen.title, ...screen.lines, screen.narration].join(" ");
        for (const fact of c.facts) expect(all).toContain(fact);
        return;
      }
      expectWellWritten(plan, c.brief, lengthS, c.facts);
      // The same brief on another template keeps the same rules.
      for (const t of [toolTemplates[i % toolTemplates.length]!]) {
        const again = write({ brief: c.brief, length_s: lengthS, aspect_ratio: "9:16", template_id: t.id });
        expect(again.template_id).toBe(t.id);
        expectWellWritten(again, c.brief, lengthS, c.facts);
      }
    });
  }

  it("opens every video on a scene with a picture, so the subject is shown (the Local preview draws it)", () => {
    for (const c of CORPUS) {
      const plan = write({ brief: c.brief, length_s: c.length ?? 30, aspect_ratio: "16:9", template_id: null });
      expect({ brief: c.brief, picture: Boolean(plan.scenes[0]?.image_prompt) }).toEqual({
        brief: c.brief,
        picture: true,
      });
    }
  });

  it("gives every scene with a picture a visual query made of its own words, or the video's subject (and none to a scene without)", () => {
    for (const c of CORPUS) {
      const plan = write({ brief: c.brief, length_s: c.length ?? 30, aspect_ratio: "16:9", template_id: null });
      for (const scene of plan.scenes) {
        if (!scene.image_prompt) {
          expect(scene.visual_query).toBeNull();
          continue;
        }
        // Its own words; a scene naming fewer than two things (an offer) leads with the video's subject (the title's words).
        const own =
          `${scene.texts.map((t) => t.text).join(" ")} ${scene.narration} ${scene.image_prompt} ${plan.title}`.toLowerCase();
        const words = (scene.visual_query ?? "").split(" ").filter(Boolean);
        expect({ brief: c.brief, words: words.length > 0 && words.length <= 5 }).toEqual({
          brief: c.brief,
          words: true,
        });
        for (const w of words)
          expect({ brief: c.brief, word: w, own: own.includes(w) }).toEqual({ brief: c.brief, word: w, own: true });
      }
    }
  });

  it("is deterministic: the same brief gives the same plan", () => {
    const req = { brief: CORPUS[1]!.brief, length_s: 30, aspect_ratio: "9:16", template_id: null };
    expect(write(req)).toEqual(write(req));
  });
});

describe("the writer on saved product pages", () => {
  const pages: { file: string; facts: string[] }[] = [
    { file: "xmobile-redmi.html", facts: ["Xiaomi Redmi Note 14 Pro Plus 5G 12GB RAM 512GB", "LKR 149,999"] },
    { file: "spinneys-feta.html", facts: ["Mevgal Bio Feta Cheese 200g", "LBP 139,999"] },
    { file: "gibert-jeune-book.html", facts: ["La légende de Darkseid", "€22.50"] },
    { file: "amazon-kindle-book.html", facts: ["The Whole Truth", "$4.99"] },
    { file: "amazon-bottle.html", facts: ["Trailmark Insulated Stainless Steel Water Bottle", "$27.99"] },
    { file: "etsy-mug.html", facts: ["Hand-Thrown Stoneware Mug", "$38"] },
    { file: "walmart-bottle.html", facts: ["Mainstays 24 oz Stainless Steel Water Bottle", "$9.97"] },
    { file: "shopify-tea.html", facts: ["Smoky Lapsang Souchong Loose Leaf Tea", "£14.50"] },
  ];
  /** What a shop adds to a product's name: none of it reaches the screen. */
  const SHOP_WORDS = /Kindle edition|Kindle eBooks|Amazon\.com|Walmart\.com|\bEtsy\b|Kettle & Leaf|Baldacci, David|@/u;
  it("a shop's page title: the name without the edition, format and author, who gets a slot of their own", () => {
    const name = "The Whole Truth (A. Shaw Book 1) - Kindle edition by Baldacci, David.";
    const brief = productBrief({
      name,
      description: "A gripping thriller about a global conspiracy.",
      price: "4.99",
      currency: "GBP",
      brand: null,
      points: ["Mystery, Thriller & Suspense Kindle eBooks"],
    });
    const plan = write({
      brief,
      length_s: 30,
      aspect_ratio: "9:16",
      template_id: null,
      product: { name, price: "£4.99", points: ["Mystery, Thriller & Suspense Kindle eBooks"] },
    });
    expect(plan.title).toBe("The Whole Truth — By David Baldacci");
    const screen = screenOf(plan);
    expect(screen.headlines[0]).toBe("The Whole Truth");
    expect(screen.lines).toContain("By David Baldacci");
    expect(screen.lines.join(" ")).not.toMatch(/Kindle edition|Baldacci, David|\(A\./);
    expect(plan.scenes[plan.scenes.length - 1]!.layout_id).toBe("starter-end-card");
    expectWellWritten(plan, brief, 30, ["The Whole Truth", "£4.99"]);
  });

  it("the shop's category goes into the generated pictures' prompts, never on screen (a thriller's name alone draws nothing)", async () => {
    const html = readFileSync(path.join(process.cwd(), "tests/fixtures/links", "amazon-kindle-book.html"), "utf8");
    const facts = await extractFromHtml({ html, url: "https://www.amazon.com/dp/B000VMHMJK" });
    expect(facts.category).toBe("Mystery, Thriller & Suspense books");
    const product = { name: facts.name, price: "$4.99", points: facts.points, brand: facts.brand };
    const req = { brief: productBrief(facts), length_s: 30, aspect_ratio: "9:16", template_id: null };
    const withCategory = write({ ...req, product: { ...product, category: facts.category } });
    const prompts = withCategory.scenes.map((s) => s.image_prompt).filter((p): p is string => Boolean(p));
    expect(prompts.length).toBeGreaterThan(0);
    for (const p of prompts) expect(p).toContain("Mystery, Thriller & Suspense books");
    expect(screenOf(withCategory).lines.join(" ")).not.toContain("Suspense");
    // Without it, the same facts give the same words on screen.
    const without = write({ ...req, product });
    expect(screenOf(without).lines).toEqual(screenOf(withCategory).lines);
    for (const s of without.scenes) expect(s.image_prompt ?? "").not.toContain("Suspense");
  });

  for (const page of pages) {
    it(page.file, async () => {
      const html = readFileSync(path.join(process.cwd(), "tests/fixtures/links", page.file), "utf8");
      const facts = await extractFromHtml({ html, url: "https://shop.example/p" });
      const brief = productBrief({
        name: facts.name,
        description: facts.description,
        price: facts.price,
        currency: facts.currency,
        brand: facts.brand,
        points: facts.points,
      });
      // As the product video passes it (lib/creation/links/product-video.ts).
      const price = formatPrice(facts.price, facts.currency);
      const plan = write({
        brief,
        length_s: 30,
        aspect_ratio: "9:16",
        template_id: null,
        product: { name: facts.name, price, points: facts.points, brand: facts.brand },
      });
      expectWellWritten(plan, brief, 30, page.facts);
      expect(plan.title.startsWith(page.facts[0]!)).toBe(true);
      const screen = screenOf(plan);
      for (const text of [screen.title, ...screen.lines]) expect(text).not.toMatch(SHOP_WORDS);
      // The author or brand has a line of its own when the name did not carry it.
      if (facts.brand && !facts.name.includes(facts.brand))
        expect(screen.lines.join(" \n ") + screen.narration).toContain(facts.brand);
    });
  }
});
