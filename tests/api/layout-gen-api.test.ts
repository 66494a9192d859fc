/**
 * The layout generator and review routes called directly with real emulator
 * tokens and the Local preview model (no network, no msw): staff only,
 * generate → list → approve / reject with revision checks, typed 4xx.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { json, newUser, noParams, req, type TestUser } from "./image-library.support";

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-layout-gen-api-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";

let gen: typeof import("@/app/api/v1/studio/layout-gen/route");
let list: typeof import("@/app/api/v1/studio/generated-layouts/route");
let one: typeof import("@/app/api/v1/studio/generated-layouts/[layoutId]/route");
let approve: typeof import("@/app/api/v1/studio/generated-layouts/[layoutId]/approve/route");
let reject: typeof import("@/app/api/v1/studio/generated-layouts/[layoutId]/reject/route");
let staff: TestUser;
let user: TestUser;

const emulator = () => process.env.FIREBASE_AUTH_EMULATOR_HOST!;

/** An emulator account with a verified company address: staff, as the API sees it. */
async function newStaff(): Promise<TestUser> {
  const email = `layoutgen.${Math.random().toString(36).slice(2, 10)}@promptframe.ai`;
  const base = `http://${emulator()}/identitytoolkit.googleapis.com/v1`;
  const post = async (url: string, body: unknown, headers: Record<string, string> = {}) =>
    (
      await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      })
    ).json() as Promise<Record<string, string>>;
  const up = await post(`${base}/accounts:signUp?key=demo-api-key`, {
    email,
    password: "secret-pass-1",
    returnSecureToken: true,
  });
  await post(
    `${base}/projects/${process.env.FIREBASE_PROJECT_ID ?? "demo-promptframe"}/accounts:update`,
    { localId: up.localId, emailVerified: true },
    { authorization: "Bearer owner" },
  );
  const signIn = await post(`${base}/accounts:signInWithPassword?key=demo-api-key`, {
    email,
    password: "secret-pass-1",
    returnSecureToken: true,
  });
  return { uid: up.localId!, token: signIn.idToken! };
}

const withLayout = (layoutId: string) => ({ params: Promise.resolve({ layoutId }) });
const generate = (token: string, body: unknown) =>
  gen.POST(req("/api/v1/studio/layout-gen", { method: "POST", token, json: body }), noParams);

beforeAll(async () => {
  gen = await import("@/app/api/v1/studio/layout-gen/route");
  list = await import("@/app/api/v1/studio/generated-layouts/route");
  one = await import("@/app/api/v1/studio/generated-layouts/[layoutId]/route");
  approve = await import("@/app/api/v1/studio/generated-layouts/[layoutId]/approve/route");
  reject = await import("@/app/api/v1/studio/generated-layouts/[layoutId]/reject/route");
  [staff, user] = await Promise.all([newStaff(), newUser("layoutgen-user")]);
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

it("is for staff only", async () => {
  expect((await generate("", { brief: "a headline and a logo", count: 1, model_id: "local/preview" })).status).toBe(
    401,
  );
  expect(
    (await generate(user.token, { brief: "a headline and a logo", count: 1, model_id: "local/preview" })).status,
  ).toBe(403);
  expect((await list.GET(req("/api/v1/studio/generated-layouts", { token: user.token }), noParams)).status).toBe(403);
});

it("generates candidates with the local model, lists them with the demo ones, approves one and rejects the other", async () => {
  const made = await json(
    await generate(staff.token, {
      brief: "A product hero with price badge, three bullet points, logo bottom right",
      count: 2,
      model_id: "local/preview",
    }),
  );
  expect(made.status).toBe(201);
  expect(made.body.data).toMatchObject({ model_label: "Local preview", preview: true });
  const [a, b] = made.body.data.candidates.map(
    (c: { status: string; layout: { id: string } }) => (expect(c.status).toBe("saved"), c.layout),
  );
  const pending = await json(await list.GET(req("/api/v1/studio/generated-layouts", { token: staff.token }), noParams));
  const ids = pending.body.data.map((l: { id: string }) => l.id);
  expect(ids).toEqual(expect.arrayContaining([a.id, b.id, "gen-demo-product-1"]));

  const ok = await json(
    await approve.POST(
      req(`/x/${a.id}/approve`, { method: "POST", token: staff.token, json: { revision: 0 } }),
      withLayout(a.id),
    ),
  );
  expect(ok.body.data).toMatchObject({
    revision: 1,
    stage: "draft",
    generation: { status: "accepted" },
    pipeline_path: `/layouts-pipeline/${a.id}`,
  });
  const stale = await json(
    await approve.POST(
      req(`/x/${a.id}/approve`, { method: "POST", token: staff.token, json: { revision: 0 } }),
      withLayout(a.id),
    ),
  );
  expect(stale.status).toBe(409);

  expect(
    (
      await reject.POST(
        req(`/x/${b.id}/reject`, { method: "POST", token: staff.token, json: { revision: 0, reason: "" } }),
        withLayout(b.id),
      )
    ).status,
  ).toBe(422);
  const no = await json(
    await reject.POST(
      req(`/x/${b.id}/reject`, {
        method: "POST",
        token: staff.token,
        json: { revision: 0, reason: "Logo fights the badge" },
      }),
      withLayout(b.id),
    ),
  );
  expect(no.body.data.generation).toMatchObject({ status: "rejected", reason: "Logo fights the badge" });
  const got = await json(await one.GET(req(`/x/${b.id}`, { token: staff.token }), withLayout(b.id)));
  expect(got.body.data.generation.status).toBe("rejected");
  const after = (
    await json(await list.GET(req("/api/v1/studio/generated-layouts?status=pending", { token: staff.token }), noParams))
  ).body.data.map((l: { id: string }) => l.id);
  expect(after).not.toContain(a.id);
  expect(after).not.toContain(b.id);
});

it("answers bad input with typed 4xx", async () => {
  expect((await generate(staff.token, { brief: "short", count: 1, model_id: "local/preview" })).status).toBe(422);
  expect(
    (await generate(staff.token, { brief: "a headline and a logo", count: 7, model_id: "local/preview" })).status,
  ).toBe(422);
  expect(
    (await json(await generate(staff.token, { brief: "a headline and a logo", count: 1, model_id: "nope/model" }))).body
      .error.issues,
  ).toEqual([{ path: "model_id", message: "unknown model" }]);
  expect((await one.GET(req("/x/starter-split", { token: staff.token }), withLayout("starter-split"))).status).toBe(
    404,
  );
  expect((await one.GET(req("/x/NOT_A_SLUG", { token: staff.token }), withLayout("NOT_A_SLUG"))).status).toBe(404);
  expect(
    (await list.GET(req("/api/v1/studio/generated-layouts?status=maybe", { token: staff.token }), noParams)).status,
  ).toBe(422);
  expect((await gen.GET()).status).toBe(405);
});
