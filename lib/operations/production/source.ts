import "server-only";
/**
 * A pipeline's source → keyed rows. Reading the bytes (CSV, JSON, RSS/Atom:
 * ./source-rows.ts) runs in a worker thread with a deadline, off the event
 * loop that answers requests and runs the scheduler. A feed URL is fetched
 * through the URL guard (lib/platform/http/safe-fetch).
 */
import { Worker } from "worker_threads";
import { ApiError } from "@/lib/platform/api/errors";
import { isLinkError, LinkError } from "@/lib/platform/http/errors";
import { safeFetch, type Resolver } from "@/lib/platform/http/safe-fetch";
import { offThreadPool, offThreadWorkerOptions } from "@/lib/platform/off-thread/pool";
import type { CsvSource, FeedFormat, KeyedRow, PipelineSource } from "./contract";
import { keyRows } from "./source-rows";
import type { SourceTasks } from "./source.worker";

export { keyRows, readCsvSource } from "./source-rows";

export const READ_SOURCE_TIMEOUT_MS = 10_000;

const sourceWorkers = offThreadPool<SourceTasks>({
  spawn: () => new Worker(new URL("./source.worker.ts", import.meta.url), offThreadWorkerOptions({ maxMemoryMb: 256 })),
});

const tooSlow = (path: string, what: string) => () =>
  new ApiError(
    "unprocessable_entity",
    `${what} takes too long to read (over ${READ_SOURCE_TIMEOUT_MS / 1000} s). Save it again, or split it. Nothing was saved.`,
    { issues: [{ path, message: "too slow to read" }] },
  );

/** readCsvSource in a worker thread (the pipelines' CSV upload). */
export function readCsvSourceOffThread(
  bytes: Uint8Array,
  fileName?: string,
  o: { signal?: AbortSignal } = {},
): Promise<CsvSource> {
  return sourceWorkers.run(
    "csv",
    { bytes, fileName },
    { timeoutMs: READ_SOURCE_TIMEOUT_MS, signal: o.signal, onLimit: tooSlow("file", "This CSV") },
  );
}

export interface FetchOptions {
  timeoutMs?: number;
  resolver?: Resolver;
  allowHosts?: readonly string[];
}

/** Reads a feed through the URL guard; a timeout or an unreachable host is a 4xx with the reason, nothing written. */
export async function readFeed(url: string, format: FeedFormat, o: FetchOptions = {}): Promise<KeyedRow[]> {
  let bytes: Buffer;
  try {
    bytes = (
      await safeFetch(url, {
        kind: "feed",
        timeoutMs: o.timeoutMs ?? 15_000,
        resolver: o.resolver,
        allowHosts: o.allowHosts,
      })
    ).bytes;
  } catch (e) {
    if (isLinkError(e, "timeout")) {
      throw new ApiError(
        "unprocessable_entity",
        `The feed at ${new URL(url).host} did not answer within ${Math.round((o.timeoutMs ?? 15_000) / 1000)} s, so the run was not started. Try again later, or check the feed URL.`,
        { issues: [{ path: "source.url", message: "timeout" }], cause: e },
      );
    }
    if (e instanceof LinkError) throw e.toApiError("source.url");
    throw e;
  }
  return sourceWorkers.run(
    "feed",
    { bytes, format },
    { timeoutMs: READ_SOURCE_TIMEOUT_MS, onLimit: tooSlow("source.url", "The feed") },
  );
}

/** The rows a run of `source` makes (a feed is fetched now). */
export async function sourceRows(source: PipelineSource, o: FetchOptions = {}): Promise<KeyedRow[]> {
  if (source.kind === "csv") return source.rows;
  if (source.kind === "links") return keyRows(source.links.map((link) => ({ key: null, row: { link } })));
  return readFeed(source.url, source.format, o);
}
