/**
 * The template studio's routes called directly with real emulator tokens:
 * staff only (401 without a token, 403 for a signed-in customer), and the
 * typed 4xx answers for stale revisions, invalid settings, files that are
 * not fonts and unknown templates. The service itself is
 * lib/studio/templates/service.test.ts; the screens tests/e2e/studio-templates.spec.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { accountFor, ensureSeedAccounts, idTokenFor } from "../support/accounts";
import { json, newUser, noParams, req, type TestUser } from "./image-library.support";

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-studio-templates-api-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";

let list: typeof import("@/app/api/v1/studio/templates/route");
let one: typeof import("@/app/api/v1/studio/templates/[templateId]/route");
let draft: typeof import("@/app/api/v1/studio/templates/[templateId]/draft/route");
let fonts: typeof import("@/app/api/v1/studio/templates/[templateId]/fonts/route");
let customer: TestUser;
let staff: string;
const tid = (templateId: string) => ({ params: Promise.resolve({ templateId }) });

beforeAll(async () => {
  list = await import("@/app/api/v1/studio/templates/route");
  one = await import("@/app/api/v1/studio/templates/[templateId]/route");
  draft = await import("@/app/api/v1/studio/templates/[templateId]/draft/route");
  fonts = await import("@/app/api/v1/studio/templates/[templateId]/fonts/route");
  await ensureSeedAccounts();
  [customer, staff] = await Promise.all([newUser("customer"), idTokenFor(accountFor("staff"))]);
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

it("is for company staff only", async () => {
  expect((await list.GET(req("/api/v1/studio/templates"), noParams)).status).toBe(401);
  const refused = await json(await list.GET(req("/api/v1/studio/templates", { token: customer.token }), noParams));
  expect(refused).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
  expect(
    (
      await draft.PATCH(
        req("/api/v1/studio/templates/starter-bold/draft", {
          method: "PATCH",
          token: customer.token,
          json: { revision: 0 },
        }),
        tid("starter-bold"),
      )
    ).status,
  ).toBe(403);
  const ok = await json(await list.GET(req("/api/v1/studio/templates", { token: staff }), noParams));
  expect(ok.status).toBe(200);
  expect(ok.body.data.map((t: { id: string }) => t.id).sort()).toEqual([
    "starter-bold",
    "starter-corporate",
    "starter-elegant",
    "starter-playful",
  ]);
});

it("answers bad input with typed 4xx and saves nothing", async () => {
  const detail = await json(
    await one.GET(req("/api/v1/studio/templates/starter-elegant", { token: staff }), tid("starter-elegant")),
  );
  expect(detail.status).toBe(200);
  const { revision } = detail.body.data.template;
  const style = detail.body.data.draft.body.style;
  const patch = (body: unknown) =>
    draft.PATCH(
      req("/api/v1/studio/templates/starter-elegant/draft", { method: "PATCH", token: staff, json: body }),
      tid("starter-elegant"),
    );

  const invalid = await json(
    await patch({ revision, style: { ...style, palette: { ...style.palette, accent: "blue" } } }),
  );
  expect(invalid.status).toBe(422);
  expect(invalid.body.error.issues).toEqual([expect.objectContaining({ path: "style.palette.accent" })]);
  expect((await json(await patch({ revision, surprise: true }))).status).toBe(422);

  const saved = await json(await patch({ revision, style: { ...style, radius: 12 } }));
  expect(saved.status).toBe(200);
  const stale = await json(await patch({ revision, style: { ...style, radius: 20 } }));
  expect(stale).toMatchObject({ status: 409, body: { error: { code: "conflict" } } });
  expect(stale.body.error.message).toMatch(/Someone else changed "Elegant"/);

  expect((await one.GET(req("/api/v1/studio/templates/no-such", { token: staff }), tid("no-such"))).status).toBe(404);

  const form = new FormData();
  form.append("file", new Blob([Buffer.from("this is a text file, not a font")], { type: "font/ttf" }), "fake.ttf");
  const notFont = await json(
    await fonts.POST(
      req("/api/v1/studio/templates/starter-elegant/fonts", { method: "POST", token: staff, body: form }),
      tid("starter-elegant"),
    ),
  );
  expect(notFont.status).toBe(422);
  expect(notFont.body.error.message).toMatch(/not a usable font/);
});
