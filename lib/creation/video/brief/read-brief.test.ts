import { briefLanguage, readBrief } from "./read-brief";

describe("readBrief", () => {
  it("finds the product, its benefit and the number with its unit, apart from the request", () => {
    const r = readBrief("A 20-second upbeat ad for a reusable steel water bottle that keeps drinks cold for 24 hours");
    expect(r).toMatchObject({
      language: "en",
      kind: "product",
      head: "A reusable steel water bottle",
      product: "reusable steel water bottle",
      benefits: ["keeps drinks cold for 24 hours"],
      numbers: ["24 hours"],
    });
    expect(r.request.length_s).toBe(20);
  });

  it("reads a colon list of a shop's facts one by one: the instruction in it is the call to action, the hours a time", () => {
    const shop = readBrief(
      "A 30-second video for Spoke & Chain, a neighbourhood bike repair shop in Leeds: £25 spring tune-up through April, book online, same-day fixes, open Saturdays 9 to 4",
    );
    expect(shop).toMatchObject({
      kind: "local",
      name: "Spoke & Chain",
      // What it is, not where ("in Leeds" is the place).
      product: "neighbourhood bike repair shop",
      benefits: ["£25 spring tune-up through April", "same-day fixes", "open Saturdays 9 to 4"],
      cta: "book online",
      dates: ["April", "Saturdays"],
      times: ["9 to 4"],
    });
    // A noun phrase is what its last word names: a quiz, even when a day comes first.
    expect(readBrief("Promote our Thursday night quiz at The Crown pub in Bath: 8pm start, £2 entry").product).toBe(
      "Thursday night quiz",
    );
  });

  it("finds names, prices, codes, dates, times, places, the audience, the call to action and the address", () => {
    const coffee = readBrief(
      "Bean There roasts coffee in Lisbon. Every bag ships the morning it is roasted. Subscribers save 20% and pay $12 a bag. Order at beanthere.com.",
    );
    expect(coffee).toMatchObject({
      name: "Bean There",
      places: ["Lisbon"],
      prices: ["$12"],
      numbers: ["20%"],
      cta: "Order at beanthere.com.",
      url: "beanthere.com",
    });
    const sale = readBrief(
      "Create a 30s TikTok ad to promote our summer sale: 20% off with code SUMMER20. Ends Sunday, July 14.",
    );
    expect(sale).toMatchObject({
      kind: "offer",
      codes: ["SUMMER20"],
      dates: ["Sunday, July 14"],
      product: "summer sale",
    });
    const jazz = readBrief("Join us for live jazz at Blue Note on Friday, June 5 at 8pm. Tickets $25.");
    expect(jazz).toMatchObject({
      kind: "event",
      dates: ["Friday, June 5"],
      times: ["8pm"],
      prices: ["$25"],
      name: "Blue Note",
    });
    expect(readBrief("Lumo is a smart desk lamp for students.")).toMatchObject({
      name: "Lumo",
      audience: "students",
      product: "smart desk lamp",
    });
    expect(readBrief("Three scents for Driftwood candles. Scents: cedar, sea salt and fig.").lists).toEqual([
      { head: "Scents", items: ["cedar", "sea salt", "fig"] },
    ]);
  });

  it("names a bare studio, club or centre by what the name says happens there, and only then", () => {
    expect(readBrief("Harbour Yoga, a small studio by the marina in Falmouth: first class free").product).toBe(
      "yoga studio",
    );
    expect(readBrief("Blue Door, a small studio in Leeds: prints and framing").product).toBe("small studio");
    expect(readBrief("Harbour Yoga, a dance studio in Falmouth: first class free").product).toBe("dance studio");
  });

  it("keeps a gerund that says what kind the product is, not one that is the verb", () => {
    expect(readBrief("Paws & Claws grooming van comes to your door in Brighton.").product).toBe("grooming van");
    expect(readBrief("Running shoes for trail runners: grippy and light.").product).toBe("running shoes");
    expect(readBrief("Our cooking class starts Monday.").product).toBe("cooking class");
    expect(readBrief("We are now offering free delivery on all orders.").product).toBe("free delivery");
    expect(readBrief("Big news: we're opening a new bakery in Leeds.").product).toBe("new bakery");
  });

  it("reads a recipe's dish before the colon and its steps after it", () => {
    const r = readBrief(
      "Five-minute tomato soup: soften an onion in olive oil, add a tin of tomatoes and a pinch of sugar, simmer, then blend with a splash of cream.",
    );
    expect(r.kind).toBe("recipe");
    expect(r.product).toBe("tomato soup");
    expect(r.benefits).toEqual([
      "Soften an onion in olive oil",
      "Add a tin of tomatoes and a pinch of sugar",
      "Simmer, then blend with a splash of cream",
    ]);
  });

  it("reads a class on given days as an event", () => {
    expect(
      readBrief(
        "Zumba in the park every Tuesday and Thursday at 6pm, Victoria Park, Bath. £5 drop-in, all levels welcome.",
      ).kind,
    ).toBe("event");
  });

  it("reads a screening with a ticket code as an event at a named place, and a sale on a date as an offer", () => {
    const r = readBrief(
      "Lakeside Cinema in Keswick is showing The Goonies under the stars on Saturday 14 August at 8:30pm. Tickets £12, bring a blanket, popcorn included. Use code STARS20 for 20% off.",
    );
    expect({ kind: r.kind, name: r.name, product: r.product, places: r.places }).toEqual({
      kind: "event",
      name: "Lakeside Cinema",
      // A capital "The" inside a sentence is the title's own.
      product: "The Goonies under the stars",
      places: ["Keswick"],
    });
    expect(readBrief("Summer sale this Saturday from 9am: 30% off every linen shirt with code LINEN30.").kind).toBe(
      "offer",
    );
    // "Show code …" is no show.
    expect(
      readBrief(
        "Copper Kettle Tea Room, 14 Mill Lane, Bath: cream tea for two £12 this Saturday 2-5pm. Show code SCONE12 at the counter.",
      ).kind,
    ).toBe("offer");
  });

  it("reads a shop written as one word as a local business", () => {
    const r = readBrief(
      "Tidewater Books, an independent bookshop on Church Street in Whitby: signed first editions and a reading nook. Come in and browse.",
    );
    expect(r.kind).toBe("local");
    expect(readBrief("Chapter One, a bookstore on King Street in Leeds: new and used books.").kind).toBe("local");
    expect(readBrief("Greenleaf Dental, a family dentist in Cardiff: same-week appointments.").kind).toBe("local");
  });

  it("tells English from the brief's own language", () => {
    expect(briefLanguage("Nuestra panadería abre el sábado en Sevilla. Código PAN10 para un 10% de descuento.")).toBe(
      "other",
    );
    expect(briefLanguage("Il nostro ristorante a Roma. Prenota su pizzaroma.it.")).toBe("other");
    expect(briefLanguage("Unser neuer Laden in Berlin ist ab Montag geöffnet.")).toBe("other");
    expect(briefLanguage("A reusable bottle for the gym.")).toBe("en");
    const es = readBrief("Nuestra panadería abre el sábado en Sevilla. Código PAN10 para un 10% de descuento.");
    expect(es).toMatchObject({ language: "other", codes: ["PAN10"], numbers: ["10%"] });
  });

  it("uses a page's product name without the shop's additions", () => {
    const r = readBrief("The Whole Truth. A thriller.", {
      name: "The Whole Truth (A. Shaw Book 1) - Kindle edition by Baldacci, David.",
      price: "4.99 GBP",
      points: [],
    });
    expect(r).toMatchObject({
      name: "The Whole Truth",
      brand: "David Baldacci",
      product: "The Whole Truth",
      prices: ["4.99 GBP"],
    });
  });
});
