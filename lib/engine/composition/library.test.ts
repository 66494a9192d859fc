import { openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { layouts, templates, templateVersions } from "./collections";
import {
  ensureStarterLibrary,
  getCurrentTemplateVersion,
  getTemplateVersion,
  listLiveLayouts,
  listLiveTemplates,
} from "./library";
import { STARTER_LAYOUTS, STARTER_TEMPLATES } from "./starter";

let env: TestEnv;
beforeEach(() => {
  env = openTestEnv();
});
afterEach(async () => {
  await env.close();
});

const now = new Date("2026-11-23T10:00:00.000Z");

describe("ensureStarterLibrary", () => {
  it("seeds every starter layout and template as live demo data, once", async () => {
    const first = await ensureStarterLibrary(env.db, now);
    expect(first.created).toEqual({
      layouts: STARTER_LAYOUTS.length,
      templates: STARTER_TEMPLATES.length,
      templateVersions: STARTER_TEMPLATES.length,
    });
    const again = await ensureStarterLibrary(env.db, now);
    expect(again.created).toEqual({ layouts: 0, templates: 0, templateVersions: 0 });

    const t = (await env.db.collection(templates).doc("starter-bold").get())!.data;
    expect(t).toMatchObject({ stage: "live", demo: true, current_version: 1, revision: 0, created_by: "system" });
    const l = (await env.db.collection(layouts).doc("starter-split").get())!.data;
    expect(l).toMatchObject({ stage: "live", demo: true, origin: "starter", version: 1 });
    const v = (await env.db.collection(templateVersions).doc("starter-bold@1").get())!.data;
    expect(v.layouts.map((x) => x.id)).toEqual(STARTER_TEMPLATES[0]!.layoutIds);
    expect(v.published_at).toBe(now.toISOString());
  });

  it("never overwrites what staff changed, and only fills in what is missing", async () => {
    await ensureStarterLibrary(env.db, now);
    await env.db
      .collection(layouts)
      .doc("starter-split")
      .update({ name: "Split (edited)", revision: 1, stage: "retired" });
    await env.db.collection(templates).doc("starter-bold").delete();
    const r = await ensureStarterLibrary(env.db, now);
    expect(r.created).toEqual({ layouts: 0, templates: 1, templateVersions: 0 });
    expect((await env.db.collection(layouts).doc("starter-split").get())!.data).toMatchObject({
      name: "Split (edited)",
      revision: 1,
      stage: "retired",
    });
  });

  it("is safe when several callers seed at once", async () => {
    const results = await Promise.all([
      ensureStarterLibrary(env.db, now),
      ensureStarterLibrary(env.db, now),
      ensureStarterLibrary(env.db, now),
    ]);
    const sum = results.reduce((a, r) => a + r.created.layouts, 0);
    expect(sum).toBe(STARTER_LAYOUTS.length);
    expect(await env.db.collection(layouts).count()).toBe(STARTER_LAYOUTS.length);
    expect(await env.db.collection(templateVersions).count()).toBe(STARTER_TEMPLATES.length);
  });
});

describe("library reads", () => {
  it("lists only live items and reads versions", async () => {
    await ensureStarterLibrary(env.db, now);
    await env.db.collection(templates).doc("starter-playful").update({ stage: "retired" });
    await env.db.collection(layouts).doc("starter-quote").update({ stage: "draft" });
    expect((await listLiveTemplates(env.db)).map((t) => t.id).sort()).toEqual([
      "starter-bold",
      "starter-corporate",
      "starter-elegant",
    ]);
    expect((await listLiveLayouts(env.db)).map((l) => l.id)).not.toContain("starter-quote");
    // A retired template's versions still render old content.
    expect((await getTemplateVersion(env.db, "starter-playful", 1))!.style.fonts.heading).toBe("montserrat");
    expect(await getTemplateVersion(env.db, "starter-playful", 2)).toBeNull();
    expect((await getCurrentTemplateVersion(env.db, "starter-bold"))!.version).toBe(1);
    expect(await getCurrentTemplateVersion(env.db, "nope")).toBeNull();
  });
});
