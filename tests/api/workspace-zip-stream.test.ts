/**
 * The workspace ZIP (POST /api/v1/workspace/download) streams with
 * back-pressure: the server reads a file from the blob store only as fast as
 * the client takes the archive, so a slow or stalled client holds a bounded
 * window of bytes, not the selection's files. Measured as bytes read from the
 * real local blob store against bytes the client has received, once through
 * the route's stream with a reader that pauses, and once over a real HTTP
 * connection served with Next's own response piping (pipeToNodeResponse).
 */
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline, Transform, type Readable } from "node:stream";
import { NextRequest } from "next/server";
import { pipeToNodeResponse } from "next/dist/server/pipe-readable";
import { unzipSync } from "fflate";
import { json, newUser, noParams, req, type TestUser } from "./image-library.support";

// Loading the route and writing 36 MB take seconds on a busy 2-core machine.
jest.setTimeout(30_000);

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-workspace-zip-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";

const MB = 1024 * 1024;
/** Three rendered videos of this size: far more than any buffer between the store and the client. */
const FILE = 12 * MB;
const ITEMS = [1, 2, 3].map((n) => ({ kind: "video", id: `big-${n}` }));

let download: typeof import("@/app/api/v1/workspace/download/route");
let alice: TestUser;
/** Bytes that left the blob store's read streams, and those streams (to see they are closed). */
const store = { read: 0, bodies: [] as Readable[] };

beforeAll(async () => {
  download = await import("@/app/api/v1/workspace/download/route");
  alice = await newUser("zipper");
  const { getDb } = await import("@/lib/platform/db");
  const { getBlobStore } = await import("@/lib/platform/storage");
  const { seedVideo } = await import("@/lib/creation/workspace/testing");
  const { content } = await import("@/lib/platform/db/collections");
  const [db, blobs] = [getDb(), getBlobStore()];
  for (const { id } of ITEMS) {
    await seedVideo(db, blobs, alice.uid, id, { title: `Long ${id}`, rendered: true });
    const key = ((await db.collection(content).doc(id).get())!.data.settings as { files: { video_key: string } }).files
      .video_key;
    // An ISO box header is what the store's type sniffing reads; the rest is the film.
    const film = Buffer.alloc(FILE, id.charCodeAt(4));
    Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypisom0000mp41isom")]).copy(film);
    await blobs.put(key, film, { allowedTypes: ["video/mp4"], maxBytes: 64 * MB });
  }
  // Count what the route reads from the real store: each read stream passes through a counter.
  const get = blobs.get.bind(blobs);
  jest.spyOn(blobs, "get").mockImplementation(async (key, opts) => {
    const read = await get(key, opts);
    if (!read) return read;
    const counted = new Transform({
      transform(chunk: Buffer, _enc, done) {
        store.read += chunk.length;
        done(null, chunk);
      },
    });
    store.bodies.push(read.body);
    pipeline(read.body, counted, () => undefined);
    return { ...read, body: counted };
  });
});

afterAll(async () => {
  jest.restoreAllMocks();
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  store.read = 0;
  store.bodies = [];
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const downloadRequest = (items: typeof ITEMS) =>
  req("/api/v1/workspace/download", { method: "POST", token: alice.token, json: { items } });

function expectArchive(bytes: Uint8Array, items: typeof ITEMS) {
  const files = unzipSync(bytes);
  expect(Object.keys(files).sort()).toEqual(items.map(({ id }) => `Long-${id}-${id}.mp4`).sort());
  for (const { id } of items) expect(files[`Long-${id}-${id}.mp4`]!.length).toBe(FILE);
}

it("a reader that pauses keeps the server within a small window of what it has taken, all the way through", async () => {
  // Two of the videos: the window holds across a file boundary (CRC-checking 36 MB would only cost time).
  const items = ITEMS.slice(0, 2);
  const res = await download.POST(downloadRequest(items), noParams);
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const parts: Uint8Array[] = [];
  let taken = 0;
  let widest = 0;
  for (let step = 0; ; step++) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    taken += value.length;
    // The reader stops for a while after its first chunk, then for moments every few chunks: an eager server would read on meanwhile.
    if (step === 0) await sleep(400);
    else if (step % 40 === 0) await sleep(20);
    widest = Math.max(widest, store.read - taken);
  }
  // The store's own read-ahead (64 KB) and a chunk or two in the pipe: never the files.
  expect(widest).toBeLessThan(MB);
  expect(store.read).toBe(2 * FILE);
  expectArchive(Buffer.concat(parts), items);
});

it("over real HTTP, a client that stops reading stops the server reading; one that hangs up closes the files", async () => {
  const server = http.createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const c of incoming) chunks.push(c as Buffer);
    const request = new NextRequest(new URL(incoming.url!, "http://localhost:3000"), {
      method: incoming.method,
      headers: incoming.headers as Record<string, string>,
      body: Buffer.concat(chunks),
    });
    const res = await download.POST(request, noParams);
    outgoing.writeHead(res.status, Object.fromEntries(res.headers));
    await pipeToNodeResponse(res.body!, outgoing);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  try {
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const body = JSON.stringify({ items: ITEMS });
      const r = http.request(
        {
          host: "127.0.0.1",
          port,
          path: "/api/v1/workspace/download",
          method: "POST",
          headers: {
            authorization: `Bearer ${alice.token}`,
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
          },
        },
        resolve,
      );
      r.on("error", reject);
      r.end(body);
    });
    expect(response.statusCode).toBe(200);
    let received = 0;
    response.on("data", (c: Buffer) => {
      received += c.length;
      if (received >= MB) response.pause();
    });
    while (received < MB) await sleep(10);
    // The client has stopped; give the server every chance to read on.
    await sleep(600);
    const ahead = store.read - received;
    // What the sockets' buffers hold (a few MB on loopback), not the 36 MB selection.
    expect(ahead).toBeLessThan(FILE);
    expect(store.read).toBeLessThan(FILE + 2 * MB);

    // Hanging up ends the download: the open file is closed and nothing more is read.
    response.destroy();
    await sleep(300);
    const after = store.read;
    await sleep(300);
    expect(store.read).toBe(after);
    expect(store.bodies.every((b) => b.destroyed)).toBe(true);
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

it("still answers 422 before streaming when nothing in the selection has a file", async () => {
  const none = await json(
    await download.POST(
      req("/api/v1/workspace/download", {
        method: "POST",
        token: alice.token,
        json: { items: [{ kind: "page", id: "x" }] },
      }),
      noParams,
    ),
  );
  expect(none.status).toBe(422);
  expect(store.read).toBe(0);
});
