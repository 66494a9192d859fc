/**
 * The production routes with real emulator tokens: no token → 401, a signed-in
 * user who is not staff → 403 on every route (nothing written), staff get
 * typed answers (422 for a bad client or a CSV that is not UTF-8, 201 and a
 * 409 for a stale revision). The run pipeline itself is lib/operations/production/prod.test.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { accountFor, ensureSeedAccounts, idTokenFor } from "../support/accounts";
import { json, newUser, noParams, req, type TestUser } from "./image-library.support";

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-prod-api-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";
jest.setTimeout(30_000);

let clients: typeof import("@/app/api/v1/ops/clients/route");
let client: typeof import("@/app/api/v1/ops/clients/[clientId]/route");
let pipelines: typeof import("@/app/api/v1/ops/pipelines/route");
let pipeline: typeof import("@/app/api/v1/ops/pipelines/[pipeId]/route");
let csv: typeof import("@/app/api/v1/ops/pipelines/csv/route");
let runs: typeof import("@/app/api/v1/ops/pipelines/[pipeId]/runs/route");
let versions: typeof import("@/app/api/v1/ops/pipelines/template-versions/route");
let user: TestUser;
let staff: string;

const KIT = {
  logo_asset_id: null,
  colors: { primary: "#111111", secondary: "#222222", accent: "#333333", text: "#000000", background: "#ffffff" },
  fonts: { heading: { kind: "bundled", id: "inter" }, body: { kind: "bundled", id: "inter" } },
};

beforeAll(async () => {
  clients = await import("@/app/api/v1/ops/clients/route");
  client = await import("@/app/api/v1/ops/clients/[clientId]/route");
  pipelines = await import("@/app/api/v1/ops/pipelines/route");
  pipeline = await import("@/app/api/v1/ops/pipelines/[pipeId]/route");
  csv = await import("@/app/api/v1/ops/pipelines/csv/route");
  runs = await import("@/app/api/v1/ops/pipelines/[pipeId]/runs/route");
  versions = await import("@/app/api/v1/ops/pipelines/template-versions/route");
  await ensureSeedAccounts();
  [user, staff] = await Promise.all([newUser("prod-user"), idTokenFor(accountFor("staff"))]);
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

it("refuses anyone who is not staff: 401 without a token, 403 for a signed-in user, nothing written", async () => {
  expect((await clients.GET(req("/api/v1/ops/clients"), noParams)).status).toBe(401);
  const t = user.token;
  const id = { params: Promise.resolve({ clientId: "x", pipeId: "x" }) };
  const answers = await Promise.all([
    clients.GET(req("/api/v1/ops/clients", { token: t }), noParams),
    clients.POST(
      req("/api/v1/ops/clients", { method: "POST", token: t, json: { name: "Nope", brand_kit: KIT } }),
      noParams,
    ),
    client.GET(req("/api/v1/ops/clients/x", { token: t }), id),
    client.PATCH(req("/api/v1/ops/clients/x", { method: "PATCH", token: t, json: { revision: 0, name: "N" } }), id),
    client.DELETE(req("/api/v1/ops/clients/x?revision=0", { method: "DELETE", token: t }), id),
    pipelines.GET(req("/api/v1/ops/pipelines", { token: t }), noParams),
    pipeline.GET(req("/api/v1/ops/pipelines/x", { token: t }), id),
    csv.POST(
      req("/api/v1/ops/pipelines/csv", {
        method: "POST",
        token: t,
        body: "prompt\nhello\n",
        headers: { "content-type": "text/csv" },
      }),
      noParams,
    ),
    runs.POST(req("/api/v1/ops/pipelines/x/runs", { method: "POST", token: t }), id),
    versions.GET(req("/api/v1/ops/pipelines/template-versions?template_id=x", { token: t }), noParams),
  ]);
  for (const a of answers) {
    expect(a.status).toBe(403);
    expect((await a.json()).error.code).toBe("forbidden");
  }
  const { getDb } = await import("@/lib/platform/db");
  const { prodClients } = await import("@/lib/operations/production/collections");
  expect(await getDb().collection(prodClients).where("name", "==", "Nope").count()).toBe(0);
});

it("gives staff typed answers: 422 for a bad client or a non-UTF-8 CSV, 201, then 409 for a stale revision", async () => {
  const bad = await json(
    await clients.POST(
      req("/api/v1/ops/clients", { method: "POST", token: staff, json: { name: "", brand_kit: KIT } }),
      noParams,
    ),
  );
  expect(bad.status).toBe(422);
  expect(bad.body.error.issues[0].path).toBe("name");

  const latin1 = await json(
    await csv.POST(
      req("/api/v1/ops/pipelines/csv", {
        method: "POST",
        token: staff,
        body: Buffer.from("prompt\nCaf\xe9\n", "latin1"),
        headers: { "content-type": "text/csv" },
      }),
      noParams,
    ),
  );
  expect(latin1.status).toBe(422);
  expect(latin1.body.error.message).toMatch(/not UTF-8/);
  // A million short rows fill the 2 MB body: a 422 with the reason, never a 500.
  const million = await json(
    await csv.POST(
      req("/api/v1/ops/pipelines/csv", {
        method: "POST",
        token: staff,
        body: `prompt\n${"a\n".repeat(1_000_000)}`,
        headers: { "content-type": "text/csv" },
      }),
      noParams,
    ),
  );
  expect(million.status).toBe(422);
  expect(million.body.error.message).toMatch(/1,000,001 lines/);

  const made = await json(
    await clients.POST(
      req("/api/v1/ops/clients", {
        method: "POST",
        token: staff,
        json: { name: "Acme Tea", brand_kit: KIT, contacts: [{ name: "Jo", email: "jo@acme.example" }] },
      }),
      noParams,
    ),
  );
  expect(made.status).toBe(201);
  const id = { params: Promise.resolve({ clientId: made.body.data.id }) };
  const edit = (revision: number) =>
    client.PATCH(
      req(`/api/v1/ops/clients/${made.body.data.id}`, {
        method: "PATCH",
        token: staff,
        json: { revision, notes: "Prefers square videos." },
      }),
      id,
    );
  expect((await edit(0)).status).toBe(200);
  const stale = await json(await edit(0));
  expect(stale.status).toBe(409);
  expect(stale.body.error.message).toMatch(/changed by someone else/);
  const found = await json(await clients.GET(req("/api/v1/ops/clients?q=acme", { token: staff }), noParams));
  expect(found.body.data.map((c: { name: string }) => c.name)).toContain("Acme Tea");
});

it("lists a template's published versions for pinning: 422 without a template, 404 for an unknown one", async () => {
  const { getDb } = await import("@/lib/platform/db");
  const { ensureStarterLibrary } = await import("@/lib/engine/composition/library");
  const { templates } = await import("@/lib/engine/composition/collections");
  await ensureStarterLibrary(getDb());
  const [t] = await getDb().collection(templates).where("stage", "==", "live").limit(1).get();
  const ok = await json(
    await versions.GET(req(`/api/v1/ops/pipelines/template-versions?template_id=${t!.id}`, { token: staff }), noParams),
  );
  expect(ok.status).toBe(200);
  expect(ok.body.data).toEqual([
    expect.objectContaining({ version: t!.data.current_version, current: true, template_live: true }),
  ]);
  expect((await versions.GET(req("/api/v1/ops/pipelines/template-versions", { token: staff }), noParams)).status).toBe(
    422,
  );
  expect(
    (
      await versions.GET(
        req("/api/v1/ops/pipelines/template-versions?template_id=no-such-template", { token: staff }),
        noParams,
      )
    ).status,
  ).toBe(404);
});
