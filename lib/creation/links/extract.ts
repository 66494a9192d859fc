import "server-only";
/**
 * A link → what its page says (name, price, key points, pictures), fetched
 * through the URL guard. Nothing is saved. Throws a LinkError with a
 * sentence for the user on every refusal (routes: `error.toApiError()`).
 * Reading the page (up to 6 MB of HTML through three parsers) runs in a
 * worker thread with a deadline, so a page built to be slow to read holds
 * up neither the server nor the bulk worker.
 */
import { Worker } from "worker_threads";
import { offThreadPool, offThreadWorkerOptions, OffThreadTaskError } from "@/lib/platform/off-thread/pool";
import type { ExtractedPage } from "./contract";
import type { ExtractInput } from "./extract-html";
import type { ExtractHtmlTasks } from "./extract-html.worker";
import { LinkError, type LinkErrorReason } from "@/lib/platform/http/errors";
import { decodeHtml, safeFetch, type Resolver } from "@/lib/platform/http/safe-fetch";

/** Reading one page: a real 6 MB shop page takes a few seconds here. */
export const READ_PAGE_TIMEOUT_MS = 20_000;

const pages = offThreadPool<ExtractHtmlTasks>({
  spawn: () =>
    new Worker(new URL("./extract-html.worker.ts", import.meta.url), offThreadWorkerOptions({ maxMemoryMb: 1024 })),
});

/** extractFromHtml in a worker thread: past the deadline (or its memory) the worker is ended and the page refused. */
export async function readPageOffThread(
  input: ExtractInput,
  o: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<ExtractedPage> {
  const timeoutMs = o.timeoutMs ?? READ_PAGE_TIMEOUT_MS;
  try {
    return await pages.run("extract", input, {
      timeoutMs,
      signal: o.signal,
      onLimit: (limit) =>
        limit === "timeout"
          ? new LinkError(
              "timeout",
              `This page takes too long to read (over ${Math.round(timeoutMs / 1000)} s), so we stopped. Try another page of the shop, or add the product by hand.`,
            )
          : new LinkError(
              "too_large",
              "This page is too large to read. Try another page of the shop, or add the product by hand.",
            ),
    });
  } catch (e) {
    if (e instanceof OffThreadTaskError && e.name === "LinkError")
      throw new LinkError(e.fields.reason as LinkErrorReason, e.message);
    throw e;
  }
}

export async function extractPage(
  url: string,
  opts: { signal?: AbortSignal; resolver?: Resolver; allowHosts?: readonly string[] } = {},
): Promise<ExtractedPage> {
  const fetched = await safeFetch(url, {
    kind: "html",
    signal: opts.signal,
    resolver: opts.resolver,
    allowHosts: opts.allowHosts,
  });
  return readPageOffThread(
    { html: decodeHtml(fetched.bytes, fetched.contentType), url: fetched.url },
    { signal: opts.signal },
  );
}
