/**
 * The layout studio's service on the embedded store: the library leaves out
 * generated candidates in review, saves and stage moves check the revision
 * (409, nothing written), validation errors block a save and going live
 * (422), every write logs exactly one update-log entry in its transaction,
 * only drafts are deleted, and retiring a layout keeps content made with it
 * rendering (template versions snapshot their layouts).
 */
import { expectApiError } from "@/tests/support/expect-api-error";
import { layouts } from "@/lib/engine/composition/collections";
import { ensureStarterLibrary, getTemplateVersion } from "@/lib/engine/composition/library";
import type { LayoutBody } from "@/lib/engine/composition/layout-schema";
import { resolveRenderProps } from "@/lib/engine/composition/resolve";
import { sampleValues } from "@/lib/engine/composition/starter";
import { COMPOSITION_SCHEMA_VERSION } from "@/lib/engine/composition/composition-schema";
import { openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { slugify } from "@/lib/studio/layouts/contract";
import {
  createLayout,
  deleteLayout,
  getLayout,
  layoutHistory,
  listLayouts,
  moveLayoutStage,
  updateLayout,
  type StudioLayoutDeps,
} from "@/lib/studio/layouts/service";
import { updateLog } from "@/lib/platform/update-log/collections";
import { runAs } from "@/lib/platform/update-log/context";

let env: TestEnv;
let deps: StudioLayoutDeps;
const STAFF = {
  actorKind: "user" as const,
  actorId: "staff-1",
  actorEmail: "dana@promptframe.ai",
  source: "test",
  screen: "/layouts-pipeline/x",
};

beforeAll(async () => {
  env = openTestEnv();
  await ensureStarterLibrary(env.db);
  deps = { db: env.db, store: env.store };
});
afterAll(() => env.close());

const logFor = async (id: string) =>
  (
    await env.db
      .collection(updateLog)
      .where("entity_type", "==", "layout")
      .where("entity_id", "==", id)
      .orderBy("created_at", "desc")
      .get()
  ).map((r) => r.data);
const bodyOf = (l: LayoutBody): LayoutBody => ({
  name: l.name,
  description: l.description,
  slots: l.slots,
  boxes: l.boxes,
});

it("slugs names", () => {
  expect(slugify("Product hero: price badge!")).toBe("product-hero-price-badge");
  expect(slugify("---")).toBe("layout");
});

it("lists the library with filters, leaving out generated candidates in review or rejected", async () => {
  const at = new Date().toISOString();
  const starter = (await env.db.collection(layouts).doc("starter-split").get())!.data;
  for (const [id, status] of [
    ["gen-pending", "pending"],
    ["gen-rejected", "rejected"],
    ["gen-accepted", "accepted"],
  ] as const) {
    await env.db
      .collection(layouts)
      .doc(id)
      .create({
        ...starter,
        name: `Generated ${status}`,
        origin: "generated",
        stage: "draft",
        demo: false,
        created_at: at,
        updated_at: at,
        generation: {
          brief: "b",
          model_id: "local",
          batch_id: "b1",
          status,
          reason: null,
          reviewed_by: null,
          reviewed_at: null,
        },
      });
  }
  const all = await listLayouts(deps);
  const ids = all.map((l) => l.id);
  expect(ids).toContain("starter-split");
  expect(ids).toContain("gen-accepted");
  expect(ids).not.toContain("gen-pending");
  expect(ids).not.toContain("gen-rejected");
  expect(all.find((l) => l.id === "starter-split")).toMatchObject({
    stage: "live",
    usage: 0,
    error_count: 0,
    last_move: null,
  });
  expect((await listLayouts(deps, { stage: "draft" })).map((l) => l.id)).toEqual(["gen-accepted"]);
  const withLogo = await listLayouts(deps, { kind: "logo" });
  expect(withLogo.length).toBeGreaterThan(0);
  expect(withLogo.every((l) => l.slots.some((s) => s.kind === "logo"))).toBe(true);
  expect((await listLayouts(deps, { q: "GENERATED acc" })).map((l) => l.id)).toEqual(["gen-accepted"]);
});

it("creates a draft with a unique slug id, logged once", async () => {
  const a = await runAs(STAFF, () => createLayout(deps, "staff-1", { name: "Promo card" }));
  const b = await runAs(STAFF, () => createLayout(deps, "staff-1", { name: "Promo card", copy_from: "starter-split" }));
  expect(a).toMatchObject({
    id: "promo-card",
    stage: "draft",
    origin: "staff",
    revision: 0,
    version: 1,
    created_by: "staff-1",
    error_count: 0,
  });
  expect(b.id).toBe("promo-card-2");
  expect(b.slots.map((s) => s.id)).toEqual((await getLayout(deps, "starter-split")).slots.map((s) => s.id));
  expect(a.sample_media.photo).toContain("samples/starter/photo.jpg");
  const log = await logFor("promo-card");
  expect(log).toHaveLength(1);
  expect(log[0]).toMatchObject({ action: "create", actor_email: "dana@promptframe.ai", entity_label: "Promo card" });
  await expectApiError(createLayout(deps, "staff-1", { name: "  " }), 422);
  await expectApiError(createLayout(deps, "staff-1", { name: "X", copy_from: "nope" }), 422);
});

it("saves a body with a revision check: bumps revision and version, logs once; a stale revision is a 409 and writes nothing", async () => {
  const l = await getLayout(deps, "promo-card");
  const moved = bodyOf(l);
  moved.boxes["9:16"].headline = { ...moved.boxes["9:16"].headline!, y: 0.62 };
  const saved = await runAs(STAFF, () => updateLayout(deps, l.id, { revision: 0, body: moved }));
  expect(saved).toMatchObject({ revision: 1, version: 2 });
  expect(saved.boxes["9:16"].headline!.y).toBe(0.62);
  const log = await logFor(l.id);
  expect(log.filter((e) => e.action === "update")).toHaveLength(1);
  expect(log[0]!.changes).toEqual([
    { path: "boxes.9:16.headline.y", before: "0.66", after: "0.62" },
    { path: "version", before: "1", after: "2" },
  ]);

  const e = await expectApiError(updateLayout(deps, l.id, { revision: 0, body: { ...moved, name: "Theirs" } }), 409);
  expect(e.message).toMatch(/someone else changed this layout/i);
  expect((await getLayout(deps, l.id)).name).toBe("Promo card");
  expect(await logFor(l.id)).toHaveLength(2);

  // The same body again: nothing to write, nothing logged.
  expect(await updateLayout(deps, l.id, { revision: 1, body: moved })).toMatchObject({ revision: 1, version: 2 });
  expect(await logFor(l.id)).toHaveLength(2);
});

it("refuses to save a body with validation errors (422 with the issues) and a schema-invalid one", async () => {
  const l = await getLayout(deps, "promo-card");
  const off = bodyOf(l);
  off.boxes["1:1"].headline = { x: 0.8, y: 0.8, w: 0.5, h: 0.3 };
  const e = await expectApiError(updateLayout(deps, l.id, { revision: l.revision, body: off }), 422);
  expect(e.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: "boxes.1:1.headline" })]));
  const tiny = bodyOf(l);
  tiny.slots = tiny.slots.map((s) => (s.kind === "text" ? { ...s, fit: { ...s.fit, minFontPx: 8 } } : s));
  await expectApiError(updateLayout(deps, l.id, { revision: l.revision, body: tiny }), 422);
  await expectApiError(updateLayout(deps, l.id, { revision: l.revision, body: { ...bodyOf(l), slots: [] } }), 422);
  expect((await getLayout(deps, l.id)).revision).toBe(l.revision);
});

it("moves stages by the pipeline's rules, logs each move, and the board knows who moved it", async () => {
  const id = "promo-card";
  let l = await getLayout(deps, id);
  await expectApiError(moveLayoutStage(deps, id, { revision: l.revision, to: "live" }), 422);
  await expectApiError(moveLayoutStage(deps, id, { revision: l.revision + 5, to: "review" }), 409);
  for (const to of ["review", "approved", "live"] as const)
    l = await runAs(STAFF, () => moveLayoutStage(deps, id, { revision: l.revision, to }));
  expect(l).toMatchObject({
    stage: "live",
    revision: 4,
    version: 2,
    last_move: { from: "approved", to: "live", actor: "dana@promptframe.ai" },
  });
  expect((await logFor(id)).filter((e) => e.action === "stage")).toHaveLength(3);
  const history = await layoutHistory(deps, id);
  expect(history.entries.map((e) => e.action)).toEqual(["stage", "stage", "stage", "update", "create"]);
  expect(history.live_since).toBe(l.last_move!.at);
  await expectApiError(moveLayoutStage(deps, "gen-pending", { revision: 0, to: "review" }), 409);
});

it("will not make a layout with errors live", async () => {
  const at = new Date().toISOString();
  const bad = bodyOf(await getLayout(deps, "promo-card"));
  bad.boxes["4:5"].headline = { x: 0.9, y: 0.9, w: 0.5, h: 0.5 };
  await env.db
    .collection(layouts)
    .doc("broken")
    .create({
      ...bad,
      name: "Broken",
      stage: "approved",
      revision: 0,
      demo: false,
      created_at: at,
      updated_at: at,
      created_by: "x",
      origin: "staff",
      version: 1,
      generation: null,
    });
  const e = await expectApiError(moveLayoutStage(deps, "broken", { revision: 0, to: "live" }), 422);
  expect(e.issues![0]!.path).toBe("boxes.4:5.headline");
  expect((await getLayout(deps, "broken")).stage).toBe("approved");
});

it("deletes drafts only, at the current revision", async () => {
  await expectApiError(deleteLayout(deps, "promo-card", 4), 409);
  const d = await getLayout(deps, "promo-card-2");
  await expectApiError(deleteLayout(deps, d.id, d.revision + 1), 409);
  await runAs(STAFF, () => deleteLayout(deps, d.id, d.revision));
  await expectApiError(getLayout(deps, d.id), 404);
  expect((await logFor(d.id)).map((e) => e.action)).toEqual(["delete", "create"]);
});

it("retiring a layout keeps content made with it rendering (the template version holds a snapshot)", async () => {
  const l = await getLayout(deps, "starter-split");
  await moveLayoutStage(deps, l.id, { revision: l.revision, to: "retired" });
  const tv = (await getTemplateVersion(env.db, "starter-bold", 1))!;
  const snap = tv.layouts.find((x) => x.id === "starter-split")!;
  const props = resolveRenderProps({
    composition: {
      schema_version: COMPOSITION_SCHEMA_VERSION,
      owner_id: "u",
      kind: "design",
      title: "t",
      aspect_ratio: "1:1",
      template: { id: "starter-bold", version: 1 },
      scenes: [{ id: "s1", layout_id: "starter-split", values: sampleValues(snap), narration: "", duration_ms: 3000 }],
      audio: { voice_id: null, captions: false, music: { track_id: null, volume: 0.35 } },
      brand: null,
      revision: 0,
    },
    templateVersion: tv,
    mediaUrl: (k) => k,
    size: { width: 200, height: 200 },
  });
  expect(props.scenes[0]!.slots.length).toBe(snap.slots.length);
});
