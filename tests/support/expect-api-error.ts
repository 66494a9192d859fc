/** Jest helper for service tests: the promise rejects with an ApiError of this status (and message, if given). */
import { ApiError } from "@/lib/platform/api/errors";

export async function expectApiError(p: Promise<unknown>, status: number, message?: RegExp): Promise<ApiError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(ApiError);
  expect((e as ApiError).status).toBe(status);
  if (message) expect((e as ApiError).message).toMatch(message);
  return e as ApiError;
}
