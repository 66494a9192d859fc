/**
 * /api/v1/webhooks over the route handlers, with real emulator ID tokens and
 * API keys: each answer validates against its contract schema (what the
 * OpenAPI document is generated from); bad input is a typed 4xx; an API key
 * needs read for GET, create for POST/PATCH and delete for DELETE; another
 * person's endpoint is "not found" on every route. No worker runs here
 * (IN_APP_WORKER=0): deliveries stay pending, so "resend" is refused (409).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  webhookDeleteResponse,
  webhookDeliveryListResponse,
  webhookDeliveryResponse,
  webhookListResponse,
  webhookResponse,
  webhookWithSecretResponse,
} from "@/lib/platform/webhooks/contract";
import { json, newUser, noParams, req, withId, type TestUser } from "./image-library.support";

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-webhooks-api-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";
process.env.URL_FETCH_ALLOW_HOSTS = "127.0.0.1";

let list: typeof import("@/app/api/v1/webhooks/route");
let one: typeof import("@/app/api/v1/webhooks/[id]/route");
let roll: typeof import("@/app/api/v1/webhooks/[id]/roll-secret/route");
let testEvent: typeof import("@/app/api/v1/webhooks/[id]/test/route");
let deliveries: typeof import("@/app/api/v1/webhooks/[id]/deliveries/route");
let resend: typeof import("@/app/api/v1/webhooks/[id]/deliveries/[deliveryId]/resend/route");
let alice: TestUser;
let bob: TestUser;

const BASE = "/api/v1/webhooks";
const RECEIVER = "http://127.0.0.1:9/hooks";

beforeAll(async () => {
  list = await import("@/app/api/v1/webhooks/route");
  one = await import("@/app/api/v1/webhooks/[id]/route");
  roll = await import("@/app/api/v1/webhooks/[id]/roll-secret/route");
  testEvent = await import("@/app/api/v1/webhooks/[id]/test/route");
  deliveries = await import("@/app/api/v1/webhooks/[id]/deliveries/route");
  resend = await import("@/app/api/v1/webhooks/[id]/deliveries/[deliveryId]/resend/route");
  [alice, bob] = await Promise.all([newUser("hooks-alice"), newUser("hooks-bob")]);
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

const create = async (token: string, body: unknown) =>
  json(await list.POST(req(BASE, { method: "POST", token, json: body }), noParams));

it("creates, lists, changes, rolls, tests and deletes an endpoint; answers match the contract", async () => {
  const made = await create(alice.token, { url: RECEIVER, events: ["video.ready", "image.ready"], description: "CI" });
  expect(made.status).toBe(201);
  const endpoint = webhookWithSecretResponse.parse(made.body).data;
  expect(endpoint).toMatchObject({ url: RECEIVER, enabled: true, events: ["video.ready", "image.ready"] });
  expect(endpoint.secret).toMatch(/^whsec_/);

  const listed = await json(await list.GET(req(BASE, { token: alice.token }), noParams));
  expect(listed.status).toBe(200);
  const rows = webhookListResponse.parse(listed.body).data;
  expect(rows.map((r) => r.id)).toEqual([endpoint.id]);
  expect(JSON.stringify(listed.body)).not.toContain(endpoint.secret);

  const patched = await json(
    await one.PATCH(
      req(`${BASE}/${endpoint.id}`, { method: "PATCH", token: alice.token, json: { enabled: false } }),
      withId(endpoint.id),
    ),
  );
  expect(patched.status).toBe(200);
  expect(webhookResponse.parse(patched.body).data.enabled).toBe(false);

  const rolled = await json(
    await roll.POST(
      req(`${BASE}/${endpoint.id}/roll-secret`, { method: "POST", token: alice.token }),
      withId(endpoint.id),
    ),
  );
  expect(rolled.status).toBe(200);
  expect(webhookWithSecretResponse.parse(rolled.body).data.secret).not.toBe(endpoint.secret);

  const sent = await json(
    await testEvent.POST(
      req(`${BASE}/${endpoint.id}/test`, { method: "POST", token: alice.token }),
      withId(endpoint.id),
    ),
  );
  expect(sent.status).toBe(202);
  const delivery = webhookDeliveryResponse.parse(sent.body).data;
  expect(delivery).toMatchObject({ event_type: "webhook.test", state: "pending", attempts: [] });

  const log = await json(
    await deliveries.GET(req(`${BASE}/${endpoint.id}/deliveries`, { token: alice.token }), withId(endpoint.id)),
  );
  expect(log.status).toBe(200);
  expect(webhookDeliveryListResponse.parse(log.body).data.map((d) => d.id)).toEqual([delivery.id]);

  // Still being sent: a resend now is a conflict, not a second copy.
  const early = await json(
    await resend.POST(
      req(`${BASE}/${endpoint.id}/deliveries/${delivery.id}/resend`, { method: "POST", token: alice.token }),
      { params: Promise.resolve({ id: endpoint.id, deliveryId: delivery.id }) },
    ),
  );
  expect(early.status).toBe(409);

  const gone = await json(
    await one.DELETE(req(`${BASE}/${endpoint.id}`, { method: "DELETE", token: alice.token }), withId(endpoint.id)),
  );
  expect(gone.status).toBe(200);
  expect(webhookDeleteResponse.parse(gone.body).data).toEqual({ id: endpoint.id, deleted: true });
  const after = await json(await one.GET(req(`${BASE}/${endpoint.id}`, { token: alice.token }), withId(endpoint.id)));
  expect(after.status).toBe(404);
});

it("refuses bad input with a typed 4xx: a private address, no events, an unknown event, not JSON", async () => {
  const privateUrl = await create(alice.token, { url: "https://10.0.0.7/hooks", events: ["video.ready"] });
  expect(privateUrl.status).toBe(422);
  expect(privateUrl.body.error).toMatchObject({ code: "unprocessable_entity", issues: [{ path: "url" }] });
  expect(privateUrl.body.error.message).toMatch(/public addresses/);
  const plainHttp = await create(alice.token, { url: "http://203.0.113.9/hooks", events: ["video.ready"] });
  expect(plainHttp.status).toBe(422);
  const noEvents = await create(alice.token, { url: RECEIVER, events: [] });
  expect(noEvents.status).toBe(422);
  expect(noEvents.body.error.issues[0].path).toBe("events");
  const unknown = await create(alice.token, { url: RECEIVER, events: ["video.deleted"] });
  expect(unknown.status).toBe(422);
  const extra = await create(alice.token, { url: RECEIVER, events: ["video.ready"], secret: "mine" });
  expect(extra.status).toBe(422);
  const notJson = await list.POST(
    req(BASE, { method: "POST", token: alice.token, body: "url=x", headers: { "content-type": "text/plain" } }),
    noParams,
  );
  expect(notJson.status).toBe(415);
  const emptyPatch = await json(
    await one.PATCH(req(`${BASE}/nope`, { method: "PATCH", token: alice.token, json: {} }), withId("nope")),
  );
  expect(emptyPatch.status).toBe(422);
  expect((await list.GET(req(BASE), noParams)).status).toBe(401);
});

it("another person's endpoint is not found on every route", async () => {
  const mine = webhookWithSecretResponse.parse(
    (await create(alice.token, { url: RECEIVER, events: ["batch.finished"] })).body,
  ).data;
  const p = withId(mine.id);
  const t = bob.token;
  expect((await one.GET(req(`${BASE}/${mine.id}`, { token: t }), p)).status).toBe(404);
  expect(
    (await one.PATCH(req(`${BASE}/${mine.id}`, { method: "PATCH", token: t, json: { enabled: false } }), p)).status,
  ).toBe(404);
  expect((await one.DELETE(req(`${BASE}/${mine.id}`, { method: "DELETE", token: t }), p)).status).toBe(404);
  expect((await roll.POST(req(`${BASE}/${mine.id}/roll-secret`, { method: "POST", token: t }), p)).status).toBe(404);
  expect((await testEvent.POST(req(`${BASE}/${mine.id}/test`, { method: "POST", token: t }), p)).status).toBe(404);
  expect((await deliveries.GET(req(`${BASE}/${mine.id}/deliveries`, { token: t }), p)).status).toBe(404);
  const bobs = webhookListResponse.parse((await json(await list.GET(req(BASE, { token: t }), noParams))).body).data;
  expect(bobs.map((e) => e.id)).not.toContain(mine.id);
});

it("an API key needs read to list, create to add or change, delete to delete", async () => {
  const { getDb } = await import("@/lib/platform/db");
  const { createApiKey } = await import("@/lib/access/api-keys/keys");
  const reader = (await createApiKey(getDb(), alice.uid, { name: "reader", scopes: ["read"] })).key;
  const maker = (await createApiKey(getDb(), alice.uid, { name: "maker", scopes: ["read", "create"] })).key;
  const remover = (await createApiKey(getDb(), alice.uid, { name: "remover", scopes: ["delete"] })).key;

  expect((await list.GET(req(BASE, { token: reader }), noParams)).status).toBe(200);
  expect((await create(reader, { url: RECEIVER, events: ["video.ready"] })).status).toBe(403);
  const made = await create(maker, { url: RECEIVER, events: ["video.ready"] });
  expect(made.status).toBe(201);
  const id = made.body.data.id as string;
  expect((await one.DELETE(req(`${BASE}/${id}`, { method: "DELETE", token: maker }), withId(id))).status).toBe(403);
  expect((await one.DELETE(req(`${BASE}/${id}`, { method: "DELETE", token: remover }), withId(id))).status).toBe(200);
});
