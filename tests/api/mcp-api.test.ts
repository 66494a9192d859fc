/**
 * The MCP endpoint as an assistant meets it: the SDK's own client
 * (`Client` + `StreamableHTTPClientTransport`) over real HTTP against the
 * route handler (served by a local http server with the signed-blob route),
 * authenticated by API keys made with `createApiKey`. One video end to end
 * with the Local preview writer: brief → storyboard → a scene's text edited →
 * render (small: 160 px, 10 fps, no narration) → progress while waiting → the
 * file's absolute URL → the MP4's first bytes. Refusals: no key is a 401 the
 * client reports; a key without "render" gets a tool error, not a failure.
 */
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { png } from "@/tests/support/media";
import { newUser } from "./image-library.support";

jest.setTimeout(120_000);

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-mcp-api-"));
process.env.DATA_DIR = dataDir;
// The test runs its own render worker (stopped at the end); the route starts none.
process.env.IN_APP_WORKER = "0";
// The product page create_video_from_link reads is served by this test's own server.
process.env.URL_FETCH_ALLOW_HOSTS = "127.0.0.1";

type Route = Record<
  string,
  (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>
>;
let mcpRoute: Route;
let blobRoute: Route;
let server: http.Server;
let endpoint: URL;
let fullKey: string;
let noRenderKey: string;
let ownerUid: string;
const stopWorker = new AbortController();
let workerLoops: Promise<void>[] = [];
let picture: Buffer;

/** A shop's product page (schema.org Product) with one picture, as create_video_from_link reads it. */
const PRODUCT_PAGE = `<!doctype html><html><head><title>Harbour Mug | Shop</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Harbour Mug",
"description":"A stoneware mug glazed by hand in Porto.","image":"/shop/mug.png","brand":{"@type":"Brand","name":"Azul"},
"offers":{"@type":"Offer","price":"24.00","priceCurrency":"EUR"}}</script></head>
<body><h1>Harbour Mug</h1><p>A stoneware mug glazed by hand in Porto. Holds 350 ml.</p></body></html>`;
let closeRenderer: (() => Promise<void>) | null = null;

/** Node's request → the Web Request the route handlers take; their Response (SSE streams too) → Node's response. */
async function serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", endpoint);
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  const request = new NextRequest(url, {
    method: req.method,
    headers,
    body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
  });
  let response: Response;
  if (url.pathname === "/api/v1/mcp") {
    response = await mcpRoute[req.method ?? "GET"]!(request, { params: Promise.resolve({}) });
  } else if (url.pathname.startsWith("/api/v1/blobs/")) {
    const key = url.pathname.slice("/api/v1/blobs/".length).split("/").map(decodeURIComponent);
    response = await blobRoute.GET!(request, { params: Promise.resolve({ key }) });
  } else if (url.pathname === "/shop/mug.html") {
    response = new Response(PRODUCT_PAGE, { headers: { "content-type": "text/html; charset=utf-8" } });
  } else if (url.pathname === "/shop/mug.png") {
    response = new Response(new Uint8Array(picture), { headers: { "content-type": "image/png" } });
  } else {
    response = new Response("not found", { status: 404 });
  }
  res.writeHead(response.status, Object.fromEntries(response.headers));
  const reader = response.body?.getReader();
  for (let next = await reader?.read(); next && !next.done; next = await reader!.read()) res.write(next.value);
  res.end();
}

beforeAll(async () => {
  const { ensureBundle } = await import("@/lib/engine/render/bundle");
  const bundling = ensureBundle();
  mcpRoute = (await import("@/app/api/v1/mcp/route")) as unknown as Route;
  blobRoute = (await import("@/app/api/v1/blobs/[...key]/route")) as unknown as Route;
  const { getDb } = await import("@/lib/platform/db");
  const { getBlobStore } = await import("@/lib/platform/storage");
  const { createApiKey } = await import("@/lib/access/api-keys/keys");

  picture = await png(320, 320, "#1d4ed8");
  const owner = await newUser("mcp");
  ownerUid = owner.uid;
  const { addUser } = await import("@/tests/support/data-env");
  await addUser(getDb(), ownerUid, 20);
  fullKey = (await createApiKey(getDb(), ownerUid, { name: "assistant", scopes: ["read", "create", "render"] })).key;
  noRenderKey = (await createApiKey(getDb(), ownerUid, { name: "drafts only", scopes: ["read", "create"] })).key;

  server = http.createServer((req, res) => {
    serve(req, res).catch((e: unknown) => {
      console.error(e);
      res.destroy();
    });
  });
  // Every local address: the answers' URLs name the host as Next does ("localhost").
  await new Promise<void>((resolve) => server.listen(0, resolve));
  endpoint = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/mcp`);

  // The same render and image workers the app runs (lib/creation/video/worker.ts, lib/media/images), a render at a test size.
  await bundling;
  const { LocalRenderer } = await import("@/lib/engine/render/local-driver");
  const { createVideoWorker } = await import("@/lib/creation/video/worker");
  const { createImageWorker } = await import("@/lib/media/images/worker");
  const { imageRuntime } = await import("@/lib/media/images/runtime");
  const renderer = new LocalRenderer();
  closeRenderer = () => renderer.close();
  const videoWorker = createVideoWorker({
    db: getDb(),
    store: getBlobStore(),
    renderer: () => renderer,
    renderWidth: 160,
    renderFps: 10,
    log: () => undefined,
  });
  const imageWorker = createImageWorker({ ...imageRuntime(), log: () => undefined });
  workerLoops = [videoWorker, imageWorker].map((w) => w.runWorkerLoop({ signal: stopWorker.signal, pollMs: 100 }));
}, 240_000);

afterAll(async () => {
  stopWorker.abort();
  await Promise.all(workerLoops);
  await closeRenderer?.();
  await new Promise((resolve) => server?.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

async function connect(key: string | null): Promise<Client> {
  const client = new Client({ name: "promptframe-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(endpoint, {
    requestInit: key ? { headers: { Authorization: `Bearer ${key}` } } : undefined,
  });
  await client.connect(transport);
  return client;
}

function text(result: CallToolResult): string {
  return result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
}

async function call(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  onprogress?: (p: { progress: number; message?: string }) => void,
) {
  const result = (await client.callTool(
    { name, arguments: args },
    undefined,
    onprogress ? { onprogress } : undefined,
  )) as CallToolResult;
  if (result.isError) throw new Error(`${name} failed: ${text(result)}`);
  return result.structuredContent as Record<string, any>;
}

it("without an API key, connecting is a 401 that says what to send", async () => {
  const err = await connect(null).then(
    () => null,
    (e: unknown) => e as Error & { code?: number },
  );
  expect(err?.code).toBe(401);
  expect(err?.message).toMatch(/needs an API key/);
  expect(err?.message).toContain("Bearer pf_");
});

it("an assistant lists the tools and makes a video end to end: brief, scene text, render, progress, the MP4", async () => {
  const started = Date.now();
  const client = await connect(fullKey);
  try {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "list_templates",
        "list_voices",
        "create_video_from_brief",
        "create_video_from_link",
        "create_video_from_product",
        "edit_scene_text",
        "render_video",
        "get_video",
        "wait_for_video",
        "list_videos",
        "generate_images",
      ]),
    );
    for (const t of tools) expect(t.description?.length).toBeGreaterThan(20);

    const options = await call(client, "list_templates", {});
    expect(options.templates.length).toBeGreaterThan(0);
    const local = options.models.find((m: { preview: boolean }) => m.preview);
    expect(local).toBeTruthy();

    const made = await call(client, "create_video_from_brief", {
      brief: "Bean There roasts coffee in Lisbon. Every bag is roasted the morning it ships.",
      aspect_ratio: "1:1",
      voice_id: null,
      music: false,
      captions: false,
      model_id: local.id,
    });
    const video = made.video;
    expect(video).toMatchObject({ status: "draft", render: null, file: null });
    // Absolute URLs on the origin the client called (Next names a loopback address "localhost").
    const editor = new URL(video.editor_url);
    expect([editor.port, editor.pathname]).toEqual([endpoint.port, `/content/${video.id}/edit`]);
    const first = video.scenes[0];
    const headline = first.text_slots.find((s: { role: string }) => s.role === "headline") ?? first.text_slots[0];
    expect(headline).toBeTruthy();

    const edited = await call(client, "edit_scene_text", {
      video_id: video.id,
      scene: 1,
      text: { [headline.role]: "Roasted this morning" },
    });
    expect(edited.video.revision).toBe(video.revision + 1);
    expect(
      edited.video.scenes[0].text_slots.find((s: { slot_id: string }) => s.slot_id === headline.slot_id).text,
    ).toBe("Roasted this morning");

    const queued = await call(client, "render_video", { video_id: video.id });
    expect(queued.video.status).toBe("rendering");
    expect(queued.video.render).toMatchObject({ state: "queued" });
    expect(queued.video.render.credits).toBeGreaterThan(0);

    const progress: number[] = [];
    const waited = await call(client, "wait_for_video", { video_id: video.id, timeout_s: 100 }, (p) =>
      progress.push(p.progress),
    );
    expect(waited.finished).toBe(true);
    expect(waited.video.render).toMatchObject({ state: "succeeded", progress: 1 });
    // Progress notifications arrived while it rendered, each larger than the one before.
    expect(progress.length).toBeGreaterThan(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(new Set(progress).size).toBe(progress.length);

    const file = waited.video.file;
    expect(file).toMatchObject({ width: 160, height: 160 });
    expect(new URL(file.video_url).port).toBe(endpoint.port);
    const mp4 = await fetch(file.video_url, { headers: { Range: "bytes=0-15" } });
    expect(mp4.status).toBe(206);
    const bytes = Buffer.from(await mp4.arrayBuffer());
    expect(bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");

    const listed = await call(client, "list_videos", {});
    expect(listed.videos.map((v: { id: string }) => v.id)).toContain(video.id);
    const got = await call(client, "get_video", { video_id: video.id });
    expect(got.video.status).toBe("ready");

    // Images: generated by the image worker while the tool waits, answered with URLs that open.
    const images = await call(client, "generate_images", { prompt: "A blue coffee cup on a white table", count: 1 });
    expect(images).toMatchObject({ finished: true, state: "succeeded" });
    expect(images.images).toHaveLength(1);
    const image = await fetch(images.images[0].url);
    expect(image.status).toBe(200);
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString("latin1"),
    ).toBe("PNG");
  } finally {
    await client.close();
  }
  console.log(`MCP end to end: ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

it("a key without the render permission makes storyboards (brief, link, saved product) but render_video is a tool error (403; 402 when short of credits); no credits move", async () => {
  const client = await connect(noRenderKey);
  try {
    const made = await call(client, "create_video_from_brief", {
      brief: "A bakery in Porto that opens at six.",
      voice_id: null,
      music: false,
      model_id: "local/preview",
    });
    const before = (await call(client, "list_templates", {})).credit_balance;
    const result = (await client.callTool({
      name: "render_video",
      arguments: { video_id: made.video.id },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/lacks the "render" permission/);
    expect(text(result)).toContain("403");
    const after = await call(client, "get_video", { video_id: made.video.id });
    expect(after.video).toMatchObject({ status: "draft", render: null });
    expect((await call(client, "list_templates", {})).credit_balance).toBe(before);

    // From a page's link: the product is saved with its picture, then a video is made from the saved product.
    const page = new URL("/shop/mug.html", endpoint);
    page.hostname = "127.0.0.1";
    const fromLink = await call(client, "create_video_from_link", { url: page.href, voice_id: null, music: false });
    expect(fromLink.video.title).toMatch(/Harbour Mug/);
    const { products } = await call(client, "list_products", {});
    const saved = products.find((p: { id: string }) => p.id === fromLink.product_id);
    expect(saved).toMatchObject({ name: "Harbour Mug", price: "24", currency: "EUR", pictures: 1 });
    const fromProduct = await call(client, "create_video_from_product", {
      product_id: saved.id,
      voice_id: null,
      length_s: 20,
    });
    expect(fromProduct).toMatchObject({ product_id: saved.id, video: { status: "draft" } });
    expect(fromProduct.video.id).not.toBe(fromLink.video.id);

    // Another's video, or none: a 404 in words, as a tool error too.
    const missing = (await client.callTool({ name: "get_video", arguments: { video_id: "nope" } })) as CallToolResult;
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain("404");

    // Short of credits: the render is refused with the API's 402 sentence, as a tool error.
    const { getDb } = await import("@/lib/platform/db");
    const { users } = await import("@/lib/platform/db/collections");
    await getDb().collection(users).doc(ownerUid).update({ credits: 0 });
    const renderer = await connect(fullKey);
    try {
      const broke = (await renderer.callTool({
        name: "render_video",
        arguments: { video_id: made.video.id },
      })) as CallToolResult;
      expect(broke.isError).toBe(true);
      expect(text(broke)).toMatch(/credits/i);
      expect(text(broke)).toContain("402");
    } finally {
      await renderer.close();
    }
  } finally {
    await client.close();
  }
});
