/** The worker that reads CSV uploads (lib/creation/batches/csv-off-thread.ts runs it off the event loop). */
import { serveOffThread } from "@/lib/platform/off-thread/serve";
import { previewCsv } from "./csv";

const tasks = {
  preview: (bytes: Uint8Array) => previewCsv(bytes),
};

export type CsvTasks = typeof tasks;
serveOffThread(tasks);
