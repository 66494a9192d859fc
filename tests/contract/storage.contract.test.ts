/**
 * The blob-store contract on both drivers: the local store (temp folder) and
 * the Cloud Storage store against a local stand-in for the GCS JSON API.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateKeyPairSync } from "node:crypto";
import { Readable } from "node:stream";
import { Storage } from "@google-cloud/storage";
import { LocalBlobStore } from "@/lib/platform/storage/local-store";
import { GcsBlobStore } from "@/lib/platform/storage/gcs-store";
import { isStorageError } from "@/lib/platform/storage/errors";
import { verifyBlobSignature } from "@/lib/platform/storage/signing";
import type { BlobStore } from "@/lib/platform/storage/types";
import { startGcsStandIn, type GcsStandIn } from "./gcs-stand-in";

const PNG = Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), Buffer.alloc(4000, 7)]);
const JPEG = Buffer.concat([Buffer.from("ffd8ffe000104a464946", "hex"), Buffer.alloc(100, 1)]);
const MP4 = Buffer.concat([Buffer.from("0000001866747970697336d6", "hex"), Buffer.alloc(5000, 3)]);
const secret = Buffer.from("test-secret");

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

function chunked(buf: Buffer, size = 512): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
    })(),
  );
}

async function errorOf(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => new Error("expected a rejection"),
    (e: unknown) => e,
  );
}

interface StoreTarget {
  name: string;
  store: BlobStore;
  /** Everything the backend holds, to prove that a rejected write stored nothing. */
  stored(): string[];
  checkSignedUrl(url: string, key: string): void;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pf-blobs-"));
let standIn: GcsStandIn;
const targets: StoreTarget[] = [];

beforeAll(async () => {
  const root = path.join(tmp, "data", "blobs");
  const walk = (d: string): string[] =>
    fs.existsSync(d)
      ? fs
          .readdirSync(d, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]))
      : [];
  targets.push({
    name: "local",
    store: new LocalBlobStore({ root, secret, urlPrefix: "/api/v1/blobs" }),
    // The whole temp dir, not only the root: an escaping key would land outside it.
    stored: () => walk(tmp).map((f) => path.relative(tmp, f)),
    checkSignedUrl(url, key) {
      const u = new URL(url, "http://app");
      expect(u.pathname).toBe(`/api/v1/blobs/${key}`);
      expect(() =>
        verifyBlobSignature({ secret, key, expires: u.searchParams.get("expires"), sig: u.searchParams.get("sig") }),
      ).not.toThrow();
      expect(() =>
        verifyBlobSignature({
          secret,
          key: `${key}x`,
          expires: u.searchParams.get("expires"),
          sig: u.searchParams.get("sig"),
        }),
      ).toThrow(expect.objectContaining({ code: "invalid-signature" }));
      const later = new Date(Date.now() + 3_600_000);
      expect(() =>
        verifyBlobSignature({
          secret,
          key,
          expires: u.searchParams.get("expires"),
          sig: u.searchParams.get("sig"),
          now: later,
        }),
      ).toThrow(expect.objectContaining({ code: "expired" }));
    },
  });
  standIn = await startGcsStandIn();
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const storage = new Storage({
    apiEndpoint: standIn.endpoint,
    projectId: "demo-promptframe",
    useAuthWithCustomEndpoint: false,
    // Signing happens locally with this key; nothing is sent to Google.
    credentials: {
      client_email: "signer@demo-promptframe.iam.gserviceaccount.com",
      private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    },
    retryOptions: { autoRetry: false },
  });
  targets.push({
    name: "gcs",
    store: new GcsBlobStore(storage.bucket("test-bucket")),
    stored: () => [...standIn.objects.keys()],
    checkSignedUrl(url, key) {
      const u = new URL(url);
      expect(u.pathname).toBe(`/test-bucket/${key}`);
      expect(u.searchParams.get("X-Goog-Algorithm")).toBe("GOOG4-RSA-SHA256");
      expect(u.searchParams.get("X-Goog-Expires")).toBe("600");
      expect(u.searchParams.get("X-Goog-Signature")).toMatch(/^[0-9a-f]{512}$/);
    },
  });
});

afterAll(async () => {
  await standIn?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe.each(["local", "gcs"])("blob store contract on %s", (name) => {
  const t = () => targets.find((x) => x.name === name)!;
  let n = 0;
  const key = (leaf: string) => `t${++n}/${leaf}`;

  test("a streamed upload is stored with the type its bytes show and reads back whole", async () => {
    const k = key("pic.png");
    expect(await t().store.put(k, chunked(PNG))).toEqual({ key: k, size: PNG.length, contentType: "image/png" });
    expect(await t().store.head(k)).toEqual({ key: k, size: PNG.length, contentType: "image/png" });
    const got = await t().store.get(k);
    expect(got?.range).toBeNull();
    expect((await read(got!.body)).equals(PNG)).toBe(true);
    expect(await t().store.get(key("missing.png"))).toBeNull();
  });

  test("range reads return exactly the asked bytes (video seeking)", async () => {
    const k = key("clip.mp4");
    await t().store.put(k, MP4);
    const part = await t().store.get(k, { range: { start: 100, end: 199 } });
    expect(part?.range).toEqual({ start: 100, end: 199 });
    expect((await read(part!.body)).equals(MP4.subarray(100, 200))).toBe(true);
    const tail = await t().store.get(k, { range: { start: MP4.length - 10 } });
    expect((await read(tail!.body)).equals(MP4.subarray(MP4.length - 10))).toBe(true);
    expect(isStorageError(await errorOf(t().store.get(k, { range: { start: MP4.length } })), "invalid-range")).toBe(
      true,
    );
  });

  test("an upload over the size cap fails with too-large and stores nothing", async () => {
    const before = t().stored();
    const err = await errorOf(t().store.put(key("big.png"), chunked(PNG, 256), { maxBytes: 1000 }));
    expect(isStorageError(err, "too-large")).toBe(true);
    expect(t().stored()).toEqual(before);
  });

  test("bytes that are not an allowed type, or not the declared type, are refused and nothing is stored", async () => {
    const before = t().stored();
    const k = key("x.png");
    expect(
      isStorageError(await errorOf(t().store.put(k, Buffer.from("<html>not an image</html>"))), "unsupported-type"),
    ).toBe(true);
    expect(
      isStorageError(await errorOf(t().store.put(k, JPEG, { declaredType: "image/png" })), "unsupported-type"),
    ).toBe(true);
    expect(
      isStorageError(await errorOf(t().store.put(k, MP4, { allowedTypes: ["image/png"] })), "unsupported-type"),
    ).toBe(true);
    expect(isStorageError(await errorOf(t().store.put(k, Buffer.alloc(0))), "unsupported-type")).toBe(true);
    expect(t().stored()).toEqual(before);
  });

  test("keys that try to leave their folder are refused before any I/O", async () => {
    const before = t().stored();
    const tricks = [
      "../escape.png",
      "a/../../escape.png",
      "/etc/passwd",
      "a\\..\\b.png",
      ".hidden",
      "a//b.png",
      "a/./b.png",
      "",
      "a/",
      "x".repeat(600),
      "a\u0000b",
    ];
    for (const k of tricks) {
      expect(isStorageError(await errorOf(t().store.put(k, PNG)), "invalid-key")).toBe(true);
      expect(isStorageError(await errorOf(t().store.get(k)), "invalid-key")).toBe(true);
      expect(isStorageError(await errorOf(t().store.delete(k)), "invalid-key")).toBe(true);
    }
    expect(isStorageError(await errorOf(t().store.list("../")), "invalid-key")).toBe(true);
    expect(t().stored()).toEqual(before);
  });

  test("put replaces, delete removes (and tolerates a missing blob), list filters by prefix in key order", async () => {
    const dir = key("list");
    await t().store.put(`${dir}/b.png`, PNG);
    await t().store.put(`${dir}/a.jpg`, JPEG);
    await t().store.put(`${dir}/sub/c.mp4`, MP4);
    await t().store.put(`${dir}x/other.png`, PNG);
    await t().store.put(`${dir}/b.png`, JPEG);
    expect((await t().store.list(`${dir}/`)).map((b) => [b.key, b.contentType])).toEqual([
      [`${dir}/a.jpg`, "image/jpeg"],
      [`${dir}/b.png`, "image/jpeg"],
      [`${dir}/sub/c.mp4`, "video/mp4"],
    ]);
    await t().store.delete(`${dir}/a.jpg`);
    await t().store.delete(`${dir}/a.jpg`);
    expect((await t().store.list(`${dir}/`)).map((b) => b.key)).toEqual([`${dir}/b.png`, `${dir}/sub/c.mp4`]);
  });

  test("signed URLs name the blob and expire", async () => {
    const k = key("shared.png");
    await t().store.put(k, PNG);
    t().checkSignedUrl(await t().store.signedUrl(k, { expiresInSeconds: 600 }), k);
  });
});
