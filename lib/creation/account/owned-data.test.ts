import { z } from "zod";
import { allCollections } from "@/lib/registry/collections";
import { defineCollection } from "@/lib/platform/db/define";
import { collectBlobAreas, ownedCollections, pseudonymFor, unclassifiedCollections } from "./owned-data";

const plan = (name: string) => ownedCollections(allCollections).find((p) => p.def.name === name);

describe("which documents are a person's", () => {
  it("has decided about every collection that names a person", () => {
    expect(unclassifiedCollections(allCollections)).toEqual([]);
  });

  it("notices a new collection that names a person in a way it does not handle", () => {
    const notes = defineCollection({
      name: "review_notes",
      schema: z.object({ created_by: z.string(), text: z.string() }),
    });
    const byUid = defineCollection({
      name: "settings_by_uid",
      schema: z.object({ theme: z.string() }),
      id: { pattern: /^[A-Za-z0-9_-]{1,128}$/, auto: false, description: "a Firebase uid" },
    });
    expect(unclassifiedCollections([...allCollections, notes, byUid])).toEqual(["review_notes", "settings_by_uid"]);
  });

  it("exports and deletes what people make, keeps accounting pseudonymised and leaves company work alone", () => {
    for (const name of [
      "content",
      "assets",
      "products",
      "brand_kits",
      "batches",
      "likes",
      "vibes",
      "compositions",
      "jobs",
      "users",
    ]) {
      expect(plan(name)).toMatchObject({ exported: true, onDelete: { action: "delete" } });
    }
    // A collection added later with an owner_id is covered without being listed.
    const later = defineCollection({
      name: "storyboards",
      schema: z.object({ owner_id: z.string(), text: z.string() }),
    });
    expect(ownedCollections([later])[0]).toMatchObject({
      finders: [{ by: "field", field: "owner_id" }],
      onDelete: { action: "delete" },
    });

    expect(plan("credit_ledger")).toMatchObject({ exported: true, onDelete: { action: "pseudonymise" } });
    expect(plan("update_log")).toMatchObject({
      finders: [{ by: "field", field: "actor_id" }],
      onDelete: { action: "pseudonymise", clear: ["actor_email", "entity_label"], empty: ["changes"] },
    });
    expect(plan("users")?.finders).toEqual([{ by: "id" }]);
    expect(plan("likes")?.alsoDelete).toEqual([{ by: "field", field: "content_owner_id" }]);
    expect(plan("prod_pipelines")).toBeUndefined();
    expect(plan("revoked_sessions")).toBeUndefined();
  });
});

describe("pseudonymFor", () => {
  it("is stable, unlinkable by eye, distinct per person and a valid uid field", () => {
    const a = pseudonymFor("Uid123abc");
    expect(a).toBe(pseudonymFor("Uid123abc"));
    expect(a).not.toBe(pseudonymFor("Uid123abd"));
    expect(a).not.toContain("Uid123abc");
    expect(a).toMatch(/^deleted-[0-9a-f]{24}$/);
    expect(a).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
  });
});

describe("collectBlobAreas", () => {
  it("finds the areas of the person's keys that documents name, and nobody else's", () => {
    const areas = new Set<string>();
    const doc = JSON.stringify({
      blobs: { original: "images/u1/c1/original.png", poster: "voiceovers/u1/c1/a.wav" },
      other: "images/u2/c9/original.png",
      text: "see /u1/ in prose, and x-images/u1/y",
      sample: "samples/beach.jpg",
    });
    collectBlobAreas(doc, "u1", areas);
    expect([...areas].sort()).toEqual(["images", "voiceovers"]);
  });

  it("takes linear time on hostile text (8x the input, about 8x the time)", () => {
    const hostile = (n: number) => `"${"a".repeat(n)}/u1/`.repeat(1) + `"${"b".repeat(63)}/u1/`.repeat(n);
    // The fastest of several runs, so a pause of the shared machine or the garbage collector does not decide
    // (a single timing of each size once came out at 21x on a loaded CI machine; quadratic would be about 64x).
    const time = (n: number) => {
      const text = hostile(n);
      let best = Infinity;
      for (let r = 0; r < 7; r++) {
        const start = process.hrtime.bigint();
        collectBlobAreas(text, "u1", new Set());
        best = Math.min(best, Number(process.hrtime.bigint() - start));
      }
      return best;
    };
    time(500); // warm up
    const ratio = time(16_000) / time(2_000);
    expect(ratio).toBeLessThan(20);
  });
});
