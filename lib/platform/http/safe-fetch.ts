import "server-only";
/**
 * The URL guard: fetches a user-supplied http(s) URL without letting it reach
 * anything private. Each hop resolves the host's addresses and refuses when
 * any of them is private, loopback, link-local or metadata (lib/platform/http/address.ts);
 * the connection then goes to the address that was checked (a pinned
 * `lookup`), so a second DNS answer cannot rebind it. Redirects are followed
 * by hand, re-checked, at most 5. One deadline covers the whole fetch,
 * whatever the peer does: the DNS query (cancelled at the deadline), the
 * connection, the headers and every byte of the body through its decoder
 * (one pipeline, so an abort or an error anywhere destroys the socket and the
 * decoder together). The body is read as a stream and refused past its size
 * limit, and the content type must be the kind asked for.
 */
import { lookup, Resolver as DnsResolver } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { urlFetchAllowHosts } from "@/lib/platform/env";
import { blockedAddressReason, isBlockedHostName, isIpLiteral, normaliseHost } from "./address";
import { LinkError } from "./errors";

export const MAX_REDIRECTS = 5;
export const HTML_MAX_BYTES = 6 * 1024 * 1024;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const FEED_MAX_BYTES = 2 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;
export const FETCH_TIMEOUT_MS = 10_000;
const USER_AGENT = "Mozilla/5.0 (compatible; PromptframeBot/1.0; +https://promptframe.ai/bot)";

/** Resolves a host's addresses; `signal` aborts at the fetch's deadline (the fetch stops waiting then either way). */
export type Resolver = (host: string, signal: AbortSignal) => Promise<{ address: string; family: number }[]>;

/**
 * Asks DNS (c-ares, on the event loop) for a host's A and AAAA records, each
 * query cancelled when `signal` aborts. Not getaddrinfo: that runs on libuv's
 * small thread pool and cannot be cancelled, so a few names whose DNS server
 * never answers would hold every pool thread (and with them file, zlib and
 * crypto work) for the system's resolver timeout. `servers` is for tests.
 */
export function dnsResolver(o: { servers?: string[] } = {}): Resolver {
  return async (host, signal) => {
    const r = new DnsResolver({ timeout: 2000, tries: 2 });
    if (o.servers) r.setServers(o.servers);
    const cancel = () => r.cancel();
    signal.addEventListener("abort", cancel, { once: true });
    try {
      signal.throwIfAborted();
      const [v4, v6] = await Promise.allSettled([r.resolve4(host), r.resolve6(host)]);
      signal.throwIfAborted();
      const found = [
        ...(v4.status === "fulfilled" ? v4.value.map((address) => ({ address, family: 4 })) : []),
        ...(v6.status === "fulfilled" ? v6.value.map((address) => ({ address, family: 6 })) : []),
      ];
      if (found.length === 0) throw v4.status === "rejected" ? v4.reason : new Error(`no addresses for ${host}`);
      return found;
    } finally {
      signal.removeEventListener("abort", cancel);
    }
  };
}

const systemResolver: Resolver = dnsResolver();
/** Hosts the operator listed (URL_FETCH_ALLOW_HOSTS) may be names only the machine knows (/etc/hosts): asked through the system, still inside the deadline. */
const allowListedLookup: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/** `work`, or the signal's abort reason as soon as it aborts, whichever comes first (the work is told through the same signal). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener("abort", stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", stop));
  });
}

export interface SafeFetchOptions {
  /** feed: a product feed (CSV, JSON, RSS/Atom, plain text); video: a clip (MP4, QuickTime, WebM). */
  kind: "html" | "image" | "feed" | "video";
  signal?: AbortSignal;
  maxBytes?: number;
  timeoutMs?: number;
  /** Defaults to the system resolver; tests inject one. */
  resolver?: Resolver;
  /** Defaults to URL_FETCH_ALLOW_HOSTS. */
  allowHosts?: readonly string[];
}

export interface FetchedBody {
  /** The URL after redirects. */
  url: string;
  status: number;
  contentType: string;
  bytes: Buffer;
}

/** Parses and checks the form of a URL (scheme, credentials, host); throws a LinkError. */
export function parsePublicUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new LinkError("invalid_url", "That is not a web address. Paste a full link that starts with https://.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new LinkError("invalid_url", "Only http and https links can be read.");
  if (url.username || url.password)
    throw new LinkError("invalid_url", "Links with a user name or password in them are not read.");
  if (!url.hostname) throw new LinkError("invalid_url", "That link has no host name.");
  return url;
}

function hostLabel(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "");
}

/** Resolves (within the deadline) and vets the host of one hop: the address to connect to. */
async function vetHost(
  url: URL,
  resolver: Resolver,
  allow: ReadonlySet<string>,
  signal: AbortSignal,
  external?: AbortSignal,
): Promise<{ address: string; family: number }> {
  const host = hostLabel(url);
  const allowed = allow.has(normaliseHost(host));
  if (!allowed && isBlockedHostName(host)) {
    throw new LinkError(
      "blocked_address",
      `${host} is a name for this server or its private network, so it is not fetched.`,
    );
  }
  let addresses: { address: string; family: number }[];
  if (isIpLiteral(host)) {
    addresses = [{ address: host, family: host.includes(":") ? 6 : 4 }];
  } else {
    try {
      const resolve = allowed && resolver === systemResolver ? allowListedLookup : resolver;
      addresses = await untilAborted(resolve(host, signal), signal);
    } catch (e) {
      if (signal.aborted) throw networkError(e, url, signal, external);
      throw new LinkError("dns_failed", `We could not find ${host}: check the link for typos.`, { cause: e });
    }
    if (addresses.length === 0)
      throw new LinkError("dns_failed", `We could not find ${host}: check the link for typos.`);
  }
  if (!allowed) {
    // Every answer must be public: a name that also points inside is refused outright.
    for (const a of addresses) {
      const reason = blockedAddressReason(a.address);
      if (reason)
        throw new LinkError(
          "blocked_address",
          `${host} points to a private or reserved address (${a.address}, ${reason}), so it is not fetched.`,
        );
    }
  }
  return addresses[0]!;
}

function pinnedLookup(address: string, family: number): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

function request(
  url: URL,
  target: { address: string; family: number },
  accept: string,
  signal: AbortSignal,
  post?: { body: string; headers: Record<string, string> },
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const lib = url.protocol === "https:" ? https : http;
    const req = lib.request(
      url,
      {
        method: post ? "POST" : "GET",
        signal,
        lookup: pinnedLookup(target.address, target.family),
        headers: {
          "user-agent": USER_AGENT,
          accept,
          "accept-encoding": "gzip, deflate, br",
          "accept-language": "en;q=0.9, *;q=0.5",
          ...post?.headers,
        },
        // The pinned lookup is the only one: no agent keeps a socket to an address we did not check this hop.
        agent: false,
      },
      resolve,
    );
    req.on("error", reject);
    req.end(post?.body);
  });
}

function decoder(res: http.IncomingMessage): Transform | null {
  const enc = String(res.headers["content-encoding"] ?? "")
    .toLowerCase()
    .trim();
  if (enc === "gzip" || enc === "x-gzip") return zlib.createGunzip();
  if (enc === "deflate") return zlib.createInflate();
  if (enc === "br") return zlib.createBrotliDecompress();
  return null;
}

/**
 * Reads the (decoded) body up to `maxBytes`. One pipeline from the socket
 * through the decoder to the reader: an abort, a decoder error or a socket
 * error destroys every stage (the socket included) and rejects, so a body or
 * a decoder that stops half way cannot leave the call waiting.
 */
async function readCapped(
  res: http.IncomingMessage,
  maxBytes: number,
  what: string,
  signal: AbortSignal,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const collect = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      size += chunk.byteLength;
      if (size > maxBytes)
        throw new LinkError(
          "too_large",
          `${what} is larger than ${Math.round(maxBytes / (1024 * 1024))} MB, so we stopped reading it.`,
        );
      chunks.push(chunk);
    }
  };
  const decode = decoder(res);
  try {
    await (decode ? pipeline(res, decode, collect, { signal }) : pipeline(res, collect, { signal }));
  } finally {
    res.destroy();
  }
  return Buffer.concat(chunks);
}

/** Drops an answer whose body we do not want: no draining, the socket (never reused: `agent: false`) is closed now. */
function discard(res: Readable): void {
  res.destroy();
}

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i;
const IMAGE_TYPES = /^image\/[a-z0-9.+-]+/i;
const VIDEO_TYPES = /^video\/(mp4|quicktime|webm)\b/i;
const FEED_TYPES =
  /^(text\/(csv|plain|xml|tab-separated-values)|application\/(json|[a-z.+-]*\+json|xml|rss\+xml|atom\+xml|csv|vnd\.ms-excel|octet-stream))\b/i;

function networkError(e: unknown, url: URL, signal: AbortSignal, external?: AbortSignal): LinkError {
  if (e instanceof LinkError) return e;
  if (external?.aborted) return new LinkError("timeout", "Reading the page was cancelled.", { cause: e });
  if (signal.aborted)
    return new LinkError(
      "timeout",
      `${hostLabel(url)} took too long to answer, so we gave up. Try again, or another link.`,
      { cause: e },
    );
  const code = (e as { code?: string }).code ?? "";
  if (/CERT|SSL|TLS/.test(code))
    return new LinkError("unreachable", `${hostLabel(url)} has a broken security certificate, so it was not read.`, {
      cause: e,
    });
  return new LinkError(
    "unreachable",
    `We could not reach ${hostLabel(url)}${code ? ` (${code})` : ""}. Check the link, or try again later.`,
    { cause: e },
  );
}

/** Fetches a public URL through the guard. Throws a LinkError with a sentence for the user. */
export async function safeFetch(rawUrl: string, opts: SafeFetchOptions): Promise<FetchedBody> {
  const resolver = opts.resolver ?? systemResolver;
  const allow = new Set((opts.allowHosts ?? urlFetchAllowHosts()).map(normaliseHost));
  const maxBytes =
    opts.maxBytes ??
    (opts.kind === "html"
      ? HTML_MAX_BYTES
      : opts.kind === "feed"
        ? FEED_MAX_BYTES
        : opts.kind === "video"
          ? VIDEO_MAX_BYTES
          : IMAGE_MAX_BYTES);
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? FETCH_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const accept =
    opts.kind === "html"
      ? "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1"
      : opts.kind === "feed"
        ? "text/csv,application/json,application/rss+xml,application/xml;q=0.9,text/plain;q=0.5,*/*;q=0.1"
        : opts.kind === "video"
          ? "video/mp4,video/quicktime;q=0.9,video/webm;q=0.8"
          : "image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8";
  const what =
    opts.kind === "html"
      ? "This page"
      : opts.kind === "feed"
        ? "This feed"
        : opts.kind === "video"
          ? "This clip"
          : "This image";

  let url = parsePublicUrl(rawUrl);
  for (let hop = 0; ; hop++) {
    const target = await vetHost(url, resolver, allow, signal, opts.signal);
    let res: http.IncomingMessage;
    try {
      res = await request(url, target, accept, signal);
    } catch (e) {
      throw networkError(e, url, signal, opts.signal);
    }
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      discard(res);
      if (hop >= MAX_REDIRECTS)
        throw new LinkError(
          "too_many_redirects",
          `The link redirects more than ${MAX_REDIRECTS} times, so we stopped following it.`,
        );
      let next: URL;
      try {
        next = new URL(res.headers.location, url);
      } catch {
        throw new LinkError("http_error", "The site redirected to an address that is not valid.");
      }
      url = parsePublicUrl(next.toString());
      continue;
    }
    if (status === 401 || status === 403 || status === 407) {
      discard(res);
      throw new LinkError(
        "sign_in_required",
        "This page needs a sign-in (or refuses visitors like us), so we cannot read it. Use a public page, or add the product by hand.",
      );
    }
    if (status === 404 || status === 410) {
      discard(res);
      throw new LinkError("not_found", `There is no page at that address (${status}). Check the link.`);
    }
    if (status < 200 || status >= 300) {
      discard(res);
      throw new LinkError(
        "http_error",
        `${hostLabel(url)} answered with an error (${status}). Try again later, or use another link.`,
      );
    }
    const contentType = String(res.headers["content-type"] ?? "").toLowerCase();
    const okType =
      opts.kind === "html"
        ? HTML_TYPES.test(contentType)
        : opts.kind === "feed"
          ? FEED_TYPES.test(contentType)
          : opts.kind === "video"
            ? VIDEO_TYPES.test(contentType)
            : IMAGE_TYPES.test(contentType);
    if (!okType) {
      discard(res);
      throw opts.kind === "html"
        ? new LinkError(
            "not_html",
            `That link is not a web page (it is ${contentType.split(";")[0] || "of an unknown type"}). Paste the link of a page.`,
          )
        : opts.kind === "feed"
          ? new LinkError(
              "not_html",
              `That link is not a CSV, JSON or RSS feed (it is ${contentType.split(";")[0] || "of an unknown type"}).`,
            )
          : new LinkError(
              "not_image",
              `That is not ${opts.kind === "video" ? "a video clip" : "an image"} (it is ${contentType.split(";")[0] || "of an unknown type"}).`,
            );
    }
    const declared = Number(res.headers["content-length"] ?? "0");
    if (Number.isFinite(declared) && declared > maxBytes) {
      discard(res);
      throw new LinkError(
        "too_large",
        `${what} is larger than ${Math.round(maxBytes / (1024 * 1024))} MB, so we did not read it.`,
      );
    }
    let bytes: Buffer;
    try {
      bytes = await readCapped(res, maxBytes, what, signal);
    } catch (e) {
      throw networkError(e, url, signal, opts.signal);
    }
    if (bytes.byteLength === 0) throw new LinkError("empty", `${what} is empty.`);
    return { url: url.toString(), status, contentType, bytes };
  }
}

export interface SafePostOptions {
  body: string;
  headers: Record<string, string>;
  /** Ends the call early (a job's deadline); the time limit applies either way. */
  signal?: AbortSignal;
  timeoutMs?: number;
  resolver?: Resolver;
  allowHosts?: readonly string[];
}

/**
 * POSTs `body` to a user-supplied URL through the same guard (a webhook): the
 * host is vetted and pinned, redirects are not followed (a 3xx is the
 * answer), and the answer's body is drained, not read, for at most the rest
 * of the deadline (then the socket is destroyed). Network failures and the
 * time limit throw a LinkError; any HTTP status is returned.
 */
export async function safePost(rawUrl: string, opts: SafePostOptions): Promise<{ status: number }> {
  const resolver = opts.resolver ?? systemResolver;
  const allow = new Set((opts.allowHosts ?? urlFetchAllowHosts()).map(normaliseHost));
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? FETCH_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const url = parsePublicUrl(rawUrl);
  const target = await vetHost(url, resolver, allow, signal, opts.signal);
  let res: http.IncomingMessage;
  try {
    res = await request(url, target, "application/json,*/*;q=0.5", signal, {
      body: opts.body,
      headers: { "content-length": String(Buffer.byteLength(opts.body)), ...opts.headers },
    });
  } catch (e) {
    throw networkError(e, url, signal, opts.signal);
  }
  drainUntil(res, signal);
  return { status: res.statusCode ?? 0 };
}

/**
 * Vets a URL the way `safePost` will before each send, without sending: its
 * form, then its host's addresses (resolved within the time limit) must all
 * be public unless the host is allow-listed. For saving a webhook URL, so a
 * private address is refused at once; the send checks again (DNS may change).
 * Throws a LinkError with a sentence for the user.
 */
export async function checkPublicUrl(
  rawUrl: string,
  opts: { resolver?: Resolver; allowHosts?: readonly string[]; timeoutMs?: number } = {},
): Promise<URL> {
  const resolver = opts.resolver ?? systemResolver;
  const allow = new Set((opts.allowHosts ?? urlFetchAllowHosts()).map(normaliseHost));
  const url = parsePublicUrl(rawUrl);
  await vetHost(url, resolver, allow, AbortSignal.timeout(opts.timeoutMs ?? FETCH_TIMEOUT_MS));
  return url;
}

/** Whether `host` is on the allow list (URL_FETCH_ALLOW_HOSTS unless given): such hosts may be private and plain http. */
export function isAllowListedHost(host: string, allowHosts?: readonly string[]): boolean {
  return (allowHosts ?? urlFetchAllowHosts()).map(normaliseHost).includes(normaliseHost(host.replace(/^\[|\]$/g, "")));
}

/** Reads and drops the rest of an answer in the background; at the deadline the socket is destroyed. */
function drainUntil(res: http.IncomingMessage, signal: AbortSignal): void {
  const stop = () => void res.destroy();
  if (signal.aborted) return stop();
  signal.addEventListener("abort", stop, { once: true });
  res.once("close", () => signal.removeEventListener("abort", stop));
  res.on("error", () => undefined);
  res.resume();
}

/**
 * The charset a `<meta … charset=…>` tag in the page's head declares: one pass
 * with indexOf, each tag read once (a regex searching `<meta[^>]+charset=`
 * restarts at every `<meta` and is quadratic over a hostile head).
 */
export function metaCharset(head: string): string | undefined {
  const lower = head.toLowerCase();
  let from = 0;
  for (;;) {
    const at = lower.indexOf("<meta", from);
    if (at < 0) return undefined;
    const end = lower.indexOf(">", at);
    if (end < 0) return undefined;
    const tag = lower.slice(at, end);
    const i = tag.indexOf("charset=");
    if (i >= 0) {
      const value = /^["']?([\w-]+)/.exec(tag.slice(i + 8))?.[1];
      if (value) return value;
    }
    from = end + 1;
  }
}

/** Decodes HTML bytes with the charset the server or the page declares (UTF-8 otherwise). */
export function decodeHtml(bytes: Buffer, contentType: string): string {
  const declared =
    /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ??
    metaCharset(bytes.subarray(0, 4096).toString("latin1")) ??
    "utf-8";
  try {
    return new TextDecoder(declared.toLowerCase()).decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}
