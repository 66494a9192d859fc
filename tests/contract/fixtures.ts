/** Test-only collections for the contract suite, declared exactly as product collections are. */
import { z } from "zod";
import { defineCollection, isoTimestamp } from "@/lib/platform/db/define";
import { allCollections } from "@/lib/registry/collections";

export const items = defineCollection({
  name: "items",
  schema: z.object({
    owner: z.string(),
    n: z.number(),
    tags: z.array(z.string()),
    flag: z.boolean(),
    label: z.string().nullable(),
    at: isoTimestamp(),
  }),
  timestamps: ["at"],
  indexes: [
    ["owner", "at desc"],
    ["owner", "n"],
    ["n", "label"],
  ],
});

export const tallies = defineCollection({
  name: "tallies",
  schema: z.object({ n: z.number().int() }),
});

export const notes = defineCollection({
  name: "notes",
  parent: "items",
  schema: z.object({ text: z.string(), at: isoTimestamp() }),
  timestamps: ["at"],
});

export const contractCollections = [...allCollections, items, tallies, notes];

export type Item = z.output<typeof items.schema>;

export function item(over: Partial<Item> = {}): Item {
  return { owner: "u1", n: 0, tags: [], flag: false, label: null, at: "2026-01-01T00:00:00.000Z", ...over };
}

/** 0-based minute offsets as ISO instants, to build ordered timestamps. */
export function minute(i: number): string {
  return new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
}
