/** Document reads and writes, schema enforcement and the registry, on every driver. */
import { isDbError, serverTimestamp } from "@/lib/platform/db";
import { jobs, users } from "@/lib/platform/db/collections";
import { defineCollection } from "@/lib/platform/db/define";
import { z } from "zod";
import { contractCase, type CaseContext } from "./harness";
import { item, items, notes } from "./fixtures";

async function errorOf(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => new Error("expected a rejection"),
    (e: unknown) => e,
  );
}

export function crudCases(ctx: CaseContext): void {
  contractCase(ctx, "create, get, set, update and delete a document", async (db) => {
    const ref = db.collection(items).doc("a");
    expect(await ref.get()).toBeNull();
    await ref.create(item({ n: 1, tags: ["x"] }));
    expect(await ref.get()).toEqual({ id: "a", path: "items/a", data: item({ n: 1, tags: ["x"] }) });
    await ref.set(item({ n: 2 }));
    expect((await ref.get())?.data).toEqual(item({ n: 2 }));
    await ref.update({ label: "hi", at: "2026-03-01T10:00:00+02:00" });
    expect((await ref.get())?.data).toEqual(item({ n: 2, label: "hi", at: "2026-03-01T08:00:00.000Z" }));
    await ref.delete();
    expect(await ref.get()).toBeNull();
  });

  contractCase(ctx, "create fails with already-exists and keeps the stored document", async (db) => {
    const ref = db.collection(items).doc("a");
    await ref.create(item({ n: 1 }));
    expect(isDbError(await errorOf(ref.create(item({ n: 2 }))), "already-exists")).toBe(true);
    expect((await ref.get())?.data.n).toBe(1);
  });

  contractCase(ctx, "update of a missing document fails with not-found and creates nothing", async (db) => {
    const ref = db.collection(items).doc("missing");
    expect(isDbError(await errorOf(ref.update({ n: 1 })), "not-found")).toBe(true);
    expect(await ref.get()).toBeNull();
  });

  contractCase(ctx, "writes that fail the schema are rejected with invalid-document and write nothing", async (db) => {
    const ref = db.collection(items).doc("a");
    const bad = [
      ref.set({ ...item(), n: "1" } as never),
      ref.create({ ...item(), extra: true } as never),
      ref.set({ ...item(), at: "yesterday" }),
      ref.set({ owner: "u1" } as never),
    ];
    for (const p of bad) expect(isDbError(await errorOf(p), "invalid-document")).toBe(true);
    expect(await ref.get()).toBeNull();
    await ref.create(item({ n: 1 }));
    expect(isDbError(await errorOf(ref.update({ n: "2" } as never)), "invalid-document")).toBe(true);
    expect(isDbError(await errorOf(ref.update({ nope: 1 } as never)), "invalid-document")).toBe(true);
    expect((await ref.get())?.data).toEqual(item({ n: 1 }));
  });

  contractCase(
    ctx,
    "a stored document that no longer fits its schema is reported as malformed-document",
    async (db) => {
      await ctx.target.writeRaw("items/bad", { owner: "u1", n: "not a number" });
      await db.collection(items).doc("good").create(item());
      const err = await errorOf(db.collection(items).doc("bad").get());
      expect(isDbError(err, "malformed-document")).toBe(true);
      expect((err as { details: { path: string } }).details.path).toBe("items/bad");
      expect(isDbError(await errorOf(db.collection(items).get()), "malformed-document")).toBe(true);
    },
  );

  contractCase(ctx, "server timestamps fill declared timestamp fields with the commit time", async (db) => {
    const before = Date.now();
    const ref = db.collection(items).doc("a");
    await ref.create({ ...item(), at: serverTimestamp() });
    const at = Date.parse((await ref.get())!.data.at);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    const err = await errorOf(ref.update({ label: serverTimestamp() as never }));
    expect(isDbError(err, "invalid-document")).toBe(true);
  });

  contractCase(ctx, "unknown collections and bad ids are typed errors", async (db) => {
    const stray = defineCollection({ name: "stray", schema: z.object({ a: z.string() }) });
    expect(() => db.collection(stray)).toThrow(expect.objectContaining({ code: "unknown-collection" }));
    expect(() => db.collectionByName("nope")).toThrow(expect.objectContaining({ code: "unknown-collection" }));
    for (const id of ["", "a/b", "..", "__x__", "x".repeat(129)]) {
      expect(() => db.collection(items).doc(id)).toThrow(expect.objectContaining({ code: "invalid-id" }));
    }
    // Profiles are keyed by uid: no generated ids.
    expect(() => db.collection(users).doc()).toThrow(expect.objectContaining({ code: "invalid-id" }));
    expect(db.collection(items).doc().id).toMatch(/^[A-Za-z0-9]{20}$/);
  });

  contractCase(ctx, "sub-collections hold documents under their parent only", async (db) => {
    const a = db.collection(items).doc("a");
    await a.set(item());
    await a.collection(notes).doc("n1").create({ text: "one", at: "2026-01-01T00:00:00Z" });
    await db.collection(items).doc("b").collection(notes).doc("n2").create({ text: "two", at: "2026-01-01T00:00:00Z" });
    const under = await a.collection(notes).get();
    expect(under.map((s) => [s.path, s.data.text])).toEqual([["items/a/notes/n1", "one"]]);
    expect(() => a.collection(items)).toThrow(expect.objectContaining({ code: "unknown-collection" }));
  });

  contractCase(ctx, "listDocumentIds lists a collection's documents", async (db) => {
    for (const id of ["c", "a", "b"]) await db.collection(items).doc(id).set(item());
    expect(await db.collection(items).listDocumentIds()).toEqual(["a", "b", "c"]);
    expect(await db.collection(items).doc("a").collection(notes).listDocumentIds()).toEqual([]);
  });

  contractCase(
    ctx,
    "listCollections names the collections that hold documents, at the root and under a document",
    async (db) => {
      await db.collection(items).doc("a").set(item());
      await db.collection(items).doc("a").collection(notes).doc("n").set({ text: "t", at: "2026-01-01T00:00:00Z" });
      await db.collection(users).doc("u1").set({
        user_id: "u1",
        email: null,
        name: null,
        photo_url: null,
        provider: "password",
        is_staff: false,
        credits: 0,
        plan: "free",
        created_at: "2026-01-01T00:00:00Z",
        last_login_at: "2026-01-01T00:00:00Z",
      });
      expect(await db.listCollections()).toEqual(["items", "users"]);
      expect(await db.collection(items).doc("a").listCollections()).toEqual(["notes"]);
    },
    { gap: "list-collections" },
  );

  contractCase(
    ctx,
    "a batch with one failing write applies none of its writes",
    async (db) => {
      const col = db.collection(items);
      await col.doc("taken").create(item({ n: 1 }));
      const failing = db
        .batch()
        .set(col.doc("x"), item({ n: 2 }))
        .create(col.doc("taken"), item({ n: 3 }));
      expect(isDbError(await errorOf(failing.commit()), "already-exists")).toBe(true);
      expect(await col.doc("x").get()).toBeNull();
      expect((await col.doc("taken").get())?.data.n).toBe(1);
    },
    { gap: "batch-atomicity" },
  );

  contractCase(ctx, "a batch applies its writes together and holds at most 500", async (db) => {
    const col = db.collection(items);
    await col.doc("taken").create(item({ n: 1 }));
    await db
      .batch()
      .set(col.doc("x"), item({ n: 2 }))
      .update(col.doc("taken"), { n: 5 })
      .delete(col.doc("nope"))
      .commit();
    expect((await col.doc("x").get())?.data.n).toBe(2);
    expect((await col.doc("taken").get())?.data.n).toBe(5);
    const big = db.batch();
    for (let i = 0; i < 500; i++) big.set(col.doc(`b${i}`), item());
    expect(() => big.set(col.doc("b500"), item())).toThrow(expect.objectContaining({ code: "invalid-argument" }));
  });

  contractCase(ctx, "an update touches only the fields it names (defaults are not re-applied)", async (db) => {
    const ref = db.collection(jobs).doc("j");
    await ref.create({
      type: "image.generate",
      owner_id: "u1",
      content_id: null,
      state: "queued",
      progress: 0,
      attempts: 0,
      max_attempts: 7,
      error: null,
      worker_id: null,
      lease_expires_at: null,
      input: { prompt: "cat" },
      created_at: "2026-01-01T00:00:00Z",
      updated_at: "2026-01-01T00:00:00Z",
    });
    await ref.update({ progress: 0.25 });
    expect((await ref.get())?.data).toMatchObject({ progress: 0.25, max_attempts: 7, input: { prompt: "cat" } });
  });
}
