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

  it("looks back a bounded distance from each match, so hostile text cannot make it quadratic", () => {
    // The bound itself: an area name longer than the 64-character look-back is not collected.
    const areas = new Set<string>();
    collectBlobAreas(`"${"a".repeat(70)}/u1/x"`, "u1", areas);
    expect([...areas]).toEqual([]);
    // And a megabyte of back-to-back matches with long runs before them finishes at once. An unbounded
    // look-back would scan about 10^11 characters here (minutes); the bounded one scans about 10^6.
    const hostile = `"${"b".repeat(63)}/u1/`.repeat(15_000) + "a".repeat(100_000);
    const start = Date.now();
    collectBlobAreas(hostile, "u1", areas);
    expect(Date.now() - start).toBeLessThan(2_000);
    expect([...areas]).toEqual(["b".repeat(63)]);
  });
});
