/**
 * Briefs the writer is held to (issue 20): products, offers, events,
 * announcements, explainers, recipes and local businesses, short and long,
 * with prices, codes, dates and times, a few in other languages. `facts` are
 * written by hand: what must reach the screen or the narration exactly as
 * written. `length` is the length the brief asks for (null: the form's
 * default is used).
 */
export interface CorpusBrief {
  brief: string;
  length: number | null;
  facts: string[];
  /** Not English: only "its own words and facts kept, no English added" is asserted. */
  other?: boolean;
}

export const CORPUS: CorpusBrief[] = [
  // Products
  {
    brief: "A 20-second upbeat ad for a reusable steel water bottle that keeps drinks cold for 24 hours",
    length: 20,
    facts: ["24 hours"],
  },
  {
    brief:
      "Bean There roasts coffee in Lisbon. Every bag ships the morning it is roasted. Subscribers save 20% and pay $12 a bag. Order at beanthere.com.",
    length: null,
    facts: ["Bean There", "Lisbon", "20%", "$12", "beanthere.com"],
  },
  {
    brief:
      "A 15-second Instagram reel for Lumo, a smart desk lamp for students. It dims itself at night and charges your phone.",
    length: 15,
    facts: ["Lumo"],
  },
  {
    brief:
      "30-second ad for the Trailhead backpack: 28 litres, waterproof zips, a padded laptop sleeve. $89 at trailhead.co.",
    length: 30,
    facts: ["Trailhead", "28 litres", "$89", "trailhead.co"],
  },
  {
    brief: "Make a short video for our new oat milk, Oatly Barista. Foams like dairy milk, 1 litre cartons, €2.49.",
    length: null,
    facts: ["Oatly Barista", "1 litre", "€2.49"],
  },
  {
    brief:
      "An energetic 20-second TikTok ad for PulseBuds wireless earbuds with 30 hours of battery and a 10-minute quick charge.",
    length: 20,
    facts: ["PulseBuds", "30 hours", "10-minute"],
  },
  {
    brief:
      "Calm 30 second video for Driftwood candles. Hand-poured soy wax, burns for 60 hours. Three scents: cedar, sea salt and fig.",
    length: 30,
    facts: ["Driftwood", "60 hours", "cedar"],
  },
  { brief: "Ad for a 500 ml insulated travel mug that fits every car cup holder.", length: null, facts: ["500 ml"] },
  {
    brief: "Quick promo for Sprout, a plant-care app that reminds you when to water. Free on iOS and Android.",
    length: null,
    facts: ["Sprout"],
  },
  {
    brief:
      "A one-minute professional video for LedgerLite, accounting software for small businesses. Invoices in 2 clicks, bank sync, and reports your accountant will love. Plans start at $15 a month. Try it free at ledgerlite.io.",
    length: 60,
    facts: ["LedgerLite", "$15", "ledgerlite.io"],
  },
  {
    brief:
      "45-second ad for Kinder Blocks, wooden building blocks for toddlers. 100 pieces, non-toxic paint, ages 2 and up.",
    length: 45,
    facts: ["Kinder Blocks", "100 pieces"],
  },
  // Offers
  {
    brief: "Create a 30s TikTok ad to promote our summer sale: 20% off with code SUMMER20. Ends Sunday, July 14.",
    length: 30,
    facts: ["20%", "SUMMER20", "Sunday, July 14"],
  },
  {
    brief: "Black Friday at Nova Shoes: everything 40% off until midnight. Use code NOVA40 at checkout.",
    length: null,
    facts: ["Nova Shoes", "40%", "NOVA40"],
  },
  {
    brief: "15 second ad: free delivery on orders over $50 this weekend only at GreenCart.",
    length: 15,
    facts: ["$50", "GreenCart"],
  },
  {
    brief: "Our gym is offering the first month for $1. Sign up at fitlab.com before March 31.",
    length: null,
    facts: ["$1", "fitlab.com", "March 31"],
  },
  {
    brief: "Buy one pizza, get one free every Tuesday at Luigi's. Order online with code TWOFER.",
    length: null,
    facts: ["Tuesday", "TWOFER"],
  },
  {
    brief: "An upbeat 20-second ad: new customers get 15% off their first order with code HELLO15 at petpals.shop.",
    length: 20,
    facts: ["15%", "HELLO15", "petpals.shop"],
  },
  // Events
  {
    brief: "Join us for live jazz at Blue Note on Friday, June 5 at 8pm. Tickets $25.",
    length: null,
    facts: ["Blue Note", "Friday, June 5", "8pm", "$25"],
  },
  {
    brief:
      "A 30-second video announcing the Riverside Food Festival, Saturday, August 9, from 11am. 40 food trucks and live music. Entry is free.",
    length: 30,
    facts: ["Riverside Food Festival", "August 9", "11am", "40 food trucks"],
  },
  {
    brief:
      "Free pottery workshop for beginners this Saturday at 10am at Clay Corner. Book your seat at claycorner.org.",
    length: null,
    facts: ["Saturday", "10am", "Clay Corner", "claycorner.org"],
  },
  {
    // The session-28 output check: a brief that opens with an order to us ("Promote our …").
    brief:
      "Promote our neighbourhood bakery Crumb & Co: fresh sourdough every morning from 7am, cinnamon buns for $3.50, and 10% off your first order with code CRUMB10. Visit us at 14 Mill Lane.",
    length: null,
    facts: ["Crumb & Co", "7am", "$3.50", "10%", "CRUMB10", "14 Mill Lane"],
  },
  {
    brief: "Webinar: How to price your freelance work. Thursday, May 2 at 6pm. Register at growfreelance.com.",
    length: null,
    facts: ["May 2", "6pm", "growfreelance.com"],
  },
  {
    brief: "A fun 15-second invite to Maya's 7th birthday party on Sunday, October 12 at 2pm at Jump Park.",
    length: 15,
    facts: ["October 12", "2pm", "Jump Park"],
  },
  // Announcements
  {
    brief:
      "We're announcing our new store in Porto. Opening day is Saturday, May 18. The first 100 visitors get a free tote bag.",
    length: null,
    facts: ["Porto", "May 18", "100 visitors"],
  },
  {
    brief: "Introducing Atlas 2.0: faster search, dark mode and offline maps. Available today for all users.",
    length: null,
    facts: ["Atlas 2.0"],
  },
  { brief: "Short announcement video: our bakery now opens at 7am on weekdays.", length: null, facts: ["7am"] },
  {
    brief: "Big news: Harbor Bank has cut its savings fees to zero. No monthly fee, no minimum balance.",
    length: null,
    facts: ["Harbor Bank"],
  },
  // Explainers
  {
    brief: "Make a video explaining how compound interest works. Keep it calm and under one minute.",
    length: 60,
    facts: [],
  },
  {
    brief:
      "A 30-second explainer about why sleep matters. Adults need 7 to 9 hours a night. Screens before bed delay sleep.",
    length: 30,
    facts: ["7 to 9 hours"],
  },
  {
    brief:
      "Explainer video for our SaaS: TaskFlow connects your calendar, email and to-do list so nothing slips. Teams save 5 hours a week.",
    length: null,
    facts: ["TaskFlow", "5 hours"],
  },
  { brief: "A one-minute video explaining how solar panels turn sunlight into electricity.", length: 60, facts: [] },
  // Recipes
  {
    brief:
      "A 30-second recipe video: 3-ingredient banana pancakes. Mash 2 bananas, whisk in 2 eggs, add a pinch of cinnamon. Fry for 2 minutes a side.",
    length: 30,
    facts: ["2 bananas", "2 eggs", "2 minutes"],
  },
  {
    brief:
      "Recipe: 15-minute garlic butter shrimp. Serves 4. Ready in 15 minutes with 1 lb shrimp and 4 cloves of garlic.",
    length: null,
    facts: ["15 minutes", "1 lb", "4 cloves"],
  },
  {
    brief:
      "Quick video for our overnight oats recipe: half a cup of oats, milk, chia seeds and berries. Ready by morning.",
    length: null,
    facts: [],
  },
  // Local businesses
  {
    brief: "Bella's Barbershop in Leeds: classic cuts for $20, walk-ins welcome, open until 8pm. Call 0113 496 0000.",
    length: null,
    facts: ["Bella's Barbershop", "Leeds", "$20", "8pm"],
  },
  {
    brief: "A calm 30-second ad for Still Water Yoga studio in Austin. Morning classes at 6:30am. First class free.",
    length: 30,
    facts: ["Still Water Yoga", "Austin", "6:30am"],
  },
  {
    brief: "Family-run Greek restaurant Olive & Thyme, open daily from 5pm. Book a table at oliveandthyme.com.",
    length: null,
    facts: ["Olive & Thyme", "5pm", "oliveandthyme.com"],
  },
  {
    brief: "Paws & Claws dog grooming: full groom from $45, nail trims $10. Book online at pawsclaws.com.",
    length: null,
    facts: ["$45", "$10", "pawsclaws.com"],
  },
  // Long brief
  {
    brief:
      "A 60-second ad for Northwind, an electric bike built for city commuters. It has a 70 km range on one charge, weighs just 16 kg and folds in 10 seconds to fit under a desk. The battery charges fully in 3 hours from any wall socket. Hydraulic disc brakes and integrated lights keep you safe after dark. Northwind costs $1,299 with free delivery. Test ride one at northwind.bike.",
    length: 60,
    facts: ["Northwind", "70 km", "16 kg", "3 hours", "$1,299", "northwind.bike"],
  },
  // Very short
  { brief: "Fresh sourdough every morning.", length: null, facts: [] },
  { brief: "Honey from our own bees, $8 a jar.", length: null, facts: ["$8"] },
  // Other languages: only their own words and facts, no English added
  {
    brief:
      "Nuestra panadería abre el sábado en Sevilla. Pan de masa madre recién hecho cada mañana. Código PAN10 para un 10% de descuento.",
    length: null,
    facts: ["PAN10", "10%", "Sevilla"],
    other: true,
  },
  {
    brief: "Notre café ouvre ses portes à Lyon le 3 mai. Un croissant offert pour chaque café avec le code BONJOUR5.",
    length: null,
    facts: ["Lyon", "BONJOUR5"],
    other: true,
  },
  {
    brief: "Unser neuer Laden in Berlin ist ab Montag geöffnet. Alle Fahrräder sind bis Sonntag 25% günstiger.",
    length: null,
    facts: ["Berlin", "25%"],
    other: true,
  },
  {
    brief: "Il nostro ristorante a Roma propone pizza napoletana cotta nel forno a legna. Prenota su pizzaroma.it.",
    length: null,
    facts: ["Roma", "pizzaroma.it"],
    other: true,
  },
];
