/**
 * The design routes called directly with real emulator tokens: typed answers
 * for good and bad input (no export renders here: IN_APP_WORKER=0; the
 * export pipeline is tests/designs/design-service.test.ts, the screens
 * tests/e2e/design.spec.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { json, newUser, noParams, req, withId, type TestUser } from "./image-library.support";

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-design-api-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";

let designs: typeof import("@/app/api/v1/designs/route");
let one: typeof import("@/app/api/v1/designs/[id]/route");
let resize: typeof import("@/app/api/v1/designs/[id]/resize/route");
let exporter: typeof import("@/app/api/v1/designs/[id]/export/route");
let download: typeof import("@/app/api/v1/designs/[id]/download/route");
let player: typeof import("@/app/api/v1/designs/[id]/player/route");
let share: typeof import("@/app/api/v1/designs/[id]/share/route");
let drafts: typeof import("@/app/api/v1/drafts/route");
let alice: TestUser;
let bob: TestUser;

const create = (token: string, body: Record<string, unknown>) =>
  designs.POST(req("/api/v1/designs", { method: "POST", token, json: body }), noParams);

beforeAll(async () => {
  designs = await import("@/app/api/v1/designs/route");
  one = await import("@/app/api/v1/designs/[id]/route");
  resize = await import("@/app/api/v1/designs/[id]/resize/route");
  exporter = await import("@/app/api/v1/designs/[id]/export/route");
  download = await import("@/app/api/v1/designs/[id]/download/route");
  player = await import("@/app/api/v1/designs/[id]/player/route");
  share = await import("@/app/api/v1/designs/[id]/share/route");
  drafts = await import("@/app/api/v1/drafts/route");
  [alice, bob] = await Promise.all([newUser("alice"), newUser("bob")]);
  const { getDb } = await import("@/lib/platform/db");
  const { users } = await import("@/lib/platform/db/collections");
  const at = new Date().toISOString();
  for (const [u, credits] of [
    [alice, 5],
    [bob, 0],
  ] as const) {
    await getDb()
      .collection(users)
      .doc(u.uid)
      .create({
        user_id: u.uid,
        email: `${u.uid}@example.com`,
        name: "T",
        photo_url: null,
        provider: "password",
        is_staff: false,
        credits,
        plan: "free",
        created_at: at,
        last_login_at: at,
      });
  }
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

it("answers 401 without a token", async () => {
  expect((await create("", { template_id: "starter-bold" })).status).toBe(401);
  expect((await drafts.GET(req("/api/v1/drafts"), noParams)).status).toBe(401);
});

it("creates a design from a template (201), reads it, previews it, lists it as a draft, and keeps it from others", async () => {
  const created = await json(
    await create(alice.token, { template_id: "starter-bold", layout_id: "starter-product", aspect_ratio: "1:1" }),
  );
  expect(created.status).toBe(201);
  const id = created.body.data.id;
  expect(created.body.data).toMatchObject({
    kind: "design",
    status: "draft",
    aspect_ratio: "1:1",
    revision: 0,
    template: { id: "starter-bold", name: "Bold" },
  });
  const got = await json(await one.GET(req(`/api/v1/designs/${id}`, { token: alice.token }), withId(id)));
  expect(got.body.data.composition.scenes[0].layout_id).toBe("starter-product");
  const props = await json(await player.GET(req(`/api/v1/designs/${id}/player`, { token: alice.token }), withId(id)));
  expect(props.body.data).toMatchObject({ revision: 0, props: { width: 480, height: 480 } });
  const list = await json(await drafts.GET(req("/api/v1/drafts", { token: alice.token }), noParams));
  expect(list.body.data[0]).toMatchObject({ id, kind: "design", edit_path: `/content/${id}/edit` });
  expect((await one.GET(req(`/api/v1/designs/${id}`, { token: bob.token }), withId(id))).status).toBe(404);
  expect(
    (
      await resize.POST(
        req(`/api/v1/designs/${id}/resize`, { method: "POST", token: bob.token, json: { aspect_ratios: ["9:16"] } }),
        withId(id),
      )
    ).status,
  ).toBe(404);
  expect(
    (await one.DELETE(req(`/api/v1/designs/${id}`, { method: "DELETE", token: bob.token }), withId(id))).status,
  ).toBe(404);
});

it("refuses bad input with typed 4xx and changes nothing", async () => {
  expect((await json(await create(alice.token, { template_id: "missing" }))).body.error).toMatchObject({
    code: "unprocessable_entity",
    issues: [{ path: "template_id" }],
  });
  expect((await create(alice.token, { template_id: "starter-bold", layout_id: "nope" })).status).toBe(422);
  expect((await create(alice.token, { product_id: "missing" })).status).toBe(422);
  expect((await create(alice.token, { from_video: { content_id: "missing", scene_id: "s1" } })).status).toBe(422);
  expect(
    (await create(alice.token, { from_video: { content_id: "x", scene_id: "s1" }, template_id: "starter-bold" }))
      .status,
  ).toBe(422);
  const bad = await designs.POST(
    req("/api/v1/designs", {
      method: "POST",
      token: alice.token,
      body: "{oops",
      headers: { "content-type": "application/json" },
    }),
    noParams,
  );
  expect(bad.status).toBe(400);

  const id = (await json(await create(alice.token, { template_id: "starter-bold" }))).body.data.id;
  const stale = await json(
    await one.PATCH(
      req(`/api/v1/designs/${id}`, { method: "PATCH", token: alice.token, json: { revision: 3, title: "Stale" } }),
      withId(id),
    ),
  );
  expect(stale.status).toBe(409);
  expect(stale.body.error.issues).toEqual([{ path: "revision", message: "revision_conflict" }]);
  expect(
    (
      await one.PATCH(
        req(`/api/v1/designs/${id}`, { method: "PATCH", token: alice.token, json: { revision: 0, scenes: [] } }),
        withId(id),
      )
    ).status,
  ).toBe(422);
  expect(
    (
      await resize.POST(
        req(`/api/v1/designs/${id}/resize`, { method: "POST", token: alice.token, json: { aspect_ratios: ["3:1"] } }),
        withId(id),
      )
    ).status,
  ).toBe(422);
  expect(
    (
      await exporter.POST(
        req(`/api/v1/designs/${id}/export`, { method: "POST", token: alice.token, json: { format: "gif" } }),
        withId(id),
      )
    ).status,
  ).toBe(422);
  expect(
    (
      await exporter.POST(
        req(`/api/v1/designs/${id}/export`, {
          method: "POST",
          token: alice.token,
          json: { format: "jpeg", quality: 0 },
        }),
        withId(id),
      )
    ).status,
  ).toBe(422);
  expect(
    (await download.GET(req(`/api/v1/designs/${id}/download?format=png`, { token: alice.token }), withId(id))).status,
  ).toBe(409);
  expect(
    (await download.GET(req(`/api/v1/designs/${id}/download?format=bmp`, { token: alice.token }), withId(id))).status,
  ).toBe(422);
  expect(
    (
      await share.PUT(
        req(`/api/v1/designs/${id}/share`, { method: "PUT", token: alice.token, json: { public: true } }),
        withId(id),
      )
    ).status,
  ).toBe(409);
  expect((await one.POST()).status).toBe(405);
  const after = await json(await one.GET(req(`/api/v1/designs/${id}`, { token: alice.token }), withId(id)));
  expect(after.body.data).toMatchObject({ revision: 0, visibility: "private", status: "draft", credits_spent: 0 });
});

it("resize answers 201 with one design per ratio; export answers 202 with a queued job, 402 when short of credits", async () => {
  const id = (await json(await create(alice.token, { template_id: "starter-bold", aspect_ratio: "1:1" }))).body.data.id;
  const resized = await json(
    await resize.POST(
      req(`/api/v1/designs/${id}/resize`, {
        method: "POST",
        token: alice.token,
        json: { aspect_ratios: ["9:16", "16:9"] },
      }),
      withId(id),
    ),
  );
  expect(resized.status).toBe(201);
  expect(resized.body.data.map((d: { aspect_ratio: string }) => d.aspect_ratio)).toEqual(["9:16", "16:9"]);
  expect(resized.body.data[0].resize).toMatchObject({ set_id: id, resized_from: id });

  const accepted = await json(
    await exporter.POST(
      req(`/api/v1/designs/${id}/export`, { method: "POST", token: alice.token, json: { format: "png" } }),
      withId(id),
    ),
  );
  expect(accepted.status).toBe(202);
  expect(accepted.body.data).toMatchObject({
    status: "exporting",
    export: { state: "queued", format: "png", credits: 1 },
    credits_spent: 1,
  });
  expect(
    (
      await exporter.POST(
        req(`/api/v1/designs/${id}/export`, { method: "POST", token: alice.token, json: { format: "png" } }),
        withId(id),
      )
    ).status,
  ).toBe(409);

  const bobs = (await json(await create(bob.token, { template_id: "starter-bold" }))).body.data.id;
  const poor = await json(
    await exporter.POST(
      req(`/api/v1/designs/${bobs}/export`, { method: "POST", token: bob.token, json: { format: "png" } }),
      withId(bobs),
    ),
  );
  expect(poor.status).toBe(402);
  expect(
    (await json(await one.GET(req(`/api/v1/designs/${bobs}`, { token: bob.token }), withId(bobs)))).body.data,
  ).toMatchObject({ status: "draft", export: null });
});

it("keeps video clips off a design's pages: an edit naming one is a 422 and changes nothing", async () => {
  const made = await json(
    await create(alice.token, { template_id: "starter-bold", layout_id: "starter-full-bleed", aspect_ratio: "1:1" }),
  );
  const id = made.body.data.id;
  const got = await json(await one.GET(req(`/api/v1/designs/${id}`, { token: alice.token }), withId(id)));
  const scenes = got.body.data.composition.scenes;
  const clip = {
    type: "media",
    key: `assets/${alice.uid}/k1/original.mp4`,
    media_type: "video/mp4",
    source: "asset",
    asset_id: "k1",
  };
  const edited = await json(
    await one.PATCH(
      req(`/api/v1/designs/${id}`, {
        method: "PATCH",
        token: alice.token,
        json: { revision: 0, scenes: [{ ...scenes[0], values: { ...scenes[0].values, image: clip } }] },
      }),
      withId(id),
    ),
  );
  expect(edited.status).toBe(422);
  expect(edited.body.error).toMatchObject({
    message: "Page 1: a design takes pictures, not video clips.",
    issues: [{ path: "scenes.0.values.image", message: "video clip" }],
  });
  // The same edit with a picture goes through.
  const picture = { ...clip, key: `assets/${alice.uid}/k2/original.png`, media_type: "image/png" };
  const ok = await one.PATCH(
    req(`/api/v1/designs/${id}`, {
      method: "PATCH",
      token: alice.token,
      json: { revision: 0, scenes: [{ ...scenes[0], values: { ...scenes[0].values, image: picture } }] },
    }),
    withId(id),
  );
  expect(ok.status).toBe(200);
});
