/**
 * A local stand-in for the Cloud Storage JSON API, covering exactly the calls
 * GcsBlobStore makes: simple (multipart) upload, object metadata, media
 * download with Range, delete and list by prefix. Objects live in memory and
 * are stored only when an upload request arrives whole, as in GCS.
 */
import { createHash } from "node:crypto";
import http from "node:http";
import type net from "node:net";
import { CRC32C } from "@google-cloud/storage";

interface StoredObject {
  name: string;
  bucket: string;
  data: Buffer;
  contentType: string;
  generation: string;
}

export interface GcsStandIn {
  endpoint: string;
  objects: Map<string, StoredObject>;
  /** Requests seen, "METHOD path", for assertions on what the driver did. */
  log: string[];
  close(): Promise<void>;
}

function resource(o: StoredObject) {
  return {
    kind: "storage#object",
    id: `${o.bucket}/${o.name}/${o.generation}`,
    name: o.name,
    bucket: o.bucket,
    generation: o.generation,
    size: String(o.data.length),
    contentType: o.contentType,
    md5Hash: createHash("md5").update(o.data).digest("base64"),
    crc32c: crc32c(o.data),
  };
}

function crc32c(data: Buffer): string {
  const c = new CRC32C();
  c.update(data);
  return c.toString();
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function notFound(res: http.ServerResponse) {
  json(res, 404, { error: { code: 404, message: "No such object", errors: [{ reason: "notFound" }] } });
}

/** multipart/related: part 1 is the JSON metadata, part 2 the bytes. */
function parseMultipart(
  body: Buffer,
  contentType: string,
): { metadata: Record<string, unknown>; data: Buffer; type: string } {
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  if (!boundary) throw new Error("no multipart boundary");
  const delim = Buffer.from(`--${boundary}`);
  const parts: Buffer[] = [];
  let at = body.indexOf(delim);
  while (at !== -1) {
    const next = body.indexOf(delim, at + delim.length);
    if (next === -1) break;
    parts.push(body.subarray(at + delim.length + 2, next - 2)); // drop the CRLFs around each part
    at = next;
  }
  const split = (p: Buffer) => {
    const sep = p.indexOf("\r\n\r\n");
    return { headers: p.subarray(0, sep).toString(), content: p.subarray(sep + 4) };
  };
  const meta = split(parts[0]!);
  const media = split(parts[1]!);
  const type = /content-type:\s*([^\r\n]+)/i.exec(media.headers)?.[1] ?? "application/octet-stream";
  return { metadata: JSON.parse(meta.content.toString()) as Record<string, unknown>, data: media.content, type };
}

export async function startGcsStandIn(): Promise<GcsStandIn> {
  const objects = new Map<string, StoredObject>();
  const log: string[] = [];
  let generation = 1;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("aborted", () => log.push(`ABORTED ${req.url}`));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      log.push(`${req.method} ${url.pathname}`);
      const upload = /^\/upload\/storage\/v1\/b\/([^/]+)\/o$/.exec(url.pathname);
      const object = /^\/storage\/v1\/b\/([^/]+)\/o\/(.+)$/.exec(url.pathname);
      const listing = /^\/storage\/v1\/b\/([^/]+)\/o$/.exec(url.pathname);
      try {
        if (upload && req.method === "POST") {
          const { metadata, data, type } = parseMultipart(Buffer.concat(chunks), req.headers["content-type"] ?? "");
          const name = url.searchParams.get("name") ?? String(metadata.name);
          const o = {
            name,
            bucket: upload[1]!,
            data,
            contentType: String(metadata.contentType ?? type),
            generation: String(generation++),
          };
          objects.set(`${o.bucket}/${name}`, o);
          return json(res, 200, resource(o));
        }
        if (object) {
          const o = objects.get(`${object[1]}/${decodeURIComponent(object[2]!)}`);
          if (req.method === "DELETE") {
            if (!o) return notFound(res);
            objects.delete(`${o.bucket}/${o.name}`);
            res.writeHead(204).end();
            return;
          }
          if (!o) return notFound(res);
          if (url.searchParams.get("alt") !== "media") return json(res, 200, resource(o));
          const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ""));
          if (range) {
            const start = Number(range[1]);
            const end = range[2] ? Math.min(Number(range[2]), o.data.length - 1) : o.data.length - 1;
            res.writeHead(206, {
              "content-type": o.contentType,
              "content-range": `bytes ${start}-${end}/${o.data.length}`,
            });
            res.end(o.data.subarray(start, end + 1));
            return;
          }
          res.writeHead(200, {
            "content-type": o.contentType,
            "x-goog-hash": `crc32c=${crc32c(o.data)},md5=${createHash("md5").update(o.data).digest("base64")}`,
          });
          res.end(o.data);
          return;
        }
        if (listing && req.method === "GET") {
          const prefix = url.searchParams.get("prefix") ?? "";
          const items = [...objects.values()]
            .filter((o) => o.bucket === listing[1] && o.name.startsWith(prefix))
            .map(resource);
          return json(res, 200, { kind: "storage#objects", items });
        }
        json(res, 501, { error: { code: 501, message: `stand-in does not implement ${req.method} ${url.pathname}` } });
      } catch (e) {
        json(res, 400, { error: { code: 400, message: String(e) } });
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    log,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections(); // the SDK keeps connections alive
        server.close(() => r());
      }),
  };
}
