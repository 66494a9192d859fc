/** The worker that reads fetched pages (lib/creation/links/extract.ts runs it off the event loop). */
import { serveOffThread } from "@/lib/platform/off-thread/serve";
import { extractFromHtml, type ExtractInput } from "./extract-html";

const tasks = {
  extract: (input: ExtractInput) => extractFromHtml(input),
};

export type ExtractHtmlTasks = typeof tasks;
serveOffThread(tasks);
