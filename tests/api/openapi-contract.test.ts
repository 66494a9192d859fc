/**
 * The OpenAPI document against the routes' behaviour: every documented
 * operation is called through its route handler, with a real emulator account
 * and an API key holding every permission, with a valid example (the
 * document's own, or one naming this test's things: ids, revisions); it must
 * answer with a status the document lists, with a body (or file type) the
 * document's schema for that status accepts (ajv, JSON Schema 2020-12).
 *
 * Cheap inputs: the Local preview writer and image model, 15-second videos,
 * IN_APP_WORKER=0 (renders and generations only queue). Operations that
 * cannot succeed here say why in EXPECTED_ERRORS, and must then answer that
 * documented error.
 */
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { NextRequest } from "next/server";
import { png } from "@/tests/support/media";
import { newUser, type TestUser } from "./image-library.support";

jest.setTimeout(180_000);

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-openapi-contract-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";
process.env.URL_FETCH_ALLOW_HOSTS = "127.0.0.1";

type Doc = ReturnType<typeof import("@/app/api/v1/_openapi/document").openApiDocument>;
type Operation = import("@/lib/platform/api/openapi").ApiOperation;
interface Responses {
  [status: string]: { content?: Record<string, { schema?: object }> };
}

/** Operations that cannot succeed in this setup, and the documented error they must answer instead. */
const EXPECTED_ERRORS: Record<string, { status: number; why: string }> = {
  downloadDesign: { status: 409, why: "the design is exported only later (its export never finishes here)" },
  downloadBatch: { status: 409, why: "no render runs here, so no video of the batch is finished" },
  retryBatchItems: { status: 409, why: "no item has failed (nothing runs here)" },
  getVideoCaptions: { status: 404, why: "no render runs here, so the video has no caption file yet" },
  translateVideo: {
    status: 422,
    why: "no language provider is set up here (translation through a provider is tests/api/translate-video-api.test.ts)",
  },
};

/** The things the calls name, filled as the creating operations answer. */
const fx: Record<string, string | undefined> = {};
let alice: TestUser;
let apiKey: string;
let doc: Doc;
let operations: readonly Operation[];
let server: http.Server;
let origin: string;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

/** Which fixture a path parameter takes, by the path's first segment and the parameter's name. */
function paramValue(op: Operation, name: string): string {
  const resource = op.path.split("/")[3] ?? "";
  const byName: Record<string, string | undefined> = {
    deliveryId: fx.delivery,
    templateId: fx.template,
    voiceId: fx.voice,
    trackId: fx.music,
    jobId: fx.job,
    revision: fx.revision,
    sceneId: resource === "designs" ? fx.designScene : fx.videoScene,
  };
  const byResource: Record<string, string | undefined> = {
    videos: fx.video,
    designs: fx.design,
    images: fx.image,
    vibes: fx.vibe,
    products: fx.product,
    assets: fx.asset,
    batches: fx.batch,
    pages: fx.page,
    keys: fx.key,
    content: fx.video,
    webhooks: fx.webhook,
  };
  // The exported design cannot be deleted while its export waits for a worker: delete a resized copy.
  if (op.operationId === "deleteDesign") byResource.designs = fx.resizedDesign;
  const value = name === "id" ? byResource[resource] : byName[name];
  if (!value) throw new Error(`${op.operationId}: no test value for {${name}} yet (is its creating call earlier?)`);
  return value;
}

async function call(
  op: Pick<Operation, "method" | "path">,
  a: {
    params?: Record<string, string>;
    query?: Record<string, string>;
    json?: unknown;
    raw?: { bytes: Uint8Array; type: string };
  } = {},
): Promise<Response> {
  let url = op.path;
  for (const [k, v] of Object.entries(a.params ?? {})) url = url.replace(`{${k}}`, encodeURIComponent(v));
  const search = new URLSearchParams(a.query ?? {}).toString();
  // What a client of either kind sends: JSON calls, and the MCP endpoint's event stream.
  const headers: Record<string, string> = {
    authorization: `Bearer ${apiKey}`,
    accept: "application/json, text/event-stream",
  };
  let body: BodyInit | undefined;
  if (a.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(a.json);
  } else if (a.raw) {
    headers["content-type"] = a.raw.type;
    body = a.raw.bytes as BodyInit;
  }
  const request = new NextRequest(new URL(`${url}${search ? `?${search}` : ""}`, "http://localhost:3000"), {
    method: op.method.toUpperCase(),
    headers,
    body,
  });
  const dir = op.path.replace(/^\/api\/v1/, "").replace(/\{(\w+)\}/g, "[$1]");
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const route = require(path.join(process.cwd(), "app/api/v1", dir, "route.ts"));
  return route[op.method.toUpperCase()](request, { params: Promise.resolve(a.params ?? {}) });
}

const get = async (p: string, params: Record<string, string>) =>
  (await (await call({ method: "get", path: p }, { params })).json()).data;

/** Bodies that must name this test's things (ids, current revisions); the others send the document's example. */
const BODIES: Record<string, () => Promise<unknown>> = {
  editVideo: async () => ({
    revision: (await get("/api/v1/videos/{id}", { id: fx.video! })).revision,
    title: "Edited",
  }),
  applyBrandToVideo: async () => ({
    apply: true,
    revision: (await get("/api/v1/videos/{id}", { id: fx.video! })).revision,
  }),
  setVideoSceneImage: async () => ({
    source: "asset",
    id: fx.asset!,
    revision: (await get("/api/v1/videos/{id}", { id: fx.video! })).revision,
  }),
  editDesign: async () => ({
    revision: (await get("/api/v1/designs/{id}", { id: fx.design! })).revision,
    title: "Edited",
  }),
  setDesignPageImage: async () => ({
    source: "asset",
    id: fx.asset!,
    revision: (await get("/api/v1/designs/{id}", { id: fx.design! })).revision,
  }),
  editPage: async () => ({ revision: (await get("/api/v1/pages/{id}", { id: fx.page! })).revision, title: "Edited" }),
  extractLink: async () => ({ url: `${origin}/product.html` }),
  retryBatchItems: async () => ({ item_ids: [fx.batchItem] }),
  deleteImages: async () => ({ ids: [fx.image] }),
  downloadWorkspaceItems: async () => ({ items: [{ kind: "image", id: fx.image }] }),
  deleteWorkspaceItems: async () => ({ items: [{ kind: "design", id: fx.design }] }),
  createApiKey: async () => ({ name: "Second key", scopes: ["read"] }),
  // A receiver this test serves (127.0.0.1 is allowed here, like in the app's test stack): example.com does not resolve offline.
  createWebhook: async () => ({ url: `${origin}/hooks/promptframe`, events: ["video.ready"] }),
};

/** What the creating (and listing) calls give later calls. */
const REMEMBER: Record<string, (data: any) => void> = {
  getVideoOptions: (d) => {
    fx.template = d.templates[0].id;
    fx.voice = d.voices[0].id;
    fx.music = d.music[0].id;
  },
  createVideo: (d) => {
    fx.video = d.id;
    fx.videoScene = d.composition.scenes[0].id;
  },
  listVideoRevisions: (d) => {
    fx.revision = String(d[d.length - 1].revision);
  },
  resizeDesign: (d) => (fx.resizedDesign = d[0].id),
  createDesign: (d) => {
    fx.design = d.id;
    fx.designScene = d.composition.scenes[0].id;
  },
  createProduct: (d) => (fx.product = d.id),
  uploadAsset: (d) => (fx.asset = d.id),
  generateImages: (d) => {
    fx.image = d.content_ids[0];
    fx.job = d.job_id;
  },
  createVibe: (d) => (fx.vibe = d.id),
  createPage: (d) => (fx.page = d.id),
  createBatch: (d) => {
    fx.batch = d.id;
    fx.batchItem = d.items[0].id;
  },
  createApiKey: (d) => (fx.key = d.api_key.id),
  createWebhook: (d) => (fx.webhook = d.id),
  sendWebhookTest: (d) => (fx.delivery = d.id),
};

/** Work to do after a call succeeded: the image generation's job runs here (no worker runs in the background). */
const AFTER: Record<string, () => Promise<void>> = {
  // The test event goes out (to this test's receiver), so it can be resent.
  sendWebhookTest: async () => {
    const { createWebhookWorker } = await import("@/lib/platform/webhooks/worker");
    const { getDb } = await import("@/lib/platform/db");
    const done = await createWebhookWorker({ db: getDb() }).processNext();
    if (done?.outcome !== "succeeded") throw new Error(`the test delivery did not succeed: ${JSON.stringify(done)}`);
  },
  generateImages: async () => {
    const { createImageWorker } = await import("@/lib/media/images/worker");
    const { imageRuntime } = await import("@/lib/media/images/runtime");
    const done = await createImageWorker(imageRuntime()).processNext();
    if (done?.outcome !== "succeeded") throw new Error(`the image job did not succeed: ${JSON.stringify(done)}`);
  },
};

/** Creating calls first (in this order), then the rest as documented, then the deletions. */
const FIRST = [
  "getVideoOptions",
  "createVideo",
  "listVideoRevisions",
  "uploadAsset",
  "createDesign",
  "createProduct",
  "generateImages",
  "createVibe",
  "createPage",
  "createBatch",
  "createApiKey",
  "createWebhook",
];
/** Calls that leave a thing busy (a design exporting): after the others that edit it. */
const LATE = ["exportDesign"];
const LAST_BULK = ["deleteImages", "deleteWorkspaceItems"];
function runOrder(ops: readonly Operation[]): Operation[] {
  const rank = (op: Operation) => {
    const first = FIRST.indexOf(op.operationId);
    if (first >= 0) return first - 1000;
    if (LAST_BULK.includes(op.operationId)) return 2000;
    if (LATE.includes(op.operationId)) return 500;
    const ownDelete = op.method === "delete" && !["unshareImage", "unlikeImage"].includes(op.operationId);
    return ownDelete ? 1000 : 0;
  };
  return ops
    .map((op, i) => ({ op, i }))
    .sort((a, b) => rank(a.op) - rank(b.op) || a.i - b.i)
    .map((x) => x.op);
}

async function requestFor(op: Operation) {
  const params = Object.fromEntries(Object.keys(op.params ?? {}).map((name) => [name, paramValue(op, name)]));
  const query = op.example?.query;
  if (op.operationId === "uploadAsset")
    return { params, query, raw: { bytes: new Uint8Array(await png(64, 48)), type: "image/png" } };
  if (op.operationId === "replaceAssetContent")
    return {
      params,
      query: { name: "logo-2.png" },
      raw: { bytes: new Uint8Array(await png(48, 48)), type: "image/png" },
    };
  if (op.operationId === "previewBatchCsv")
    return {
      params,
      raw: { bytes: new TextEncoder().encode("prompt,name\nA coffee ad,Morning Roast\n"), type: "text/csv" },
    };
  const body = BODIES[op.operationId];
  const json = body ? await body() : op.example?.body;
  return { params, query, json };
}

beforeAll(async () => {
  server = http.createServer((_rq, rs) => {
    rs.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    rs.end(
      `<!doctype html><html><head><title>Morning Roast</title><script type="application/ld+json">${JSON.stringify({
        "@context": "https://schema.org",
        "@type": "Product",
        name: "Morning Roast 250 g",
        description: "Roasted the morning it ships.",
        offers: { "@type": "Offer", price: "12.50", priceCurrency: "EUR" },
      })}</script></head><body><h1>Morning Roast</h1></body></html>`,
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const documentModule = await import("@/app/api/v1/_openapi/document");
  doc = documentModule.openApiDocument();
  operations = documentModule.API_OPERATIONS;
  alice = await newUser("openapi");
  const { getDb } = await import("@/lib/platform/db");
  const { addUser } = await import("@/tests/support/data-env");
  await addUser(getDb(), alice.uid, 500);
  const { createApiKey } = await import("@/lib/access/api-keys/keys");
  apiKey = (
    await createApiKey(getDb(), alice.uid, { name: "Contract test", scopes: ["read", "create", "render", "delete"] })
  ).key;
});

afterAll(async () => {
  server?.close();
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Why `res` does not match what the document says of `op`, or null when it does. */
async function mismatch(op: Operation, res: Response): Promise<string | null> {
  const responses = (doc.paths as Record<string, Record<string, { responses: Responses }>>)[op.path]![op.method]!
    .responses;
  const documented = responses[String(res.status)];
  const text = await res.text();
  if (!documented)
    return `answered ${res.status}, which the document does not list (${Object.keys(responses)}): ${text.slice(0, 300)}`;
  const expected = EXPECTED_ERRORS[op.operationId];
  if (expected ? res.status !== expected.status : res.status >= 400)
    return `answered ${res.status}${expected ? `, expected ${expected.status} (${expected.why})` : ""}: ${text.slice(0, 300)}`;
  const content = documented.content;
  if (!content) return text === "" ? null : `answered ${res.status} with a body the document does not describe`;
  const type = (res.headers.get("content-type") ?? "").split(";")[0]!.trim();
  if (content["application/json"]) {
    if (type !== "application/json") return `answered ${type} where the document says application/json`;
    const validate = ajv.compile({ ...content["application/json"].schema, components: doc.components });
    const body = JSON.parse(text) as { data?: unknown };
    if (!validate(body))
      return `body does not match the documented schema: ${ajv.errorsText(validate.errors, { separator: "\n  " })}`;
    if (res.status < 300) REMEMBER[op.operationId]?.(body.data);
    return null;
  }
  if (!content[type] && !content["*/*"]) return `answered ${type} where the document says ${Object.keys(content)}`;
  return null;
}

it("every documented operation answers as the document says", async () => {
  const problems: string[] = [];
  const called: string[] = [];
  for (const op of runOrder(operations)) {
    let problem: string | null;
    try {
      const res = await call(op, await requestFor(op));
      problem = await mismatch(op, res);
      if (!problem && res.status < 300) await AFTER[op.operationId]?.();
    } catch (error) {
      problem = `threw: ${(error as Error).message}`;
    }
    called.push(op.operationId);
    if (problem) problems.push(`${op.operationId} (${op.method.toUpperCase()} ${op.path}): ${problem}`);
  }
  expect(problems).toEqual([]);
  expect(called.sort()).toEqual(operations.map((o) => o.operationId).sort());
});
