/**
 * The worker side of an off-thread pool (./pool.ts): answers each request
 * with its task's result, or the error it threw (name, message and plain own
 * fields: an ApiError's code and issues come back as an ApiError).
 */
import { parentPort } from "node:worker_threads";
import type { OffThreadReply, OffThreadRequest, SerializedError } from "./protocol";

function serialize(e: unknown): SerializedError {
  if (!(e instanceof Error)) return { name: "Error", message: String(e), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e)) {
    if (k === "cause" || typeof v === "function") continue;
    try {
      fields[k] = structuredClone(v);
    } catch {
      // not cloneable: left out
    }
  }
  return { name: e.name, message: e.message, fields };
}

export function serveOffThread(tasks: Record<string, (input: never) => unknown>): void {
  const port = parentPort;
  if (!port) throw new Error("serveOffThread runs in a worker thread");
  port.on("message", async ({ id, task, input }: OffThreadRequest) => {
    let reply: OffThreadReply;
    try {
      const run = tasks[task];
      if (!run) throw new Error(`no task "${task}" in this worker`);
      reply = { id, ok: true, value: await run(input as never) };
    } catch (e) {
      reply = { id, ok: false, error: serialize(e) };
    }
    port.postMessage(reply);
  });
}
