import "server-only";
/**
 * The CSV preview in a worker thread with a deadline: decoding and parsing
 * a 2 MB body is linear and capped (lib/creation/batches/csv.ts), and still seconds
 * of CPU that must not hold up every other request.
 */
import { Worker } from "worker_threads";
import { ApiError } from "@/lib/platform/api/errors";
import { offThreadPool, offThreadWorkerOptions } from "@/lib/platform/off-thread/pool";
import type { CsvPreview } from "./contract";
import type { CsvTasks } from "./csv.worker";

export const READ_CSV_TIMEOUT_MS = 10_000;

const csvWorkers = offThreadPool<CsvTasks>({
  spawn: () => new Worker(new URL("./csv.worker.ts", import.meta.url), offThreadWorkerOptions({ maxMemoryMb: 256 })),
});

export function csvTooSlow(timeoutMs: number): ApiError {
  return new ApiError(
    "unprocessable_entity",
    `This CSV takes too long to read (over ${Math.round(timeoutMs / 1000)} s). Save it again as CSV, or split it.`,
    { issues: [{ path: "file", message: "too slow to read" }] },
  );
}

export function previewCsvOffThread(
  bytes: Uint8Array,
  o: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<CsvPreview> {
  const timeoutMs = o.timeoutMs ?? READ_CSV_TIMEOUT_MS;
  return csvWorkers.run("preview", bytes, { timeoutMs, signal: o.signal, onLimit: () => csvTooSlow(timeoutMs) });
}
