/**
 * The layout studio's routes with real emulator tokens: staff only (a
 * signed-in non-staff user gets 403 and changes nothing), typed 4xx for bad
 * input, 409 for a stale revision, 422 for a move the rules refuse.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { newStaffUser } from "./billing.support";
import { json, newUser, noParams, req, withId, type TestUser } from "./image-library.support";

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-studio-layouts-api-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";

jest.setTimeout(30_000);

let list: typeof import("@/app/api/v1/studio/layouts/route");
let one: typeof import("@/app/api/v1/studio/layouts/[id]/route");
let stage: typeof import("@/app/api/v1/studio/layouts/[id]/stage/route");
let history: typeof import("@/app/api/v1/studio/layouts/[id]/history/route");
let staff: Awaited<ReturnType<typeof newStaffUser>>;
let plain: TestUser;
const URL_ = "/api/v1/studio/layouts";

beforeAll(async () => {
  list = await import("@/app/api/v1/studio/layouts/route");
  one = await import("@/app/api/v1/studio/layouts/[id]/route");
  stage = await import("@/app/api/v1/studio/layouts/[id]/stage/route");
  history = await import("@/app/api/v1/studio/layouts/[id]/history/route");
  [staff, plain] = await Promise.all([newStaffUser("layout-staff"), newUser("layout-plain")]);
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

it("refuses visitors (401) and non-staff users (403) on every route, writing nothing", async () => {
  expect((await list.GET(req(URL_), noParams)).status).toBe(401);
  const forbidden = [
    await list.GET(req(URL_, { token: plain.token }), noParams),
    await list.POST(req(URL_, { method: "POST", token: plain.token, json: { name: "Sneaky" } }), noParams),
    await one.GET(req(`${URL_}/starter-split`, { token: plain.token }), withId("starter-split")),
    await one.PATCH(
      req(`${URL_}/starter-split`, { method: "PATCH", token: plain.token, json: {} }),
      withId("starter-split"),
    ),
    await one.DELETE(
      req(`${URL_}/starter-split?revision=0`, { method: "DELETE", token: plain.token }),
      withId("starter-split"),
    ),
    await stage.POST(
      req(`${URL_}/starter-split/stage`, { method: "POST", token: plain.token, json: { revision: 0, to: "retired" } }),
      withId("starter-split"),
    ),
    await history.GET(req(`${URL_}/starter-split/history`, { token: plain.token }), withId("starter-split")),
  ];
  for (const res of forbidden) expect((await json(res)).body.error.code).toBe("forbidden");
  const all = await json(await list.GET(req(URL_, { token: staff.token }), noParams));
  expect(all.body.data.layouts.some((l: { name: string }) => l.name === "Sneaky")).toBe(false);
  expect(all.body.data.layouts.find((l: { id: string }) => l.id === "starter-split")).toMatchObject({
    stage: "live",
    revision: 0,
  });
});

it("lets staff create, save (409 on a stale revision), move stages (422 when not allowed) and read the history", async () => {
  const created = await json(
    await list.POST(req(URL_, { method: "POST", token: staff.token, json: { name: "Api layout" } }), noParams),
  );
  expect(created.status).toBe(201);
  const l = created.body.data;
  expect(l).toMatchObject({ id: "api-layout", stage: "draft", revision: 0 });
  const body = { name: "Api layout 2", description: l.description, slots: l.slots, boxes: l.boxes };
  const saved = await json(
    await one.PATCH(
      req(`${URL_}/api-layout`, { method: "PATCH", token: staff.token, json: { revision: 0, body } }),
      withId("api-layout"),
    ),
  );
  expect(saved.body.data).toMatchObject({ name: "Api layout 2", revision: 1 });
  const stale = await json(
    await one.PATCH(
      req(`${URL_}/api-layout`, { method: "PATCH", token: staff.token, json: { revision: 0, body } }),
      withId("api-layout"),
    ),
  );
  expect(stale).toMatchObject({ status: 409, body: { error: { code: "conflict" } } });
  expect(
    (
      await one.PATCH(
        req(`${URL_}/api-layout`, {
          method: "PATCH",
          token: staff.token,
          json: { revision: 1, body: { ...body, slots: "x" } },
        }),
        withId("api-layout"),
      )
    ).status,
  ).toBe(422);
  const skip = await json(
    await stage.POST(
      req(`${URL_}/api-layout/stage`, { method: "POST", token: staff.token, json: { revision: 1, to: "live" } }),
      withId("api-layout"),
    ),
  );
  expect(skip).toMatchObject({ status: 422, body: { error: { code: "unprocessable_entity" } } });
  const moved = await json(
    await stage.POST(
      req(`${URL_}/api-layout/stage`, { method: "POST", token: staff.token, json: { revision: 1, to: "review" } }),
      withId("api-layout"),
    ),
  );
  expect(moved.body.data).toMatchObject({
    stage: "review",
    revision: 2,
    last_move: { to: "review", actor: staff.email },
  });
  const h = await json(
    await history.GET(req(`${URL_}/api-layout/history`, { token: staff.token }), withId("api-layout")),
  );
  expect(h.body.data.entries.map((e: { action: string }) => e.action)).toEqual(["stage", "update", "create"]);
  expect(
    (
      await one.DELETE(
        req(`${URL_}/api-layout?revision=2`, { method: "DELETE", token: staff.token }),
        withId("api-layout"),
      )
    ).status,
  ).toBe(409);
  expect((await one.GET(req(`${URL_}/nope`, { token: staff.token }), withId("nope"))).status).toBe(404);
  expect((await list.GET(req(`${URL_}?ratio=2:3`, { token: staff.token }), noParams)).status).toBe(422);
});
