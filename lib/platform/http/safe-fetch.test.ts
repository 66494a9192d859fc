/**
 * The URL guard against a real HTTP server on 127.0.0.1 and an injected
 * resolver: every private range refused, the connection pinned to the
 * checked address (no second DNS answer can rebind it), redirects re-checked
 * and capped, and the type, size and time limits.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { blockedAddressReason } from "./address";
import { LinkError } from "./errors";
import { dnsResolver, safeFetch, safePost, type Resolver } from "./safe-fetch";

let server: http.Server;
let base: string;
let port: number;
const hits: string[] = [];
const LOCAL = ["127.0.0.1"];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    const url = new URL(req.url ?? "/", "http://x");
    const p = url.pathname;
    if (p === "/page")
      return void res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end("<html><title>Hi</title></html>");
    if (p === "/gz")
      return void res
        .writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" })
        .end(zlib.gzipSync("<html><title>Zipped</title></html>"));
    if (p === "/json") return void res.writeHead(200, { "content-type": "application/json" }).end("{}");
    if (p === "/login") return void res.writeHead(401, { "content-type": "text/html" }).end("no");
    if (p === "/gone") return void res.writeHead(404, { "content-type": "text/html" }).end("no");
    if (p === "/big") {
      res.writeHead(200, { "content-type": "text/html" });
      res.write("x".repeat(1500));
      return void res.end("x".repeat(1500));
    }
    if (p === "/hang") return; // never answers
    if (p.startsWith("/hop/")) {
      const n = Number(p.slice(5));
      return void res.writeHead(302, { location: n > 0 ? `/hop/${n - 1}` : "/page" }).end();
    }
    if (p === "/to") return void res.writeHead(302, { location: url.searchParams.get("u") ?? "/" }).end();
    res.writeHead(500).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => hits.splice(0));

async function refusal(p: Promise<unknown>): Promise<LinkError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof LinkError) return e;
    throw e;
  }
  throw new Error("expected a refusal");
}

describe("address ranges", () => {
  it.each([
    ["0.0.0.0"],
    ["0.1.2.3"],
    ["10.0.0.1"],
    ["10.255.255.255"],
    ["100.64.0.1"],
    ["100.127.255.254"],
    ["127.0.0.1"],
    ["127.255.0.1"],
    ["169.254.0.1"],
    ["169.254.169.254"],
    ["172.16.0.1"],
    ["172.31.255.255"],
    ["192.0.0.8"],
    ["192.168.0.1"],
    ["198.18.0.1"],
    ["198.19.255.255"],
    ["224.0.0.1"],
    ["239.255.255.250"],
    ["240.0.0.1"],
    ["255.255.255.255"],
    ["::"],
    ["::1"],
    ["fc00::1"],
    ["fd00:ec2::254"],
    ["fe80::1"],
    ["ff02::1"],
    ["2001:db8::1"],
    ["::ffff:127.0.0.1"],
    ["::ffff:169.254.169.254"],
    ["::ffff:10.0.0.1"],
    ["::127.0.0.1"],
    ["::ffff:0:7f00:1"],
    ["64:ff9b::7f00:1"],
    ["64:ff9b::a9fe:a9fe"],
    ["64:ff9b:1::808:808"],
    ["2002:7f00:1::1"],
    ["2002:a00:1::"],
  ])("refuses %s", (address) => {
    expect(blockedAddressReason(address)).not.toBeNull();
  });

  it.each([
    ["8.8.8.8"],
    ["93.184.216.34"],
    ["172.32.0.1"],
    ["100.128.0.1"],
    ["2606:4700:4700::1111"],
    ["::ffff:8.8.8.8"],
    ["64:ff9b::808:808"],
  ])("allows public %s", (address) => {
    expect(blockedAddressReason(address)).toBeNull();
  });
});

describe("safeFetch", () => {
  it("refuses loopback unless the host is listed, and reads it when it is", async () => {
    const e = await refusal(safeFetch(`${base}/page`, { kind: "html", allowHosts: [] }));
    expect(e.reason).toBe("blocked_address");
    expect(hits).toEqual([]);
    const ok = await safeFetch(`${base}/page`, { kind: "html", allowHosts: LOCAL });
    expect(ok.bytes.toString()).toContain("<title>Hi</title>");
  });

  it("refuses names for this machine and the metadata service, and names that resolve inside", async () => {
    const resolver: Resolver = async (host) =>
      host === "mixed.test"
        ? [
            { address: "93.184.216.34", family: 4 },
            { address: "10.0.0.7", family: 4 },
          ]
        : [{ address: "192.168.1.20", family: 4 }];
    for (const u of [
      "http://localhost/",
      "http://metadata.google.internal/computeMetadata/v1/",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]/",
      "http://[::ffff:7f00:1]/",
      "http://2130706433/",
    ]) {
      expect((await refusal(safeFetch(u, { kind: "html", allowHosts: [], resolver }))).reason).toBe("blocked_address");
    }
    expect((await refusal(safeFetch("http://shop.test/", { kind: "html", allowHosts: [], resolver }))).message).toMatch(
      /192\.168\.1\.20/,
    );
    expect((await refusal(safeFetch("http://mixed.test/", { kind: "html", allowHosts: [], resolver }))).reason).toBe(
      "blocked_address",
    );
  });

  it("connects to the address it checked: a second DNS answer cannot rebind to loopback", async () => {
    const answers = ["93.184.216.34", "127.0.0.1"];
    let calls = 0;
    const resolver: Resolver = async () => [{ address: answers[Math.min(calls++, 1)]!, family: 4 }];
    const e = await refusal(
      safeFetch(`http://rebind.test:${port}/page`, { kind: "html", allowHosts: [], resolver, timeoutMs: 400 }),
    );
    expect(["unreachable", "timeout"]).toContain(e.reason);
    expect(calls).toBe(1);
    expect(hits).toEqual([]);
  });

  it("re-checks every redirect and stops after 5", async () => {
    const toMeta = await refusal(
      safeFetch(`${base}/to?u=${encodeURIComponent("http://169.254.169.254/latest/meta-data/")}`, {
        kind: "html",
        allowHosts: LOCAL,
      }),
    );
    expect(toMeta.reason).toBe("blocked_address");
    const resolver: Resolver = async () => [{ address: "10.1.2.3", family: 4 }];
    const toName = await refusal(
      safeFetch(`${base}/to?u=${encodeURIComponent("http://intranet.test/")}`, {
        kind: "html",
        allowHosts: LOCAL,
        resolver,
      }),
    );
    expect(toName.reason).toBe("blocked_address");
    expect(
      (
        await refusal(
          safeFetch(`${base}/to?u=${encodeURIComponent("file:///etc/passwd")}`, { kind: "html", allowHosts: LOCAL }),
        )
      ).reason,
    ).toBe("invalid_url");

    const five = await safeFetch(`${base}/hop/4`, { kind: "html", allowHosts: LOCAL });
    expect(five.url).toBe(`${base}/page`);
    expect((await refusal(safeFetch(`${base}/hop/5`, { kind: "html", allowHosts: LOCAL }))).reason).toBe(
      "too_many_redirects",
    );
  });

  it("checks the scheme, the type, sign-in walls, missing pages, size and time", async () => {
    for (const u of ["ftp://example.com/", "javascript:alert(1)", "not a url", "http://user:pw@example.com/"]) {
      expect((await refusal(safeFetch(u, { kind: "html", allowHosts: [] }))).reason).toBe("invalid_url");
    }
    expect((await refusal(safeFetch(`${base}/json`, { kind: "html", allowHosts: LOCAL }))).reason).toBe("not_html");
    expect((await refusal(safeFetch(`${base}/page`, { kind: "image", allowHosts: LOCAL }))).reason).toBe("not_image");
    expect((await refusal(safeFetch(`${base}/login`, { kind: "html", allowHosts: LOCAL }))).reason).toBe(
      "sign_in_required",
    );
    expect((await refusal(safeFetch(`${base}/gone`, { kind: "html", allowHosts: LOCAL }))).reason).toBe("not_found");
    expect((await refusal(safeFetch(`${base}/big`, { kind: "html", allowHosts: LOCAL, maxBytes: 2000 }))).reason).toBe(
      "too_large",
    );
    expect((await refusal(safeFetch(`${base}/hang`, { kind: "html", allowHosts: LOCAL, timeoutMs: 150 }))).reason).toBe(
      "timeout",
    );
    const gz = await safeFetch(`${base}/gz`, { kind: "html", allowHosts: LOCAL });
    expect(gz.bytes.toString()).toContain("Zipped");
  });
});

/**
 * Peers that misbehave on purpose: every call ends within its deadline with a
 * typed error, and leaves no socket open on either side.
 */
describe("time limits that hold", () => {
  let bad: http.Server;
  let badBase: string;
  const open = new Set<import("node:net").Socket>();
  const page = Buffer.from(`<html><title>${"x".repeat(20_000)}</title></html>`);
  const gzipped = zlib.gzipSync(page);
  const brotli = zlib.brotliCompressSync(page);
  const half = (b: Buffer) => b.subarray(0, Math.floor(b.byteLength / 2));

  beforeAll(async () => {
    bad = http.createServer((req, res) => {
      const p = req.url ?? "/";
      if (p === "/stall") {
        res.writeHead(200, { "content-type": "text/html", "content-length": String(page.byteLength) });
        return void res.write(half(page)); // half the body, then nothing
      }
      if (p === "/gz-stall") {
        res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
        return void res.write(half(gzipped));
      }
      if (p === "/br-stall") {
        res.writeHead(200, { "content-type": "text/html", "content-encoding": "br" });
        return void res.write(half(brotli));
      }
      if (p === "/gz-cut") {
        res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
        return void res.end(half(gzipped)); // a complete HTTP answer whose gzip stops half way
      }
      if (p === "/trickle") {
        res.writeHead(200, { "content-type": "text/html" });
        const t = setInterval(() => res.write("x"), 20);
        return void res.on("close", () => clearInterval(t));
      }
      if (p === "/headers-then-stall")
        return void res.writeHead(200, { "content-type": "application/json" }).flushHeaders();
      if (p === "/json-stall") {
        res.writeHead(200, { "content-type": "application/json" });
        return void res.write("{");
      }
    });
    bad.on("connection", (s) => {
      open.add(s);
      s.on("close", () => open.delete(s));
    });
    await new Promise<void>((r) => bad.listen(0, "127.0.0.1", r));
    badBase = `http://127.0.0.1:${(bad.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    bad.closeAllConnections();
    return new Promise<void>((r) => bad.close(() => r()));
  });

  /** Waits briefly for the server to see every connection closed (the client destroys its socket when it gives up). */
  async function openSockets(): Promise<number> {
    for (let i = 0; i < 50 && open.size > 0; i++) await new Promise((r) => setTimeout(r, 10));
    return open.size;
  }

  async function timed(p: Promise<unknown>): Promise<{ e: LinkError; ms: number }> {
    const t = performance.now();
    const e = await refusal(p);
    return { e, ms: performance.now() - t };
  }

  const DEADLINE = 300;
  /** Room for a loaded machine; a call that does not end at its deadline never ends at all. */
  const SLACK = 1500;
  it.each([["/stall"], ["/gz-stall"], ["/br-stall"], ["/trickle"]])(
    "%s ends at the deadline with a timeout and closes the socket",
    async (path) => {
      const { e, ms } = await timed(
        safeFetch(`${badBase}${path}`, { kind: "html", allowHosts: LOCAL, timeoutMs: DEADLINE }),
      );
      expect(e.reason).toBe("timeout");
      expect(ms).toBeLessThan(DEADLINE + SLACK);
      expect(await openSockets()).toBe(0);
    },
    5000,
  );

  it("a gzip body that ends half way is a typed error, not a hang", async () => {
    const { e, ms } = await timed(safeFetch(`${badBase}/gz-cut`, { kind: "html", allowHosts: LOCAL, timeoutMs: 2000 }));
    expect(e.reason).toBe("unreachable");
    expect(ms).toBeLessThan(SLACK);
    expect(await openSockets()).toBe(0);
  }, 5000);

  it("the caller's own signal ends a stalled decoder too", async () => {
    const ctrl = new AbortController();
    setTimeout(() => ctrl.abort(), 150);
    const { e, ms } = await timed(
      safeFetch(`${badBase}/gz-stall`, { kind: "html", allowHosts: LOCAL, signal: ctrl.signal, timeoutMs: 10_000 }),
    );
    expect(e.reason).toBe("timeout");
    expect(e.message).toMatch(/cancelled/);
    expect(ms).toBeLessThan(150 + SLACK);
    expect(await openSockets()).toBe(0);
  }, 5000);

  it("a resolver that never answers is inside the deadline", async () => {
    let asked: AbortSignal | undefined;
    const resolver: Resolver = (_host, signal) => {
      asked = signal;
      return new Promise(() => {});
    };
    const { e, ms } = await timed(
      safeFetch("http://slow-dns.test/", { kind: "html", allowHosts: [], resolver, timeoutMs: DEADLINE }),
    );
    expect(e.reason).toBe("timeout");
    expect(ms).toBeLessThan(DEADLINE + SLACK);
    expect(asked?.aborted).toBe(true); // the lookup was told to stop
  }, 5000);

  it("the system resolver asks DNS with the deadline and cancels its query (a DNS server that never answers)", async () => {
    const dgram = await import("node:dgram");
    const dns = dgram.createSocket("udp4");
    let queries = 0;
    dns.on("message", () => void queries++); // reads the question, never answers
    await new Promise<void>((r) => dns.bind(0, "127.0.0.1", r));
    try {
      const resolver = dnsResolver({ servers: [`127.0.0.1:${dns.address().port}`] });
      const { e, ms } = await timed(
        safeFetch("http://never-answers.test/", { kind: "html", allowHosts: [], resolver, timeoutMs: DEADLINE }),
      );
      expect(e.reason).toBe("timeout");
      expect(ms).toBeLessThan(DEADLINE + SLACK);
      expect(queries).toBeGreaterThan(0);
    } finally {
      dns.close();
    }
  }, 5000);

  it("safePost ends at its deadline when the answer stalls, and closes the socket", async () => {
    const resolver: Resolver = () => new Promise(() => {});
    const dnsStall = await timed(
      safePost("http://slow-dns.test/hook", {
        body: "{}",
        headers: { "content-type": "application/json" },
        allowHosts: [],
        resolver,
        timeoutMs: DEADLINE,
      }),
    );
    expect(dnsStall.e.reason).toBe("timeout");
    expect(dnsStall.ms).toBeLessThan(DEADLINE + SLACK);
    // Headers then a body that never comes: the status is the answer and the socket does not outlive the deadline.
    const t = performance.now();
    const answer = await safePost(`${badBase}/json-stall`, {
      body: "{}",
      headers: { "content-type": "application/json" },
      allowHosts: LOCAL,
      timeoutMs: DEADLINE,
    });
    expect(answer.status).toBe(200);
    expect(performance.now() - t).toBeLessThan(DEADLINE + SLACK);
    await new Promise((r) => setTimeout(r, DEADLINE));
    expect(await openSockets()).toBe(0);
  }, 5000);
});
