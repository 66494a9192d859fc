import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { LocalBlobStore } from "./local-store";
import { parseRangeHeader, serveSignedBlob } from "./serve";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pf-serve-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const secret = Buffer.from("s3cret");
const store = new LocalBlobStore({ root: tmp, secret, urlPrefix: "http://app.test/api/v1/blobs" });
const MP4 = Buffer.concat([Buffer.from("0000001866747970697336d6", "hex"), Buffer.alloc(1000, 9)]);

test("parses single byte ranges the way browsers send them", () => {
  expect(parseRangeHeader("bytes=0-99", 500)).toEqual({ start: 0, end: 99 });
  expect(parseRangeHeader("bytes=100-", 500)).toEqual({ start: 100 });
  expect(parseRangeHeader("bytes=-50", 500)).toEqual({ start: 450 });
  expect(parseRangeHeader("bytes=0-1,5-6", 500)).toBeNull();
  expect(parseRangeHeader(null, 500)).toBeNull();
});

test("a signed URL serves the blob, with 206 for a range; a tampered or expired one is 403", async () => {
  await store.put("u1/clip.mp4", MP4);
  const url = await store.signedUrl("u1/clip.mp4", { expiresInSeconds: 60 });
  const whole = await serveSignedBlob({ request: new Request(url), key: "u1/clip.mp4", store, secret });
  expect(whole.status).toBe(200);
  expect(whole.headers.get("content-type")).toBe("video/mp4");
  expect(Buffer.from(await whole.arrayBuffer()).equals(MP4)).toBe(true);

  const part = await serveSignedBlob({
    request: new Request(url, { headers: { range: "bytes=10-19" } }),
    key: "u1/clip.mp4",
    store,
    secret,
  });
  expect(part.status).toBe(206);
  expect(part.headers.get("content-range")).toBe(`bytes 10-19/${MP4.length}`);
  expect(Buffer.from(await part.arrayBuffer()).equals(MP4.subarray(10, 20))).toBe(true);

  const bad = await serveSignedBlob({
    request: new Request(url, { headers: { range: "bytes=5000-" } }),
    key: "u1/clip.mp4",
    store,
    secret,
  });
  expect(bad.status).toBe(416);

  const other = await serveSignedBlob({ request: new Request(url), key: "u1/other.mp4", store, secret });
  expect(other.status).toBe(403);
  const expired = new URL(url);
  expired.searchParams.set("expires", String(Math.floor(Date.now() / 1000) - 1));
  expect((await serveSignedBlob({ request: new Request(expired), key: "u1/clip.mp4", store, secret })).status).toBe(
    403,
  );
});
