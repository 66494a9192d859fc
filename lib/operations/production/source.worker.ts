/** The worker that reads pipeline sources (lib/operations/production/source.ts runs it off the event loop). */
import { serveOffThread } from "@/lib/platform/off-thread/serve";
import type { FeedFormat } from "./contract";
import { feedRows, readCsvSource } from "./source-rows";

const tasks = {
  csv: (input: { bytes: Uint8Array; fileName?: string }) => readCsvSource(input.bytes, input.fileName),
  feed: (input: { bytes: Uint8Array; format: FeedFormat }) => feedRows(input.bytes, input.format),
};

export type SourceTasks = typeof tasks;
serveOffThread(tasks);
