/**
 * The prompt-testing routes with real emulator tokens: staff only (401
 * without a token, 403 for a signed-in non-staff user, on every route), and
 * for staff the typed answers a screen relies on — the seeded prompts and
 * demo suite, a broken-regex suite refused with 422 naming the regex, a run
 * started (201) and read back. No worker runs here (IN_APP_WORKER=0): runs are
 * executed in lib/operations/prompt-testing/prompts.test.ts and the e2e.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { json, newUser, noParams, req, type TestUser } from "./image-library.support";

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-prompts-api-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";
jest.setTimeout(30_000);

const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST!;
const project = process.env.FIREBASE_PROJECT_ID!;

/** A verified company address (staff): the emulator's admin API marks the email verified, then we sign in again for a token that says so. */
async function newStaff(): Promise<TestUser> {
  const email = `staff.${randomUUID().slice(0, 8)}@promptframe.ai`;
  const base = `http://${emulator}/identitytoolkit.googleapis.com/v1`;
  const up = (await (
    await fetch(`${base}/accounts:signUp?key=demo-api-key`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "secret-pass-1", returnSecureToken: true }),
    })
  ).json()) as { localId: string };
  await fetch(`${base}/projects/${project}/accounts:update`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer owner" },
    body: JSON.stringify({ localId: up.localId, emailVerified: true }),
  });
  const signIn = (await (
    await fetch(`${base}/accounts:signInWithPassword?key=demo-api-key`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "secret-pass-1", returnSecureToken: true }),
    })
  ).json()) as { idToken: string };
  return { uid: up.localId, token: signIn.idToken };
}

let prompts: typeof import("@/app/api/v1/ops/prompts/route");
let prompt: typeof import("@/app/api/v1/ops/prompts/[promptId]/route");
let versions: typeof import("@/app/api/v1/ops/prompts/[promptId]/versions/route");
let suites: typeof import("@/app/api/v1/ops/prompts/suites/route");
let suite: typeof import("@/app/api/v1/ops/prompts/suites/[suiteId]/route");
let runs: typeof import("@/app/api/v1/ops/prompt-runs/route");
let run: typeof import("@/app/api/v1/ops/prompt-runs/[runId]/route");
let user: TestUser;
let staff: TestUser;
const at = (params: Record<string, string>) => ({ params: Promise.resolve(params) });

beforeAll(async () => {
  prompts = await import("@/app/api/v1/ops/prompts/route");
  prompt = await import("@/app/api/v1/ops/prompts/[promptId]/route");
  versions = await import("@/app/api/v1/ops/prompts/[promptId]/versions/route");
  suites = await import("@/app/api/v1/ops/prompts/suites/route");
  suite = await import("@/app/api/v1/ops/prompts/suites/[suiteId]/route");
  runs = await import("@/app/api/v1/ops/prompt-runs/route");
  run = await import("@/app/api/v1/ops/prompt-runs/[runId]/route");
  [user, staff] = await Promise.all([newUser("prompt-user"), newStaff()]);
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

it("refuses everyone but staff: 401 without a token, 403 for a user, on every route", async () => {
  const calls = (token?: string) => [
    prompts.GET(req("/api/v1/ops/prompts", { token }), noParams),
    prompt.GET(req("/api/v1/ops/prompts/video.writer", { token }), at({ promptId: "video.writer" })),
    versions.POST(
      req("/api/v1/ops/prompts/video.writer/versions", {
        method: "POST",
        token,
        json: { text: "A new writer prompt text.", based_on: 1 },
      }),
      at({ promptId: "video.writer" }),
    ),
    suites.GET(req("/api/v1/ops/prompts/suites", { token }), noParams),
    suites.POST(req("/api/v1/ops/prompts/suites", { method: "POST", token, json: {} }), noParams),
    suite.GET(req("/api/v1/ops/prompts/suites/demo-video-writer", { token }), at({ suiteId: "demo-video-writer" })),
    suite.PUT(
      req("/api/v1/ops/prompts/suites/demo-video-writer", { method: "PUT", token, json: {} }),
      at({ suiteId: "demo-video-writer" }),
    ),
    runs.GET(req("/api/v1/ops/prompt-runs", { token }), noParams),
    runs.POST(req("/api/v1/ops/prompt-runs", { method: "POST", token, json: {} }), noParams),
    run.GET(req("/api/v1/ops/prompt-runs/x", { token }), at({ runId: "x" })),
  ];
  for (const res of await Promise.all(calls())) expect(res.status).toBe(401);
  for (const res of await Promise.all(calls(user.token))) {
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe("forbidden");
  }
});

it("for staff: the seeded prompts and demo suite, a broken regex refused, a run started and read back", async () => {
  const overview = await json(await prompts.GET(req("/api/v1/ops/prompts", { token: staff.token }), noParams));
  expect(overview.status).toBe(200);
  expect(overview.body.data.prompts.map((p: { id: string }) => p.id)).toEqual([
    "video.writer",
    "layout.generator",
    "links.summariser",
    "chat.system",
  ]);
  expect(overview.body.data.suites.map((s: { id: string }) => s.id)).toContain("demo-video-writer");
  expect(overview.body.data.models.find((m: { id: string }) => m.id === "local/preview").enabled).toBe(true);

  const broken = await json(
    await suites.POST(
      req("/api/v1/ops/prompts/suites", {
        method: "POST",
        token: staff.token,
        json: {
          name: "Bad",
          prompt_id: "chat.system",
          cases: [{ id: "a", vars: { input: "hi" }, assertions: [{ type: "regex", pattern: "([" }] }],
        },
      }),
      noParams,
    ),
  );
  expect(broken.status).toBe(422);
  expect(broken.body.error.message).toMatch(/The regex \/\(\[\/ does not compile/);
  expect(broken.body.error.issues[0].path).toBe("cases.0.assertions.0.pattern");

  const started = await json(
    await runs.POST(
      req("/api/v1/ops/prompt-runs", {
        method: "POST",
        token: staff.token,
        json: { suite_id: "demo-video-writer", versions: [1], models: ["local/preview"] },
      }),
      noParams,
    ),
  );
  expect(started.status).toBe(201);
  expect(started.body.data).toMatchObject({ state: "queued", total: 4, done: 0 });
  const view = await json(
    await run.GET(
      req(`/api/v1/ops/prompt-runs/${started.body.data.id}`, { token: staff.token }),
      at({ runId: started.body.data.id }),
    ),
  );
  expect(view.body.data).toMatchObject({
    columns: [{ key: "v1|local/preview", model_label: "Local preview" }],
    cases: [{ id: "coffee-launch" }, { id: "no-invented-prices" }, { id: "stat-scene" }, { id: "writer-rules" }],
  });
  expect(
    (await run.GET(req("/api/v1/ops/prompt-runs/nope", { token: staff.token }), at({ runId: "nope" }))).status,
  ).toBe(404);
});
