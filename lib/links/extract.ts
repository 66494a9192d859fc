import "server-only";
/**
 * A link → what its page says (name, price, key points, pictures), fetched
 * through the URL guard. Nothing is saved. Throws a LinkError with a
 * sentence for the user on every refusal (routes: `error.toApiError()`).
 */
import type { ExtractedPage } from "./contract";
import { extractFromHtml } from "./extract-html";
import { decodeHtml, safeFetch, type Resolver } from "./safe-fetch";

export async function extractPage(url: string, opts: { signal?: AbortSignal; resolver?: Resolver; allowHosts?: readonly string[] } = {}): Promise<ExtractedPage> {
  const fetched = await safeFetch(url, { kind: "html", signal: opts.signal, resolver: opts.resolver, allowHosts: opts.allowHosts });
  return extractFromHtml({ html: decodeHtml(fetched.bytes, fetched.contentType), url: fetched.url });
}
