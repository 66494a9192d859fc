import { cleanProductName } from "./clean-product-name";

describe("cleanProductName", () => {
  it("takes the shop's additions off a product name and gives the author their own slot", () => {
    expect(cleanProductName("The Whole Truth (A. Shaw Book 1) - Kindle edition by Baldacci, David.")).toEqual({
      name: "The Whole Truth",
      brand: "David Baldacci",
      detail: "A. Shaw Book 1, Kindle edition",
    });
    expect(cleanProductName("Mevgal Bio Feta Cheese 200g | Spinneys")).toEqual({
      name: "Mevgal Bio Feta Cheese 200g",
      brand: null,
      detail: null,
    });
    expect(cleanProductName("Dune (Paperback)")).toEqual({ name: "Dune", brand: null, detail: "Paperback" });
    expect(cleanProductName("Echo Dot (5th Gen) : Amazon.co.uk: Amazon Devices & Accessories").name).toBe(
      "Echo Dot (5th Gen)",
    );
    expect(cleanProductName("The Body Keeps the Score by Bessel van der Kolk")).toMatchObject({
      name: "The Body Keeps the Score",
      brand: "Bessel van der Kolk",
    });
  });

  it("leaves a clean name as it is", () => {
    expect(cleanProductName("Xiaomi Redmi Note 14 Pro Plus 5G 12GB RAM 512GB")).toEqual({
      name: "Xiaomi Redmi Note 14 Pro Plus 5G 12GB RAM 512GB",
      brand: null,
      detail: null,
    });
    expect(cleanProductName("Salt - and - Pepper Grinder").name).toBe("Salt - and - Pepper Grinder");
  });
});
