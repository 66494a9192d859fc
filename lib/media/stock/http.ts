import "server-only";
/**
 * A provider's JSON API call with a deadline: the caller's signal and
 * STOCK_CALL_TIMEOUT_MS, whichever ends first. Errors say which provider and
 * why, for the job's log and the picker's note; never the key.
 */
export const STOCK_CALL_TIMEOUT_MS = 8_000;

export class StockProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "StockProviderError";
  }
}

export async function getJson(
  url: string,
  a: { headers?: Record<string, string>; signal: AbortSignal; provider: string; timeoutMs?: number },
): Promise<unknown> {
  const signal = AbortSignal.any([a.signal, AbortSignal.timeout(a.timeoutMs ?? STOCK_CALL_TIMEOUT_MS)]);
  let res: Response;
  try {
    res = await fetch(url, { headers: a.headers, signal, redirect: "error" });
  } catch (e) {
    const timedOut = signal.aborted && !a.signal.aborted;
    throw new StockProviderError(
      a.provider,
      timedOut ? `${a.provider} did not answer in time.` : `${a.provider} could not be reached.`,
      null,
      { cause: e },
    );
  }
  if (res.status === 404) {
    void res.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!res.ok) {
    void res.body?.cancel().catch(() => undefined);
    const why =
      res.status === 429
        ? "is busy (too many searches this hour)"
        : res.status === 401 || res.status === 403
          ? "refused the API key"
          : `answered with an error (${res.status})`;
    throw new StockProviderError(a.provider, `${a.provider} ${why}.`, res.status);
  }
  try {
    return await res.json();
  } catch (e) {
    throw new StockProviderError(a.provider, `${a.provider} sent an answer we could not read.`, res.status, {
      cause: e,
    });
  }
}
