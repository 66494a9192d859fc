/** Queries: filters, ordering, limits, cursors and counts, on every driver. */
import { contractCase, type CaseContext } from "./harness";
import { item, items, minute, type Item } from "./fixtures";
import type { Db } from "@/lib/platform/db/db";

const SEED: Record<string, Partial<Item>> = {
  a: { owner: "u1", n: 1, tags: ["red", "big"], flag: true, label: "x", at: minute(1) },
  b: { owner: "u1", n: 2, tags: ["blue"], flag: false, label: null, at: minute(2) },
  c: { owner: "u2", n: 3, tags: ["red"], flag: true, label: "y", at: minute(3) },
  d: { owner: "u2", n: 3, tags: [], flag: false, label: "x", at: minute(4) },
  e: { owner: "u1", n: 5, tags: ["green", "red"], flag: false, label: "z", at: minute(5) },
};

async function seed(db: Db) {
  const batch = db.batch();
  for (const [id, over] of Object.entries(SEED)) batch.set(db.collection(items).doc(id), item(over));
  await batch.commit();
}

const ids = (snaps: { id: string }[]) => snaps.map((s) => s.id);

export function queryCases(ctx: CaseContext): void {
  contractCase(ctx, "where ==, != and the range operators select by value and type", async (db) => {
    await seed(db);
    const col = db.collection(items);
    expect(ids(await col.where("owner", "==", "u1").get())).toEqual(["a", "b", "e"]);
    expect(ids(await col.where("flag", "==", true).get())).toEqual(["a", "c"]);
    expect(ids(await col.where("n", "!=", 3).get())).toEqual(["a", "b", "e"]);
    expect(ids(await col.where("n", "<", 3).get())).toEqual(["a", "b"]);
    expect(ids(await col.where("n", "<=", 3).get())).toEqual(["a", "b", "c", "d"]);
    expect(ids(await col.where("n", ">", 3).get())).toEqual(["e"]);
    expect(ids(await col.where("n", ">=", 3).get())).toEqual(["c", "d", "e"]);
    // Values only match their own type, as in Firestore: the string "3" is not the number 3.
    expect(ids(await col.where("n", "==", "3" as never).get())).toEqual([]);
    expect(ids(await col.where("at", ">", minute(3)).get())).toEqual(["d", "e"]);
    // An instant given with an offset compares as the same instant.
    expect(ids(await col.where("at", "<=", "2026-01-01T01:02:00+01:00").get())).toEqual(["a", "b"]);
  });

  contractCase(
    ctx,
    "where == null matches only null values",
    async (db) => {
      await seed(db);
      expect(ids(await db.collection(items).where("label", "==", null).get())).toEqual(["b"]);
      expect(ids(await db.collection(items).where("label", "!=", null).get())).toEqual(["a", "d", "c", "e"]);
    },
    { gap: "null-filters" },
  );

  contractCase(
    ctx,
    "integers and fractions order as one number line",
    async (db) => {
      const col = db.collection(items);
      for (const [id, n] of [
        ["a", 2],
        ["b", 1.5],
        ["c", -0.5],
        ["d", 10],
      ] as const)
        await col.doc(id).set(item({ n }));
      expect(ids(await col.orderBy("n", "desc").get())).toEqual(["d", "a", "b", "c"]);
      expect(ids(await col.where("n", ">", 1.9).get())).toEqual(["a", "d"]);
    },
    { gap: "mixed-number-order" },
  );

  contractCase(ctx, "where in and array-contains", async (db) => {
    await seed(db);
    const col = db.collection(items);
    expect(ids(await col.where("label", "in", ["x", "z"]).get())).toEqual(["a", "d", "e"]);
    expect(ids(await col.where("n", "in", [1, 3]).get())).toEqual(["a", "c", "d"]);
    expect(ids(await col.where("tags", "array-contains", "red").get())).toEqual(["a", "c", "e"]);
    expect(ids(await col.where("owner", "==", "u1").where("tags", "array-contains", "red").get())).toEqual(["a", "e"]);
  });

  contractCase(ctx, "orderBy one or two fields, ascending or descending", async (db) => {
    await seed(db);
    const col = db.collection(items);
    expect(ids(await col.orderBy("at", "desc").get())).toEqual(["e", "d", "c", "b", "a"]);
    expect(ids(await col.orderBy("n").orderBy("at", "desc").get())).toEqual(["a", "b", "d", "c", "e"]);
    expect(ids(await col.orderBy("owner", "desc").orderBy("at").get())).toEqual(["c", "d", "a", "b", "e"]);
    expect(ids(await col.where("owner", "==", "u1").orderBy("at", "desc").limit(2).get())).toEqual(["e", "b"]);
    expect(() => col.orderBy("n").orderBy("at").orderBy("owner")).toThrow(
      expect.objectContaining({ code: "invalid-query" }),
    );
  });

  contractCase(
    ctx,
    "ties break on the document id in the last orderBy's direction; nulls sort first; range filters order by their field",
    async (db) => {
      await seed(db);
      const col = db.collection(items);
      expect(ids(await col.orderBy("n", "desc").get())).toEqual(["e", "d", "c", "b", "a"]);
      expect(ids(await col.orderBy("label").get())).toEqual(["b", "a", "d", "c", "e"]);
      expect(ids(await col.where("n", ">", 1).get())).toEqual(["b", "c", "d", "e"]);
    },
    { gap: "id-order" },
  );

  contractCase(ctx, "count counts what the query matches, up to its limit", async (db) => {
    await seed(db);
    const col = db.collection(items);
    expect(await col.count()).toBe(5);
    expect(await col.where("owner", "==", "u2").count()).toBe(2);
    expect(await col.where("n", ">=", 2).limit(2).count()).toBe(2);
    expect(await col.where("owner", "==", "nobody").count()).toBe(0);
  });

  contractCase(ctx, "bad queries are rejected before they run", async (db) => {
    const col = db.collection(items);
    expect(() => col.where("n", "in", [])).toThrow(expect.objectContaining({ code: "invalid-query" }));
    expect(() => col.where("n", "<", null as never)).toThrow(expect.objectContaining({ code: "invalid-query" }));
    expect(() => col.where("owner'); DROP TABLE c_items; --" as "owner", "==", "x")).toThrow(
      expect.objectContaining({ code: "invalid-query" }),
    );
    expect(() => col.limit(0)).toThrow(expect.objectContaining({ code: "invalid-query" }));
  });

  contractCase(
    ctx,
    "startAfter pages an owner-scoped, newest-first listing without gaps or repeats",
    async (db) => {
      const col = db.collection(items);
      const batch = db.batch();
      // Pairs share a timestamp, so the id tie-break decides the order inside each pair.
      for (let i = 0; i < 25; i++)
        batch.set(
          col.doc(`i${String(i).padStart(2, "0")}`),
          item({ owner: "u1", n: i, at: minute(Math.floor(i / 2)) }),
        );
      batch.set(col.doc("other"), item({ owner: "u2", at: minute(3) }));
      await batch.commit();
      const all = ids(await col.where("owner", "==", "u1").orderBy("at", "desc").get());
      expect(all).toHaveLength(25);
      const pages: string[][] = [];
      let query = col.where("owner", "==", "u1").orderBy("at", "desc").limit(10);
      for (;;) {
        const page = await query.get();
        if (!page.length) break;
        pages.push(ids(page));
        query = col
          .where("owner", "==", "u1")
          .orderBy("at", "desc")
          .limit(10)
          .startAfter(page[page.length - 1]!);
      }
      expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
      expect(pages.flat()).toEqual(all);
      expect(all.slice(0, 3)).toEqual(["i24", "i23", "i22"]);
    },
    { gap: "cursors" },
  );

  contractCase(
    ctx,
    "startAfter with two orderBy fields continues after the cursor document",
    async (db) => {
      await seed(db);
      const col = db.collection(items);
      const first = await col.orderBy("n").orderBy("label").limit(2).get();
      expect(ids(first)).toEqual(["a", "b"]);
      const rest = await col.orderBy("n").orderBy("label").startAfter(first[1]!).get();
      expect(ids(rest)).toEqual(["d", "c", "e"]);
    },
    { gap: "cursors" },
  );
}
