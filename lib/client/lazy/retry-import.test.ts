import { afterEach, beforeEach, describe, expect, it, jest } from "@jest/globals";
import { LAZY_SCREEN_RETRIES, LAZY_SCREEN_RETRY_DELAY_MS } from "@/lib/platform/constants";
import { retryImport, type ReloadEnvironment } from "./retry-import";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

function environment(storage = memoryStorage()) {
  const reload = jest.fn();
  const env: ReloadEnvironment = { storage, path: "/videos", reload };
  return { env, reload, storage };
}

/** An importer that fails `failures` times, then loads. */
function flakyImporter(failures: number) {
  let calls = 0;
  const importer = jest.fn(async () => {
    calls += 1;
    if (calls <= failures) throw new Error(`ChunkLoadError: Loading chunk ${calls} failed`);
    return { default: "Screen" };
  });
  return importer;
}

function track<T>(promise: Promise<T>) {
  const state: { status: "pending" | "resolved" | "rejected"; value?: T; error?: unknown } = { status: "pending" };
  promise.then(
    (value) => Object.assign(state, { status: "resolved", value }),
    (error: unknown) => Object.assign(state, { status: "rejected", error }),
  );
  return state;
}

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe("retryImport", () => {
  it("retries a failed load 1 second apart and resolves when it succeeds", async () => {
    const { env, reload } = environment();
    const importer = flakyImporter(2);
    const result = track(retryImport(importer, { environment: env }));

    await jest.advanceTimersByTimeAsync(0);
    expect(importer).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(LAZY_SCREEN_RETRY_DELAY_MS - 1);
    expect(importer).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(importer).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(LAZY_SCREEN_RETRY_DELAY_MS);

    expect(result).toMatchObject({ status: "resolved", value: { default: "Screen" } });
    expect(importer).toHaveBeenCalledTimes(3);
    expect(reload).not.toHaveBeenCalled();
  });

  it("reloads the page once after the load and its 3 retries fail", async () => {
    const { env, reload, storage } = environment();
    const importer = flakyImporter(Infinity);
    const result = track(retryImport(importer, { environment: env }));

    await jest.advanceTimersByTimeAsync(LAZY_SCREEN_RETRIES * LAZY_SCREEN_RETRY_DELAY_MS);
    expect(importer).toHaveBeenCalledTimes(LAZY_SCREEN_RETRIES + 1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.items.size).toBe(1);
    // The page is reloading: no error screen flashes in the meantime.
    expect(result.status).toBe("pending");
  });

  it("throws instead of reloading again when the reload did not help", async () => {
    const { env, reload, storage } = environment();
    storage.setItem("promptframe:lazy-reload:/videos", "1");
    const result = track(retryImport(flakyImporter(Infinity), { environment: env }));

    await jest.advanceTimersByTimeAsync(LAZY_SCREEN_RETRIES * LAZY_SCREEN_RETRY_DELAY_MS);
    expect(reload).not.toHaveBeenCalled();
    expect(result.status).toBe("rejected");
    expect(String(result.error)).toContain("ChunkLoadError");
    // Cleared, so a later failure on this path may reload once again.
    expect(storage.items.size).toBe(0);
  });

  it("clears the reload marker once the screen loads after a reload", async () => {
    const { env, storage } = environment();
    storage.setItem("promptframe:lazy-reload:/videos", "1");
    await expect(retryImport(flakyImporter(0), { environment: env })).resolves.toEqual({ default: "Screen" });
    expect(storage.items.size).toBe(0);
  });

  it("throws without a browser to reload", async () => {
    const result = track(retryImport(flakyImporter(Infinity), { environment: null, retries: 1, delayMs: 10 }));
    await jest.advanceTimersByTimeAsync(10);
    expect(result.status).toBe("rejected");
  });
});
