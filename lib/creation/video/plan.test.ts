import { STARTER_TEMPLATES, starterTemplateVersion } from "@/lib/engine/composition/starter";
import { localPlan, pickTemplate, readRequest, requestBlock, sentencesOf, type ToolLayout } from "./local-writer";
import { endsMidPhrase } from "./brief/phrases";
import { narrationWordBudget, planSchema, plannedSeconds, repairPlan, sceneCountFor, type Plan } from "./plan";
import { videoCost } from "./pricing";

const versions = STARTER_TEMPLATES.map((t) => ({ t, v: starterTemplateVersion(t) }));
const library = {
  templates: versions.map(({ t, v }) => ({ id: t.id, layoutIds: v.layouts.map((l) => l.id) })),
  layouts: new Map(versions.flatMap(({ v }) => v.layouts.map((l) => [l.id, l] as const))),
};
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

describe("repairPlan", () => {
  const good: Plan = {
    title: "Bean There",
    template_id: "starter-bold",
    scenes: [
      {
        layout_id: "starter-statement",
        texts: [{ slot: "headline", text: "Roasted the morning it ships" }],
        narration: "We roast every bag the morning it ships.",
        image_prompt: null,
      },
      {
        layout_id: "starter-end-card",
        texts: [
          { slot: "headline", text: "Order today" },
          { slot: "cta", text: "Shop now" },
        ],
        narration: "Order your first bag today.",
        image_prompt: null,
      },
    ],
  };

  it("leaves a valid plan as it is", () => {
    const { plan, repairs } = repairPlan({ plan: good, library, templateId: null, lengthS: 15 });
    expect(repairs).toEqual([]);
    expect(plan.scenes.map((s) => s.layout_id)).toEqual(["starter-statement", "starter-end-card"]);
  });

  it("fixes what a model gets wrong and says what it changed", () => {
    const bad: Plan = {
      title: "",
      template_id: "made-up",
      scenes: [
        {
          layout_id: "starter-quote",
          texts: [
            { slot: "headline", text: "x".repeat(500) },
            { slot: "nonsense", text: "?" },
          ],
          narration: "word ".repeat(200),
          image_prompt: "a cat",
        },
        ...Array.from({ length: 20 }, () => good.scenes[0]!),
      ],
    };
    const { plan, repairs } = repairPlan({ plan: bad, library, templateId: null, lengthS: 15 });
    expect(plan.template_id).toBe(library.templates[0]!.id);
    expect(plan.scenes.length).toBe(sceneCountFor(15) + 2);
    const allowed = library.templates[0]!.layoutIds;
    for (const scene of plan.scenes) {
      expect(allowed).toContain(scene.layout_id);
      const layout = library.layouts.get(scene.layout_id)!;
      for (const t of scene.texts)
        expect(t.text.length).toBeLessThanOrEqual(layout.slots.find((s) => s.id === t.slot)!.fit.maxChars);
      for (const slot of layout.slots.filter((s) => s.kind === "text" && s.required))
        expect(scene.texts.find((t) => t.slot === slot.id)?.text).toBeTruthy();
      expect(Boolean(scene.image_prompt)).toBe(layout.slots.some((s) => s.kind === "image"));
    }
    expect(plan.title.length).toBeGreaterThan(0);
    expect(repairs.join("\n")).toMatch(/unknown template[\s\S]*cut to[\s\S]*narration shortened/);
    expect(planSchema.safeParse(plan).success).toBe(true);
  });

  it("shortens text at phrase boundaries, never mid-phrase, and keeps headlines apart", () => {
    const long = "Steel bottles keep your drinks ice cold for 24 hours";
    const plan: Plan = {
      title: "A reusable steel water bottle that keeps drinks cold for 24 hours on every hike",
      template_id: "starter-bold",
      scenes: [
        {
          layout_id: "starter-stat",
          texts: [
            { slot: "stat", text: "24h" },
            { slot: "fact", text: long },
          ],
          narration:
            "Our bottle keeps drinks cold for 24 hours. It is made of steel and lasts for years, through every hike, commute and school run you take.",
          image_prompt: null,
        },
        {
          layout_id: "starter-statement",
          texts: [{ slot: "headline", text: "Cold all day for" }],
          narration: "Cold all day.",
          image_prompt: null,
        },
        {
          layout_id: "starter-bullets",
          texts: [
            { slot: "headline", text: "Steel bottles keep your drinks ice cold" },
            { slot: "points", text: "Steel\nCold" },
          ],
          narration: "Made for every trip you take.",
          image_prompt: null,
        },
        {
          layout_id: "starter-end-card",
          texts: [
            { slot: "headline", text: "Get yours" },
            { slot: "cta", text: "Shop now" },
          ],
          narration: "Get yours.",
          image_prompt: null,
        },
      ],
    };
    const { plan: fixed, repairs } = repairPlan({ plan, library, templateId: null, lengthS: 15 });
    const fact = fixed.scenes[0]!.texts.find((t) => t.slot === "fact")!.text;
    expect(fact.length).toBeLessThanOrEqual(40);
    expect(long.startsWith(fact)).toBe(true);
    // Not "… ice cold for 24": the number keeps its unit or goes with its phrase.
    expect(endsMidPhrase(fact, long)).toBe(false);
    expect(fact).toBe("Steel bottles keep your drinks ice cold");
    // Narration: whole sentences.
    expect(fixed.scenes[0]!.narration).toBe("Our bottle keeps drinks cold for 24 hours.");
    // A headline that ended on "for" ends on its last whole word.
    expect(fixed.scenes[1]!.texts[0]!.text).toBe("Cold all day");
    // The repeated headline takes a phrase of its own scene's narration.
    expect(fixed.scenes[2]!.texts.find((t) => t.slot === "headline")!.text).toBe("Made for every trip you take");
    expect(endsMidPhrase(fixed.title, plan.title)).toBe(false);
    expect(repairs.join("\n")).toMatch(/phrase boundary[\s\S]*ended mid-phrase[\s\S]*repeated/);
  });

  it("the user's template wins over the model's choice", () => {
    const { plan, repairs } = repairPlan({ plan: good, library, templateId: "starter-playful", lengthS: 15 });
    expect(plan.template_id).toBe("starter-playful");
    expect(repairs[0]).toMatch(/replaced by the chosen starter-playful/);
  });
});

describe("the Local preview writer", () => {
  const brief =
    "Bean There roasts coffee in Lisbon. Every bag ships the morning it is roasted. Subscribers save 20% and pay $12 a bag.";

  it("writes copy from what the brief says: a hook, its facts as scenes, a call to action, within the length", () => {
    const req = { brief, length_s: 30, aspect_ratio: "16:9", template_id: "starter-bold" };
    const plan = localPlan(req, toolTemplates.find((t) => t.id === "starter-bold")!, toolLayouts("starter-bold"));
    expect(plan.scenes.length).toBeGreaterThanOrEqual(3);
    expect(plan.scenes.length).toBeLessThanOrEqual(sceneCountFor(30));
    expect(plan.title).toMatch(/^Bean There — /);
    const texts = plan.scenes.flatMap((s) => s.texts.map((t) => t.text)).join(" ");
    expect(texts).toContain("20%");
    expect(texts).toContain("$12");
    expect(plan.scenes[0]!.texts.find((t) => t.slot === "headline")?.text).toBe("Bean There");
    expect(plan.scenes[plan.scenes.length - 1]!.layout_id).toBe("starter-end-card");
    const narrationWords = plan.scenes.reduce((n, s) => n + s.narration.split(/\s+/).length, 0);
    expect(narrationWords).toBeLessThanOrEqual(narrationWordBudget(30));
    // Narration is whole sentences.
    for (const s of plan.scenes) expect(s.narration).toMatch(/^\p{Lu}.*[.!?]$/u);
    // The plan it writes needs no repair.
    expect(repairPlan({ plan, library, templateId: null, lengthS: 30 }).repairs).toEqual([]);
  });

  it("ends an offer at a restaurant with a visit, and an online sale with the sale", () => {
    const closeOf = (b: string) => {
      const req = { brief: b, length_s: 15, aspect_ratio: "9:16", template_id: "starter-bold" };
      const plan = localPlan(req, toolTemplates.find((t) => t.id === "starter-bold")!, toolLayouts("starter-bold"));
      const last = plan.scenes[plan.scenes.length - 1]!;
      return { texts: last.texts.map((t) => t.text).join(" | "), narration: last.narration };
    };
    const tonight = closeOf(
      "Happy hour at Olive & Thyme, our family restaurant in Porto: 20% off cocktails and tapas, tonight 5 to 9 pm.",
    );
    expect(tonight.texts).toContain("Visit us tonight");
    expect(tonight.texts).not.toMatch(/Shop/);
    expect(tonight.narration).toMatch(/Come and see us tonight\./);
    const online = closeOf("Our summer sale: 30% off every linen shirt, free shipping on all orders this week.");
    expect(online.texts).toMatch(/Shop the sale/);
    // A local brief that says when gets the same evening invitation.
    expect(closeOf("Olive & Thyme is a family restaurant in Porto. Live fado tonight from 8 pm.").texts).toContain(
      "Visit us tonight",
    );
    // An afternoon offer on a named day at a tea room: see you that day, not "tonight", not a sale page.
    const tea =
      "Copper Kettle Tea Room, 14 Mill Lane, Bath: cream tea for two £12 this Saturday 2-5pm. Show code SCONE12 at the counter.";
    expect(closeOf(tea)).toEqual({ texts: "See you this Saturday | Visit us", narration: "See you this Saturday." });
    // The day, the hours and the code are on screen, not only in the voice.
    const req = { brief: tea, length_s: 30, aspect_ratio: "9:16", template_id: "starter-bold" };
    const onScreen = localPlan(req, toolTemplates.find((t) => t.id === "starter-bold")!, toolLayouts("starter-bold"))
      .scenes.flatMap((s) => s.texts.map((t) => t.text))
      .join(" | ");
    expect(onScreen).toContain("Cream tea for two this Saturday 2-5pm");
    expect(onScreen).toContain("SCONE12");
    expect(onScreen).toContain("£12");
    // "Come in and browse": the button invites a visit ("Come now" made no button).
    expect(
      closeOf(
        "Tidewater Books, an independent bookshop on Church Street in Whitby: signed first editions. Come in and browse.",
      ),
    ).toEqual({ texts: "Come in and browse | Visit us", narration: "Come in and browse." });
    // Opening days are no day to "see you" on.
    expect(
      closeOf(
        "Mendel's, a family-run hardware store in Bristol: keys cut while you wait. Open 8am to 6pm, Monday to Saturday.",
      ).texts,
    ).toBe("Come and see us | Visit us");
  });

  /** A 30 s starter-bold plan of `brief`. */
  const boldPlan = (brief: string) =>
    localPlan(
      { brief, length_s: 30, aspect_ratio: "9:16", template_id: "starter-bold" },
      toolTemplates.find((t) => t.id === "starter-bold")!,
      toolLayouts("starter-bold"),
    );

  /** Each scene's on-screen texts of a 30 s starter-bold plan of `brief`. */
  const texts = (brief: string) => boldPlan(brief).scenes.map((s) => s.texts.map((t) => t.text));

  it("heads a local shop's gathered points as good to know, not as what you get", () => {
    const texts = boldPlan(
      "Mendel's, a family-run hardware store in Bristol: keys cut while you wait, paint mixed to any colour, and free advice on every DIY job. Open 8am to 6pm, Monday to Saturday.",
    )
      .scenes.flatMap((s) => s.texts.map((t) => t.text))
      .join(" | ");
    expect(texts).toContain("Good to know");
    expect(texts).not.toContain("What you get");
    expect(texts).not.toContain("See you Saturday");
  });

  it("leads an event with what is on, then when and where, and ends a ticket code with a ticket button", () => {
    const scenes = boldPlan(
      "Lakeside Cinema in Keswick is showing The Goonies under the stars on Saturday 14 August at 8:30pm. Tickets £12, bring a blanket, popcorn included. Use code STARS20 for 20% off.",
    ).scenes;
    expect(scenes[0]!.texts.map((t) => t.text)).toEqual([
      "The Goonies under the stars",
      "Saturday 14 August at 8:30pm · Lakeside Cinema, Keswick",
    ]);
    expect(scenes[0]!.image_prompt).toMatch(/^cinema, /);
    expect(scenes.at(-1)!.texts.map((t) => t.text)).toEqual(["Use code STARS20 for 20% off", "Get tickets"]);
    // An event named by its own words keeps its name; its date goes beneath it, not at the end of a list item.
    const harvest = boldPlan(
      "Harvest Night at Millbrook Farm: live folk music, hog roast and cider tasting on Saturday 21 September from 6pm. Tickets £15 at the gate.",
    ).scenes.map((s) => s.texts.map((t) => t.text));
    expect(harvest[0]).toEqual(["Harvest Night at Millbrook Farm", "Saturday 21 September from 6pm"]);
    expect(harvest[1]).toEqual(["What to expect", "Live folk music\nHog roast\nCider tasting"]);
  });

  it("keeps a long opening line's two halves: what it is as the headline, what it does beneath", () => {
    const hook = (b: string) => boldPlan(b).scenes[0]!.texts.map((t) => t.text);
    expect(
      hook(
        "Glow Skincare's new vitamin C serum brightens dull skin in 2 weeks. 30 ml, £24. Free delivery over £30, use code GLOW10 for 10% off your first order.",
      ),
    ).toEqual(["Glow Skincare's new vitamin C serum", "Brightens dull skin in 2 weeks"]);
    // An event in one long sentence: its name, then when and where (a cut headline lost the date).
    expect(
      hook(
        "Join us for the Riverside 10K on Sunday 6 October at 9am, starting at Hyde Park Corner. Entry £25, every finisher gets a medal. Sign up at riverside10k.com",
      ),
    ).toEqual(["Riverside 10K", "Sunday 6 October at 9am · Hyde Park Corner"]);
    // A subject before an -ing word is no sentence ("Fix-It Phil plumbing repairs across Leeds.").
    const said = boldPlan(
      "Fix-It Phil: plumbing repairs across Leeds, no call-out fee, same-day visits. Call 0113 496 0000.",
    ).scenes.map((s) => s.narration);
    expect(said).toContain("Plumbing repairs across Leeds.");
  });

  it("reads an announcement's name, a how-to's steps and a price said at the end of a list", () => {
    // "announce that …": the name leads, not "That Bloom Florist".
    const florist = boldPlan(
      "We're excited to announce that Bloom Florist now delivers same-day across Manchester! Order by 2pm for delivery today. Bouquets from £25.",
    ).scenes;
    expect(florist[0]!.texts.map((t) => t.text)).toEqual(["Bloom Florist", "Now delivers same-day across Manchester"]);
    expect(florist[0]!.narration).toBe("Bloom Florist now delivers same-day across Manchester.");
    // A how-to: the title, then its steps; the pictures show what is made, not "brew".
    const howTo = boldPlan(
      "How to brew the perfect pour-over coffee: use 15 g of coffee to 250 ml of water, heat the water to 94°C, bloom for 30 seconds, then pour slowly in circles.",
    ).scenes;
    expect(howTo[0]!.image_prompt).toMatch(/^pour-over coffee,/);
    const said = howTo.map((s) => s.narration);
    expect(said).toContain("Use 15 g of coffee to 250 ml of water.");
    expect(said.join(" ")).toContain("Bloom for 30 seconds.");
    // "…, 20-hour battery, and it costs just $89": the points, then the price beside what it buys.
    const aria = texts(
      "Meet Aria, the smart speaker that learns your routine. Voice control for your lights, 20-hour battery, and it costs just $89. Order now at aria.com",
    );
    expect(aria).toContainEqual(["Voice control for your lights, 20-hour battery"]);
    expect(aria).toContainEqual(["Smart speaker", "$89"]);
  });

  it("reads a brand before what it is, keeps a price a list left out, and leads with a call", () => {
    // "Bright Smile whitening strips": the name, then what it is (a smiling cat was drawn for "bright Smile").
    const strips = boldPlan(
      "Bright Smile whitening strips: visibly whiter teeth in 7 days, enamel-safe, 28 strips for £19.99. Free delivery this week only.",
    ).scenes;
    expect(strips[0]!.texts.map((t) => t.text)).toEqual(["Bright Smile", "Whitening strips"]);
    expect(strips[0]!.image_prompt).toMatch(/^whitening strips,/);
    // "…, all the trimmings, £16.95": the dishes are a list, and the price still gets a scene; "Show code" is in person.
    const roast = texts(
      "Sunday roast at The Red Lion, every Sunday from 12pm: slow-roasted beef, Yorkshire puddings and all the trimmings, £16.95. Show code ROAST10 for 10% off.",
    );
    expect(roast).toContainEqual(["Sunday roast", "£16.95"]);
    // A price the opening line shows gets no second scene.
    const pizza = texts("Wood-fired margherita pizza just £8 at Luigi's in Leeds. Open till late, seven days a week.");
    expect(pizza.flat().filter((t) => t.includes("£8"))).toHaveLength(1);
    expect(roast.at(-1)).toEqual(["See you Sunday", "Visit us"]);
    // "Learn Spanish … with Hablo, the app that …": the call leads, not its object.
    expect(
      texts(
        "Learn Spanish in 10 minutes a day with Hablo, the app that turns your commute into a lesson. Try it free for 14 days.",
      )[0],
    ).toEqual(["Learn Spanish in 10 minutes a day with Hablo", "The app that turns your commute into a lesson"]);
  });

  it("says a question as one, and leaves a participle out of what a brief is about", () => {
    const bread = boldPlan(
      "Why does bread go stale? Starch crystallises as it cools, pushing water out. Freeze slices to keep them fresh for weeks.",
    ).scenes;
    expect(bread[0]!.narration).toBe("Why does bread go stale?");
    const pip = boldPlan(
      "Meet Pip, a rescue terrier looking for his forever home. He's 3 years old, house-trained and loves long walks. Apply to adopt at hopepaws.org",
    ).scenes;
    expect(pip[0]!.image_prompt).toMatch(/^rescue terrier,/);
  });

  it("reads an open day as an event, keeps a list item's last word, a price line whole and a salary range", () => {
    const open = texts(
      "Spring open day at Willow Lane Nursery School, Saturday 12 April, 10am to 1pm. Meet our teachers, tour the garden classroom and enjoy free face painting. No booking needed.",
    );
    expect(open[0]).toEqual(["Spring open day at Willow Lane Nursery School", "Saturday 12 April, 10am to 1pm"]);
    // Nothing to book: no "Book your spot", and no "Shop now" for a school.
    expect(open.at(-1)).toEqual(["Save the date", "See you there"]);
    const candles = texts(
      "Handmade soy candles from Ember & Oak: 40-hour burn time, cotton wicks, scents like fig and cedar. £18 each or 3 for £45 at emberandoak.com",
    ).flat();
    expect(candles.join(" | ")).toContain("Scents like fig and cedar");
    // "£18" out of "£18 each or 3 for £45" leaves "Each or …": the line stays whole beside the price.
    expect(candles).toContain("£18 each or 3 for £45 at emberandoak.com");
    const hiring = boldPlan(
      "Our plumbing firm is hiring! We need two qualified gas engineers in Bristol, £38k to £45k plus van. Apply by 30 June: jobs@pipeline.co.uk",
    ).scenes;
    expect(hiring.flatMap((s) => s.texts.map((t) => t.text))).toContain("£38k to £45k");
    expect(hiring[0]!.image_prompt).not.toMatch(/^our,/);
  });

  it("ends software with a sign-up, not a shop", () => {
    const close = (b: string) =>
      boldPlan(b)
        .scenes.at(-1)!
        .texts.map((t) => t.text)
        .join(" | ");
    expect(
      close(
        "Ledgerly is simple invoicing for freelancers: send an invoice in 30 seconds and get paid by card. Free for your first 10 clients.",
      ),
    ).toBe("Try it free | Start free");
    expect(close("Tasklane is a planning app for small teams: boards, due dates and reminders.")).toBe(
      "Get started today | Sign up",
    );
  });

  it("takes the price out of a headline only where it leaves no hole", () => {
    const texts = boldPlan(
      "Paws & Claws grooming van comes to your door in Brighton. Full groom from £35, nail trims £10. Call 01273 555 019 to book.",
    ).scenes.flatMap((s) => s.texts.map((t) => t.text));
    expect(texts).toContain("Full groom from £35, nail trims £10");
    expect(texts.join(" | ")).not.toMatch(/\s,|from ,/);
    // "$149 at trailheadgear.com": the price beside what it buys, not "At trailheadgear.com"; a product introduced
    // with its price ends with a sale, not "Be the first to know".
    const pack = boldPlan(
      "Introducing the Trailhead 40L hiking backpack: waterproof zips and a lifetime warranty. Weighs just 1.1 kg. $149 at trailheadgear.com",
    ).scenes.map((s) => s.texts.map((t) => t.text).join(" | "));
    expect(pack.join(" / ")).not.toContain("At trailheadgear.com");
    expect(pack.find((t) => t.includes("$149"))).toMatch(/^Trailhead/);
    expect(pack.at(-1)).toMatch(/^Get yours today \| Shop now/);
  });

  it("says a scene that starts with a describing word as it is, and gives a verb its subject", () => {
    const said = boldPlan(
      "Tidewater Books, an independent bookshop on Church Street in Whitby: signed first editions, opened in 1985, and a reading nook with free tea.",
    )
      .scenes.map((s) => s.narration)
      .join(" ");
    expect(said).toContain("Signed first editions.");
    expect(said).not.toContain("Tidewater Books signed");
    expect(said).toMatch(/(?:Tidewater Books|It) opened in 1985\./);
  });

  it("picks a template by the brief's mood when none is chosen", () => {
    expect(
      pickTemplate(
        { brief: "A birthday party for kids", length_s: 15, aspect_ratio: "1:1", template_id: null },
        toolTemplates,
      )?.mood,
    ).toBe("playful");
    expect(
      pickTemplate(
        { brief: "Our SaaS for finance teams", length_s: 15, aspect_ratio: "1:1", template_id: null },
        toolTemplates,
      )?.mood,
    ).toBe("corporate");
    expect(
      pickTemplate({ brief: "Hello", length_s: 15, aspect_ratio: "1:1", template_id: "starter-elegant" }, toolTemplates)
        ?.id,
    ).toBe("starter-elegant");
  });

  it("reads the request block back and splits sentences", () => {
    const req = { brief: 'She said "hi". Done!', length_s: 15, aspect_ratio: "9:16", template_id: null };
    expect(readRequest(["intro", requestBlock(req)])).toEqual(req);
    expect(readRequest(["<request>{broken</request>"])).toBeNull();
    expect(sentencesOf("One. Two!  Three? ...")).toEqual(["One.", "Two!", "Three?"]);
  });
});

describe("plannedSeconds", () => {
  it("gives each scene its share of the length, or its narration's reading time when longer", () => {
    const scene = (narration: string) => ({ layout_id: "x", texts: [], narration, image_prompt: null });
    expect(plannedSeconds({ scenes: [scene("Hi."), scene("Hi.")] }, 20)).toBe(20);
    // 50 words read at 150 a minute take 20 seconds, longer than a 10-second share.
    expect(plannedSeconds({ scenes: [scene("word ".repeat(50)), scene("Hi.")] }, 20)).toBe(30);
  });
});

describe("videoCost", () => {
  it("charges per started 15 seconds at the writer's rate", () => {
    expect(videoCost({ seconds: 15, provider: "local" })).toBe(2);
    expect(videoCost({ seconds: 16, provider: "local" })).toBe(4);
    expect(videoCost({ seconds: 30, provider: "openai" })).toBe(16);
    expect(videoCost({ seconds: 0, provider: "local" })).toBe(2);
    expect(videoCost({ seconds: 30, provider: "someone-new" })).toBe(20);
  });
});
