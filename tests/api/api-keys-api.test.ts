/**
 * Issue 24 item 1: API keys through the real routes with real emulator
 * accounts. A key authenticates `/api/v1` as its owner, only for the
 * permissions it was given (403 otherwise), stops at once when revoked, is
 * stored only as a hash, has its own per-minute limit, and whatever it spends
 * comes out of its owner's credits. Staff calls and account calls refuse keys.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { json, newUser, noParams, req, withId, type TestUser } from "./image-library.support";

jest.setTimeout(60_000);

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-api-keys-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";
process.env.RATE_LIMIT_FACTOR = "1";
process.env.RATE_LIMITS = JSON.stringify({ api_key: { points: 8 } });

let keys: typeof import("@/app/api/v1/keys/route");
let oneKey: typeof import("@/app/api/v1/keys/[id]/route");
let videos: typeof import("@/app/api/v1/videos/route");
let render: typeof import("@/app/api/v1/videos/[id]/render/route");
let userInfo: typeof import("@/app/api/v1/user-info/route");
let accountDelete: typeof import("@/app/api/v1/account/delete/route");
let opsData: typeof import("@/app/api/v1/ops/data/route");
let db: import("@/lib/platform/db/db").Db;
let alice: TestUser;
let bob: TestUser;

const VIDEO = {
  brief: "Bean There roasts coffee in Lisbon. Every bag is roasted the morning it ships.",
  aspect_ratio: "9:16",
  length_s: 15,
  template_id: null,
  voice_id: null,
  captions: false,
  music: false,
  model_id: "local/preview",
};

async function makeKey(token: string, scopes: string[], name = "Script") {
  const made = await json(
    await keys.POST(req("/api/v1/keys", { method: "POST", token, json: { name, scopes } }), noParams),
  );
  expect(made.status).toBe(201);
  return made.body.data as { key: string; api_key: { id: string; prefix: string; last_used_at: string | null } };
}

const credits = async (uid: string) =>
  (await db
    .collection((await import("@/lib/platform/db/collections")).users)
    .doc(uid)
    .get())!.data.credits;

beforeAll(async () => {
  keys = await import("@/app/api/v1/keys/route");
  oneKey = await import("@/app/api/v1/keys/[id]/route");
  videos = await import("@/app/api/v1/videos/route");
  render = await import("@/app/api/v1/videos/[id]/render/route");
  userInfo = await import("@/app/api/v1/user-info/route");
  accountDelete = await import("@/app/api/v1/account/delete/route");
  opsData = await import("@/app/api/v1/ops/data/route");
  [alice, bob] = await Promise.all([newUser("keys-alice"), newUser("keys-bob")]);
  db = (await import("@/lib/platform/db")).getDb();
  const { addUser } = await import("@/tests/support/data-env");
  for (const u of [alice, bob]) await addUser(db, u.uid, 20);
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

it("a key is shown once, listed by its prefix, and the store holds only its hash", async () => {
  const made = await makeKey(alice.token, ["read"], "Reporting");
  expect(made.key).toMatch(/^pf_[A-Za-z0-9_-]{40}$/);
  expect(made.api_key.prefix).toBe(made.key.slice(0, 11));
  const listed = await json(await keys.GET(req("/api/v1/keys", { token: alice.token }), noParams));
  expect(listed.body.data.map((k: { name: string }) => k.name)).toContain("Reporting");
  expect(JSON.stringify(listed.body)).not.toContain(made.key);
  expect(JSON.stringify(listed.body)).not.toMatch(/"hash"/);

  const { apiKeys } = await import("@/lib/access/api-keys/collections");
  const { hashApiKey } = await import("@/lib/access/api-keys/keys");
  const stored = await db.collection(apiKeys).doc(made.api_key.id).get();
  expect(stored!.data.hash).toBe(hashApiKey(made.key));
  expect(JSON.stringify(stored!.data)).not.toContain(made.key.slice(11));
  // Bob does not see Alice's keys, and cannot revoke one.
  const bobs = await json(await keys.GET(req("/api/v1/keys", { token: bob.token }), noParams));
  expect(bobs.body.data).toEqual([]);
  const theft = await oneKey.DELETE(
    req(`/api/v1/keys/${made.api_key.id}`, { method: "DELETE", token: bob.token }),
    withId(made.api_key.id),
  );
  expect(theft.status).toBe(404);
});

it("authenticates as its owner and records when it was last used", async () => {
  const made = await makeKey(alice.token, ["read"]);
  const me = await json(await userInfo.GET(req("/api/v1/user-info", { token: made.key }), noParams));
  expect(me.status).toBe(200);
  expect(JSON.stringify(me.body)).toContain(alice.uid);
  const { apiKeys } = await import("@/lib/access/api-keys/collections");
  expect((await db.collection(apiKeys).doc(made.api_key.id).get())!.data.last_used_at).not.toBeNull();
});

it("enforces its permissions: a read key cannot create (403), a create key cannot render", async () => {
  const reader = await makeKey(alice.token, ["read"]);
  const denied = await json(
    await videos.POST(req("/api/v1/videos", { method: "POST", token: reader.key, json: VIDEO }), noParams),
  );
  expect(denied.status).toBe(403);
  expect(denied.body.error.message).toMatch(/lacks the "create" permission/);
  expect((await videos.GET(req("/api/v1/videos", { token: reader.key }), noParams)).status).toBe(200);

  const creator = await makeKey(alice.token, ["read", "create"]);
  const renderNow = await json(
    await videos.POST(
      req("/api/v1/videos", { method: "POST", token: creator.key, json: { ...VIDEO, render_now: true } }),
      noParams,
    ),
  );
  expect(renderNow.status).toBe(403);
  expect(renderNow.body.error.message).toMatch(/"render"/);
  const made = await json(
    await videos.POST(req("/api/v1/videos", { method: "POST", token: creator.key, json: VIDEO }), noParams),
  );
  expect(made.status).toBe(201);
  const id = made.body.data.id;
  const noRender = await render.POST(
    req(`/api/v1/videos/${id}/render`, { method: "POST", token: creator.key }),
    withId(id),
  );
  expect(noRender.status).toBe(403);

  // A key cannot make a key with more permissions than its own.
  const wider = await keys.POST(
    req("/api/v1/keys", { method: "POST", token: creator.key, json: { name: "More", scopes: ["render"] } }),
    noParams,
  );
  expect(wider.status).toBe(403);
});

it("charges what it spends to its owner's credits", async () => {
  const full = await makeKey(alice.token, ["read", "create", "render"]);
  const id = (
    await json(await videos.POST(req("/api/v1/videos", { method: "POST", token: full.key, json: VIDEO }), noParams))
  ).body.data.id;
  const before = [await credits(alice.uid), await credits(bob.uid)];
  const accepted = await json(
    await render.POST(req(`/api/v1/videos/${id}/render`, { method: "POST", token: full.key }), withId(id)),
  );
  expect(accepted.status).toBe(202);
  const cost = accepted.body.data.render.credits as number;
  expect(cost).toBeGreaterThan(0);
  expect(await credits(alice.uid)).toBe(before[0]! - cost);
  expect(await credits(bob.uid)).toBe(before[1]);
});

it("stops working the moment it is revoked", async () => {
  const made = await makeKey(alice.token, ["read", "delete"]);
  expect((await userInfo.GET(req("/api/v1/user-info", { token: made.key }), noParams)).status).toBe(200);
  const revoked = await json(
    await oneKey.DELETE(
      req(`/api/v1/keys/${made.api_key.id}`, { method: "DELETE", token: alice.token }),
      withId(made.api_key.id),
    ),
  );
  expect(revoked.status).toBe(200);
  expect(revoked.body.data.revoked_at).not.toBeNull();
  const after = await json(await userInfo.GET(req("/api/v1/user-info", { token: made.key }), noParams));
  expect(after.status).toBe(401);
  expect(after.body.error.message).toMatch(/revoked/);
});

it("refuses unknown and malformed keys, and keys on staff and account calls", async () => {
  const unknown = `pf_${"A".repeat(40)}`;
  expect((await userInfo.GET(req("/api/v1/user-info", { token: unknown }), noParams)).status).toBe(401);
  expect((await userInfo.GET(req("/api/v1/user-info", { token: "pf_short" }), noParams)).status).toBe(401);
  const all = await makeKey(alice.token, ["read", "create", "render", "delete"]);
  const staff = await json(await opsData.GET(req("/api/v1/ops/data", { token: all.key }), noParams));
  expect(staff.status).toBe(403);
  expect(staff.body.error.message).toMatch(/Staff calls do not accept API keys/);
  const account = await json(
    await accountDelete.POST(
      req("/api/v1/account/delete", {
        method: "POST",
        token: all.key,
        json: { confirm_email: `${alice.uid}@example.com` },
      }),
      noParams,
    ),
  );
  expect(account.status).toBe(403);
  expect(account.body.error.message).toMatch(/does not accept API keys/);
});

it("has its own per-minute limit: 429 with Retry-After past it, other keys unaffected", async () => {
  const busy = await makeKey(bob.token, ["read"], "Busy");
  const calm = await makeKey(bob.token, ["read"], "Calm");
  const statuses: number[] = [];
  for (let i = 0; i < 9; i++)
    statuses.push((await userInfo.GET(req("/api/v1/user-info", { token: busy.key }), noParams)).status);
  expect(statuses.slice(0, 8).every((s) => s === 200)).toBe(true);
  const limited = await userInfo.GET(req("/api/v1/user-info", { token: busy.key }), noParams);
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  expect((await userInfo.GET(req("/api/v1/user-info", { token: calm.key }), noParams)).status).toBe(200);
  // The person on the site is not limited by their keys' budget.
  expect((await userInfo.GET(req("/api/v1/user-info", { token: bob.token }), noParams)).status).toBe(200);
});

it("refuses a bad key request with a typed 422 and changes nothing", async () => {
  const before = (await json(await keys.GET(req("/api/v1/keys", { token: alice.token }), noParams))).body.data.length;
  for (const body of [
    { name: "", scopes: ["read"] },
    { name: "x", scopes: [] },
    { name: "x", scopes: ["admin"] },
  ]) {
    const res = await json(
      await keys.POST(req("/api/v1/keys", { method: "POST", token: alice.token, json: body }), noParams),
    );
    expect(res.status).toBe(422);
  }
  expect((await json(await keys.GET(req("/api/v1/keys", { token: alice.token }), noParams))).body.data.length).toBe(
    before,
  );
});
