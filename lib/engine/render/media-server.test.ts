import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { LocalBlobStore } from "@/lib/platform/storage/local-store";
import { contentTypeForKey, createMediaServer, type MediaServer } from "./media-server";

let dir: string;
let store: LocalBlobStore;
let server: MediaServer;
const png = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), randomBytes(200)]);

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pf-media-"));
  store = new LocalBlobStore({ root: dir, secret: randomBytes(32), urlPrefix: "/api/v1/blobs" });
  await store.put("images/u1/pic_1.png", png);
  server = await createMediaServer(store);
});
afterEach(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("createMediaServer", () => {
  it("serves a blob on loopback under a signed URL, with its content type", async () => {
    const url = server.url("images/u1/pic_1.png");
    expect(url.startsWith(server.origin)).toBe(true);
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(png);
  });

  it("answers range requests", async () => {
    const res = await fetch(server.url("images/u1/pic_1.png"), { headers: { range: "bytes=2-9" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes 2-9/${png.length}`);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(png.subarray(2, 10));
  });

  it("refuses a tampered signature, an unknown key and other paths", async () => {
    const url = new URL(server.url("images/u1/pic_1.png"));
    url.searchParams.set("sig", "x".repeat(43));
    expect((await fetch(url)).status).toBe(403);
    expect((await fetch(server.url("images/u1/missing.png"))).status).toBe(404);
    expect((await fetch(`${server.origin}/etc/passwd`)).status).toBe(404);
  });

  it("names audio the store cannot sniff by its extension", () => {
    expect(contentTypeForKey("voice/a.wav", "application/octet-stream")).toBe("audio/wav");
    expect(contentTypeForKey("voice/a.m4a", "video/mp4")).toBe("audio/mp4");
    expect(contentTypeForKey("images/a.png", "image/png")).toBe("image/png");
  });
});
