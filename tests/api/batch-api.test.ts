/**
 * The bulk routes called directly with real emulator tokens: typed answers for
 * good and bad input — CSV preview (encoding, 10,000 rows, not a CSV), create
 * (per-row 422, 402 with the shortfall and nothing charged), read, ownership,
 * retry/cancel refusals, ZIP before anything finished. No worker runs here
 * (IN_APP_WORKER=0): the pipeline is lib/creation/batches/batches.test.ts and the e2e.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { json, newUser, noParams, req, withId, type TestUser } from "./image-library.support";

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-batch-api-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";
// Importing the route modules is slow on a busy 2-core machine.
jest.setTimeout(30_000);

let batches: typeof import("@/app/api/v1/batches/route");
let preview: typeof import("@/app/api/v1/batches/preview/route");
let one: typeof import("@/app/api/v1/batches/[id]/route");
let retry: typeof import("@/app/api/v1/batches/[id]/retry/route");
let cancel: typeof import("@/app/api/v1/batches/[id]/cancel/route");
let zip: typeof import("@/app/api/v1/batches/[id]/zip/route");
let alice: TestUser;
let bob: TestUser;

const SETTINGS = {
  template_id: null,
  aspect_ratios: ["9:16", "1:1"],
  length_s: 15,
  voice_id: null,
  captions: false,
  music: false,
  model_id: "local/preview",
};
const create = (token: string, body: unknown) =>
  batches.POST(req("/api/v1/batches", { method: "POST", token, json: body }), noParams);
const csv = (token: string, body: BodyInit, type = "text/csv") =>
  preview.POST(
    req("/api/v1/batches/preview", { method: "POST", token, body, headers: { "content-type": type } }),
    noParams,
  );

async function balance(uid: string): Promise<number> {
  const { getDb } = await import("@/lib/platform/db");
  const { users } = await import("@/lib/platform/db/collections");
  return (await getDb().collection(users).doc(uid).get())!.data.credits;
}

beforeAll(async () => {
  batches = await import("@/app/api/v1/batches/route");
  preview = await import("@/app/api/v1/batches/preview/route");
  one = await import("@/app/api/v1/batches/[id]/route");
  retry = await import("@/app/api/v1/batches/[id]/retry/route");
  cancel = await import("@/app/api/v1/batches/[id]/cancel/route");
  zip = await import("@/app/api/v1/batches/[id]/zip/route");
  [alice, bob] = await Promise.all([newUser("alice"), newUser("bob")]);
  const { getDb } = await import("@/lib/platform/db");
  const { users } = await import("@/lib/platform/db/collections");
  const at = new Date().toISOString();
  for (const [u, credits] of [
    [alice, 50],
    [bob, 3],
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
  expect((await batches.GET(req("/api/v1/batches"), noParams)).status).toBe(401);
  expect((await csv("", "link\nhttps://a.example")).status).toBe(401);
});

it("previews a CSV: columns, guesses, first rows; typed 4xx for what it cannot use", async () => {
  const ok = await json(
    await csv(
      alice.token,
      '\uFEFFURL,Title,Price\nhttps://shop.example/a,Kettle,49.99\nhttps://shop.example/b,"Mug, large",12\n',
    ),
  );
  expect(ok.status).toBe(200);
  expect(ok.body.data).toMatchObject({
    columns: ["URL", "Title", "Price"],
    guesses: { link: 0, name: 1, price: 2, prompt: null, image_url: null },
    row_count: 2,
    problems: [],
  });
  expect(ok.body.data.rows_preview[1]).toEqual(["https://shop.example/b", "Mug, large", "12"]);

  const big = await json(await csv(alice.token, "prompt\n" + "a video\n".repeat(10_000)));
  expect(big.status).toBe(422);
  expect(big.body.error.message).toMatch(/10,001 lines\. At most 100 rows per batch; split the file\./);
  // A million short rows fill the 2 MB body: still a 422 with the reason, never a 500.
  const million = await json(await csv(alice.token, `link\n${"a\n".repeat(1_000_000)}`));
  expect(million.status).toBe(422);
  expect(million.body.error.message).toBe("This file has 1,000,001 lines. At most 100 rows per batch; split the file.");
  expect((await csv(alice.token, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]))).status).toBe(422);
  expect((await csv(alice.token, "")).status).toBe(422);
  expect((await csv(alice.token, "{}", "application/json")).status).toBe(415);
  expect((await csv(alice.token, new Uint8Array(2 * 1024 * 1024 + 1).fill(0x61))).status).toBe(413);
});

it("refuses bad rows with per-row issues, and a batch the credits do not cover with 402 — nothing charged", async () => {
  const bad = await json(
    await create(alice.token, {
      source: "paste",
      settings: SETTINGS,
      rows: [{ prompt: "ok" }, { link: "ftp://x.example/a" }, {}],
    }),
  );
  expect(bad.status).toBe(422);
  expect(bad.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["rows.1.link", "rows.2.link"]);
  expect(
    (
      await create(alice.token, {
        source: "paste",
        settings: SETTINGS,
        rows: Array.from({ length: 101 }, () => ({ prompt: "p" })),
      })
    ).status,
  ).toBe(422);
  expect(
    (
      await create(alice.token, {
        source: "paste",
        settings: { ...SETTINGS, model_id: "nope" },
        rows: [{ prompt: "p" }],
      })
    ).status,
  ).toBe(422);
  expect(
    (
      await create(alice.token, {
        source: "paste",
        settings: { ...SETTINGS, template_id: "missing" },
        rows: [{ prompt: "p" }],
      })
    ).status,
  ).toBe(422);
  const notJson = await batches.POST(
    req("/api/v1/batches", {
      method: "POST",
      token: alice.token,
      body: "{",
      headers: { "content-type": "application/json" },
    }),
    noParams,
  );
  expect(notJson.status).toBe(400);

  const poor = await json(await create(bob.token, { source: "paste", settings: SETTINGS, rows: [{ prompt: "one" }] }));
  expect(poor.status).toBe(402);
  expect(poor.body.error.message).toMatch(/2 videos × 2 = 4 credits and your balance is 3, 1 short/);
  expect(await balance(bob.uid)).toBe(3);
  expect((await json(await batches.GET(req("/api/v1/batches", { token: bob.token }), noParams))).body.data).toEqual([]);
  expect(await balance(alice.uid)).toBe(50);
});

it("creates a batch (201): one item per row and ratio, the whole cost reserved; others get 404", async () => {
  const made = await json(
    await create(alice.token, {
      source: "csv",
      name: "Spring",
      settings: SETTINGS,
      rows: [{ prompt: "Spring tea sale", name: "Green tea", price: "9.50" }, { link: "https://shop.example/kettle" }],
    }),
  );
  expect(made.status).toBe(201);
  const b = made.body.data;
  expect(b).toMatchObject({
    name: "Spring",
    state: "running",
    item_count: 4,
    cost_per_item: 2,
    credits_held: 8,
    counts: { waiting: 4 },
  });
  expect(b.items.map((i: { position: number; aspect_ratio: string }) => `${i.position}:${i.aspect_ratio}`)).toEqual([
    "0:9:16",
    "0:1:1",
    "1:9:16",
    "1:1:1",
  ]);
  expect(await balance(alice.uid)).toBe(42);

  const got = await json(await one.GET(req(`/api/v1/batches/${b.id}`, { token: alice.token }), withId(b.id)));
  expect(got.body.data.items).toHaveLength(4);
  expect((await one.GET(req(`/api/v1/batches/${b.id}`, { token: bob.token }), withId(b.id))).status).toBe(404);
  expect((await one.GET(req(`/api/v1/batches/..`, { token: alice.token }), withId(".."))).status).toBe(404);
  const list = await json(await batches.GET(req("/api/v1/batches", { token: alice.token }), noParams));
  expect(list.body.data.map((x: { id: string }) => x.id)).toContain(b.id);

  // Nothing finished: no ZIP, nothing to retry.
  expect((await zip.GET(req(`/api/v1/batches/${b.id}/zip`, { token: alice.token }), withId(b.id))).status).toBe(409);
  const early = await retry.POST(
    req(`/api/v1/batches/${b.id}/retry`, { method: "POST", token: alice.token, json: { item_ids: [b.items[0].id] } }),
    withId(b.id),
  );
  expect(early.status).toBe(409);
  expect(
    (
      await retry.POST(
        req(`/api/v1/batches/${b.id}/retry`, { method: "POST", token: alice.token, json: { item_ids: [] } }),
        withId(b.id),
      )
    ).status,
  ).toBe(422);
  expect(
    (await cancel.POST(req(`/api/v1/batches/${b.id}/cancel`, { method: "POST", token: bob.token }), withId(b.id)))
      .status,
  ).toBe(404);

  // Cancel: every item refunded once, then a retry of the cancelled ones is charged anew.
  const cancelled = await json(
    await cancel.POST(req(`/api/v1/batches/${b.id}/cancel`, { method: "POST", token: alice.token }), withId(b.id)),
  );
  expect(cancelled.body.data).toMatchObject({ state: "cancelled", counts: { cancelled: 4 }, credits_held: 0 });
  await cancel.POST(req(`/api/v1/batches/${b.id}/cancel`, { method: "POST", token: alice.token }), withId(b.id));
  expect(await balance(alice.uid)).toBe(50);
  const again = await json(
    await retry.POST(
      req(`/api/v1/batches/${b.id}/retry`, { method: "POST", token: alice.token, json: { item_ids: [b.items[0].id] } }),
      withId(b.id),
    ),
  );
  expect(again.status).toBe(200);
  expect(again.body.data).toMatchObject({ state: "running", counts: { waiting: 1, cancelled: 3 }, credits_held: 2 });
  expect(await balance(alice.uid)).toBe(48);
  expect((await one.POST()).status).toBe(405);
});
