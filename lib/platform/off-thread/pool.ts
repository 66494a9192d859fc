import "server-only";
/**
 * CPU-bound work on untrusted input (a 6 MB page, a CSV, an SVG's text, a
 * font's tables) runs here, in worker threads, not on the request's event
 * loop: while JavaScript runs on the loop no timer fires and no other request
 * is answered, so only a thread that can be ended (`worker.terminate()`) lets
 * a deadline hold. A pool keeps a few warm workers per worker file (loading
 * linkedom or csv-parse once, not per call), queues calls beyond that, and
 * ends a worker whose call passes its deadline, runs out of memory or is
 * abandoned by its caller; a fresh worker takes its place on the next call.
 *
 * Each worker file calls `serveOffThread` (./serve.ts) with its named tasks
 * and exports their type; its domain makes the pool, naming the file in a
 * `new Worker(new URL("./x.worker.ts", import.meta.url), offThreadWorkerOptions())`
 * expression: webpack (`next build --webpack`) bundles that file as its own
 * entry, and from source (Jest, tsx) the worker runs it through tsx.
 */
import { availableParallelism } from "node:os";
import type { Worker, WorkerOptions } from "node:worker_threads";
import { ApiError, type ApiErrorCode } from "@/lib/platform/api/errors";
import type { OffThreadReply, OffThreadRequest, SerializedError } from "./protocol";

type Tasks = Record<string, (input: never) => unknown>;
type InputOf<T> = T extends (input: infer I) => unknown ? I : never;
type OutputOf<T> = T extends (input: never) => infer O ? Awaited<O> : never;

/** Why a call was ended: it ran past its deadline, or its worker ran out of memory. */
export type OffThreadLimit = "timeout" | "memory";

/** An error a task threw that is not an ApiError: its name, message and plain own fields (reason, code…). */
export class OffThreadTaskError extends Error {
  readonly fields: Record<string, unknown>;
  constructor(name: string, message: string, fields: Record<string, unknown>) {
    super(message);
    this.name = name;
    this.fields = fields;
  }
}

export interface OffThreadCall {
  /** The deadline, from the call (queueing included). */
  timeoutMs: number;
  /** The error a caller sees when the deadline or the memory limit ends the call. */
  onLimit: (limit: OffThreadLimit) => Error;
  /** The caller went away (e.g. the request's signal): the worker is ended. */
  signal?: AbortSignal;
}

export interface OffThreadPool<T extends Tasks> {
  run<K extends keyof T & string>(task: K, input: InputOf<T[K]>, call: OffThreadCall): Promise<OutputOf<T[K]>>;
  /** Ends every worker (tests; a process that stops). */
  close(): Promise<void>;
}

/** Next's server bundles set NEXT_RUNTIME; Jest and tsx run the TypeScript sources. */
const FROM_SOURCE = !process.env.NEXT_RUNTIME;

/**
 * Worker options: a memory ceiling (a worker past it dies alone, not the
 * server), and from source the TypeScript loader and the react-server
 * condition (so `server-only` modules load) that the bundled build needs not.
 */
export function offThreadWorkerOptions(o: { maxMemoryMb?: number } = {}): WorkerOptions {
  const execArgv = FROM_SOURCE ? [...process.execArgv, "--require", "tsx/cjs", "--conditions=react-server"] : undefined;
  return { execArgv, resourceLimits: { maxOldGenerationSizeMb: o.maxMemoryMb ?? 512 }, stdout: false, stderr: false };
}

function revive(e: SerializedError): Error {
  if (e.name === "ApiError" && typeof e.fields.code === "string") {
    return new ApiError(e.fields.code as ApiErrorCode, e.message, {
      issues: e.fields.issues as { path: string; message: string }[] | undefined,
    });
  }
  return new OffThreadTaskError(e.name, e.message, e.fields);
}

const busy = () =>
  new ApiError("service_unavailable", "The server is busy reading other files right now. Try again in a minute.", {
    headers: { "Retry-After": "30" },
  });

interface Job {
  id: number;
  task: string;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  onLimit: (limit: OffThreadLimit) => Error;
  settled: boolean;
  cleanup: () => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  idleTimer: NodeJS.Timeout | null;
}

export function offThreadPool<T extends Tasks>(o: {
  spawn: () => Worker;
  /** Workers at once (default: the cores, at least 2). */
  maxWorkers?: number;
  /** Calls waiting beyond the busy workers; more is a 503. */
  maxQueue?: number;
  /** An idle worker is ended after this long. */
  idleMs?: number;
}): OffThreadPool<T> {
  const maxWorkers = o.maxWorkers ?? Math.max(2, availableParallelism());
  const maxQueue = o.maxQueue ?? 32;
  const idleMs = o.idleMs ?? 30_000;
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 1;

  function settle(job: Job, outcome: { value: unknown } | { error: Error }) {
    if (job.settled) return;
    job.settled = true;
    job.cleanup();
    if ("error" in outcome) job.reject(outcome.error);
    else job.resolve(outcome.value);
  }

  function retire(slot: Slot) {
    if (!slots.delete(slot)) return;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    void slot.worker.terminate();
  }

  function start(slot: Slot, job: Job) {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.job = job;
    slot.worker.ref();
    const message: OffThreadRequest = { id: job.id, task: job.task, input: job.input };
    slot.worker.postMessage(message);
  }

  function release(slot: Slot) {
    slot.job = null;
    const next = queue.shift();
    if (next) return start(slot, next);
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => retire(slot), idleMs);
    slot.idleTimer.unref();
  }

  function spawn(): Slot {
    const slot: Slot = { worker: o.spawn(), job: null, idleTimer: null };
    slots.add(slot);
    slot.worker.on("message", (reply: OffThreadReply) => {
      const job = slot.job;
      if (!job || reply.id !== job.id) return;
      settle(job, reply.ok ? { value: reply.value } : { error: revive(reply.error) });
      release(slot);
    });
    const fail = (error: Error) => {
      const job = slot.job;
      retire(slot);
      if (!job) return;
      const memory = (error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY";
      settle(job, {
        error: memory
          ? job.onLimit("memory")
          : new Error(`An off-thread worker failed: ${error.message}`, { cause: error }),
      });
      // A call that was waiting gets a fresh worker.
      const next = queue.shift();
      if (next) start(spawn(), next);
    };
    slot.worker.on("error", fail);
    slot.worker.on("exit", (code) => {
      if (slots.has(slot)) fail(new Error(`worker exited with code ${code}`));
    });
    return slot;
  }

  /** Ends a call that passed its deadline or lost its caller; its worker (if it had one) is ended with it. */
  function end(job: Job, error: Error) {
    const at = queue.indexOf(job);
    if (at >= 0) queue.splice(at, 1);
    const running = [...slots].find((slot) => slot.job === job);
    if (running) {
      retire(running);
      const next = queue.shift();
      if (next) start(spawn(), next);
    }
    settle(job, { error });
  }

  return {
    run(task, input, call) {
      return new Promise((resolve, reject) => {
        if (call.signal?.aborted)
          return reject(call.signal.reason instanceof Error ? call.signal.reason : new Error("aborted"));
        const job: Job = {
          id: nextId++,
          task,
          input,
          resolve: resolve as (v: unknown) => void,
          reject,
          onLimit: call.onLimit,
          settled: false,
          cleanup: () => {},
        };
        const timer = setTimeout(() => end(job, job.onLimit("timeout")), call.timeoutMs);
        const onAbort = () =>
          end(job, call.signal!.reason instanceof Error ? call.signal!.reason : new Error("aborted"));
        call.signal?.addEventListener("abort", onAbort, { once: true });
        job.cleanup = () => {
          clearTimeout(timer);
          call.signal?.removeEventListener("abort", onAbort);
        };
        const idle = [...slots].find((s) => s.job === null);
        if (idle) return start(idle, job);
        if (slots.size < maxWorkers) return start(spawn(), job);
        if (queue.length >= maxQueue) return settle(job, { error: busy() });
        queue.push(job);
      });
    },
    async close() {
      for (const job of queue.splice(0)) settle(job, { error: busy() });
      await Promise.all(
        [...slots].map(async (slot) => {
          slots.delete(slot);
          if (slot.idleTimer) clearTimeout(slot.idleTimer);
          if (slot.job) settle(slot.job, { error: busy() });
          await slot.worker.terminate();
        }),
      );
    },
  };
}
