import "server-only";
/**
 * Serves blob-store media to a local render. A render may run in a worker
 * process where no Next server is listening, so the renderer gets its own
 * loopback HTTP server on a random port, answering with lib/platform/storage's own
 * signed-URL logic (signatures, expiry, range requests, content types) and a
 * per-server secret. Close it after the render.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { serveSignedBlob } from "@/lib/platform/storage/serve";
import { signBlob } from "@/lib/platform/storage/signing";
import type { BlobStore } from "@/lib/platform/storage/types";

export interface MediaServer {
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  /** A signed URL for a blob key, valid while the server runs (and at most `expiresInSeconds`). */
  url(key: string): string;
  close(): Promise<void>;
}

/** The store sniffs images and videos; audio it cannot sniff is named by its key's extension. */
const AUDIO_TYPES: Record<string, string> = {
  wav: "audio/wav",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  aac: "audio/aac",
  ogg: "audio/ogg",
  opus: "audio/ogg",
  flac: "audio/flac",
};

export function contentTypeForKey(key: string, sniffed: string | null): string | null {
  if (sniffed && sniffed !== "application/octet-stream") {
    // An .m4a is an ISO media file: the store calls it video/mp4, the players want audio.
    if (sniffed === "video/mp4" && /\.(m4a|aac)$/i.test(key)) return "audio/mp4";
    return sniffed;
  }
  return AUDIO_TYPES[key.split(".").pop()?.toLowerCase() ?? ""] ?? sniffed;
}

export async function createMediaServer(
  store: BlobStore,
  opts: { expiresInSeconds?: number } = {},
): Promise<MediaServer> {
  const secret = randomBytes(32);
  const ttl = opts.expiresInSeconds ?? 6 * 3600;
  const server = http.createServer((req, res) => {
    void (async () => {
      try {
        const url = new URL(req.url ?? "/", "http://127.0.0.1");
        if ((req.method !== "GET" && req.method !== "HEAD") || !url.pathname.startsWith("/blobs/")) {
          res.writeHead(404).end();
          return;
        }
        const key = url.pathname.slice("/blobs/".length).split("/").map(decodeURIComponent).join("/");
        const headers = new Headers();
        if (req.headers.range) headers.set("range", req.headers.range);
        const response = await serveSignedBlob({ request: new Request(url, { headers }), key, store, secret });
        const out: Record<string, string> = {};
        response.headers.forEach((v, k) => (out[k] = v));
        const type = contentTypeForKey(key, out["content-type"] ?? null);
        if (type) out["content-type"] = type;
        out["access-control-allow-origin"] = "*";
        res.writeHead(response.status, out);
        if (req.method === "HEAD" || !response.body) {
          res.end();
          await response.body?.cancel();
          return;
        }
        Readable.fromWeb(response.body as import("node:stream/web").ReadableStream<Uint8Array>)
          .on("error", () => res.destroy())
          .pipe(res);
      } catch (err) {
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
        res.end(String(err));
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url(key) {
      const expires = Math.floor(Date.now() / 1000) + ttl;
      return `${origin}/blobs/${key.split("/").map(encodeURIComponent).join("/")}?expires=${expires}&sig=${signBlob(secret, key, expires)}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
