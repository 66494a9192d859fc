/**
 * The off-thread pool on a real worker thread (run from source through tsx):
 * results and errors come back, a call past its deadline ends its worker
 * while the event loop keeps answering, and memory is capped per worker.
 */
import { Worker } from "worker_threads";
import { ApiError } from "@/lib/platform/api/errors";
import { offThreadPool, offThreadWorkerOptions, OffThreadTaskError } from "./pool";
import type { TestingTasks } from "./testing.worker";

class Limit extends Error {}
const pool = offThreadPool<TestingTasks>({
  spawn: () => new Worker(new URL("./testing.worker.ts", import.meta.url), offThreadWorkerOptions({ maxMemoryMb: 64 })),
  maxWorkers: 2,
  maxQueue: 1,
});
const call = (timeoutMs = 10_000) => ({ timeoutMs, onLimit: (limit: string) => new Limit(limit) });
afterAll(() => pool.close());
jest.setTimeout(30_000);

it("runs a task in a worker thread and returns its result", async () => {
  await expect(pool.run("echo", { text: "hi" }, call())).resolves.toEqual({ text: "hi", thread: "worker" });
});

it("ends a call past its deadline, and the event loop answers meanwhile", async () => {
  let ticks = 0;
  const tick = setInterval(() => ticks++, 50);
  const started = Date.now();
  await expect(pool.run("backtrack", { comments: 40 }, call(1_000))).rejects.toEqual(new Limit("timeout"));
  clearInterval(tick);
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(ticks).toBeGreaterThanOrEqual(10);
  // The ended worker is replaced: the next call works.
  await expect(pool.run("echo", { text: "again" }, call())).resolves.toMatchObject({ text: "again" });
});

it("brings ApiErrors back as ApiErrors, other errors with their fields", async () => {
  const api = await pool.run("apiError", undefined as never, call()).catch((e) => e);
  expect(api).toBeInstanceOf(ApiError);
  expect(api).toMatchObject({
    code: "unprocessable_entity",
    message: "bad input",
    issues: [{ path: "file", message: "bad" }],
  });
  const other = await pool.run("reasonError", { reason: "sign_in" }, call()).catch((e) => e);
  expect(other).toBeInstanceOf(OffThreadTaskError);
  expect(other).toMatchObject({ name: "ReasonError", message: "failed: sign_in", fields: { reason: "sign_in" } });
});

it("a worker that runs out of memory ends alone, as a limit", async () => {
  await expect(pool.run("hog", undefined as never, call(20_000))).rejects.toEqual(new Limit("memory"));
  await expect(pool.run("echo", { text: "still here" }, call())).resolves.toMatchObject({ text: "still here" });
});

it("queues past its workers, refuses past its queue (503), and ends a call whose caller went away", async () => {
  const a = pool.run("backtrack", { comments: 40 }, call(1_500));
  const b = pool.run("backtrack", { comments: 40 }, call(1_500));
  const queued = new AbortController();
  const c = pool.run("echo", { text: "queued" }, { ...call(), signal: queued.signal });
  const refused = await pool.run("echo", { text: "refused" }, call()).catch((e) => e);
  expect(refused).toBeInstanceOf(ApiError);
  expect(refused).toMatchObject({ code: "service_unavailable", headers: { "Retry-After": "30" } });
  queued.abort(new Error("caller left"));
  await expect(c).rejects.toThrow("caller left");
  await expect(a).rejects.toEqual(new Limit("timeout"));
  await expect(b).rejects.toEqual(new Limit("timeout"));
});
