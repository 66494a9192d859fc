import { visualQueryFrom, withSubject } from "@/lib/creation/video/brief/visual-query";
import { keywords, normaliseTags, stem, tagsFromFileName } from "@/lib/media/assets/words";
import { candidateKey, fitsWell, orientationOf, pickWithoutRepeats, rankCandidates } from "./rank";
import { nearest1080 } from "./target";

const item = (id: string, title: string, tags: string[] = [], width = 1920, height = 1080) => ({
  provider: "pexels",
  id,
  title,
  tags,
  width,
  height,
});

describe("words", () => {
  it("stems plurals and verb endings lightly, leaving short words alone", () => {
    expect(["shoes", "running", "berries", "boxes", "tied", "bus", "glass", "is"].map(stem)).toEqual([
      "shoe",
      "run",
      "berry",
      "box",
      "tied",
      "bus",
      "glass",
      "is",
    ]);
    expect(keywords("The Running Shoes for the runners")).toEqual(["run", "shoe", "runner"]);
  });

  it("makes tags from a file name: words, lower case, no extension, numbers or camera noise", () => {
    expect(tagsFromFileName("IMG_2041 Red-Shoes.final.jpg")).toEqual(["red", "shoes"]);
    expect(tagsFromFileName("C:\\photos\\summerBeach_2024-copy.PNG")).toEqual(["summer", "beach"]);
    expect(tagsFromFileName("DSC00012.jpg")).toEqual([]);
    expect(tagsFromFileName("café crème.webp")).toEqual(["café", "crème"]);
  });

  it("normalises typed tags", () => {
    expect(normaliseTags(["  Red  Shoes ", "red shoes", "", "Trail"])).toEqual(["red shoes", "trail"]);
  });

  it("derives a visual query from a scene's words, without selling words, numbers or repeats", () => {
    expect(visualQueryFrom("Shop now: 20% off our red running shoes for the trail. Buy today!")).toBe(
      "red running shoes trail",
    );
    expect(visualQueryFrom("Get it now!")).toBe("");
    // Offer words of other languages are not pictures either.
    expect(visualQueryFrom("Envío gratis desde 40 €")).toBe("");
    expect(visualQueryFrom("Livraison gratuite dès 30 €, offre de lancement")).toBe("lancement");
  });
});

describe("ranking", () => {
  it("orders by how much of the scene's words a candidate covers", () => {
    const ranked = rankCandidates({
      query: "barista pouring latte",
      ratio: "16:9",
      candidates: [item("1", "mountain lake"), item("2", "barista pouring latte art"), item("3", "latte on a table")],
    });
    expect(ranked.map((r) => r.item.id)).toEqual(["2", "3", "1"]);
    expect(ranked[0]!.fit).toBe(1);
    expect(ranked[0]!.matched).toEqual(["barista", "pour", "latte"]);
    expect(ranked[2]!.fit).toBe(0);
  });

  it("prefers the ratio's orientation between equally fitting candidates", () => {
    const candidates = [item("wide", "red shoes", [], 1920, 1080), item("tall", "red shoes", [], 1080, 1920)];
    expect(rankCandidates({ query: "red shoes", ratio: "9:16", candidates })[0]!.item.id).toBe("tall");
    expect(rankCandidates({ query: "red shoes", ratio: "16:9", candidates })[0]!.item.id).toBe("wide");
    expect(orientationOf(1080, 1080)).toBe("square");
    expect(orientationOf(0, 0)).toBeNull();
  });

  it("but a better fit beats the orientation", () => {
    const ranked = rankCandidates({
      query: "red running shoes",
      ratio: "9:16",
      candidates: [item("tall", "shoes", [], 1080, 1920), item("wide", "red running shoes", [], 1920, 1080)],
    });
    expect(ranked[0]!.item.id).toBe("wide");
  });

  it("matches tags as well as titles", () => {
    const ranked = rankCandidates({
      query: "coffee beans",
      ratio: "1:1",
      candidates: [item("a", "untitled", ["coffee", "bean"]), item("b", "untitled")],
    });
    expect(ranked[0]!.item.id).toBe("a");
    expect(fitsWell(ranked[0]!)).toBe(true);
    expect(fitsWell(ranked[1]!)).toBe(false);
  });

  it("never repeats an item: not one already used, not one listed twice", () => {
    const a = item("a", "red shoes");
    const ranked = rankCandidates({ query: "red shoes", ratio: "16:9", candidates: [a, a, item("b", "shoes")] });
    expect(ranked.map((r) => r.item.id)).toEqual(["a", "b"]);
    const without = rankCandidates({
      query: "red shoes",
      ratio: "16:9",
      candidates: [a, item("b", "shoes")],
      used: new Set([candidateKey(a)]),
    });
    expect(without.map((r) => r.item.id)).toEqual(["b"]);
  });

  it("gives each scene of a video a different item, the best one left", () => {
    const pool = [item("a", "red running shoes"), item("b", "running track"), item("c", "shoes on a shelf")];
    const picks = pickWithoutRepeats(
      [
        { query: "red running shoes", candidates: pool },
        { query: "red running shoes", candidates: pool },
        { query: "shelf", candidates: pool },
        { query: "anything", candidates: pool.slice(0, 1) },
      ],
      "16:9",
    );
    expect(picks.map((p) => p?.item.id ?? null)).toEqual(["a", "b", "c", null]);
  });
});

describe("renditions", () => {
  it("takes the one whose short side is nearest 1080, preferring bigger over upscaling", () => {
    const f = (w: number, h: number) => ({ width: w, height: h });
    expect(nearest1080([f(640, 360), f(3840, 2160), f(1920, 1080), f(1280, 720)])).toEqual(f(1920, 1080));
    expect(nearest1080([f(1280, 720), f(2560, 1440)])).toEqual(f(2560, 1440));
    expect(nearest1080([f(1080, 1920), f(720, 1280)])).toEqual(f(1080, 1920));
    expect(nearest1080([])).toBeNull();
  });
});

describe("withSubject", () => {
  it("leads a query naming fewer than two things with the video's subject", () => {
    expect(withSubject("tune", "bike repair")).toBe("bike repair tune");
    expect(withSubject("", "cerámica artesanal valencia")).toBe("cerámica artesanal valencia");
    expect(withSubject("repair", "bike repair")).toBe("bike repair");
    expect(withSubject("red running shoes", "bike repair")).toBe("red running shoes");
  });
});
