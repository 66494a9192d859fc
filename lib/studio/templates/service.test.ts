import { compositions, templates, templateVersions } from "@/lib/engine/composition/collections";
import { ensureStarterLibrary, getTemplateVersion, listLiveTemplates } from "@/lib/engine/composition/library";
import { resolveRenderProps } from "@/lib/engine/composition/resolve";
import { updateLog } from "@/lib/platform/update-log/collections";
import { addUser, openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { users } from "@/lib/platform/db/collections";
import { ApiError } from "@/lib/platform/api/errors";
import { sampleComposition } from "./sample";
import {
  discardDraft,
  getTemplateDetail,
  listTemplates,
  moveTemplateStage,
  publishTemplateVersion,
  updateDraft,
  type StudioDeps,
} from "./service";

let env: TestEnv;
let deps: StudioDeps;
const now = new Date("2026-11-23T10:00:00.000Z");

beforeEach(async () => {
  env = openTestEnv();
  deps = { db: env.db, store: env.store, now: () => now };
  await ensureStarterLibrary(env.db, now);
});
afterEach(async () => {
  await env.close();
});

async function apiError(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => null,
    (x) => x,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

async function pinnedContent(id: string, templateId: string, version: number) {
  const tv = (await getTemplateVersion(env.db, templateId, version))!;
  const body = sampleComposition({ templateId, version, body: tv, ratio: "1:1", layoutIds: [tv.layouts[0]!.id] });
  await env.db
    .collection(compositions)
    .doc(id)
    .create({ ...body, owner_id: "u1", created_at: now.toISOString(), updated_at: now.toISOString() });
}

const log = async () => (await env.db.collection(updateLog).get()).map((e) => e.data);

describe("draft edits", () => {
  it("saves into the unpublished next version, bumps the revision and logs the change in the same write", async () => {
    const d0 = await getTemplateDetail(deps, "starter-bold");
    expect(d0.draft).toMatchObject({ version: 2, saved: false });
    const style = { ...d0.draft.body.style, palette: { ...d0.draft.body.style.palette, accent: "#00aa55" } };
    // Authors read as people, never as uids: the name, else the email; the starter library by that name.
    await addUser(env.db, "staff1", 0);
    await env.db.collection(users).doc("staff1").update({ name: null, email: "ada@promptframe.ai" });
    const d1 = await updateDraft(deps, "staff1", "starter-bold", { revision: 0, style });
    expect(d1.template.revision).toBe(1);
    expect(d1.draft).toMatchObject({ version: 2, saved: true, created_by: "ada@promptframe.ai" });
    expect(d1.versions.map((v) => v.created_by)).not.toContain("system");
    expect(d1.draft.body.style.palette.accent).toBe("#00aa55");
    // The published version and users' view of the template are untouched.
    expect(d1.current.style.palette.accent).toBe("#ffd400");
    expect((await env.db.collection(templateVersions).doc("starter-bold@2").get())!.data.published_at).toBeNull();
    const entries = await log();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entity_type: "template", entity_id: "starter-bold", action: "update" });
    expect(entries[0]!.changes.some((c) => c.path.includes("accent"))).toBe(true);
  });

  it("refuses a stale revision with a 409 and saves nothing", async () => {
    const d0 = await getTemplateDetail(deps, "starter-bold");
    await updateDraft(deps, "a", "starter-bold", { revision: 0, motion: { ...d0.draft.body.motion, pacing: 1.2 } });
    const e = await apiError(
      updateDraft(deps, "b", "starter-bold", { revision: 0, motion: { ...d0.draft.body.motion, pacing: 0.6 } }),
    );
    expect(e.code).toBe("conflict");
    expect(e.message).toMatch(/Someone else changed "Bold".*revision 0.*now at 1/);
    expect((await getTemplateDetail(deps, "starter-bold")).draft.body.motion.pacing).toBe(1.2);
    expect(await log()).toHaveLength(1);
  });

  it("rejects invalid style values with issues and writes nothing", async () => {
    const d0 = await getTemplateDetail(deps, "starter-bold");
    const bad = { ...d0.draft.body.style, palette: { ...d0.draft.body.style.palette, text: "red" }, typeScale: 9 };
    const e = await apiError(updateDraft(deps, "a", "starter-bold", { revision: 0, style: bad }));
    expect(e.code).toBe("unprocessable_entity");
    expect(e.issues!.map((i) => i.path)).toEqual(expect.arrayContaining(["style.palette.text", "style.typeScale"]));
    expect(await env.db.collection(templateVersions).doc("starter-bold@2").get()).toBeNull();
    expect((await env.db.collection(templates).doc("starter-bold").get())!.data.revision).toBe(0);
    expect(await log()).toHaveLength(0);
    const unknown = await apiError(
      updateDraft(deps, "a", "starter-bold", { revision: 0, layout_ids: ["no-such-layout"] }),
    );
    expect(unknown.code).toBe("unprocessable_entity");
  });

  it("changes the layouts offered, snapshotting layouts from the library", async () => {
    const d = await updateDraft(deps, "a", "starter-bold", {
      revision: 0,
      layout_ids: ["starter-quote", "starter-statement"],
    });
    expect(d.draft.body.layouts.map((l) => l.id)).toEqual(["starter-quote", "starter-statement"]);
    expect(d.draft.body.layouts[0]!.slots.length).toBeGreaterThan(0);
  });

  it("discards the draft", async () => {
    const d0 = await getTemplateDetail(deps, "starter-bold");
    await updateDraft(deps, "a", "starter-bold", { revision: 0, music: { ...d0.draft.body.music, mood: "calm" } });
    const d = await discardDraft(deps, "starter-bold", { revision: 1 });
    expect(d.draft.saved).toBe(false);
    expect(d.draft.body.music.mood).toBe("energetic");
  });
});

describe("publishing", () => {
  it("makes the draft an immutable version N+1, and content pinned to version 1 still resolves with version 1", async () => {
    await pinnedContent("c1", "starter-bold", 1);
    const d0 = await getTemplateDetail(deps, "starter-bold");
    const style = { ...d0.draft.body.style, palette: { ...d0.draft.body.style.palette, background: "#002244" } };
    await updateDraft(deps, "a", "starter-bold", {
      revision: 0,
      style,
      layout_ids: ["starter-statement", "starter-bullets"],
    });
    const p = await publishTemplateVersion(deps, "starter-bold", { revision: 1 });
    expect(p.template).toMatchObject({ current_version: 2, revision: 2, has_draft: false });
    expect(p.versions.map((v) => [v.version, v.usage])).toEqual([
      [2, 0],
      [1, 1],
    ]);
    const t = (await env.db.collection(templates).doc("starter-bold").get())!.data;
    expect(t.layout_ids).toEqual(["starter-statement", "starter-bullets"]);
    expect((await env.db.collection(templateVersions).doc("starter-bold@2").get())!.data.published_at).toBe(
      now.toISOString(),
    );
    expect((await log()).map((e) => e.action).sort()).toEqual(["publish", "update"]);

    // The next edit goes to version 3; version 2 never changes again.
    const d2 = await updateDraft(deps, "a", "starter-bold", {
      revision: 2,
      music: { ...p.current.music, mood: "calm" },
    });
    expect(d2.draft.version).toBe(3);
    expect((await getTemplateVersion(env.db, "starter-bold", 2))!.music.mood).toBe("energetic");

    // Old content: its composition names version 1, which still has its layouts and look.
    const c1 = (await env.db.collection(compositions).doc("c1").get())!.data;
    expect(c1.template.version).toBe(1);
    const v1 = (await getTemplateVersion(env.db, "starter-bold", 1))!;
    const props = resolveRenderProps({
      composition: c1,
      templateVersion: v1,
      mediaUrl: (k) => k,
      size: { width: 160, height: 160 },
    });
    expect(props.background.color).toBe("#111111");
    expect(props.scenes[0]!.layoutId).toBe("starter-full-bleed");
  });

  it("refuses to publish without changes or with a stale revision", async () => {
    expect((await apiError(publishTemplateVersion(deps, "starter-bold", { revision: 0 }))).message).toMatch(
      /no unpublished changes/,
    );
    expect((await apiError(publishTemplateVersion(deps, "starter-bold", { revision: 5 }))).code).toBe("conflict");
  });

  it("refuses to publish a version whose layouts fail the checks, and keeps the draft", async () => {
    const d0 = await getTemplateDetail(deps, "starter-bold");
    // Twice the type scale and heavy padding: long texts no longer fit.
    await updateDraft(deps, "a", "starter-bold", {
      revision: 0,
      style: { ...d0.draft.body.style, typeScale: 2, spacing: 120 },
    });
    const d1 = await getTemplateDetail(deps, "starter-bold");
    expect(d1.checks.draft.passed).toBe(false);
    const e = await apiError(publishTemplateVersion(deps, "starter-bold", { revision: 1 }));
    expect(e.code).toBe("unprocessable_entity");
    expect(e.message).toMatch(/fails its checks/);
    expect((await env.db.collection(templates).doc("starter-bold").get())!.data.current_version).toBe(1);
  });
});

describe("stages", () => {
  it("follows the stage rules; retiring hides the template from pickers without touching its versions", async () => {
    const e = await apiError(moveTemplateStage(deps, "starter-bold", { revision: 0, to: "draft" }));
    expect(e.message).toMatch(/cannot move/);
    const r = await moveTemplateStage(deps, "starter-bold", { revision: 0, to: "retired" });
    expect(r.template.stage).toBe("retired");
    expect(r.stage_actions.map((a) => a.to)).toEqual(["live", "draft"]);
    expect((await listLiveTemplates(env.db)).map((t) => t.id)).not.toContain("starter-bold");
    expect(await getTemplateVersion(env.db, "starter-bold", 1)).not.toBeNull();
    const back = await moveTemplateStage(deps, "starter-bold", { revision: 1, to: "live" });
    expect(back.template.stage).toBe("live");
    expect((await log()).map((x) => x.action)).toEqual(["stage", "stage"]);
  });

  it("does not let a version that fails its checks go live", async () => {
    // A stored version that no longer fits (made directly: the studio would refuse to publish it).
    const v1 = (await env.db.collection(templateVersions).doc("starter-elegant@1").get())!.data;
    await env.db
      .collection(templateVersions)
      .doc("starter-elegant@1")
      .set({ ...v1, style: { ...v1.style, typeScale: 2, spacing: 120 } });
    await moveTemplateStage(deps, "starter-elegant", { revision: 0, to: "retired" });
    const d = await getTemplateDetail(deps, "starter-elegant");
    expect(d.stage_actions.find((a) => a.to === "live")!.blocked).toMatch(/fails/);
    const e = await apiError(moveTemplateStage(deps, "starter-elegant", { revision: 1, to: "live" }));
    expect(e.message).toMatch(/cannot go live/);
    expect((await env.db.collection(templates).doc("starter-elegant").get())!.data.stage).toBe("retired");
  });
});

describe("only live layouts reach users", () => {
  it("a live template publishes no version offering a layout that is not live, and goes live only when all its layouts are", async () => {
    const { layouts } = await import("@/lib/engine/composition/collections");
    const quote = (await env.db.collection(layouts).doc("starter-quote").get())!.data;
    await env.db
      .collection(layouts)
      .doc("starter-quote")
      .set({ ...quote, stage: "review" });
    await updateDraft(deps, "a", "starter-bold", { revision: 0, layout_ids: ["starter-quote", "starter-statement"] });
    const e = await apiError(publishTemplateVersion(deps, "starter-bold", { revision: 1 }));
    expect(e.code).toBe("unprocessable_entity");
    expect(e.message).toMatch(/all its layouts must be live/);
    expect((await env.db.collection(templates).doc("starter-bold").get())!.data.current_version).toBe(1);
    // Retired, it may publish the version; going live again is refused until the layout is live.
    await moveTemplateStage(deps, "starter-bold", { revision: 1, to: "retired" });
    await publishTemplateVersion(deps, "starter-bold", { revision: 2 });
    expect((await apiError(moveTemplateStage(deps, "starter-bold", { revision: 3, to: "live" }))).message).toMatch(
      /make "[^"]+" \(In review\) live first/,
    );
    await env.db
      .collection(layouts)
      .doc("starter-quote")
      .set({ ...quote, stage: "live" });
    expect((await moveTemplateStage(deps, "starter-bold", { revision: 3, to: "live" })).template.stage).toBe("live");
  });
});

describe("library list", () => {
  it("lists every template with its version, stage, draft flag and usage", async () => {
    await pinnedContent("c1", "starter-playful", 1);
    await pinnedContent("c2", "starter-playful", 1);
    const rows = await listTemplates(deps);
    expect(rows.map((r) => r.id).sort()).toEqual([
      "starter-bold",
      "starter-corporate",
      "starter-elegant",
      "starter-playful",
    ]);
    expect(rows.find((r) => r.id === "starter-playful")).toMatchObject({
      usage: 2,
      current_version: 1,
      stage: "live",
      has_draft: false,
    });
  });
});

describe("uploaded fonts", () => {
  it("stores a real font and refuses a file that is not one with a clear 422", async () => {
    const fs = await import("node:fs");
    const path = await import("node:path");
    const { uploadTemplateFont } = await import("./fonts");
    const bytes = fs.readFileSync(
      path.join(process.cwd(), "node_modules/@fontsource/inter/files/inter-latin-400-normal.woff2"),
    );
    const f = await uploadTemplateFont(deps, "starter-bold", bytes);
    expect(f).toMatchObject({ family: "Inter", format: "woff2" });
    expect(await env.store.head(f.key)).not.toBeNull();

    const e = await apiError(uploadTemplateFont(deps, "starter-bold", Buffer.from("%PDF-1.4 this is not a font")));
    expect(e.code).toBe("unprocessable_entity");
    expect(e.message).toMatch(/not a usable font/);

    const foreign = await apiError(
      updateDraft(deps, "a", "starter-bold", {
        revision: 0,
        style: {
          ...(await getTemplateDetail(deps, "starter-bold")).draft.body.style,
          fontFiles: { heading: { key: "images/u1/private.png", family: "X", format: "ttf" }, body: null },
        },
      }),
    );
    expect(foreign.issues).toEqual([{ path: "style.fontFiles.heading.key", message: "unknown font file" }]);

    // In the draft, the uploaded file draws headings (with the bundled font as the fallback and for fitting).
    const d0 = await getTemplateDetail(deps, "starter-bold");
    const d1 = await updateDraft(deps, "a", "starter-bold", {
      revision: 0,
      style: {
        ...d0.draft.body.style,
        fontFiles: { heading: { key: f.key, family: f.family, format: f.format }, body: null },
      },
    });
    expect(Object.keys(d1.sample_media)).toContain(f.key);
    const props = resolveRenderProps({
      composition: sampleComposition({ templateId: "starter-bold", version: 2, body: d1.draft.body, ratio: "1:1" }),
      templateVersion: d1.draft.body,
      mediaUrl: (k) => `u:${k}`,
      size: { width: 160, height: 160 },
    });
    expect(props.fonts.some((x) => x.url === `u:${f.key}`)).toBe(true);
    const headline = props.scenes.flatMap((s) => s.slots).find((s) => s.role === "headline" && s.text);
    expect(headline!.text!.fontFamily).toMatch(/^"pf-tfont-[^"]+", "Bebas Neue"/);
  });
});
