import { buildEntry } from "./write";
import { diffFields } from "./diff";
import { runAs, currentChangeContext, screenFromHeader, SYSTEM_CONTEXT } from "./context";

describe("diffFields", () => {
  it("lists changed leaves with dotted paths, leaving out bookkeeping", () => {
    const before = { name: "A", revision: 1, updated_at: "x", slots: [{ id: "h", z: 1 }], tags: ["a"] };
    const after = { name: "B", revision: 2, updated_at: "y", slots: [{ id: "h", z: 3 }], tags: ["a", "b"] };
    expect(diffFields(before, after)).toEqual([
      { path: "name", before: '"A"', after: '"B"' },
      { path: "slots.0.z", before: "1", after: "3" },
      { path: "tags", before: '["a"]', after: '["a","b"]' },
    ]);
  });

  it("treats a created or deleted document as every field changing", () => {
    expect(diffFields(null, { a: 1 })).toEqual([{ path: "a", before: null, after: "1" }]);
    expect(diffFields({ a: 1 }, null)).toEqual([{ path: "a", before: "1", after: null }]);
    expect(diffFields({ a: 1 }, { a: 1 })).toEqual([]);
  });

  it("cuts long values", () => {
    const [c] = diffFields({ t: "" }, { t: "x".repeat(2000) });
    expect(c!.after!.length).toBe(500);
  });
});

describe("buildEntry", () => {
  it("takes the actor from the ambient context and caps the changes", () => {
    const ctx = {
      actorKind: "user" as const,
      actorId: "u1",
      actorEmail: "a@b.c",
      source: "PATCH /api/v1/x",
      screen: "/layouts",
    };
    const before = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`f${i}`, i]));
    const entry = runAs(ctx, () =>
      buildEntry({
        entityType: "layout",
        entityId: "l1",
        action: "update",
        before,
        after: {},
        at: new Date("2026-01-01T00:00:00Z"),
      }),
    );
    expect(entry).toMatchObject({
      actor_kind: "user",
      actor_id: "u1",
      actor_email: "a@b.c",
      source: "PATCH /api/v1/x",
      screen: "/layouts",
      entity_type: "layout",
      action: "update",
      truncated: true,
      created_at: "2026-01-01T00:00:00.000Z",
    });
    expect(entry.changes).toHaveLength(100);
  });

  it("is the system outside any request", () => {
    expect(currentChangeContext()).toBe(SYSTEM_CONTEXT);
    expect(
      buildEntry({ entityType: "content", entityId: "c", action: "update", before: { a: 1 }, after: { a: 2 } })
        .actor_kind,
    ).toBe("system");
  });

  it("accepts only same-site paths as the screen", () => {
    expect(screenFromHeader("/layouts-pipeline/x")).toBe("/layouts-pipeline/x");
    expect(screenFromHeader("//evil.example")).toBeNull();
    expect(screenFromHeader("https://evil.example")).toBeNull();
    expect(screenFromHeader(null)).toBeNull();
  });
});
