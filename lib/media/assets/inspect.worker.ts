/** The worker that reads uploads' text and tables (lib/media/assets/inspect.ts runs it off the event loop). */
import { readFile } from "node:fs/promises";
import { serveOffThread } from "@/lib/platform/off-thread/serve";
import { parseFont } from "./font";
import { svgRefusal } from "./svg-check";

const tasks = {
  svgRefusal: async (input: { path: string; name: string }) =>
    svgRefusal((await readFile(input.path)).toString("utf8"), input.name),
  font: async (input: { path: string }) => parseFont(await readFile(input.path)),
};

export type InspectTasks = typeof tasks;
serveOffThread(tasks);
