import { STARTER_LAYOUTS } from "@/lib/engine/composition/starter";
import { formatPrice, productLayout, productValues, type ProductFacts } from "./fill";

const bottle: ProductFacts = {
  name: "Trail Bottle with a very long name that goes on and on past the headline's budget",
  description: "",
  price_amount: 49.99,
  currency: "USD",
  brand: "Northside",
  points: ["Cold for 24 hours", "Fits every cup holder"],
  link: "https://www.example.com/bottle",
  picture: { key: "assets/u/a1/original.png", media_type: "image/png", asset_id: "a1" },
};

it("formats prices in their currency, whole amounts without cents, and nothing for an unknown price", () => {
  expect(formatPrice(49.99, "USD")).toBe("$49.99");
  expect(formatPrice(12, "EUR")).toBe("€12");
  expect(formatPrice(null, "USD")).toBe("");
});

it("fills every slot of a layout from the product, within each text slot's budget", () => {
  for (const layout of STARTER_LAYOUTS) {
    const values = productValues(layout, bottle);
    expect(Object.keys(values).sort()).toEqual(layout.slots.map((s) => s.id).sort());
    for (const slot of layout.slots) {
      const v = values[slot.id]!;
      if (slot.kind === "text") expect(v.type === "text" && v.text.length <= slot.fit.maxChars).toBe(true);
      if (slot.kind === "image")
        expect(v).toMatchObject({ type: "media", key: bottle.picture!.key, source: "asset", asset_id: "a1" });
      if (slot.kind === "logo" || slot.kind === "shape") expect(v).toEqual({ type: "none" });
    }
  }
  const product = productLayout(STARTER_LAYOUTS)!;
  expect(product.id).toBe("starter-product");
  const filled = productValues(product, bottle);
  expect(filled.price).toEqual({ type: "text", text: "$49.99" });
  expect(filled.headline).toMatchObject({ type: "text", text: expect.stringMatching(/^Trail Bottle/) });
  const bullets = STARTER_LAYOUTS.find((l) => l.slots.some((s) => s.role === "bullets"))!;
  const points = bullets.slots.find((s) => s.role === "bullets")!;
  expect(productValues(bullets, bottle)[points.id]).toEqual({
    type: "text",
    text: "Cold for 24 hours\nFits every cup holder",
  });
  // No picture: the image slot stays empty rather than showing a sample.
  expect(Object.values(productValues(product, { ...bottle, picture: null })).some((v) => v.type === "media")).toBe(
    false,
  );
});
