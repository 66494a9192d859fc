import { growth, MAX_GROWTH_FOR_8X } from "@/tests/support/growth";
import { cleanProductName } from "./clean-product-name";

describe("cleanProductName", () => {
  it("takes the shop's additions off a product name and gives the author their own slot", () => {
    expect(cleanProductName("The Whole Truth (A. Shaw Book 1) - Kindle edition by Baldacci, David.")).toEqual({
      name: "The Whole Truth",
      brand: "David Baldacci",
      detail: "A. Shaw Book 1, Kindle edition",
      category: null,
    });
    expect(cleanProductName("Mevgal Bio Feta Cheese 200g | Spinneys")).toEqual({
      name: "Mevgal Bio Feta Cheese 200g",
      brand: null,
      detail: null,
      category: null,
    });
    expect(cleanProductName("Dune (Paperback)")).toEqual({
      name: "Dune",
      brand: null,
      detail: "Paperback",
      category: null,
    });
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
      category: null,
    });
    expect(cleanProductName("Salt - and - Pepper Grinder").name).toBe("Salt - and - Pepper Grinder");
  });

  it("reads an Amazon Kindle page title whole: name, author, category, no site", () => {
    expect(
      cleanProductName(
        "The Whole Truth (A. Shaw Book 1) - Kindle edition by Baldacci, David. Mystery, Thriller & Suspense Kindle eBooks @ Amazon.com.",
      ),
    ).toEqual({
      name: "The Whole Truth",
      brand: "David Baldacci",
      detail: "A. Shaw Book 1, Kindle edition",
      category: "Mystery, Thriller & Suspense books",
    });
    // Initials are not the end of the author's name.
    expect(
      cleanProductName("The Hobbit - Kindle edition by Tolkien, J. R. R.. Children Kindle eBooks @ Amazon.com."),
    ).toMatchObject({ name: "The Hobbit", brand: "J. R. R. Tolkien", category: "Children books" });
  });

  it("reads Amazon's colon titles: the site first, the category last, an ISBN and the author between", () => {
    expect(
      cleanProductName(
        "Amazon.com : Trailmark Insulated Stainless Steel Water Bottle, 32 oz, Keeps Drinks Cold 24 Hours : Sports & Outdoors",
      ),
    ).toEqual({
      name: "Trailmark Insulated Stainless Steel Water Bottle, 32 oz, Keeps Drinks Cold 24 Hours",
      brand: null,
      detail: null,
      category: "Sports & Outdoors",
    });
    expect(
      cleanProductName(
        "Amazon.com: Atomic Habits: An Easy & Proven Way to Build Good Habits & Break Bad Ones: 9780735211292: Clear, James: Books",
      ),
    ).toEqual({
      name: "Atomic Habits: An Easy & Proven Way to Build Good Habits & Break Bad Ones",
      brand: "James Clear",
      detail: null,
      category: "Books",
    });
    expect(
      cleanProductName("Amazon.com: The Whole Truth (A. Shaw Book 1) eBook : Baldacci, David: Kindle Store"),
    ).toEqual({
      name: "The Whole Truth",
      brand: "David Baldacci",
      detail: "A. Shaw Book 1, eBook",
      category: "Kindle Store",
    });
    expect(cleanProductName("Echo Dot (5th Gen) : Amazon.co.uk: Amazon Devices & Accessories")).toMatchObject({
      name: "Echo Dot (5th Gen)",
      category: "Amazon Devices & Accessories",
    });
  });

  it("drops a marketplace's or the page's own site name after a dash or bar", () => {
    expect(
      cleanProductName("Mainstays 24 oz Stainless Steel Water Bottle with Flip Lid, Sage - Walmart.com").name,
    ).toBe("Mainstays 24 oz Stainless Steel Water Bottle with Flip Lid, Sage");
    expect(cleanProductName("Hand-Thrown Stoneware Mug, 12 oz - Etsy").name).toBe("Hand-Thrown Stoneware Mug, 12 oz");
    expect(cleanProductName("Hand-Thrown Stoneware Mug | Etsy UK").name).toBe("Hand-Thrown Stoneware Mug");
    expect(cleanProductName("Walnut Desk Shelf - Walmart.com - Walmart.com").name).toBe("Walnut Desk Shelf");
    expect(
      cleanProductName("Smoky Lapsang Souchong Loose Leaf Tea, 100 g – Kettle & Leaf", { siteName: "Kettle & Leaf" })
        .name,
    ).toBe("Smoky Lapsang Souchong Loose Leaf Tea, 100 g");
    // Without the site name, a dash is part of the name.
    expect(cleanProductName("Smoky Lapsang Souchong – Kettle & Leaf").name).toBe(
      "Smoky Lapsang Souchong – Kettle & Leaf",
    );
  });

  it("takes linear time on long hostile titles (no backtracking)", async () => {
    const hostile: ((n: number) => string)[] = [
      (n) => `Amazon.com: ${"a: ".repeat(n)}`,
      (n) => `${"x - ".repeat(n)}Etsy`,
      (n) => `${"Word by ".repeat(n)}`,
      (n) => `${"(Book ".repeat(n / 2)}`,
      (n) => `The Title - Kindle edition by ${"A. ".repeat(n)}`,
    ];
    for (const [i, input] of hostile.entries()) {
      const { ratio } = await growth({ input, run: cleanProductName, size: 2500 });
      expect({ i, linear: ratio < MAX_GROWTH_FOR_8X }).toEqual({ i, linear: true });
    }
  });
});
