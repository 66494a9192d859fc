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

  it("serves clips as video, in the parts a video element asks for", async () => {
    const mp4 = Buffer.concat([Buffer.from("0000001866747970697336d6", "hex"), randomBytes(5000)]);
    const webm = Buffer.concat([
      Buffer.from("1a45dfa3", "hex"),
      Buffer.from("4282", "hex"),
      Buffer.from("\x84webm", "latin1"),
      randomBytes(400),
    ]);
    await store.put("assets/u1/k1/original.mp4", mp4);
    await store.put("assets/u1/k2/original.webm", webm);
    // What <video> and Remotion send first: an open range from 0, then a seek.
    const first = await fetch(server.url("assets/u1/k1/original.mp4"), { headers: { range: "bytes=0-" } });
    expect([first.status, first.headers.get("content-type"), first.headers.get("accept-ranges")]).toEqual([
      206,
      "video/mp4",
      "bytes",
    ]);
    expect(first.headers.get("content-range")).toBe(`bytes 0-${mp4.length - 1}/${mp4.length}`);
    await first.arrayBuffer();
    const seek = await fetch(server.url("assets/u1/k1/original.mp4"), { headers: { range: "bytes=4000-" } });
    expect(Buffer.from(await seek.arrayBuffer())).toEqual(mp4.subarray(4000));
    const head = await fetch(server.url("assets/u1/k2/original.webm"), { method: "HEAD" });
    expect([head.status, head.headers.get("content-type")]).toEqual([200, "video/webm"]);
  });

  it("names audio the store cannot sniff by its extension", () => {
    expect(contentTypeForKey("voice/a.wav", "application/octet-stream")).toBe("audio/wav");
    expect(contentTypeForKey("voice/a.m4a", "video/mp4")).toBe("audio/mp4");
    expect(contentTypeForKey("images/a.png", "image/png")).toBe("image/png");
  });
});
